import { z } from 'zod';
import { int32Id, int32IdParam, safeText } from '../input-bounds.js';
import { emailAddress, requiredText } from '../validators.js';

/*
 * Annotators `/api/ai-annotators` (issue 21 item 2; surveys spec §3 "Annotator", §5; docs/text-analytics-data.md).
 * Scopes annotation:read / annotation:manage. An annotator linked to a user of the tenant (UserId) is locked: it
 * cannot be deleted (19103).
 */

const ANNOTATOR_LIMITS = { nameMax: 100, emailMax: 254, phoneMax: 30 } as const;

/** `POST /api/ai-annotators` and `PUT /api/ai-annotators/{id}`. */
export const aiAnnotatorSaveSchema = z.strictObject({
  FirstName: requiredText().pipe(safeText(ANNOTATOR_LIMITS.nameMax)),
  LastName: requiredText().pipe(safeText(ANNOTATOR_LIMITS.nameMax)),
  Email: z.string().max(ANNOTATOR_LIMITS.emailMax).pipe(emailAddress()),
  PhoneNumber: safeText(ANNOTATOR_LIMITS.phoneMax)
    .regex(/^\+?[0-9 ()-]*$/, 'phone')
    .nullish()
    .transform((value) => value?.trim() || null),
  IsActive: z.boolean().default(true),
  UserId: int32Id.nullish().transform((value) => value ?? null),
});
export type AiAnnotatorSave = z.input<typeof aiAnnotatorSaveSchema>;

export const aiAnnotatorParamsSchema = z.object({ id: int32IdParam });

/** One annotator; `IsLocked` when linked to a user. */
export const aiAnnotatorSchema = z.object({
  Id: z.number().int(),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  PhoneNumber: z.string().nullable(),
  IsActive: z.boolean(),
  UserId: z.number().int().nullable(),
  IsLocked: z.boolean(),
  CreatedDate: z.string(),
});
export type AiAnnotator = z.infer<typeof aiAnnotatorSchema>;
