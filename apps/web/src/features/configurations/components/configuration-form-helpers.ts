import { ErrorCode, reasonKey } from '@loupe/contracts';
import { ApiError } from '../../../lib/api-client';

/** Which form field a refusal of the server belongs to; other failures show above the form. */
export function fieldOfError(error: unknown): 'Section' | 'JsonConfig' | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === ErrorCode.ConfigurationNotJson) return 'JsonConfig';
  if (error.code === ErrorCode.ConfigurationSectionExists) return 'Section';
  return undefined;
}

/** Whether a record's JSON, as read back, holds masked secrets. */
export function hasMaskedValues(jsonConfig: string | undefined, mask: string): boolean {
  return jsonConfig !== undefined && jsonConfig.includes(`"${mask}"`);
}

/** Whether `value`, the reason of row `index`, repeats the reason of an earlier row (as the server sees it). */
export function repeatsEarlierReason(
  rows: readonly { Reason?: string }[],
  index: number,
  value: string | undefined,
): boolean {
  if (value === undefined || value.trim() === '') return false;
  return rows.slice(0, index).some((row) => reasonKey(row.Reason ?? '') === reasonKey(value));
}
