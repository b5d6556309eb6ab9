import { z } from 'zod';
import { safeText } from '../input-bounds.js';
import { VALIDATION_MESSAGES, maxLength, requiredText } from '../validators.js';

/*
 * Custom data management (issue 18 item 9; surveys spec "ten custom data slots, all fields required";
 * docs/custom-data-and-data-logs.md): the tenant's names of the invitee's CustomData1–10, shown wherever a slot is.
 */

/** The longest name of a slot, in characters. */
export const CUSTOM_DATA_NAME_MAX = 100;

/** The invitee's ten custom data slots' keys in order: CustomData1 … CustomData10. */
export const CUSTOM_DATA_KEYS = [
  'CustomData1',
  'CustomData2',
  'CustomData3',
  'CustomData4',
  'CustomData5',
  'CustomData6',
  'CustomData7',
  'CustomData8',
  'CustomData9',
  'CustomData10',
] as const;
export type CustomDataKey = (typeof CUSTOM_DATA_KEYS)[number];

/** Names compare without surrounding spaces and case. */
const nameKey = (name: string) => name.trim().toLocaleLowerCase('tr');

/** One slot's name: required, 1–100 characters once trimmed, single-line (no NUL or other control character). */
const slotName = requiredText()
  .pipe(maxLength(CUSTOM_DATA_NAME_MAX))
  .pipe(safeText(CUSTOM_DATA_NAME_MAX).trim());

/**
 * `GET|PUT /api/custom-data-mappings`: the ten names, each required, distinct ("This value already exists" on the
 * later of two equal names, case and surrounding spaces ignored). Unknown keys are refused.
 */
export const customDataMappingsSchema = z
  .strictObject(
    Object.fromEntries(CUSTOM_DATA_KEYS.map((key) => [key, slotName])) as Record<
      CustomDataKey,
      typeof slotName
    >,
  )
  .superRefine((names, context) => {
    const seen = new Set<string>();
    for (const key of CUSTOM_DATA_KEYS) {
      const name = nameKey(names[key]);
      if (seen.has(name))
        context.addIssue({ code: 'custom', path: [key], message: VALIDATION_MESSAGES.unique });
      seen.add(name);
    }
  });
export type CustomDataMappings = z.infer<typeof customDataMappingsSchema>;
