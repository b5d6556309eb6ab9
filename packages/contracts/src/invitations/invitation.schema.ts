import { z } from 'zod';
import { int32Id, int32IdParam, safeText } from '../input-bounds.js';
import { LANGUAGES } from '../enums.js';

/*
 * Invitations (issue 17; surveys spec §3 Invitee, §5, §9; shell spec §3; docs/invitations.md): each invitation
 * records its path through sent, delivered, opened, started, completed or failed; pg-boss jobs send them.
 */

/** Where an invitation stands, from its timestamps (the latest reached wins; Failed and OptedOut end it). */
export const INVITATION_STATES = [
  'Queued',
  'Sent',
  'Delivered',
  'Opened',
  'Started',
  'Completed',
  'Failed',
  'OptedOut',
  'Expired',
] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

/** The decided values the spec leaves open (§9 "values not shown"); docs/invitations.md. */
export const INVITATION_RULES = {
  /** One invitation per invitee (same email or MSISDN) per 5 hours, across the tenant's surveys. */
  oneInvitePerHours: 5,
  /** A survey without ExpiryDays: invitations expire after this many days. */
  defaultExpiryDays: 30,
  /** Attempts of one message before it is marked failed (temporary failures only). */
  sendAttempts: 5,
  /** Reminders of one invitation at most (not-started ones). */
  remindersMax: 10,
} as const;

const languageCode = z.enum(LANGUAGES.map((language) => language.code) as [string, ...string[]]);

/**
 * `POST /api/v11/surveys/on-site` (onSiteSurvey:manage): an invitation for a customer the calling site knows,
 * answered with the guid to open `/s/{guid}` with. `SurveyId` names the survey (ARCHITECTURE §3).
 */
export const onSiteInvitationSchema = z.object({
  SurveyId: int32Id,
  Invitee: z.object({
    /** The site's own id of the customer (kept as the invitee's CallbackData). */
    InviteeId: safeText(100).trim().min(1),
    InviteeFullName: safeText(200).trim().nullish(),
    InviteeEmail: z.email().max(254).nullish(),
    InviteeMSISDN: z
      .string()
      .regex(/^\+?[0-9]{6,15}$/)
      .nullish(),
    InviteeLanguage: languageCode.nullish(),
  }),
});
export type OnSiteInvitation = z.infer<typeof onSiteInvitationSchema>;

/** `POST /api/v11/surveys/on-site` 200. */
export const onSiteInvitationAnswerSchema = z.object({
  InvitationGuid: z.string(),
  /** The same uuid: what `/s/{Token}` opens. */
  Token: z.string(),
  SurveyUrl: z.string(),
});
export type OnSiteInvitationAnswer = z.infer<typeof onSiteInvitationAnswerSchema>;

// ----------------------------------------------------------------------------------------- survey links

/** The bounds of one survey's links (docs/survey-links.md); past them a new link is refused with 4049. */
export const SURVEY_LINK_LIMITS = {
  /** Links of one survey that are not deleted. */
  linksPerSurveyMax: 50,
  /** Links one survey keeps, deleted ones included (they stay, switched off, so a printed QR code says closed). */
  keptPerSurveyMax: 500,
} as const;

/**
 * A touchpoint link (and its QR code) of one survey: each visit is an anonymous session recorded on the link's
 * transaction channel (a branch, a kiosk). `/s/{Guid}`.
 */
export const surveyLinkSaveSchema = z.object({
  Name: safeText(200).trim().min(1),
  /** The transaction channel (branch) its sessions are recorded on; null: none. */
  TransactionChannelId: int32Id.nullable(),
  /** 1 until interaction, 2 once per visitor, 3 once per visit (a browser keeps the visitor's key). */
  PresentationFrequency: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  IsActive: z.boolean().default(true),
});
export type SurveyLinkSave = z.infer<typeof surveyLinkSaveSchema>;

export const surveyLinkParamsSchema = z.object({ id: int32IdParam, linkId: int32IdParam });

export const surveyLinkSchema = surveyLinkSaveSchema.extend({
  Id: z.number().int(),
  SurveyId: z.number().int(),
  Guid: z.string(),
  Url: z.string(),
  /** The link's QR code as an SVG data URL. */
  QrCode: z.string(),
  SessionCount: z.number().int(),
  CreatedAt: z.string(),
});
export type SurveyLink = z.infer<typeof surveyLinkSchema>;

/** `GET /api/surveys/{id}/links`: the survey's links that are not deleted, oldest first. */
export const surveyLinkListSchema = z.object({ Items: z.array(surveyLinkSchema), Count: z.number().int() });
export type SurveyLinkList = z.infer<typeof surveyLinkListSchema>;

// ------------------------------------------------------------------------------------------- SMS gateway

/**
 * The service configuration section `SmsGateway` (docs/invitations.md): a generic HTTP POST. Each field of `Fields`
 * is a template over `{{To}}`, `{{Text}}`, `{{From}}` and `{{MessageId}}`; `Format` sends them as JSON or as a
 * form. A 2xx answer is "delivered to the gateway"; 4xx (but 408 and 429) fails for good, the rest is retried.
 */
