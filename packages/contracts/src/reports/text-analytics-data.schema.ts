import { z } from 'zod';

/*
 * Text-analytics widget data (reports spec §3 "widget data shapes", §4 status codes and sentiment slices, §9; issue
 * 8). Posted like every widget (widgetDataRequestSchema); numbers are unrounded, the web formats them.
 */

const count = z.number().int();
const figure = z.number().nullable();

/** Reports spec §4: a bubble slice's sentiment filter (Unclassified is sentimentScore:[* TO -1]). */
export const SENTIMENT_SLICES = { Positive: 4, Neutral: 2, Negative: 0, Unclassified: -1 } as const;
export type SentimentSlice = keyof typeof SENTIMENT_SLICES;

/** Sentiment chips on comments (reports spec §2): 4 positive, 2 neutral, otherwise negative. */
export function sentimentChip(score: number | null): 'positive' | 'neutral' | 'negative' {
  if (score === 4) return 'positive';
  if (score === 2) return 'neutral';
  return 'negative';
}

/** TextAnalyticsBubbleChart2: one node per topic of the chosen model (Category = topic id as text). */
export const bubbleDataSchema = z.object({
  CategorySummaryDataResults: z.array(
    z.object({
      Category: z.string(),
      CategoryLabel: z.string(),
      /** The topic's id, for the drill-down filter (UserDimensionFilters2). */
      TopicId: z.number().int(),
      Positive: count,
      Neutral: count,
      Negative: count,
      Unclassified: count,
      /** Share (0-100) of the selection's analysed comments that mention the topic. */
      Percent: figure,
      TotalCount: count,
    }),
  ),
});
export type BubbleData = z.infer<typeof bubbleDataSchema>;

/** Bubble node size bands (reports spec §9): fewer than 10, fewer than 15, or more categories. */
export function bubbleSizeRange(categories: number): [min: number, max: number] {
  if (categories < 10) return [40, 120];
  if (categories < 15) return [30, 90];
  return [20, 64];
}

/** Impact chart status codes (reports spec §4): 0 ok, 1 no data, 2 insufficient data. */
export const ImpactStatus = { Ok: 0, NoData: 1, InsufficientData: 2 } as const;
/** Top-phrase status codes: 0 ok, 1 language not supported, 2 language model not available, 3 no data. */
export const TopPhraseStatus = { Ok: 0, LanguageNotSupported: 1, ModelNotAvailable: 2, NoData: 3 } as const;

/** Impact butterfly rows (text-analytics topics, or closed-ended question choices); see docs/metrics.md. */
export const impactRowSchema = z.object({
  Category: z.string(),
  /** Category cut to IMPACT_LABEL_MAX characters. */
  ShortCategory: z.string(),
  Impact: figure,
  Value: figure,
  PositiveImpact: figure,
  NegativeImpact: figure,
  TotalImpact: figure,
  ImpactNps: figure,
  Responses: count,
  SentimentScore: figure,
  StatusCode: z.number().int(),
});
export type ImpactRow = z.infer<typeof impactRowSchema>;

/** Top phrase rows (ExperiencePerformanceChart). */
export const topPhraseRowSchema = z.object({
  Category: z.string(),
  Value: count,
  Responses: count,
  StatusCode: z.number().int(),
});
export type TopPhraseRow = z.infer<typeof topPhraseRowSchema>;

/** CommentsHighlightChart: a page of comments (10 per page by default). */
export const commentsDataSchema = z.object({
  Count: count,
  Items: z.array(
    z.object({
      Text: z.string(),
      TextOrig: z.string(),
      Language: z.string().nullable(),
      LanguageOrig: z.string().nullable(),
      Topics: z.array(z.object({ Id: z.number().int(), Name: z.string(), SentimentScore: z.number().int() })),
      Emotions: z.array(z.object({ Id: z.number().int(), Name: z.string() })),
      SentimentScore: z.number().int().nullable(),
      CreatedDate: z.string(),
      InviteeId: z.number().int(),
      Source: z.string().nullable(),
      SurveyTitle: z.string(),
    }),
  ),
});
export type CommentsData = z.infer<typeof commentsDataSchema>;

/** EmotionCurveChart rows: an emotion's value at each journey stage. */
export const emotionCurveRowSchema = z.object({
  Category: z.string(),
  Stage: z.string(),
  StageId: z.number().int(),
  Value: figure,
});
export type EmotionCurveRow = z.infer<typeof emotionCurveRowSchema>;

/** SentimentBranchPerformanceChart rows. */
export const sentimentBranchRowSchema = z.object({
  Category: z.string(),
  CategoryId: z.number().int(),
  Value: figure,
  Positive: count,
  Neutral: count,
  Negative: count,
  Location: z.string().nullable(),
});
export type SentimentBranchRow = z.infer<typeof sentimentBranchRowSchema>;
