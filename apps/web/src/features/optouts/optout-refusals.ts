import { fieldOfDetails } from '@/components/admin-page/refusal-field';

export type OptoutFormField = 'Email' | 'Msisdn' | 'Reason' | 'UntilDate' | 'IsForever';

/** The field a refused save (3333 with `Details` such as `body/UntilDate`) names first; others show above the form. */
export const optoutRefusalField = fieldOfDetails<Record<OptoutFormField, unknown>>([
  'Email',
  'Msisdn',
  'Reason',
  'UntilDate',
  'IsForever',
]);
