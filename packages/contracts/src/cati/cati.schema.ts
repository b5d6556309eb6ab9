import { z } from 'zod';
import { int32Id, int32IdParam, safeText } from '../input-bounds.js';

/*
 * CATI, the call centre (issue 22 items 7–8; surveys spec §1 "call-centre agents", §2 cati and cati-statistics,
 * §6 catiagent, cati:stats, mask:invitee, §9 interaction channel 9 and CATI opt-out frequencies; docs/cati.md).
 * An agent's queue holds the open CATI invitations (channel 9) of the tenant's active surveys; taking a call claims
 * one invitation for that agent alone (an open call), the agent answers the survey flow with the customer on the
 * respondent page's renderer in agent mode (the normal storage path), and ends the call with an outcome.
 */

/** Who takes calls. */
export const CATI_AGENT_SCOPES = ['catiagent'] as const;
/** Who reads the call statistics (and the campaigns' settings). */
export const CATI_STATS_SCOPES = ['cati:stats'] as const;
/** Who changes a survey's campaign settings. */
export const CATI_CAMPAIGN_MANAGE_SCOPES = ['survey:manage'] as const;

/** A call's outcome. */
export const CatiOutcome = {
  /** The customer answered the survey to its end (the invitation is completed). */
  Completed: 1,
  /** The customer asked to be called at another time (`CallbackAt`). */
  Callback: 2,
  NoAnswer: 3,
  Busy: 4,
  /** The number is not the customer's: the invitation fails. */
  WrongNumber: 5,
  /** The customer refused: an opt-out on channel 9 for the reason's days (system rules), the invitation opted out. */
  Refused: 6,
} as const;
export type CatiOutcome = (typeof CatiOutcome)[keyof typeof CatiOutcome];

/** A campaign's settings when the survey has none stored. */
export const CATI_DEFAULTS = {
  priority: 5,
  dailyQuota: 0,
  maxAttempts: 5,
  noAnswerRetryMinutes: 120,
  busyRetryMinutes: 15,
} as const;

export const CATI_LIMITS = {
  /** Queue rows one page shows. */
  queueMax: 50,
  noteMax: 2000,
  scriptNotesMax: 5000,
  reasonMax: 500,
  /** How far ahead a callback may be set. */
  callbackDaysMax: 60,
  /** A due callback promised by one agent goes to any agent this many minutes after its time. */
  callbackHoldMinutes: 15,
  /** A callback is kept when the next call starts at most this many minutes after its time. */
  callbackGraceMinutes: 30,
  /** The widest statistics period, in days. */
  statisticsDaysMax: 366,
  priorityMin: 1,
  priorityMax: 10,
  dailyQuotaMax: 1_000_000,
  maxAttemptsMax: 20,
  retryMinutesMax: 10_080,
} as const;

/** One waiting invitation of `GET /api/cati/queue`. Name and phone are masked ("***") for mask:invitee. */
const catiQueueItemSchema = z.object({
  InvitationId: z.number().int(),
  SurveyId: z.number().int(),
  SurveyName: z.string(),
  InviteeFullName: z.string().nullable(),
  Phone: z.string().nullable(),
  Language: z.string().nullable(),
  Priority: z.number().int(),
  Attempts: z.number().int(),
  LastOutcome: z.number().int().nullable(),
  /** A callback the customer asked for; `IsCallbackDue` once its time has come. */
  CallbackAt: z.string().nullable(),
  IsCallbackDue: z.boolean(),
  /** The callback was promised by the caller. */
  IsMyCallback: z.boolean(),
  ExpiresAt: z.string().nullable(),
});
export type CatiQueueItem = z.infer<typeof catiQueueItemSchema>;

