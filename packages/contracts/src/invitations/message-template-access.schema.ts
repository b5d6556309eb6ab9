import { z } from 'zod';
import type { Scope } from '../scopes.js';

/*
 * Who opens the template screens, and the row of their grids (issue 17; docs/invitations-templates.md). The scopes
 * follow the menu registry's mapping of the two system-management screens: invitation templates belong to the
 * invitation scopes, message templates (reminders, opt-out confirmations) to the configuration scopes. Survey
 * readers and managers read invitation templates too: the survey wizard's "use a saved template" select lists
 * them and copies one's subject and body.
 */

export const INVITATION_TEMPLATE_READ_SCOPES = [
  'invitation:read',
  'invitation:manage',
  'survey:read',
  'survey:manage',
] as const satisfies readonly Scope[];
export const INVITATION_TEMPLATE_MANAGE_SCOPES = ['invitation:manage'] as const satisfies readonly Scope[];
export const MESSAGE_TEMPLATE_READ_SCOPES = [
  'config:read',
  'config:manage',
] as const satisfies readonly Scope[];
export const MESSAGE_TEMPLATE_MANAGE_SCOPES = ['config:manage'] as const satisfies readonly Scope[];

/** A row of `GET|POST /api/invitation-templates` and `/api/message-templates` (the body stays on the record). */
export const messageTemplateRowSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  TemplateId: z.string().nullable(),
  Channel: z.number().int(),
  Language: z.string(),
  Subject: z.string().nullable(),
  UpdatedAt: z.string(),
});
export type MessageTemplateRow = z.infer<typeof messageTemplateRowSchema>;
