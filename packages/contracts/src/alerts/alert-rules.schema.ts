import { z } from 'zod';
import { idList, int32Id, int32IdParam, safeText } from '../input-bounds.js';
import { VALIDATION_MESSAGES } from '../validators.js';

/*
 * Alert rules (issue 19; surveys spec §3 "Alert rule", §5, §8 2400; docs/alerts.md): evaluated on every answered
 * session of the rule's surveys, products and channels; conditions combined with AND or OR. Scopes: alert:manage
 * writes, alert:read / alert:readall / alert:manage read.
 */

/** Who reads alert rules (the list, the form, the lookup, statistics). */
export const ALERT_RULE_READ_SCOPES = ['alert:read', 'alert:readall', 'alert:manage'] as const;
/** Who writes alert rules and changes alerts. */
export const ALERT_MANAGE_SCOPES = ['alert:manage'] as const;

export const ALERT_RULE_LIMITS = {
  titleMax: 200,
  conditionsMax: 20,
  subjectMax: 200,
  bodyMax: 10_000,
  textValueMax: 200,
  valuesMax: 100,
  dueHoursMax: 24 * 90,
} as const;

/**
 * What a condition looks at: an answer's score (a scale question) or chosen value, the NPS audience of an NPS
 * answer, an open-ended answer's sentiment, topic or emotion, free text in an open-ended answer, or one of the
 * invitee's ten custom data fields.
 */
export const ALERT_CONDITION_KINDS = [
  'score',
  'choice',
  'npsAudience',
  'sentiment',
  'topic',
  'emotion',
  'text',
  'customData',
] as const;
export type AlertConditionKind = (typeof ALERT_CONDITION_KINDS)[number];

export const ALERT_OPERATORS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'between', 'contains'] as const;
export type AlertOperator = (typeof ALERT_OPERATORS)[number];

/** The operators each kind takes (the server refuses others: 3333 on the condition's Operator). */
export const ALERT_KIND_OPERATORS: Record<AlertConditionKind, readonly AlertOperator[]> = {
  score: ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'between'],
  choice: ['eq', 'ne', 'in'],
  npsAudience: ['eq', 'in'],
  sentiment: ['eq', 'in'],
  topic: ['eq', 'in'],
  emotion: ['eq', 'in'],
  text: ['contains'],
  customData: ['eq', 'ne', 'contains'],
};

export const NPS_AUDIENCES = ['promoter', 'passive', 'detractor'] as const;
export const ALERT_SENTIMENTS = ['positive', 'neutral', 'negative'] as const;

const conditionValue = z.union([
  z.number().finite(),
  safeText(ALERT_RULE_LIMITS.textValueMax),
  z.array(z.number().finite()).min(1).max(ALERT_RULE_LIMITS.valuesMax),
  z.array(safeText(ALERT_RULE_LIMITS.textValueMax)).min(1).max(ALERT_RULE_LIMITS.valuesMax),
]);

/**
 * One condition. `QuestionId` names the question for score, choice, npsAudience, sentiment, topic, emotion and
 * text (null: any question of the kind in the session); `CustomDataNo` (1–10) names the field for customData.
 * `Value`: a number (score, choice), `[min, max]` for between, a list for in, an audience or sentiment word (or a
 * list of them), topic or emotion ids, a text for contains and customData.
 */
export const alertRuleConditionSchema = z.strictObject({
  Kind: z.enum(ALERT_CONDITION_KINDS).default('score'),
  QuestionId: int32Id.nullish().transform((value) => value ?? null),
  CustomDataNo: z
    .number()
    .int()
    .min(1)
    .max(10)
    .nullish()
    .transform((value) => value ?? null),
  Operator: z.enum(ALERT_OPERATORS),
  Value: conditionValue,
});
export type AlertRuleCondition = z.output<typeof alertRuleConditionSchema>;

export const ALERT_OWNER_TYPES = ['user', 'role'] as const;
export const ALERT_LOGICS = ['and', 'or'] as const;

/**
 * `POST /api/alert-rules` and `PUT /api/alert-rules/{id}`. At least one survey, product, channel (tree nodes: a
 * region covers its branches) and condition (surveys spec §5). The email's subject and body take the alert
 * placeholders (`ALERT_PLACEHOLDERS`).
 */
export const alertRuleSaveSchema = z.strictObject({
  Title: safeText(ALERT_RULE_LIMITS.titleMax).trim().min(1, { message: VALIDATION_MESSAGES.required }),
  SurveyIds: idList().min(1, { message: VALIDATION_MESSAGES.required }),
  ProductIds: idList().min(1, { message: VALIDATION_MESSAGES.required }),
  TransactionChannelIds: idList().min(1, { message: VALIDATION_MESSAGES.required }),
  Logic: z.enum(ALERT_LOGICS).default('and'),
  Conditions: z
    .array(alertRuleConditionSchema)
    .min(1, { message: VALIDATION_MESSAGES.required })
    .max(ALERT_RULE_LIMITS.conditionsMax),
  OwnerType: z.enum(ALERT_OWNER_TYPES),
  OwnerId: int32Id,
  /** Hours until an alert is overdue (escalated once to the owner's role). */
  DueHours: z.number().int().min(1).max(ALERT_RULE_LIMITS.dueHoursMax).default(48),
  EmailSubject: safeText(ALERT_RULE_LIMITS.subjectMax).trim().default(''),
  EmailBody: safeText(ALERT_RULE_LIMITS.bodyMax, { multiline: true }).default(''),
  IsActive: z.boolean().default(true),
});
export type AlertRuleSave = z.input<typeof alertRuleSaveSchema>;