/** A CATI survey's place in the queue: its priority, today's completes against its daily quota, what waits. */
const catiQueueSurveySchema = z.object({
  SurveyId: z.number().int(),
  SurveyName: z.string(),
  Priority: z.number().int(),
  DailyQuota: z.number().int(),
  CompletedToday: z.number().int(),
  QuotaReached: z.boolean(),
  Waiting: z.number().int(),
});
export type CatiQueueSurvey = z.infer<typeof catiQueueSurveySchema>;

/**
 * `GET /api/cati/queue` (catiagent): the next invitations in the order calls take them — due callbacks (the
 * caller's own first), then by survey priority, fewest attempts, soonest expiry; surveys whose daily quota is
 * reached are left out. `Count` is every invitation waiting now.
 */
export const catiQueueSchema = z.object({
  Items: z.array(catiQueueItemSchema),
  Count: z.number().int(),
  Surveys: z.array(catiQueueSurveySchema),
});
export type CatiQueue = z.infer<typeof catiQueueSchema>;

/** `POST /api/cati/calls`: the next invitation of the queue, or the given one when it is waiting and free. */
export const catiCallStartSchema = z.strictObject({
  InvitationId: int32Id.nullish().transform((value) => value ?? null),
});

/** An earlier call of the same invitation. */
const catiPreviousCallSchema = z.object({
  StartedAt: z.string(),
  Outcome: z.number().int().nullable(),
  Note: z.string().nullable(),
  AgentName: z.string(),
});

/**
 * A call in progress (`POST /api/cati/calls` 201, `GET /api/cati/calls/current`): the invitee's details (masked for
 * mask:invitee), the script (the survey's CATI invitation text with its placeholders filled, and the campaign's
 * notes) and `SurveyPath`, the respondent page in agent mode (`/s/{token}?mode=agent`) the agent fills in.
 */
export const catiCallSchema = z.object({
  Id: z.number().int(),
  InvitationId: z.number().int(),
  SurveyId: z.number().int(),
  SurveyName: z.string(),
  StartedAt: z.string(),
  SurveyPath: z.string(),
  WasCallback: z.boolean(),
  Attempts: z.number().int(),
  Invitee: z.object({
    FullName: z.string().nullable(),
    Phone: z.string().nullable(),
    Email: z.string().nullable(),
    Language: z.string().nullable(),
    TransactionDate: z.string().nullable(),
    ProductName: z.string().nullable(),
    ChannelName: z.string().nullable(),
  }),
  Script: z.string().nullable(),
  ScriptNotes: z.string().nullable(),
  /** Whether the survey flow has been answered to its end (the Completed outcome needs it). */
  IsCompleted: z.boolean(),
  PreviousCalls: z.array(catiPreviousCallSchema),
});
export type CatiCall = z.infer<typeof catiCallSchema>;

/** `GET /api/cati/calls/current`: the caller's open call, if any (a reload resumes it). */
export const catiCurrentCallSchema = z.object({ Call: catiCallSchema.nullable() });

/**
 * `POST /api/cati/calls/{id}/outcome`: ends the caller's open call. `CallbackAt` (an ISO instant with offset, in
 * the future and at most 60 days ahead: 19306) only and always with Callback; `RefusalReason` only and always with
 * Refused (one of the system rules' CATI reasons when the tenant has any: 19307); Completed needs the flow
 * answered to its end (19305).
 */
export const catiOutcomeSchema = z.strictObject({
  Outcome: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)]),
  CallbackAt: z.iso
    .datetime({ offset: true })
    .nullish()
    .transform((value) => value ?? null),
  RefusalReason: safeText(CATI_LIMITS.reasonMax)
    .trim()
    .nullish()
    .transform((value) => (value ? value : null)),
  Note: safeText(CATI_LIMITS.noteMax)
    .trim()
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type CatiOutcomeSave = z.input<typeof catiOutcomeSchema>;

export const catiOutcomeResultSchema = z.object({
  Id: z.number().int(),
  Outcome: z.number().int(),
  EndedAt: z.string(),
});

