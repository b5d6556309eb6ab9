import { ApiError } from '@/lib/api-client';

/** Which form field a refusal of the server belongs to; undefined when it shows above the form. */
export type RefusalField<V> = (error: unknown) => (keyof V & string) | undefined;

/**
 * A {@link RefusalField} from the error codes a form places next to a field, e.g.
 * `fieldOfCode<Values>({ [ErrorCode.RoleNameExists]: 'Name' })`; every other failure shows above the form.
 */
export function fieldOfCode<V>(fields: Partial<Record<number, keyof V & string>>): RefusalField<V> {
  return (error) => (error instanceof ApiError ? fields[error.code] : undefined);
}
