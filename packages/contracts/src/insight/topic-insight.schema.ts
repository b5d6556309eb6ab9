import { z } from 'zod';
import { int32Id } from '../input-bounds.js';
import { reportFilterSchema } from '../reports/report-filter.schema.js';

/*
 * Topic discovery and topic explorer (issue 20 items 3 and 4, docs/topic-insight.md):
 * `POST /api/insight/topic-discovery` (scope topicDiscovery) and `POST /api/insight/topic-explorer` (scope
 * topicExplorer). Both bodies are the report filter (the widgets' filter model, compiled by the one filter compiler
 * on the analytics replica), an optional ReportId (its scoped-data setting applies, as for a widget), the topic model
 * and the screen's own options. Both need the tenant's AI module (403, code 2507, like the text-analytics widgets).
 */

/** Result codes (spec §4 text-analytics result codes): 0 figures, 1 no data, 2 insufficient data. */
export const TopicInsightStatus = { Ok: 0, NoData: 1, InsufficientData: 2 } as const;
type TopicInsightStatusCode = (typeof TopicInsightStatus)[keyof typeof TopicInsightStatus];

/** Fewer open-ended comments than this in the selection make the explorer's figures "insufficient data" (§8). */
export const TOPIC_INSIGHT_MIN_COMMENTS = 50;

/** The sentiment choices of topic discovery and their codes (4 positive, 2 neutral, 0 negative, -1 unclassified). */
export const TOPIC_SENTIMENT_CODES = { positive: 4, neutral: 2, negative: 0, uncategorized: -1 } as const;
export const TOPIC_SENTIMENTS = ['all', 'positive', 'neutral', 'negative', 'uncategorized'] as const;
export type TopicSentiment = (typeof TOPIC_SENTIMENTS)[number];

export const TOPIC_DISCOVERY_ORDERS = ['newest', 'oldest', 'highestScore', 'lowestScore'] as const;
export type TopicDiscoveryOrder = (typeof TOPIC_DISCOVERY_ORDERS)[number];

/** The largest page of the discovery list, and the default. */
const TOPIC_DISCOVERY_MAX_TOP = 50;
export const TOPIC_DISCOVERY_DEFAULT_TOP = 10;
const MAX_SKIP = 100_000;

const topicInsightBase = {
  ...reportFilterSchema.shape,
  ReportId: int32Id.nullish(),
  /** The tenant's topic model (not an emotion model); another tenant's is refused as an invalid value. */
  TopicModelId: int32Id,
};

export const topicDiscoveryRequestSchema = z.strictObject({
  ...topicInsightBase,
  /** The topic clicked in the tree: the list keeps the comments labelled with it. */
  TopicId: int32Id.nullish(),
  Sentiment: z.enum(TOPIC_SENTIMENTS).default('all'),
  Order: z.enum(TOPIC_DISCOVERY_ORDERS).default('newest'),
  Top: z.number().int().min(1).max(TOPIC_DISCOVERY_MAX_TOP).default(TOPIC_DISCOVERY_DEFAULT_TOP),
  Skip: z.number().int().min(0).max(MAX_SKIP).default(0),
});
export type TopicDiscoveryRequest = z.input<typeof topicDiscoveryRequestSchema>;

const count = z.number().int();
const statusCode = z.union([z.literal(0), z.literal(1), z.literal(2)]) as z.ZodType<TopicInsightStatusCode>;

/** A topic's mentions split by the mention's sentiment (4, 2, 0, anything else). */
const sentimentSplit = {
  Mentions: count,
  Positive: count,
  Neutral: count,
  Negative: count,
  Uncategorized: count,
};

const discoveryTopicSchema = z.object({
  Id: count,
  Name: z.string(),
  /** The main topic of a sub-topic; null for a main topic. */
  ParentId: count.nullable(),
  /** The comments of the selection (with the sentiment choice) labelled with this topic. */
  Count: count,
});

const highlightSchema = z.object({
  /** Character offsets in Text, [Start, End). */
  Start: count,
  End: count,
  TopicId: count,
});

const discoveryItemSchema = z.object({
  AnswerId: count,
  SessionId: count,
  /** The translation when there is one, else the comment as written. */
  Text: z.string(),
  TextOrig: z.string(),
  Language: z.string().nullable(),
  /** The time of the transaction (the report's default time column) at the caller's TimezoneOffset. */
  Date: z.string(),
  /** The comment's own sentiment: 4, 2, 0, -1; null when not analysed. */
  SentimentScore: z.number().int().nullable(),
  /** The session's NPS answer (0-10), null without one. */
  Score: z.number().nullable(),
  SurveyTitle: z.string(),
  Topics: z.array(z.object({ Id: count, Name: z.string(), SentimentScore: z.number().int() })),
  Highlights: z.array(highlightSchema),
});

export const topicDiscoverySchema = z.object({
  StatusCode: statusCode,
  /** The comments of the selection, before the sentiment and topic choices. */
  Total: count,
  /** The comments of the list (all pages). */
  Count: count,
  Topics: z.array(discoveryTopicSchema),
  Items: z.array(discoveryItemSchema),
});
export type TopicDiscovery = z.infer<typeof topicDiscoverySchema>;
export type TopicDiscoveryItem = z.infer<typeof discoveryItemSchema>;

export const TOPIC_EXPLORER_PERIODS = ['day', 'week', 'month', 'quarter'] as const;
export type TopicExplorerPeriod = (typeof TOPIC_EXPLORER_PERIODS)[number];

export const topicExplorerRequestSchema = z.strictObject({
  ...topicInsightBase,
  Period: z.enum(TOPIC_EXPLORER_PERIODS).default('month'),
  /** Keep main topics only. */
  OnlyMainTopics: z.boolean().default(false),
});
export type TopicExplorerRequest = z.input<typeof topicExplorerRequestSchema>;

/** NPS of the sessions that mention a topic against the rest of the selection's sessions with an NPS answer. */
const npsSplit = {
  /** NPS (−100..100) of the mentioning sessions; null without any. */
  Nps: z.number().nullable(),
  /** Mentioning sessions with an NPS answer. */
  Responses: count,
  /** NPS of the other sessions of the selection; null without any. */
  NpsRest: z.number().nullable(),
  ResponsesRest: count,
};

const explorerPointSchema = z.object({ Period: count, ...sentimentSplit, ...npsSplit });

const explorerTopicSchema = z.object({
  Id: count,
  Name: z.string(),
  ParentId: count.nullable(),
  ...sentimentSplit,
  ...npsSplit,
  /** One point per period of `Periods` (zeros where the topic is not mentioned). */
  Series: z.array(explorerPointSchema),
});

const explorerPeriodSchema = z.object({
  /** The replica's period key: yyyymmdd, ISO year*100+week, yyyymm or year*10+quarter. */
  Period: count,
  /** 2026-03-02, 2026-W10, 2026-03, 2026-Q1. */
  Label: z.string(),
  /** The period's first and last day (yyyy-mm-dd), for a drill-down's TimeRange. */
  From: z.string(),
  To: z.string(),
  /** The selection's comments in the period. */
  Comments: count,
  /** The selection's sessions with an NPS answer in the period, and their NPS. */
  Responses: count,
  Nps: z.number().nullable(),
});

export const topicExplorerSchema = z.object({
  StatusCode: statusCode,
  /** The selection's comments, and those the model labelled. */
  Comments: count,
  LabelledComments: count,
  Responses: count,
  Nps: z.number().nullable(),
  Periods: z.array(explorerPeriodSchema),
  Topics: z.array(explorerTopicSchema),
});
export type TopicExplorer = z.infer<typeof topicExplorerSchema>;
