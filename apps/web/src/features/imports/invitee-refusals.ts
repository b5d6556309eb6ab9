import { ErrorCode, type inviteeCreateSchema } from '@loupe/contracts';
import { ApiError } from '@/lib/api-client';

/*
 * Where a refused create-invitee call's problems go: each `Details` entry `{ Path, Message }` under the field
 * its path names (`body/InviteeEmail`, `InviteeSegments.0`), and a REST data check code (3100–3111) without one
 * under the field it checks. What names no field shows above the form.
 */

export type InviteeFormField = keyof typeof inviteeCreateSchema.shape;

/** The field each REST data check of a create-invitee call is about (surveys spec §8). */
const FIELD_OF_CODE: Partial<Record<number, InviteeFormField>> = {
  3100: 'InviteeSegments',
  3101: 'TransactionChannel',
  3102: 'TransactionType',
  3103: 'TransactionProduct',
  3104: 'Employee',
  3106: 'InviteeLocation',
  3109: 'TransactionChannel',
  3110: 'TransactionProduct',
  3111: 'InviteeLocation',
};

export type FieldRefusal = { field: InviteeFormField; message: string | null };

/**
 * The fields a refusal names, each with the server's message (null: word it by the error's code). `fields`
 * are the form's field names; a path is matched by its segments, the last named field winning.
 */
export function refusedFields(error: unknown, fields: readonly string[]): FieldRefusal[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const known = new Set(fields);
  const refusals: FieldRefusal[] = [];
  if (Array.isArray(error.details)) {
    for (const detail of error.details as unknown[]) {
      if (typeof detail !== 'object' || detail === null) continue;
      const { Path, Message } = detail as { Path?: unknown; Message?: unknown };
      if (typeof Path !== 'string') continue;
      const field = Path.split(/[/.[\]]/)
        .filter((segment) => known.has(segment))
        .pop();
      if (field !== undefined && !refusals.some((refusal) => refusal.field === field))
        refusals.push({
          field: field as InviteeFormField,
          message: typeof Message === 'string' && Message !== '' ? Message : null,
        });
    }
  }
  const byCode = FIELD_OF_CODE[error.code];
  if (refusals.length === 0 && byCode !== undefined && error.code !== ErrorCode.ModelNotValid)
    refusals.push({ field: byCode, message: null });
  return refusals;
}
