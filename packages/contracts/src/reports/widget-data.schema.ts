import { z } from 'zod';
import { int32Id } from '../input-bounds.js';
import { reportFilterSchema, widgetDataFiltersSchema } from './report-filter.schema.js';

/*
 * Widget data (reports spec §3 "widget data shapes", §7 "POST {widget data endpoint}", §9 constants). The client
 * POSTs the processed report filter to `/api/` + Config.dataEndpoint.slice(4); the answer is one of the shapes
 * below. Numbers are unrounded (the web formats n0 counts and n1 scores); a figure with no answers is null.
 */

/**
 * The body of every widget data call: the report's run-time filter (TimeRange, TimePeriod, the panel's filters,
 * plus a master widget's drill-down ChannelSet), the widget's dataFilters (which narrow the report's), and the
 * report's id, so that a scoped report is pre-filtered by the caller's first channel and product. Strict: a key
 * that is none of these (a dataFilters key such as ChannelColumnLevel put at the top) is refused (400, 3333), not
 * dropped; the widget's own query keys belong in DataFilters, which keeps them.
 */
export const widgetDataRequestSchema = z.strictObject({
  ...reportFilterSchema.shape,
  ReportId: int32Id.nullish(),
  DataFilters: widgetDataFiltersSchema.nullish(),
});
export type WidgetDataRequest = z.infer<typeof widgetDataRequestSchema>;

const figure = z.number().nullable();
const count = z.number().int();

/**
 * With dataFilters.ShowConfidence only (docs/metrics.md "Confidence intervals and small samples"): the figure's
 * 95 % interval (null below 2 answers), whether it rests on fewer answers than the minimum, and that minimum
 * (the widget's MinimumResponseCount, else the tenant's Analytics MinimumSampleSize, else 30). Absent otherwise.
 */
const confidenceFields = {
  Ci: z.object({ Low: z.number(), High: z.number() }).nullable().optional(),
  SmallSample: z.boolean().optional(),
  MinimumSampleSize: count.optional(),
};

/** Card and RankingCard (ranking/total). */
export const cardDataSchema = z.object({
  Value: figure,
  /** The previous period's value, the origin of the deviation. */
  ValueOrigin: figure,
  Responses: count,
  /** The previous period's responses (null without Deviate), for a card that shows Responses. */
  ResponsesOrigin: count.nullable(),
  Deviation: figure,
  /**
   * RankingCard: the place of RankedChannel among the channels of its level with answers, by the card's value
   * (1 = best): the caller's own channel, or without one the best channel of the caller's selection.
   */
  Ranking: z.number().int().nullable(),
  TotalCount: z.number().int().nullable(),
  /** The name of the channel Ranking places (null when nothing is ranked). */
  RankedChannel: z.string().nullable(),
  ...confidenceFields,
});
export type CardData = z.infer<typeof cardDataSchema>;

/** GaugeChart: an average score on the question's scale (or a weighted experience index). */
export const gaugeDataSchema = z.object({
  Value: figure,
  Responses: count,
  /** Value minus the previous period's value. */
  Deviation: figure,
  /** The previous period's value. */
  DeviationValue: figure,
  ...confidenceFields,
});
export type GaugeData = z.infer<typeof gaugeDataSchema>;

/** NpsGaugeChart: this period and, when Deviate is on, the previous period of equal length. */
export const npsGaugeDataSchema = z.object({
  Value: figure,
  Promoters: count,
  Neutrals: count,
  Detractors: count,
  Responses: count,
  DeviationValue: figure,
  DeviationPromoters: count.nullable(),
  DeviationNeutrals: count.nullable(),
  DeviationDetractors: count.nullable(),
  DeviationResponses: count.nullable(),
  ...confidenceFields,
});
export type NpsGaugeData = z.infer<typeof npsGaugeDataSchema>;