/** `GET /api/cati/refusal-reasons` (catiagent): the system rules' CATI opt-out reasons and their days. */
export const catiRefusalReasonsSchema = z.object({
  Reasons: z.array(z.object({ Reason: z.string(), Days: z.number().int() })),
});

/** `GET /api/cati/calls/{id}` path. */
export const catiCallParamsSchema = z.strictObject({ id: int32IdParam });

/**
 * `GET /api/cati/statistics?From=&To=&AgentUserId=` (cati:stats): calls started in [From, To) (ISO instants; at
 * most 366 days: 19308; default the last 7 days), per agent and in total.
 */
export const catiStatisticsQuerySchema = z.strictObject({
  From: z.iso.datetime({ offset: true }).optional(),
  To: z.iso.datetime({ offset: true }).optional(),
  AgentUserId: int32IdParam.optional(),
});

/** Calls per outcome, by outcome number. */
const outcomeCounts = z.object({
  Completed: z.number().int(),
  Callback: z.number().int(),
  NoAnswer: z.number().int(),
  Busy: z.number().int(),
  WrongNumber: z.number().int(),
  Refused: z.number().int(),
});

/**
 * One agent's (or everyone's) figures: `Calls` ended calls, `Completes` and `CompletionRate` (completes / calls,
 * null without calls), `MeanDurationSeconds` of the ended calls, `Outcomes`, `CallbacksDue` (callbacks the agent
 * set whose time fell in the period and has passed) and `CallbacksKept` (of those, called back at most 30 minutes
 * after their time, by anyone).
 */
const catiAgentFiguresSchema = z.object({
  Calls: z.number().int(),
  Completes: z.number().int(),
  CompletionRate: z.number().nullable(),
  MeanDurationSeconds: z.number().nullable(),
  Outcomes: outcomeCounts,
  CallbacksDue: z.number().int(),
  CallbacksKept: z.number().int(),
});

export const catiStatisticsSchema = z.object({
  From: z.string(),
  To: z.string(),
  Agents: z.array(catiAgentFiguresSchema.extend({ AgentUserId: z.number().int(), AgentName: z.string() })),
  Totals: catiAgentFiguresSchema,
  /** Calls and completes per day of the period (UTC days). */
  Days: z.array(z.object({ Day: z.string(), Calls: z.number().int(), Completes: z.number().int() })),
});
export type CatiStatistics = z.infer<typeof catiStatisticsSchema>;

/** A CATI survey's campaign settings (`GET /api/cati/campaigns`, cati:stats or survey:manage). */
export const catiCampaignSchema = z.object({
  SurveyId: z.number().int(),
  SurveyName: z.string(),
  Priority: z.number().int(),
  DailyQuota: z.number().int(),
  MaxAttempts: z.number().int(),
  NoAnswerRetryMinutes: z.number().int(),
  BusyRetryMinutes: z.number().int(),
  ScriptNotes: z.string().nullable(),
});
export type CatiCampaign = z.infer<typeof catiCampaignSchema>;

/** `PUT /api/cati/campaigns/{surveyId}` (survey:manage): a CATI survey's settings (4039 when it offers no CATI). */
export const catiCampaignSaveSchema = z.strictObject({
  Priority: z.number().int().min(CATI_LIMITS.priorityMin).max(CATI_LIMITS.priorityMax),
  DailyQuota: z.number().int().min(0).max(CATI_LIMITS.dailyQuotaMax),
  MaxAttempts: z.number().int().min(1).max(CATI_LIMITS.maxAttemptsMax),
  NoAnswerRetryMinutes: z.number().int().min(1).max(CATI_LIMITS.retryMinutesMax),
  BusyRetryMinutes: z.number().int().min(1).max(CATI_LIMITS.retryMinutesMax),
  ScriptNotes: safeText(CATI_LIMITS.scriptNotesMax)
    .trim()
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type CatiCampaignSave = z.input<typeof catiCampaignSaveSchema>;
