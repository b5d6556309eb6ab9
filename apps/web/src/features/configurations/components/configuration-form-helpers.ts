import { ErrorCode, reasonKey } from '@loupe/contracts';
import { fieldOfCode } from '@/components/admin-page/refusal-field';

/** Which form field a refusal of the server belongs to; other failures show above the form. */
export const fieldOfError = fieldOfCode<{ Section: string; JsonConfig: string }>({
  [ErrorCode.ConfigurationNotJson]: 'JsonConfig',
  [ErrorCode.ConfigurationSectionExists]: 'Section',
});

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