export const smsGatewayConfigSchema = z.object({
  Url: z.url({ protocol: /^https?$/ }).max(2_000),
  Format: z.enum(['json', 'form']).default('json'),
  From: safeText(50).default(''),
  Fields: z.record(z.string().max(100), z.string().max(1_000)),
  /** Headers sent as they are (e.g. an API key); a credential section, masked when read back. */
  Headers: z.record(z.string().max(100), z.string().max(1_000)).default({}),
  /** Signs the body with HMAC-SHA256 in `X-Loupe-Signature` when set. */
  SigningSecret: z.string().max(200).optional(),
});
export type SmsGatewayConfig = z.infer<typeof smsGatewayConfigSchema>;

// ------------------------------------------------------------------------------------- sending invitations

/** The channels an invitation may go out on (the survey's channels less touchpoint 11 and API 12). */
export const INVITATION_CHANNELS = [1, 2, 3, 8, 9] as const;

const INVITATION_LIMITS = {
  /** Invitees in one `POST /api/surveys/{id}/invitations`. */
  inviteesPerRequestMax: 1_000,
  /** Rows of one page of `GET /api/surveys/{id}/invitations`. */
  pageMax: 1_000,
} as const;

/** `POST /api/surveys/{id}/invitations`: invite these invitees of the survey (docs/invitations.md). */
export const invitationCreateSchema = z.strictObject({
  InviteeIds: z.array(int32Id).min(1).max(INVITATION_LIMITS.inviteesPerRequestMax),
});
export type InvitationCreate = z.infer<typeof invitationCreateSchema>;

/** Why an invitee got no invitation. */
const INVITATION_SKIP_REASONS = [
  /** An opt-out in force matches the email or MSISDN (docs/optouts.md). */
  'OptedOut',
  /** Invited (same email or MSISDN) by this survey within its CommunicationFrequencyDays. */
  'SurveyCommunicationFrequency',
  /** Invited InvitationLimit times or more within the system rules' ContactFrequencyDays, on any survey. */
  'GlobalInvitationRule',
  /** Invited (same email or MSISDN) within INVITATION_RULES.oneInvitePerHours, on any survey of the tenant. */
  'InvitedRecently',
  /** No address for any of the survey's invitation channels. */
  'NoAddress',
  /** The survey has no invitation template for the channel. */
  'NoTemplate',
] as const;
export type InvitationSkipReason = (typeof INVITATION_SKIP_REASONS)[number];

/** `POST /api/surveys/{id}/invitations` 201: what was queued and who was skipped, with why. */
export const invitationCreateAnswerSchema = z.object({
  Created: z.array(
    z.object({ InvitationId: z.number().int(), InviteeId: z.number().int(), Channel: z.number().int() }),
  ),
  Skipped: z.array(z.object({ InviteeId: z.number().int(), Reason: z.enum(INVITATION_SKIP_REASONS) })),
});
export type InvitationCreateAnswer = z.infer<typeof invitationCreateAnswerSchema>;

/** `GET /api/surveys/{id}/invitations?$top=&$skip=`, newest first. */
export const invitationListQuerySchema = z.object({
  $top: z.coerce.number().int().min(1).max(INVITATION_LIMITS.pageMax).default(100),
  $skip: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
});

/** One invitation's path, as the list shows it. */
const invitationRowSchema = z.object({
  Id: z.number().int(),
  InviteeId: z.number().int(),
  FullName: z.string().nullable(),
  Email: z.string().nullable(),
  MSISDN: z.string().nullable(),
  Channel: z.number().int(),
  State: z.enum(INVITATION_STATES),
  IsTest: z.boolean(),
  InvitedAt: z.string(),
  ExpiresAt: z.string().nullable(),
  SentAt: z.string().nullable(),
  DeliveredAt: z.string().nullable(),
  OpenedAt: z.string().nullable(),
  StartedAt: z.string().nullable(),
  CompletedAt: z.string().nullable(),
  FailedAt: z.string().nullable(),
  FailureReason: z.string().nullable(),
  OptedOutAt: z.string().nullable(),
  Attempts: z.number().int(),
  RemindersSent: z.number().int(),
});
export type InvitationRow = z.infer<typeof invitationRowSchema>;

export const invitationListSchema = z.object({
  Items: z.array(invitationRowSchema),
  Count: z.number().int(),
});

type InvitationTimes = {
  sentAt: Date | null;
  deliveredAt: Date | null;
  openedAt: Date | null;
  startedAt: Date | null;
  completedAt: Date | null;
  failedAt: Date | null;
  optedOutAt: Date | null;
  expiresAt: Date | null;
};

/**
 * Where an invitation stands from its timestamps: Completed, OptedOut and Failed end it; an open one past its
 * expiry is Expired; else the furthest step reached (Started, Opened, Delivered, Sent), Queued before any.
 */
export function invitationState(times: InvitationTimes, now: Date): InvitationState {
  if (times.completedAt) return 'Completed';
  if (times.optedOutAt) return 'OptedOut';
  if (times.failedAt) return 'Failed';
  if (times.expiresAt && times.expiresAt.getTime() <= now.getTime()) return 'Expired';
  if (times.startedAt) return 'Started';
  if (times.openedAt) return 'Opened';
  if (times.deliveredAt) return 'Delivered';
  if (times.sentAt) return 'Sent';
  return 'Queued';
}