export const alertRuleParamsSchema = z.object({ id: int32IdParam });

/** What an alert rule does when one of its alerts reaches `Status` (the integrations issue adds integrations). */
export const ALERT_ACTION_KINDS = ['emailOwner', 'emailBranchManager', 'integration'] as const;

const alertRuleActionSchema = z.strictObject({
  Status: z.number().int().min(0).max(7),
  Action: z.enum(ALERT_ACTION_KINDS),
  /** The integration to call (Action 'integration'); null otherwise. */
  IntegrationId: int32Id.nullish().transform((value) => value ?? null),
});

/** `PUT /api/alert-rules/{id}/actions` (the alert-rule-action/{id} screen); GET answers the same shape. */
export const alertRuleActionsSaveSchema = z.strictObject({
  Actions: z.array(alertRuleActionSchema).max(50),
});

/** One alert rule as the list and the form read it. */
export const alertRuleSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  SurveyIds: z.array(z.number().int()),
  ProductIds: z.array(z.number().int()),
  TransactionChannelIds: z.array(z.number().int()),
  Logic: z.enum(ALERT_LOGICS),
  Conditions: z.array(
    z.object({
      Kind: z.enum(ALERT_CONDITION_KINDS),
      QuestionId: z.number().int().nullable(),
      CustomDataNo: z.number().int().nullable(),
      Operator: z.enum(ALERT_OPERATORS),
      Value: z.unknown(),
    }),
  ),
  OwnerType: z.enum(ALERT_OWNER_TYPES).nullable(),
  OwnerId: z.number().int().nullable(),
  /** The owner's full name or role name. */
  OwnerName: z.string().nullable(),
  DueHours: z.number().int(),
  EmailSubject: z.string(),
  EmailBody: z.string(),
  IsActive: z.boolean(),
  Actions: z.array(
    z.object({
      Status: z.number().int(),
      Action: z.enum(ALERT_ACTION_KINDS),
      IntegrationId: z.number().int().nullable(),
    }),
  ),
  /** Alerts the rule has raised. */
  AlertCount: z.number().int(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;

/** `GET /api/alertRules`: the lookup of the tenant's rules (filters, chips). */
export const alertRuleLookupSchema = z.array(z.object({ Id: z.number().int(), Title: z.string() }));

/** Placeholders an alert rule's email takes (shell spec §3), written `{{Name}}` in the subject and body. */
export const ALERT_PLACEHOLDERS = [
  'AlertTitle',
  'AlertExperience',
  'AlertAnswer',
  'AlertCreatedDate',
  'AlertDetailLink',
  'QuestionsAndAnswers',
  'FullName',
  'TransactionChannelName',
  'ProductName',
  'EmployeeFullName',
] as const;

/** `GET /api/alert-rules/{id}/statistics?period=day|week|month&from&to` (alert-rule-statistics screen). */
export const ALERT_STATISTICS_PERIODS = ['day', 'week', 'month'] as const;
export const alertRuleStatisticsQuerySchema = z.object({
  period: z.enum(ALERT_STATISTICS_PERIODS).default('week'),
  /** ISO dates (YYYY-MM-DD), tenant-local days; default the last 12 periods. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});

const statisticsFigures = {
  Created: z.number().int(),
  Open: z.number().int(),
  Closed: z.number().int(),
  Overdue: z.number().int(),
  /** Median hours from creation to the first response by a person; null without one. */
  MedianHoursToFirstResponse: z.number().nullable(),
  /** Median hours from creation to Completed; null without a closed alert. */
  MedianHoursToClose: z.number().nullable(),
};

export const alertRuleStatisticsSchema = z.object({
  RuleId: z.number().int(),
  Title: z.string(),
  Period: z.enum(ALERT_STATISTICS_PERIODS),
  From: z.string(),
  To: z.string(),
  Totals: z.object(statisticsFigures),
  /** One point per period from From to To (periods without alerts count zero). */
  Trend: z.array(z.object({ Period: z.string(), ...statisticsFigures })),
});

/**
 * `GET /api/alert-rule-statistics?period&from&to` (the alert-rule-statistics screen): every rule's figures over the
 * range, and the tenant's trend over all rules.
 */
export const alertRulesStatisticsSchema = z.object({
  Period: z.enum(ALERT_STATISTICS_PERIODS),
  From: z.string(),
  To: z.string(),
  Rules: z.array(z.object({ RuleId: z.number().int(), Title: z.string(), ...statisticsFigures })),
  Trend: z.array(z.object({ Period: z.string(), ...statisticsFigures })),
});
export type AlertRulesStatistics = z.infer<typeof alertRulesStatisticsSchema>;
