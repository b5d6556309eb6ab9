import { z } from 'zod';
import { LANGUAGES } from '../enums.js';
import { int32IdParam, safeText } from '../input-bounds.js';
import { channelSchema } from '../surveys/survey.schema.js';

/*
 * Invitation templates and message templates (shell spec §2 routes `invitation-templates`, `message-templates`;
 * §3 InvitationTemplate/MessageTemplate: Name, TemplateId, Subject, Body, Payload; issue 17). An invitation
 * template is the first message of a survey on a channel; a message template is any other message (reminders,
 * opt-out confirmations). Bodies are rich text with `{{Placeholder}}` tokens (surveys/placeholders.ts).
 */

export const TEMPLATE_KINDS = ['invitation', 'message'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export const TEMPLATE_LIMITS = {
  nameMax: 200,
  templateIdMax: 100,
  subjectMax: 200,
  bodyMax: 20_000,
  payloadMax: 20_000,
};

export const messageTemplateSaveSchema = z.object({
  Name: safeText(TEMPLATE_LIMITS.nameMax).trim().min(1),
  /** The template's id at the sending provider (an SMS or WhatsApp provider's approved template), if any. */
  TemplateId: safeText(TEMPLATE_LIMITS.templateIdMax).trim().nullish(),
  Channel: channelSchema,
  Language: z.enum(LANGUAGES.map((language) => language.code) as [string, ...string[]]),
  /** E-mail only. */
  Subject: safeText(TEMPLATE_LIMITS.subjectMax).trim().nullish(),
  Body: safeText(TEMPLATE_LIMITS.bodyMax, { multiline: true }).trim().min(1),
  /** Provider payload (JSON text), for channels whose gateway takes one. */
  Payload: safeText(TEMPLATE_LIMITS.payloadMax, { multiline: true }).nullish(),
});
export type MessageTemplateSave = z.infer<typeof messageTemplateSaveSchema>;

export const messageTemplateParamsSchema = z.object({ id: int32IdParam });

export const messageTemplateSchema = messageTemplateSaveSchema.extend({
  Id: z.number().int(),
  Kind: z.enum(TEMPLATE_KINDS),
  TemplateId: z.string().nullable(),
  Subject: z.string().nullable(),
  Payload: z.string().nullable(),
  UpdatedAt: z.string(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

/** `GET /api/invitation-templates-forSelect`. */
export const templateOptionSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Channel: z.number().int(),
  Language: z.string(),
});
export type TemplateOption = z.infer<typeof templateOptionSchema>;

/** `POST /api/{invitation|message}-templates/preview`: the body and subject filled for a sample invitee. */
export const templatePreviewSchema = z.object({
  Subject: safeText(TEMPLATE_LIMITS.subjectMax).nullish(),
  Body: safeText(TEMPLATE_LIMITS.bodyMax, { multiline: true }),
  Channel: channelSchema,
});
export const templatePreviewAnswerSchema = z.object({ Subject: z.string().nullable(), Body: z.string() });
