import { ErrorCode } from '@loupe/contracts';
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

/**
 * A {@link RefusalField} for validation refusals (3333 with `Details` such as `body/UntilDate`): the first of
 * `fields` a detail's path names; other failures show above the form. `codes` widens it to refusals that name
 * their field the same way, e.g. a taken name (`[ErrorCode.ModelNotValid, ErrorCode.DatasetNameExists]`).
 */
export function fieldOfDetails<V>(
  fields: readonly (keyof V & string)[],
  codes: readonly number[] = [ErrorCode.ModelNotValid],
): RefusalField<V> {
  return (error) => {
    if (!(error instanceof ApiError) || !codes.includes(error.code) || !Array.isArray(error.details))
      return undefined;
    for (const detail of error.details as unknown[]) {
      const path = (detail as { Path?: unknown } | null)?.Path;
      if (typeof path !== 'string') continue;
      const field = fields.find((name) => path.split(/[/.]/).includes(name));
      if (field) return field;
    }
    return undefined;
  };
}
