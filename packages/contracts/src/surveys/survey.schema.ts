import { z } from 'zod';
import { LANGUAGES, type LanguageCode } from '../enums.js';
import { int32Id, int32IdParam, safeText } from '../input-bounds.js';
import { cronExpression, httpUrl } from '../validators.js';

/*
 * Surveys and the six-step wizard (surveys spec §2-§5, §9; issue 16; docs/surveys.md). `POST /api/surveys` saves
 * the general-info step of a new survey (a draft, inactive); `PUT /api/surveys/{id}` saves one step, named by
 * `Step`, and records the furthest step saved (`WizardStep`). A survey whose WizardStep is below 6 is a draft.
 */

/** Survey types: 1 the product's own, 4 an external source (externalSurvey:manage), 7 hidden from every list. */
export const SurveyType = { Own: 1, External: 4, Hidden: 7 } as const;

/** Interaction channels (surveys spec §9): 1 email, 2 SMS, 3 push, 8 IVR, 9 CATI, 11 touchpoint, 12 API. */
export const InteractionChannel = {
  Email: 1,
  Sms: 2,
  Push: 3,
  Ivr: 8,
  Cati: 9,
  Touchpoint: 11,
  Api: 12,
} as const;
export type InteractionChannel = (typeof InteractionChannel)[keyof typeof InteractionChannel];
export const INTERACTION_CHANNELS = [1, 2, 3, 8, 9, 11, 12] as const satisfies readonly InteractionChannel[];
/** Channels whose invitation carries a subject line. */
export const CHANNELS_WITH_SUBJECT: readonly InteractionChannel[] = [1];

export const WIZARD_STEPS = ['General', 'Flow', 'Audience', 'Channel', 'Quota', 'Activate'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];
/** The step's number in `WizardStep` (1-6). */
export function wizardStepNumber(step: WizardStep): number {
  return WIZARD_STEPS.indexOf(step) + 1;
}

/** Quota limit types: 1 complete, 2 answer, 3 response, 4 question (surveys spec §4). */
export const QuotaLimitType = { Complete: 1, Answer: 2, Response: 3, Question: 4 } as const;
export const QUOTA_LIMIT_TYPES = [1, 2, 3, 4] as const;
/** Presentation frequency: 1 until interaction, 2 once per visitor, 3 once per visit. */
export const PresentationFrequency = { UntilInteraction: 1, OncePerVisitor: 2, OncePerVisit: 3 } as const;
export const PRESENTATION_FREQUENCIES = [1, 2, 3] as const;

/** The limits the spec names without values, decided here (docs/surveys.md). */
export const SURVEY_LIMITS = {
  titleMax: 200,
  codeMax: 50,
  /** Opening and closing messages: rich text (HTML) with placeholders. */
  messageMax: 20_000,
  redirectSecondsMax: 600,
  cacheTimeMax: 1_440,
  flowsMax: 10,
  /** Questions in one flow (a matrix group counts once), and per type. */
  questionsPerFlowMax: 100,
  questionsPerTypeMax: { MCSS: 100, MCMS: 50, OETX: 20, MXSS: 20, MXMD: 10, MXRO: 10, MXGD: 20 },
  audienceConditionsMax: 20,
  quotasMax: 20,
  quotaConditionsMax: 10,
  conditionValuesMax: 1_000,
  expiryDaysMax: 365,
  /** A survey invites one address at most once per this many days (docs/optouts.md); 0 or null: no limit. */
  communicationFrequencyDaysMax: 365,
  reminderFrequencyMinutesMin: 60,
  reminderFrequencyMinutesMax: 43_200,
  notFinishedReminderDaysMax: 30,
  templateSubjectMax: 200,
  templateBodyMax: 20_000,
  testUsersMax: 50,
  /** The quota refresh job runs on this schedule; a quota's refresh cron must fall within it (every 5 minutes). */
  quotaRefreshJobCron: '*/5 * * * *',
  prioritisationItemsMax: 1_000,
  maxInvitationsPerIntervalMax: 10_000_000,
  intervalMinutesMax: 43_200,
} as const;

export const surveyIdParamsSchema = z.object({ id: int32IdParam });

