import { z } from 'zod';
import { int32Id, int32IdParam } from '../input-bounds.js';
import { gridPageSchema } from '../grid/grid.schema.js';
import { NPS_AUDIENCES } from '../alerts/alert-rules.schema.js';
import { reportFilterSchema } from '../reports/report-filter.schema.js';
import { TIME_COLUMN_IDS } from '../reports/filter-values.js';
import { PARTS_OF_DAY } from '../reports/widget-data.schema.js';
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
 * A trend point's Category as the trend endpoints label their time buckets (`bucketLabel`): a day '2026-03-05', an
 * ISO week '2026-W09', a month '2026-03' or a quarter '2026-Q1'. The pattern bounds the text (no NUL, at most ten
 * characters); whether it is a bucket of the widget's own CategoryType is the server's to say.
 */
export const trendPointSchema = z
  .string()
  .max(10)
  .regex(/^\d{4}-(?:\d{2}(?:-\d{2})?|W\d{2}|Q[1-4])$/);

/**
 * A days-of-week cell as its row names it (`daysOfWeekRowSchema`): the ISO weekday `WeekOfDay` (1 Monday … 7
 * Sunday) and the `PartOfDay`, one of PARTS_OF_DAY ('09-12'); an object with those two keys only.
 */
export const daysOfWeekCellSchema = z
  .object({ WeekOfDay: z.number().int().min(1).max(7), PartOfDay: z.enum(PARTS_OF_DAY) })
  .strict();
export type DaysOfWeekCell = z.infer<typeof daysOfWeekCellSchema>;

/**
 * The grid's body: the report filter (every property of the filter panel and the date range) and the time column
 * the range is on (default TransactionDateId, as every widget). Unknown keys are dropped, as a widget's filter.
 * `Widget` (lineage, docs/responses-analyzer.md "Lineage"): a report widget's id; the grid then lists the sessions
 * of the facts that widget counts as its responses under this report filter (the widget's report, its dataFilters
 * and TimeColumn), and the answer's `FactCount` is that count. `Group` (grouped widgets, `hasGroupLineage`): one
 * bar of the chart, its row's `CategoryId` (the product, channel, survey, employee… the bar stands for); the facts
 * are then the bar's, and `FactCount` its Responses. Or, for trends (`hasPointLineage`), one point: its row's
 * `Category` (the time bucket's label, '2026-03'); the facts are then the point's, and `FactCount` its Responses.
 * Or, for maps (`hasRegionLineage`), one region: its row's `LocationId`; the facts are then the region's. Or, for
 * the per-segment gauge (`hasSegmentLineage`), one segment: its row's `SegmentId`; the facts are then the segment's.
 * Or, for the days-of-week chart (`hasCellLineage`), one cell: its row's `WeekOfDay` and `PartOfDay`; the facts are
 * then the cell's.
 */
export const responsesAnalyzerFilterSchema = reportFilterSchema
  .extend({
    TimeColumn: z.enum(TIME_COLUMN_IDS).nullish(),
    Widget: z
      .object({
        WidgetId: int32Id,
        Group: z
          .union([
            z.object({ CategoryId: int32Id }).strict(),
            z.object({ Category: trendPointSchema }).strict(),
            z.object({ LocationId: int32Id }).strict(),
            z.object({ SegmentId: int32Id }).strict(),
            daysOfWeekCellSchema,
          ])
          .nullish(),
      })
      .strict()
      .nullish(),
  })
  .nullish()
  .transform((filter) => filter ?? {});
export type ResponsesAnalyzerFilter = z.infer<typeof responsesAnalyzerFilterSchema>;