/** SegmentedGaugeChart: NPS per segment of one segment group. */
export const segmentedGaugeDataSchema = z.object({
  SegmentData: z.array(
    z.object({
      /** The segment's id (its lineage: the analyzer's `Widget.Group { SegmentId }`). */
      SegmentId: z.number().int(),
      SegmentName: z.string(),
      SegmentValue: figure,
      SegmentResponseCount: count,
    }),
  ),
});
export type SegmentedGaugeData = z.infer<typeof segmentedGaugeDataSchema>;

/** TrendChart and MultiSeriesChart rows, oldest first; Category is the bucket ('2024-03-05', '2024-W09', '2024-03', '2024-Q1'). */
export const trendRowSchema = z.object({
  Category: z.string(),
  SubCategory: z.string().nullable(),
  Value: figure,
  Responses: count,
  Rate: figure,
  ValuePercent: figure,
  Color: z.string().nullable(),
});
export type TrendRow = z.infer<typeof trendRowSchema>;

/** NpsPerformanceChart and ChannelPerformanceChart rows. CategoryId and Level let a channel bar drill down. */
export const performanceRowSchema = z.object({
  Category: z.string(),
  CategoryId: z.number().int().nullable(),
  Level: z.number().int().nullable(),
  Value: figure,
  Promoters: count,
  Neutrals: count,
  Detractors: count,
  Responses: count,
  FillColor: z.string(),
  TotalNps: figure,
  Location: z.string().nullable(),
  ...confidenceFields,
});
export type PerformanceRow = z.infer<typeof performanceRowSchema>;

/** NpsMap rows: one per region of the map that has answers; MapCode names the region in the geometry (TR-34). */
export const mapRowSchema = z.object({
  LocationId: z.number().int(),
  Location: z.string(),
  MapCode: z.string().nullable(),
  Value: figure,
  Responses: count,
  Promoters: count,
  Neutrals: count,
  Detractors: count,
  Color: z.string(),
});
export type MapRow = z.infer<typeof mapRowSchema>;

/** DaysOfWeekBubbleChart rows: WeekOfDay 1 (Monday) to 7, PartOfDay one of PARTS_OF_DAY. */
export const daysOfWeekRowSchema = z.object({
  WeekOfDay: z.number().int().min(1).max(7),
  PartOfDay: z.string(),
  Value: figure,
  Responses: count,
});
export type DaysOfWeekRow = z.infer<typeof daysOfWeekRowSchema>;

/** Table widgets answer a grid page: `{ Items, Count }` (paged with $top/$skip, sorted with $orderby). */
export const widgetTablePageSchema = z.object({
  Items: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
  Count: count,
  /** The table's columns in order: field name and a translation key for its header. */
  Columns: z.array(
    z.object({
      Field: z.string(),
      Title: z.string(),
      Type: z.enum(['text', 'number', 'date']),
      /** Whether `$orderby` accepts the field (default true). */
      Sortable: z.boolean().optional(),
      /** Number format (reports spec §9): n0 for counts, n1 for scores. */
      Format: z.enum(['n0', 'n1']).optional(),
    }),
  ),
});
export type WidgetTablePage = z.infer<typeof widgetTablePageSchema>;

// ——— Reports spec §9 constants ———

/** Promoters score 9-10, neutrals 7-8, detractors 0-6. */
export const PROMOTER_MIN_SCORE = 9;
export const NEUTRAL_MIN_SCORE = 7;

/** NPS = 100 × (promoters − detractors) / responses; null without responses. */
export function npsOf(promoters: number, detractors: number, responses: number): number | null {
  return responses > 0 ? (100 * (promoters - detractors)) / responses : null;
}

export type Band = { from: number; to: number; color: string };

export const BAND_COLORS = { red: '#e5484d', yellow: '#f5a524', green: '#30a46c' } as const;

