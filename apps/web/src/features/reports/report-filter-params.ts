import {
  clampRange,
  defaultRange,
  FILTER_FIELDS,
  FILTER_FIELD_KEYS,
  isDatePreset,
  normaliseFilter,
  presetRange,
  reportFilterSchema,
  type DayRange,
  type LookupTreeNode,
  type ReportFilter,
} from '@loupe/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/*
 * The report page's run-time filter lives in the address, so a reload, the back button and a shared link keep
 * it: `?period=last7Days` (a preset, worked out again on every visit) or `?from=2026-10-01&to=2026-10-31` (fixed
 * days), and `filter=` the filter panel's properties as JSON. Without `filter` the report's own starting filter
 * applies (its config filters, and for a scoped report the user's first channel and product).
 */

const DAY_FORMAT = 'YYYY-MM-DD';
const FILTER_PARAM = 'filter';

/** What the filter panel and chips hold: the report filter without its time range. */
export type PanelFilter = Omit<ReportFilter, 'TimeRange' | 'TimePeriod'>;

const panelFilterSchema = reportFilterSchema.omit({ TimeRange: true, TimePeriod: true });

export type ReportTime = { range: DayRange; period: string | undefined };

function parseDay(value: string | null): Dayjs | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const day = dayjs(value);
  return day.isValid() && day.format(DAY_FORMAT) === value ? day : undefined;
}

/**
 * The address's time range: a preset's days as of `now` (an unknown preset name reads as the last 30 days), or
 * valid fixed days, or 1 January to today; always inside what the licence retention allows.
 */
export function timeFromParams(params: URLSearchParams, now: Dayjs, retentionMonths: number): ReportTime {
  const period = params.get('period');
  if (period !== null) {
    const name = isDatePreset(period) ? period : 'last30Days';
    return { range: clampRange(presetRange(name, now), now, retentionMonths), period: name };
  }
  const from = parseDay(params.get('from'));
  const to = parseDay(params.get('to'));
  if (from && to && !from.isAfter(to, 'day')) {
    return { range: clampRange([from, to], now, retentionMonths), period: undefined };
  }
  return { range: clampRange(defaultRange(now), now, retentionMonths), period: 'thisYear' };
}

/** The panel filter in the address, or `fallback` when there is none or it does not read as a filter. */
export function panelFilterFromParams(params: URLSearchParams, fallback: PanelFilter): PanelFilter {
  const text = params.get(FILTER_PARAM);
  if (text === null) return fallback;
  try {
    const parsed = panelFilterSchema.safeParse(JSON.parse(text));
    return parsed.success ? normaliseFilter(parsed.data) : fallback;
  } catch {
    return fallback;
  }
}

/** The address for a time range: the preset's name when it came from one, else its two days. */
export function withTimeParams(
  params: URLSearchParams,
  { range: [from, to], period }: ReportTime,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of ['period', 'from', 'to']) next.delete(name);
  if (period !== undefined) next.set('period', period);
  else {
    next.set('from', from.format(DAY_FORMAT));
    next.set('to', to.format(DAY_FORMAT));
  }
  return next;
}

/** The address for a panel filter (an empty filter is written too: it stands for "cleared", not "default"). */
export function withPanelFilterParam(params: URLSearchParams, filter: PanelFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(FILTER_PARAM, JSON.stringify(normaliseFilter(filter)));
  return next;
}

/** The whole run-time filter the widgets get: TimeRange as calendar days, TimePeriod, the panel's properties. */
export function reportFilterOf(time: ReportTime, panel: PanelFilter): ReportFilter {
  const [from, to] = time.range;
  return normaliseFilter({
    ...panel,
    TimeRange: [from.format(DAY_FORMAT), to.format(DAY_FORMAT)],
    TimePeriod: time.period,
  });
}

/** The signed-in user's preset restrictions (bootstrap User). */
export type UserRestrictions = { TransactionChannels: number[]; Products: number[]; Employees: number[] };

/**
 * The filter a report opens with (reports spec §6): its config's own filters, and for a scoped report the
 * user's first transaction channel and first product in place of the config's channel and product.
 */
export function startingFilter(config: Record<string, unknown>, user: UserRestrictions): PanelFilter {
  const own = panelFilterSchema.partial().safeParse(config.filters ?? {});
  const filter: PanelFilter = own.success ? { ...own.data } : {};
  if (config.scopedData === true) {
    const [channel] = user.TransactionChannels;
    const [product] = user.Products;
    if (channel !== undefined) filter.ChannelSet = { Ids: [channel] };
    if (product !== undefined) filter.ProductSet = { Ids: [product] };
  }
  return normaliseFilter(filter);
}