const languageCodes = LANGUAGES.map((language) => language.code) as [LanguageCode, ...LanguageCode[]];
export const channelSchema = z.union(
  INTERACTION_CHANNELS.map((c) => z.literal(c)) as unknown as [
    z.ZodLiteral<1>,
    z.ZodLiteral<2>,
    ...z.ZodLiteral<InteractionChannel>[],
  ],
);
const nullableText = (max: number, multiline = false) => safeText(max, { multiline }).trim().nullish();

// ------------------------------------------------------------------------------------------- 1 general info

export const surveyGeneralSchema = z.object({
  Title: safeText(SURVEY_LIMITS.titleMax).trim().min(1),
  ExecutionTitle: nullableText(SURVEY_LIMITS.titleMax),
  Language: z.enum(languageCodes),
  JourneyStageId: int32Id.nullable(),
  /** 1 own (default), 4 external source (needs externalSurvey:manage). */
  Type: z.union([z.literal(1), z.literal(4)]).default(1),
  TargetType: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  AnonymisedAnswers: z.boolean().default(false),
  RedirectUrl: httpUrl().max(2_000).nullish(),
  RedirectSeconds: z.number().int().min(0).max(SURVEY_LIMITS.redirectSecondsMax).nullish(),
  OpeningMessage: nullableText(SURVEY_LIMITS.messageMax, true),
  ClosingMessage: nullableText(SURVEY_LIMITS.messageMax, true),
  CacheTime: z.number().int().min(0).max(SURVEY_LIMITS.cacheTimeMax).nullish(),
  IntegrationCode: nullableText(SURVEY_LIMITS.codeMax),
});
export type SurveyGeneral = z.infer<typeof surveyGeneralSchema>;

// -------------------------------------------------------------------------------------------- 2 flow design

/** Show the question only when the earlier question's answer is one of `Values`. */
export const displayLogicSchema = z.object({
  QuestionId: int32Id,
  Values: z.array(z.number().int()).min(1).max(50),
});
export type DisplayLogic = z.infer<typeof displayLogicSchema>;

const flowQuestionSchema = z.object({
  /** A library question; one placed in another survey is copied into this one. */
  QuestionId: int32Id,
  PageBreakAfter: z.boolean().default(false),
  DisplayLogic: displayLogicSchema.nullable().default(null),
});

const flowSaveSchema = z.object({
  Id: int32Id.optional(),
  Name: safeText(SURVEY_LIMITS.titleMax).trim().min(1),
  IsActive: z.boolean().default(true),
  Questions: z.array(flowQuestionSchema).max(SURVEY_LIMITS.questionsPerFlowMax),
});
export type FlowSave = z.infer<typeof flowSaveSchema>;

// ------------------------------------------------------------------------------- 3 audience (and quota conditions)

/**
 * One condition: a filter-registry property whose scopes include 'audience' (channels, products, locations,
 * transaction types, segments, CustomData1-10) with a value in that row's wire shape; `Exclude` inverts it.
 */
const audienceConditionSchema = z.object({
  Property: z.string().min(1).max(40),
  Value: z.unknown(),
  Exclude: z.boolean().default(false),
});
export type AudienceCondition = z.infer<typeof audienceConditionSchema>;

export const surveyAudienceSchema = z.object({
  Conditions: z.array(audienceConditionSchema).max(SURVEY_LIMITS.audienceConditionsMax),
});
export type SurveyAudience = z.infer<typeof surveyAudienceSchema>;

// ------------------------------------------------------------------------------------------------ 4 channel

const invitationTemplateSchema = z.object({
  Channel: channelSchema,
  /** E-mail only. */
  Subject: nullableText(SURVEY_LIMITS.templateSubjectMax),
  Body: safeText(SURVEY_LIMITS.templateBodyMax, { multiline: true }).trim().min(1),
});
export type InvitationTemplate = z.infer<typeof invitationTemplateSchema>;