/** NPS gauge: range -100 to 100; red -100..0, yellow 0..30, green 30..100. */
export const NPS_GAUGE_BANDS: readonly Band[] = [
  { from: -100, to: 0, color: BAND_COLORS.red },
  { from: 0, to: 30, color: BAND_COLORS.yellow },
  { from: 30, to: 100, color: BAND_COLORS.green },
];

/** Score gauges: red 0-6, yellow 6-8, green 8-10 on scale 11; 1-3, 3-4, 4-5 on scale 5. */
export function scoreGaugeBands(scale: 11 | 5): readonly Band[] {
  return scale === 5
    ? [
        { from: 1, to: 3, color: BAND_COLORS.red },
        { from: 3, to: 4, color: BAND_COLORS.yellow },
        { from: 4, to: 5, color: BAND_COLORS.green },
      ]
    : [
        { from: 0, to: 6, color: BAND_COLORS.red },
        { from: 6, to: 8, color: BAND_COLORS.yellow },
        { from: 8, to: 10, color: BAND_COLORS.green },
      ];
}

/** The colour of a value within bands (a value on a boundary takes the higher band); null values none. */
export function bandColor(value: number | null, bands: readonly Band[]): string | null {
  if (value === null) return null;
  for (let index = bands.length - 1; index >= 0; index -= 1) {
    if (value >= bands[index]!.from) return bands[index]!.color;
  }
  return bands[0]?.color ?? null;
}

/**
 * The bands an NPS trend is coloured by — the API's TrendRow.Color and the web's line alike (reports spec §9 gives
 * bands for the NPS gauge and for the branch chart and emotion curve; a trend of NPS reads as the gauge over time,
 * so it takes the gauge's: below 0 red, 0 to 30 yellow, 30 and above green).
 */
export const NPS_TREND_BANDS: readonly Band[] = [...NPS_GAUGE_BANDS];

/** An NPS trend point's colour (NPS_TREND_BANDS; a value on a boundary takes the higher band); null: red. */
export function npsTrendColor(value: number | null): string {
  return bandColor(value, NPS_TREND_BANDS) ?? BAND_COLORS.red;
}

/** Branch chart, map and emotion curve colours: below 0 red, 0 to 40 yellow, above 40 green. */
export function npsBandColor(value: number | null): string {
  if (value === null || value < 0) return BAND_COLORS.red;
  return value > 40 ? BAND_COLORS.green : BAND_COLORS.yellow;
}

/** The chart palette of 20 colours. */
export const CHART_PALETTE = [
  '#4e79a7',
  '#f28e2b',
  '#e15759',
  '#76b7b2',
  '#59a14f',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#bab0ac',
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
] as const;

/** Trend score and response charts show the last 35 data points. */
export const TREND_MAX_POINTS = 35;
/** Parts of day, by the replica's part-of-day bucket 0..5. */
export const PARTS_OF_DAY = ['00-09', '09-12', '12-15', '15-18', '18-21', '21-00'] as const;
/** Table page sizes; 5 by default, 10 for comments. */
export const TABLE_PAGE_SIZES = [5, 10, 20, 25, 50] as const;
export const TABLE_DEFAULT_PAGE_SIZE = 5;
export const COMMENTS_DEFAULT_PAGE_SIZE = 10;
/** Bar charts: 250 px minimum, 800 px beyond 6 rows; the branch chart shows the latest 15 categories by default. */
export const CHART_MIN_HEIGHT = 250;
export const CHART_TALL_HEIGHT = 800;
export const CHART_TALL_AFTER_ROWS = 6;
export const BRANCH_CHART_DEFAULT_CATEGORIES = 15;
/** Applied-filter summary on a widget card: cut at 40 characters for width 2, 55 otherwise. */
export function filterSummaryLimit(width: number): number {
  return width <= 2 ? 40 : 55;
}
/** Impact chart category labels are cut to 20 characters. */
export const IMPACT_LABEL_MAX = 20;
/** Top-phrase charts: Limit at most 100. */
export const TOP_PHRASE_LIMIT_MAX = 100;
