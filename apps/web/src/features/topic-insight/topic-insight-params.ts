import {
  TOPIC_DISCOVERY_ORDERS,
  TOPIC_SENTIMENTS,
  type ReportFilter,
  type TopicDiscoveryItem,
  type TopicDiscoveryOrder,
  type TopicSentiment,
} from '@loupe/contracts';
import dayjs from 'dayjs';

/*
 * The topic screens' state in the address (docs/topic-insight.md "Screens"): `topicModelId` (what the
 * text-analytics widgets' "go to topic discovery" button sends), and the screens' own `topicId`, `sentiment`,
 * `order`, `from` and `to` (yyyy-mm-dd), so a drill-down from the explorer and a reload keep the view. Pure, so
 * the rules are unit-tested.
 */

export type DiscoveryParams = {
  topicModelId: number | null;
  topicId: number | null;
  sentiment: TopicSentiment;
  order: TopicDiscoveryOrder;
  range: [string, string];
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const positiveId = (value: string | null): number | null => {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
};

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.find((candidate) => candidate === value) ?? fallback;

/** The default period: the twelve months up to today. */
function defaultRange(today = dayjs()): [string, string] {
  return [today.subtract(1, 'year').add(1, 'day').format('YYYY-MM-DD'), today.format('YYYY-MM-DD')];
}

/** A valid `from`/`to` pair (from not after to), else the default. */
function rangeOf(params: URLSearchParams): [string, string] {
  const from = params.get('from');
  const to = params.get('to');
  if (
    from &&
    to &&
    DAY.test(from) &&
    DAY.test(to) &&
    dayjs(from).isValid() &&
    dayjs(to).isValid() &&
    from <= to
  )
    return [from, to];
  return defaultRange();
}

/** Reads the address; anything unknown or malformed falls back to the default. */
export function readDiscoveryParams(params: URLSearchParams): DiscoveryParams {
  return {
    topicModelId: positiveId(params.get('topicModelId')),
    topicId: positiveId(params.get('topicId')),
    sentiment: oneOf(TOPIC_SENTIMENTS, params.get('sentiment'), 'all'),
    order: oneOf(TOPIC_DISCOVERY_ORDERS, params.get('order'), 'newest'),
    range: rangeOf(params),
  };
}

/** The explorer's address state: the model and the period. */
export function readExplorerParams(params: URLSearchParams): {
  topicModelId: number | null;
  range: [string, string];
} {
  return { topicModelId: positiveId(params.get('topicModelId')), range: rangeOf(params) };
}

/** The address of topic discovery for these choices (defaults left out). */
export function discoveryPath(params: Partial<DiscoveryParams>): string {
  const query = new URLSearchParams();
  if (params.topicModelId) query.set('topicModelId', String(params.topicModelId));
  if (params.topicId) query.set('topicId', String(params.topicId));
  if (params.sentiment && params.sentiment !== 'all') query.set('sentiment', params.sentiment);
  if (params.order && params.order !== 'newest') query.set('order', params.order);
  if (params.range) {
    query.set('from', params.range[0]);
    query.set('to', params.range[1]);
  }
  const text = query.toString();
  return text ? `/topic-discovery?${text}` : '/topic-discovery';
}

/** The report filter a drill-down carries in the router state (the panel's choices), if it is one. */
export function filterOfState(state: unknown): ReportFilter {
  if (typeof state !== 'object' || state === null || !('filter' in state)) return {};
  const filter = state.filter;
  return typeof filter === 'object' && filter !== null && !Array.isArray(filter) ? filter : {};
}

export type TextPart = { text: string; topicId: number | null };

/** A comment's text cut at its highlights (sorted, non-overlapping spans; anything else is dropped). */
export function highlightParts(item: Pick<TopicDiscoveryItem, 'Text' | 'Highlights'>): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const span of [...item.Highlights].sort((a, b) => a.Start - b.Start)) {
    if (span.Start < at || span.End <= span.Start || span.End > item.Text.length) continue;
    if (span.Start > at) parts.push({ text: item.Text.slice(at, span.Start), topicId: null });
    parts.push({ text: item.Text.slice(span.Start, span.End), topicId: span.TopicId });
    at = span.End;
  }
  if (at < item.Text.length) parts.push({ text: item.Text.slice(at), topicId: null });
  return parts;
}

/** An NPS for display in the language: one decimal, or a dash. */
export function npsText(value: number | null, language: string): string {
  return value === null
    ? '–'
    : new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

/**
 * The explorer's rows in tree order: each main topic (in the answer's order, most mentioned first) followed by its
 * sub-topics (in the same order); a sub-topic whose main topic has no mention stands on its own.
 */
export function inTreeOrder<T extends { Id: number; ParentId: number | null }>(topics: readonly T[]): T[] {
  const ids = new Set(topics.map((topic) => topic.Id));
  const roots = topics.filter((topic) => topic.ParentId === null || !ids.has(topic.ParentId));
  return roots.flatMap((root) => [root, ...topics.filter((topic) => topic.ParentId === root.Id)]);
}