/** A widget Config's data endpoint without its `api/` prefix ('' when it has none). */
function endpointOf(config: { dataEndpoint?: unknown }): string {
  return typeof config.dataEndpoint === 'string' ? config.dataEndpoint.replace(/^api\//, '') : '';
}

/**
 * The data endpoints (a widget Config's dataEndpoint without `api/`) whose figure is one response count of
 * facts the analyzer can list: the NPS gauge, the score gauge and the card. Other kinds (rankings, tables, text
 * analytics, the weighted index) offer no "Show responses"; grouped charts, trends, maps and the per-segment gauge
 * offer one per bar, point, region or segment (`hasGroupLineage`, `hasPointLineage`, `hasRegionLineage`,
 * `hasSegmentLineage`), the days-of-week chart one per cell (`hasCellLineage`).
 */
const RESPONSE_LINEAGE_ENDPOINTS = ['widget-data/nps', 'widget-data/score', 'widget-data/card'] as const;

/**
 * Whether a widget Config's figure has a response count the analyzer reproduces: one of the lineage endpoints,
 * and for a card no channel ranking (ChannelColumnLevel: its figures may be the ranked channel's).
 */
export function hasResponseLineage(config: { dataEndpoint?: unknown; dataFilters?: unknown }): boolean {
  const endpoint = endpointOf(config);
  if (!(RESPONSE_LINEAGE_ENDPOINTS as readonly string[]).includes(endpoint)) return false;
  const filters = config.dataFilters;
  const level =
    typeof filters === 'object' && filters !== null
      ? (filters as Record<string, unknown>).ChannelColumnLevel
      : undefined;
  return !(endpoint === 'widget-data/card' && level !== undefined && level !== null && level !== 0);
}

/**
 * The data endpoints whose chart's bars each have a response count the analyzer reproduces with
 * `Widget.Group` (one bar's CategoryId): the performance chart (by GroupBy) and the channel performance chart.
 * The journey (a bar per configured survey, a survey may be twice), maps, trends and the rest offer no bar link.
 */
const GROUP_LINEAGE_ENDPOINTS = ['widget-data/performance', 'widget-data/channel-performance'] as const;

/** Whether a widget Config's bars (rows with a CategoryId) each lead to their responses (`Widget.Group`). */
export function hasGroupLineage(config: { dataEndpoint?: unknown }): boolean {
  return (GROUP_LINEAGE_ENDPOINTS as readonly string[]).includes(endpointOf(config));
}

/**
 * The data endpoints whose points each have a response count the analyzer reproduces with `Widget.Group` (one
 * point's Category): the score trend (TrendChart) and the respondent trend (MultiSeriesChart: a point's three
 * series share its Responses). The days-of-week chart (a cell is a weekday and a part of day, not a point of
 * time: `hasCellLineage`) and the topic trend (it counts analysed comments, not facts) offer no point link.
 */
const POINT_LINEAGE_ENDPOINTS = ['widget-data/trend', 'widget-data/respondent-trend'] as const;

/** Whether a widget Config's points (rows with a time bucket's Category) each lead to their responses. */
export function hasPointLineage(config: { dataEndpoint?: unknown }): boolean {
  return (POINT_LINEAGE_ENDPOINTS as readonly string[]).includes(endpointOf(config));
}

/**
 * The data endpoints whose regions each have a response count the analyzer reproduces with `Widget.Group` (one
 * region's LocationId): the map (NpsMap, any Map, with or without UseInviteeLocation).
 */
const REGION_LINEAGE_ENDPOINTS = ['widget-data/map'] as const;

/** Whether a widget Config's regions (rows with a LocationId) each lead to their responses. */
export function hasRegionLineage(config: { dataEndpoint?: unknown }): boolean {
  return (REGION_LINEAGE_ENDPOINTS as readonly string[]).includes(endpointOf(config));
}

/**
 * The data endpoints whose segments each have a response count the analyzer reproduces with `Widget.Group` (one
 * segment's SegmentId): the per-segment gauge (SegmentedGaugeChart; a fact in several segments counts once in
 * each, so one segment's count is still exact).
 */
const SEGMENT_LINEAGE_ENDPOINTS = ['widget-data/segments'] as const;

/** Whether a widget Config's segments (rows with a SegmentId) each lead to their responses. */
export function hasSegmentLineage(config: { dataEndpoint?: unknown }): boolean {
  return (SEGMENT_LINEAGE_ENDPOINTS as readonly string[]).includes(endpointOf(config));
}

/**
 * The data endpoints whose cells each have a response count the analyzer reproduces with `Widget.Group` (one
 * cell's WeekOfDay and PartOfDay): the days-of-week chart (DaysOfWeekBubbleChart, any TimeColumn).
 */
const CELL_LINEAGE_ENDPOINTS = ['widget-data/days-of-week'] as const;

/** Whether a widget Config's cells (rows with a WeekOfDay and a PartOfDay) each lead to their responses. */
export function hasCellLineage(config: { dataEndpoint?: unknown }): boolean {
  return (CELL_LINEAGE_ENDPOINTS as readonly string[]).includes(endpointOf(config));
}

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

/**
 * A grid page; with a `Widget` in the body also `FactCount`, the widget's response count (its facts), which
 * `Count` (sessions) can be below (docs/responses-analyzer.md "Lineage").
 */
export const responseListPageSchema = gridPageSchema(responseListItemSchema).extend({
  FactCount: z.number().int().min(0).optional(),
});
export type ResponseListPage = z.infer<typeof responseListPageSchema>;

/** An invitation's status: the furthest step of its path (failed wins). */
const INVITATION_STATUSES = [
  'invited',
  'sent',
  'delivered',
  'opened',
  'started',
  'completed',
  'failed',
] as const;

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
      Status: z.enum(INVITATION_STATUSES),
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
  /**
   * The integration deliveries of the session's events (an event's SessionId: answered, alert, note, answer),
   * newest first; null for a caller without integration:read or integration:manage.
   */
  Deliveries: z
    .array(
      z.object({
        Id: z.number().int(),
        Event: z.string(),
        Action: z.string(),
        WorkflowName: z.string(),
        /** pending, succeeded, failed or dead. */
        Status: z.string(),
        Attempts: z.number().int(),
        OccurredDate: z.string(),
      }),
    )
    .nullable(),
});
export type ResponseDetail = z.infer<typeof responseDetailSchema>;
