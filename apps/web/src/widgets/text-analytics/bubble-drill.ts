import {
  SENTIMENT_SLICES,
  type ReportFilter,
  type SentimentSlice,
  type WidgetDataFilters,
} from '@loupe/contracts';
import type { DrillCrumb } from '@/widgets/shared/drill-crumbs';
import type { BubbleRow } from './bubble-layout';

/*
 * The topics bubble chart's drill-down as data (reports spec §4; docs/widgets-text-analytics.md "Drill-down").
 * The chart starts at its All crumb; a click on a topic adds ONE crumb for it (the chart drills once only), which
 * filters the widgets listing the chart in Config.masterWidgets by that topic (UserDimensionFilters2) and,
 * when a sentiment slice is chosen, by that sentiment too (SentimentFilter: Positive 4, Neutral 2, Negative 0,
 * Unclassified -1, i.e. "[* TO -1]"). The crumb is a `leaf` (drill-crumbs.ts): the chart itself keeps showing
 * every topic, the chosen one marked, and a click on another topic or slice replaces the crumb rather than
 * adding one. Drilling up to All drops it.
 */

/** The drill of a bubble chart: the topic drilled into and the slice chosen, if any. */
export type BubbleDrill = { topicId: number; slice: SentimentSlice | null };

/** The widget's topic model (dataFilters.TopicModelId, else the first of TopicModelIds); null without one. */
export function topicModelOf(dataFilters: WidgetDataFilters): number | null {
  const filters = dataFilters as Record<string, unknown>;
  const many = filters.TopicModelIds;
  return idOf(filters.TopicModelId) ?? (Array.isArray(many) ? idOf(many[0]) : null);
}

/** A positive whole id; a picker may have stored it as text. */
function idOf(value: unknown): number | null {
  const id = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

/** The filter a drill into `row` (and a slice) gives the slave widgets. */
export function bubbleDrillFilter({
  topicId,
  topicModelId,
  slice,
}: {
  topicId: number;
  topicModelId: number | null;
  slice: SentimentSlice | null;
}): Partial<ReportFilter> {
  const topics =
    topicModelId === null ? { TopicIds: [topicId] } : { TopicModelId: topicModelId, TopicIds: [topicId] };
  return slice === null
    ? { UserDimensionFilters2: [topics] }
    : { UserDimensionFilters2: [topics], SentimentFilter: [SENTIMENT_SLICES[slice]] };
}

/** The crumb a click on a topic (or on one of its slices) adds; labelled with the topic's name. */
export function bubbleCrumb({
  row,
  topicModelId,
  slice = null,
}: {
  row: Pick<BubbleRow, 'TopicId' | 'CategoryLabel' | 'Category'>;
  topicModelId: number | null;
  slice?: SentimentSlice | null;
}): DrillCrumb {
  return {
    id: row.TopicId,
    label: row.CategoryLabel || row.Category,
    filter: bubbleDrillFilter({ topicId: row.TopicId, topicModelId, slice }),
    leaf: true,
  };
}

/** The slice a crumb's filter chose: its single SentimentFilter value; null for none (or anything else). */
export function sliceOf(filter: Partial<ReportFilter>): SentimentSlice | null {
  const scores = filter.SentimentFilter;
  if (!scores || scores.length !== 1) return null;
  const [score] = scores;
  return (
    (Object.keys(SENTIMENT_SLICES) as SentimentSlice[]).find((slice) => SENTIMENT_SLICES[slice] === score) ??
    null
  );
}

/** Where the chart is: the topic and slice of its last crumb, or null at All (the root crumb has id null). */
export function bubbleDrillOf(crumbs: readonly DrillCrumb[]): BubbleDrill | null {
  const last = crumbs.at(-1);
  if (!last || last.id === null) return null;
  return { topicId: last.id, slice: sliceOf(last.filter) };
}
