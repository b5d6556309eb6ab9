import { z } from 'zod';
import { int32IdParam } from '../input-bounds.js';
import { NPS_AUDIENCES } from '../alerts/alert-rules.schema.js';
import { reportFilterSchema } from '../reports/report-filter.schema.js';
import { TIME_COLUMN_IDS } from '../reports/filter-values.js';
import type { Scope } from '../scopes.js';

/*
 * The responses analyzer (issue 20 items 2 and 10, docs/responses-analyzer.md): `GET|POST /api/responses-analyzer`
 * (also `POST /api/responses-analyzer/query`, the house grid's name) lists the answered sessions a report filter
 * selects, from the analytics replica through the one filter compiler, so the same filter gives the same sessions
 * as a widget; `GET /api/responses-analyzer/{inviteeId}` is one respondent's response (the address the comment
 * highlights widget opens, reports spec §1).
 */

/** The menu registry's scopes of the screen: any one opens both routes. */
export const RESPONSES_ANALYZER_SCOPES = [
  'feedbackAnalysis',
  'response:readall',
  'response:readlimited',
] as const satisfies readonly Scope[];

/**
 * The grid's body: the report filter (every property of the filter panel and the date range) and the time column
 * the range is on (default TransactionDateId, as every widget). Unknown keys are dropped, as a widget's filter.
 */
export const responsesAnalyzerFilterSchema = reportFilterSchema
  .extend({ TimeColumn: z.enum(TIME_COLUMN_IDS).nullish() })
  .nullish()
  .transform((filter) => filter ?? {});
export type ResponsesAnalyzerFilter = z.infer<typeof responsesAnalyzerFilterSchema>;

/** The longest comment excerpt of a grid row, in characters (an ellipsis marks a cut). */
export const RESPONSE_COMMENT_EXCERPT = 160;

const named = z.object({ Id: z.number().int(), Name: z.string() }).nullable();

/** A row: one answered session. Dates are ISO 8601 at the caller's TimezoneOffset. */
export const responseListItemSchema = z.object({
  SessionId: z.number().int(),
  InviteeId: z.number().int(),
  AnsweredDate: z.string(),
  SurveyId: z.number().int(),
  SurveyTitle: z.string(),
  /** The session's NPS answer (0-10) and its audience; null without one. */
  NpsScore: z.number().nullable(),
  Audience: z.enum(NPS_AUDIENCES).nullable(),
  ChannelId: z.number().int().nullable(),
  ChannelName: z.string().nullable(),
  ProductId: z.number().int().nullable(),
  ProductName: z.string().nullable(),
  EmployeeId: z.number().int().nullable(),
  EmployeeName: z.string().nullable(),
  /** The session's first comment, cut at RESPONSE_COMMENT_EXCERPT characters; null without one. */
  Comment: z.string().nullable(),
  /** The session's sentiment (its first analysed comment's): 4 positive, 2 neutral, 0 negative, -1 unclassified. */
  SentimentScore: z.number().int().nullable(),
});
export type ResponseListItem = z.infer<typeof responseListItemSchema>;

export const responseDetailParamsSchema = z.object({ id: int32IdParam });

const labelSchema = z.object({ Id: z.number().int(), Name: z.string() });

export const responseDetailSchema = z.object({
  InviteeId: z.number().int(),
  SessionId: z.number().int(),
  /** Other sessions of the same invitee (rare: a second invitation), newest first. */
  OtherSessionIds: z.array(z.number().int()),
  SurveyId: z.number().int(),
  SurveyTitle: z.string(),
  AnsweredDate: z.string().nullable(),
  TransactionDate: z.string(),
  /** 1 completed, 2 started but not completed. */
  Completion: z.number().int(),
  Source: z.string(),
  NpsScore: z.number().nullable(),
  Audience: z.enum(NPS_AUDIENCES).nullable(),
  Channel: named,
  Product: named,
  Employee: named,
  /** The invitee's identity; '***' for holders of mask:invitee (and response:readlimited alone). */
  Masked: z.boolean(),
  Invitee: z.object({
    FullName: z.string().nullable(),
    Email: z.string().nullable(),
    Msisdn: z.string().nullable(),
  }),
  /** Every answer in the survey's order: the text, else the chosen choice's label, else the value. */
  Answers: z.array(
    z.object({
      QuestionId: z.number().int(),
      Question: z.string(),
      Answer: z.string().nullable(),
      Score: z.number().nullable(),
    }),
  ),
  /** The open-ended answers with their analysis. */
  Comments: z.array(
    z.object({
      QuestionId: z.number().int(),
      Question: z.string(),
      Text: z.string(),
      TranslatedText: z.string().nullable(),
      Language: z.string().nullable(),
      /** 4 positive, 2 neutral, 0 negative, -1 unclassified; null when not analysed. */
      SentimentScore: z.number().int().nullable(),
      Topics: z.array(labelSchema.extend({ SentimentScore: z.number().int() })),
      Emotions: z.array(labelSchema.extend({ Intensity: z.number().nullable() })),
    }),
  ),
  /** The invitation's path; null for a session without invitation (a survey link, an import). */
  Invitation: z
    .object({
      Id: z.number().int(),
      /** The interaction channel: 1 email, 2 SMS, 3 push, 8 IVR, 9 CATI, 11 touchpoint, 12 API. */
      Channel: z.number().int(),
      InvitedDate: z.string(),
      SentDate: z.string().nullable(),
      DeliveredDate: z.string().nullable(),
      OpenedDate: z.string().nullable(),
      StartedDate: z.string().nullable(),
      CompletedDate: z.string().nullable(),
      FailedDate: z.string().nullable(),
    })
    .nullable(),
  /** Alerts raised for the session that the caller may open (the alert list's visibility). */
  Alerts: z.array(
    z.object({
      Id: z.number().int(),
      RuleTitle: z.string().nullable(),
      Status: z.number().int(),
      CreatedDate: z.string(),
    }),
  ),
});
export type ResponseDetail = z.infer<typeof responseDetailSchema>;