const reminderSchema = z.object({
  /** Repeat the invitation every N minutes while it is unopened. */
  FrequencyMinutes: z
    .number()
    .int()
    .min(SURVEY_LIMITS.reminderFrequencyMinutesMin)
    .max(SURVEY_LIMITS.reminderFrequencyMinutesMax),
  /** Remind a respondent who started and did not finish after N days. */
  NotFinishedDays: z.number().int().min(1).max(SURVEY_LIMITS.notFinishedReminderDaysMax).nullable(),
  Subject: safeText(SURVEY_LIMITS.templateSubjectMax).trim().min(1),
  Body: safeText(SURVEY_LIMITS.templateBodyMax, { multiline: true }).trim().min(1),
});

export const surveyChannelSchema = z.object({
  Channels: z.array(channelSchema).max(INTERACTION_CHANNELS.length),
  PrimaryChannel: channelSchema.nullable(),
  Templates: z.array(invitationTemplateSchema).max(INTERACTION_CHANNELS.length),
  ExpiryDays: z.number().int().min(1).max(SURVEY_LIMITS.expiryDaysMax).nullable(),
  Reminder: reminderSchema.nullable(),
  /** Days within which the survey invites one email or MSISDN once (docs/optouts.md); 0 or null: no limit. */
  CommunicationFrequencyDays: z
    .number()
    .int()
    .min(0)
    .max(SURVEY_LIMITS.communicationFrequencyDaysMax)
    .nullish(),
});
export type SurveyChannel = z.infer<typeof surveyChannelSchema>;

// -------------------------------------------------------------------------------------------------- 5 quota

export const quotaSaveSchema = z.object({
  Id: int32Id.optional(),
  Name: safeText(SURVEY_LIMITS.titleMax).trim().min(1),
  LimitType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  Limit: z.number().int().min(1).max(2_000_000_000),
  /** The question a question quota (4) counts. */
  QuestionId: int32Id.nullish(),
  Conditions: z.array(audienceConditionSchema).max(SURVEY_LIMITS.quotaConditionsMax),
  RefreshCron: cronExpression().nullish(),
  PresentationFrequency: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
});
export type QuotaSave = z.infer<typeof quotaSaveSchema>;

const surveyQuotaStepSchema = z.object({
  Quotas: z.array(quotaSaveSchema).max(SURVEY_LIMITS.quotasMax),
});

// --------------------------------------------------------------------------------------------------- saves

/** `PUT /api/surveys/{id}`: one step. */
export const surveyStepSaveSchema = z.discriminatedUnion('Step', [
  surveyGeneralSchema.extend({ Step: z.literal('General') }),
  z.object({ Step: z.literal('Flow'), Flows: z.array(flowSaveSchema).max(SURVEY_LIMITS.flowsMax) }),
  surveyAudienceSchema.extend({ Step: z.literal('Audience') }),
  surveyChannelSchema.extend({ Step: z.literal('Channel') }),
  surveyQuotaStepSchema.extend({ Step: z.literal('Quota') }),
  z.object({ Step: z.literal('Activate'), IsActive: z.boolean() }),
]);
export type SurveyStepSave = z.infer<typeof surveyStepSaveSchema>;

/** `PUT /api/surveys/{id}/status`: refused for a survey with no flow (or no active flow with questions). */
export const surveyStatusSchema = z.object({ IsActive: z.boolean() });

/** `POST /api/surveys/{id}/test-invitations`: only for an active survey, to at least one test user. */
export const testInvitationSchema = z.object({
  TestUserIds: z.array(int32Id).min(1).max(SURVEY_LIMITS.testUsersMax),
  Channel: channelSchema,
});

// ---------------------------------------------------------------------------------------------- read shapes

/** A row of the surveys grid `GET /api/surveys` (grid query; `?isForFilter=` stays the lookup). Type 7 is never listed. */
export const surveyRowSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Type: z.number().int(),
  IsActive: z.boolean(),
  WizardStep: z.number().int(),
  FlowCount: z.number().int(),
  JourneyStageId: z.number().int().nullable(),
  JourneyStageName: z.string().nullable(),
  Channels: z.array(z.number().int()),
  InvitedCount: z.number().int(),
  AnsweredCount: z.number().int(),
  LastAnswerAt: z.string().nullable(),
  CreatedAt: z.string(),
});
export type SurveyRow = z.infer<typeof surveyRowSchema>;

const flowDetailSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  IsActive: z.boolean(),
  Questions: z.array(
    z.object({
      QuestionId: z.number().int(),
      Text: z.string(),
      QuestionTypeName: z.string(),
      ExperienceId: z.number().int().nullable(),
      IsMeasurement: z.boolean(),
      PageBreakAfter: z.boolean(),
      DisplayLogic: displayLogicSchema.nullable(),
    }),
  ),
});

const quotaDetailSchema = quotaSaveSchema.extend({ Id: z.number().int() });

/** `GET /api/surveys/{id}` and the answer of every save. */
export const surveyDetailSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  ExecutionTitle: z.string().nullable(),
  Language: z.string(),
  JourneyStageId: z.number().int().nullable(),
  Type: z.number().int(),
  TargetType: z.number().int(),
  AnonymisedAnswers: z.boolean(),
  RedirectUrl: z.string().nullable(),
  RedirectSeconds: z.number().int().nullable(),
  OpeningMessage: z.string().nullable(),
  ClosingMessage: z.string().nullable(),
  CacheTime: z.number().int().nullable(),
  IntegrationCode: z.string().nullable(),
  IsActive: z.boolean(),
  WizardStep: z.number().int(),
  Flows: z.array(flowDetailSchema),
  Audience: surveyAudienceSchema,
  Channel: surveyChannelSchema,
  Quotas: z.array(quotaDetailSchema),
  /** A survey with invitees cannot be deleted. */
  InviteeCount: z.number().int(),
  AnswerCount: z.number().int(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type SurveyDetail = z.infer<typeof surveyDetailSchema>;

/** `GET /api/testusers`: the tenant's users marked as test users. */
export const testUserSchema = z.object({
  Id: z.number().int(),
  FullName: z.string(),
  Email: z.string().nullable(),
  MSISDN: z.string().nullable(),
});
export type TestUser = z.infer<typeof testUserSchema>;

/** `GET /api/surveyTargetTypes`, names in the caller's language. */
export const surveyTargetTypeSchema = z.object({ Id: z.number().int(), Name: z.string() });

// ------------------------------------------------------------------------------------------- prioritisation

/** A row of `GET /api/survey-prioritization`. */
export const surveyPrioritisationRowSchema = z.object({
  SurveyId: z.number().int(),
  Title: z.string(),
  IsActive: z.boolean(),
  Channels: z.array(z.number().int()),
  PrimaryChannel: z.number().int().nullable(),
  MaxInvitationsPerInterval: z.number().int().nullable(),
  IntervalMinutes: z.number().int().nullable(),
  /** False for a survey with no invitation channel and a touchpoint primary channel. */
  Editable: z.boolean(),
});
export type SurveyPrioritisationRow = z.infer<typeof surveyPrioritisationRowSchema>;

/** `PUT /api/survey-prioritization`: both numbers, or both null to lift the limit. */
export const surveyPrioritisationSaveSchema = z.object({
  Items: z
    .array(
      z.object({
        SurveyId: int32Id,
        MaxInvitationsPerInterval: z
          .number()
          .int()
          .min(1)
          .max(SURVEY_LIMITS.maxInvitationsPerIntervalMax)
          .nullable(),
        IntervalMinutes: z.number().int().min(1).max(SURVEY_LIMITS.intervalMinutesMax).nullable(),
      }),
    )
    .min(1)
    .max(SURVEY_LIMITS.prioritisationItemsMax),
});
export type SurveyPrioritisationSave = z.infer<typeof surveyPrioritisationSaveSchema>;

// ------------------------------------------------------------------------------------------------- the grid

/**
 * The surveys grid's filter body (`POST /api/surveys/query`), besides `$filter` on the row's fields; `$search` on
 * the title is `Search`. Every key is optional.
 */
export const surveyGridFilterSchema = z.object({
  Search: safeText(SURVEY_LIMITS.titleMax).trim().optional(),
  IsActive: z.boolean().optional(),
  Type: z.union([z.literal(1), z.literal(4)]).optional(),
  JourneyStageId: int32Id.optional(),
});

/** `POST /api/surveys/{id}/test-invitations` answers the stored request's id. */
export const testInvitationAnswerSchema = z.object({ Id: z.number().int() });
