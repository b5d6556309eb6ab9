import { z } from 'zod';
import { int32IdParam, safeText } from '../input-bounds.js';
import { VALIDATION_MESSAGES } from '../validators.js';

/*
 * Opt-outs (issue 18; shell spec "Optout: Id, Reason, UntilDate, IsForever"; docs/optouts.md): customers who asked
 * for no more surveys, matched on email or MSISDN. Scope `optout`. Console-made rows have source 'manual'.
 */

/** An MSISDN as the create-invitee form takes it: digits, an optional leading +, 6–15 digits. */
const MSISDN_PATTERN = /^\+?[0-9]{6,15}$/;

const OPTOUT_LIMITS = { emailMax: 254, reasonMax: 500 } as const;

/** Where an opt-out came from. */
export const OPTOUT_SOURCES = ['manual', 'unsubscribe-link', 'cati', 'import'] as const;

/**
 * `POST /api/optouts` and `PUT /api/optouts/{id}`. Email or Msisdn (at least one); UntilDate (ISO date-time with
 * offset) is required unless IsForever and must lie in the future when saved (the server checks: 3333 on
 * `UntilDate`). Emails are stored lower-cased.
 */
export const optoutSaveSchema = z
  .strictObject({
    Email: z
      .union([z.literal(''), z.email().max(OPTOUT_LIMITS.emailMax)])
      .nullish()
      .transform((value) => (value ? value.toLowerCase() : null)),
    Msisdn: z
      .union([z.literal(''), z.string().trim().regex(MSISDN_PATTERN)])
      .nullish()
      .transform((value) => value || null),
    Reason: safeText(OPTOUT_LIMITS.reasonMax)
      .trim()
      .nullish()
      .transform((value) => value || null),
    UntilDate: z.iso.datetime({ offset: true }).nullish(),
    IsForever: z.boolean().default(false),
  })
  .superRefine((body, context) => {
    if (!body.Email && !body.Msisdn)
      context.addIssue({ code: 'custom', path: ['Email'], message: VALIDATION_MESSAGES.required });
    if (!body.IsForever && !body.UntilDate)
      context.addIssue({ code: 'custom', path: ['UntilDate'], message: VALIDATION_MESSAGES.required });
  });
export type OptoutSave = z.input<typeof optoutSaveSchema>;

export const optoutParamsSchema = z.object({ id: int32IdParam });

/** One opt-out as the grid and the form read it (`GET /api/optouts[/{id}]`). */
export const optoutSchema = z.object({
  Id: z.number().int(),
  Email: z.string().nullable(),
  Msisdn: z.string().nullable(),
  /** Interaction channel the opt-out came in on (9 CATI); null: every channel. */
  Channel: z.number().int().nullable(),
  Reason: z.string().nullable(),
  UntilDate: z.string().nullable(),
  IsForever: z.boolean(),
  /** In force now (docs/optouts.md "Active"). */
  IsActive: z.boolean(),
  Source: z.string(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type Optout = z.infer<typeof optoutSchema>;
