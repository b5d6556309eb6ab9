import { ErrorCode } from '@loupe/contracts';
import type { RefusalField } from '@/components/admin-page/refusal-field';
import { ApiError } from '@/lib/api-client';

export type OptoutFormField = 'Email' | 'Msisdn' | 'Reason' | 'UntilDate' | 'IsForever';
const FIELDS: readonly OptoutFormField[] = ['Email', 'Msisdn', 'Reason', 'UntilDate', 'IsForever'];

/** The field a refused save (3333 with `Details` such as `body/UntilDate`) names first; others show above the form. */
export const optoutRefusalField: RefusalField<Record<OptoutFormField, unknown>> = (error) => {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.ModelNotValid || !Array.isArray(error.details))
    return undefined;
  for (const detail of error.details as unknown[]) {
    const path = (detail as { Path?: unknown } | null)?.Path;
    if (typeof path !== 'string') continue;
    const field = FIELDS.find((name) => path.split(/[/.]/).includes(name));
    if (field) return field;
  }
  return undefined;
};