/** The restrictions the filter panel and chips keep (not removable, kept on Clear): only on a scoped report. */
export function scopedRestrictions(
  config: Record<string, unknown>,
  user: UserRestrictions,
): { channelIds: number[]; productIds: number[]; employeeIds: number[] } {
  const scoped = config.scopedData === true;
  return {
    channelIds: scoped ? user.TransactionChannels : [],
    productIds: scoped ? user.Products : [],
    employeeIds: config.scopedDataForEmployee === true ? user.Employees : [],
  };
}

/** The filters the user's restrictions bound (channels, products), with the restriction and tree of each. */
const RESTRICTED_KEYS = [
  { key: 'ChannelSet', restriction: 'TransactionChannels', tree: 'channels' },
  { key: 'ProductSet', restriction: 'Products', tree: 'products' },
] as const;

export type RestrictedKey = (typeof RESTRICTED_KEYS)[number]['key'];

/** The ids of the allowed nodes and every node below them, in a tree. */
function nodesWithin(nodes: readonly LookupTreeNode[], allowedIds: readonly number[]): Set<number> {
  const allowed = new Set(allowedIds);
  const within = new Set<number>();
  const walk = (level: readonly LookupTreeNode[], inside: boolean) => {
    for (const node of level) {
      const here = inside || allowed.has(node.Id);
      if (here) within.add(node.Id);
      walk(node.Children, here);
    }
  };
  walk(nodes, false);
  return within;
}

/**
 * A panel filter (from a shared link) made to fit the user's scoped data (reports spec §6; docs/report-page.md
 * "Shared links and scoped data"): channel and product values outside the user's restriction (not at or below
 * one of the user's nodes in `trees`, the lookups' answers) are dropped and listed in `dropped` for a notice —
 * the server intersects them with the restriction, so they would only empty every widget. When none of a
 * restricted filter's values is left, the report's starting value stays (on a scoped report the user's first
 * channel or product: the restriction's own chip). A user without restrictions gets the filter as it is.
 */
export function reconcileLinkFilter({
  filter,
  config,
  user,
  trees,
}: {
  filter: PanelFilter;
  config: Record<string, unknown>;
  user: UserRestrictions;
  /** The user's trees; one not known (its lookup failed) checks nothing. */
  trees: Partial<Record<'channels' | 'products', readonly LookupTreeNode[]>>;
}): { filter: PanelFilter; dropped: { key: RestrictedKey; ids: number[] }[] } {
  const starting = startingFilter(config, user);
  const next: PanelFilter = { ...filter };
  const dropped: { key: RestrictedKey; ids: number[] }[] = [];
  for (const { key, restriction, tree } of RESTRICTED_KEYS) {
    const allowedIds = user[restriction];
    const nodes = trees[tree];
    if (allowedIds.length === 0 || nodes === undefined) continue;
    const within = nodesWithin(nodes, allowedIds);
    const ids = filter[key]?.Ids ?? [];
    const kept = ids.filter((id) => within.has(id));
    const out = ids.filter((id) => !within.has(id));
    if (out.length > 0) dropped.push({ key, ids: out });
    if (kept.length > 0) next[key] = { ...filter[key], Ids: kept };
    else if (starting[key] !== undefined) next[key] = starting[key];
    else delete next[key];
  }
  return { filter: normaliseFilter(next), dropped };
}

/**
 * The filter keys a report's config hides from its panel (reports spec §2 "some report types hide filters
 * through the report config"): those listed in `hiddenFilters`; with `hasAdvancedFilter` on and a choice in
 * `advancedFilters`, the advanced filters not chosen (no choice offers them all); and the topic filter (UserDimensionFilters2) unless
 * `textAnalyticsFilter2Visible` is on. Other text-analytics filters follow the AI module alone.
 */
export function hiddenFilterKeys(config: Record<string, unknown>): string[] {
  const hidden = new Set<string>(
    Array.isArray(config.hiddenFilters)
      ? config.hiddenFilters.filter((key): key is string => typeof key === 'string')
      : [],
  );
  const chosen: unknown[] = Array.isArray(config.advancedFilters) ? config.advancedFilters : [];
  if (config.hasAdvancedFilter === true && chosen.length > 0) {
    // Each advanced filter name offers the registry rows that name it (survey: SurveyId and DataSourceSurveyIds).
    for (const key of FILTER_FIELD_KEYS) {
      const { advanced } = FILTER_FIELDS[key];
      if (advanced !== undefined && !chosen.includes(advanced)) hidden.add(key);
    }
  }
  if (config.textAnalyticsFilter2Visible !== true) hidden.add('UserDimensionFilters2');
  return [...hidden];
}
