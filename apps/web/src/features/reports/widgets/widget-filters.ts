import {
  filterSummaryLimit,
  normaliseFilter,
  type ReportFilter,
  type WidgetDataFilters,
} from '@loupe/contracts';
import {
  chipValues,
  filterChips,
  summariseChip,
  type ChipSummary,
  type ChipValue,
} from '../../../components/report-filter/chip-summary';
import type { FilterKey } from '../../../components/report-filter';

/*
 * The applied-filters chip of a widget card (reports spec §2 "widget card"): which filters select this widget's
 * rows, its own dataFilters first, then the report's run-time filters (the panel's and the report's fixed ones),
 * since the server applies both (a widget's filter narrows the report's). The chip counts them, names them in a
 * summary cut at 40 characters on a width-2 card and 55 otherwise, and lists every value in its tooltip.
 */

/** A filter that applies to the widget. `key` names it (its label); values are labelled by the filter lookups. */
export type AppliedFilter = {
  key: FilterKey | 'OnlyFinishedSessions';
  origin: 'widget' | 'report';
  values: ChipValue[];
};

/**
 * The widget's own dataFilters that select rows (the filter compiler's set filters); the others (TimeColumn,
 * NpsQuestionId, CategoryType, levels, …) shape the widget's query and are not filters of its rows. ExperienceId
 * is listed under ExperienceIds, the name the panel gives experiences.
 */
const WIDGET_FILTER_KEYS = [
  'SurveyId',
  'QuestionId',
  'ExperienceIds',
  'TransactionTypeId',
  'ChannelSet',
  'ProductSet',
  'ChannelLocationSet',
  'InviteeLocationSet',
  'Segments',
  'RespondentType',
  'SessionStatus',
] as const satisfies readonly FilterKey[];

function experienceIds(filters: WidgetDataFilters): number[] {
  const single = filters.ExperienceId;
  const listed =
    single === null || single === undefined ? [] : typeof single === 'number' ? [single] : single;
  return [...new Set([...listed, ...(filters.ExperienceIds ?? [])])];
}

/** The filters applying to a widget: its dataFilters' row filters, then the report filter's, empty ones dropped. */
export function appliedFilters(dataFilters: WidgetDataFilters, report: ReportFilter): AppliedFilter[] {
  const own = normaliseFilter<WidgetDataFilters>(dataFilters);
  const ownAsReport: ReportFilter = { ...own, ExperienceIds: experienceIds(own) };
  const widget: AppliedFilter[] = WIDGET_FILTER_KEYS.map((key) => ({
    key,
    origin: 'widget' as const,
    values: chipValues(ownAsReport, key),
  })).filter((filter) => filter.values.length > 0);
  if (own.OnlyFinishedSessions) widget.push({ key: 'OnlyFinishedSessions', origin: 'widget', values: [] });

  const normalised = normaliseFilter<ReportFilter>(report);
  const fromReport: AppliedFilter[] = filterChips(normalised).map((chip) => ({
    key: chip.key,
    origin: 'report',
    values: chip.values,
  }));
  if (normalised.OnlyFinishedSessions && !own.OnlyFinishedSessions) {
    fromReport.push({ key: 'OnlyFinishedSessions', origin: 'report', values: [] });
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
