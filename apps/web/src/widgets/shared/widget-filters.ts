import {
  filterKeysWhere,
  filterSummaryLimit,
  filterValues,
  normaliseFilter,
  type FilterFieldKey,
  type FlagFilterKey,
  type ReportFilter,
  type WidgetDataFilters,
} from '@loupe/contracts';
import {
  filterChips,
  summariseChip,
  type ChipSummary,
  type ChipValue,
} from '@/components/report-filter/chip-summary';
import type { FilterKey } from '@/components/report-filter';

/*
 * The applied-filters chip of a widget card (reports spec §2 "widget card"): which filters select this widget's
 * rows, its own dataFilters first, then the report's run-time filters (the panel's and the report's fixed ones),
 * since the server applies both (a widget's filter narrows the report's). The chip counts them, names them in a
 * summary cut at 40 characters on a width-2 card and 55 otherwise, and lists every value in its tooltip.
 */

/** The registry's flags (OnlyFinishedSessions): named without values, once whether the widget or the report sets it. */
const FLAG_KEYS = filterKeysWhere<FlagFilterKey>((field) => field.kind === 'flag');

/** A filter that applies to the widget. `key` names it (its label); values are labelled by the filter lookups. */
export type AppliedFilter = {
  key: FilterKey | FlagFilterKey;
  origin: 'widget' | 'report';
  values: ChipValue[];
};

/**
 * The widget's own dataFilters that select rows: the registry's `widget` scope but TimeColumn (the filter
 * compiler's set filters); the others (NpsQuestionId, CategoryType, levels, …) shape the widget's query and are
 * not filters of its rows. A property with `chipAs` (ExperienceId) is listed under that one (ExperienceIds).
 */
const WIDGET_FILTER_KEYS = filterKeysWhere<FilterKey>(
  (field) =>
    field.scopes.includes('widget') &&
    field.match !== 'none' &&
    field.kind !== 'flag' &&
    field.chipAs === undefined,
);

/** The values of a widget's property and of those shown under its chip, without repeats. */
function ownValues(own: Record<string, unknown>, key: FilterFieldKey): ChipValue[] {
  const merged = filterKeysWhere((field) => field.chipAs === key);
  const values = [...merged, key].flatMap((name) => filterValues(name, own[name]));
  return merged.length === 0 ? values : [...new Set(values)];
}

/** The filters applying to a widget: its dataFilters' row filters, then the report filter's, empty ones dropped. */
export function appliedFilters(dataFilters: WidgetDataFilters, report: ReportFilter): AppliedFilter[] {
  const own = normaliseFilter<WidgetDataFilters>(dataFilters) as Record<string, unknown>;
  const widget: AppliedFilter[] = WIDGET_FILTER_KEYS.map((key) => ({
    key,
    origin: 'widget' as const,
    values: ownValues(own, key),
  })).filter((filter) => filter.values.length > 0);
  for (const key of FLAG_KEYS) if (own[key]) widget.push({ key, origin: 'widget', values: [] });

  const normalised = normaliseFilter<ReportFilter>(report);
  const fromReport: AppliedFilter[] = filterChips(normalised).map((chip) => ({
    key: chip.key,
    origin: 'report',
    values: chip.values,
  }));
  for (const key of FLAG_KEYS) {
    if (normalised[key] && !own[key]) fromReport.push({ key, origin: 'report', values: [] });
  }
  return [...widget, ...fromReport];
}

/**
 * The chip's text: the filters' names, the first two and "N more", cut at the card width's limit; its count is
 * the number of filters and `all` names every one.
 */
export function appliedFiltersSummary({
  names,
  width,
  more,
  separator,
}: {
  names: readonly string[];
  /** The card's width in units (2..6). */
  width: number;
  more: (count: number) => string;
  separator: string;
}): ChipSummary {
  return summariseChip({ labels: names, more, maxLength: filterSummaryLimit(width), separator });
}
