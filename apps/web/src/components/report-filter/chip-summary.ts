import {
  PANEL_FILTER_KEYS,
  clearFilterKeys,
  filterDependants,
  filterValues,
  type FilterValue,
  type ReportFilter,
  type ScoreRange,
} from '@loupe/contracts';
import { isFilterSet, restrictedFilterKeys, type FilterKey, type FilterRestrictions } from './panel-filter';

/*
 * The applied-filter chips' maths (reports spec §2 "applied-filter chips"): one chip per filter that is set, its
 * values, a summary of the first two plus "N more" cut at 30 characters, and what removing it clears.
 */

/** Summaries longer than this are cut with an ellipsis (reports spec §2). */
const CHIP_SUMMARY_MAX = 30;
/** How many values a summary names before "N more". */
const CHIP_SUMMARY_VALUES = 2;

/** A single value of a filter, as the chip names it: an id, a code, a text, or the score range. */
export type ChipValue = FilterValue;

export type FilterChip = {
  key: FilterKey;
  values: ChipValue[];
  /** False for a filter the caller's restrictions fix (their channels, products). */
  removable: boolean;
};

/** The filter's values as a list: sets by their ids, topic filters by their topics (the registry's kinds). */
function chipValues(filter: ReportFilter, key: FilterKey): ChipValue[] {
  return filterValues(key, filter[key]);
}

/** The chips of a filter, in the panel's order; restricted filters are not removable. */
export function filterChips(filter: ReportFilter, restrictions?: FilterRestrictions): FilterChip[] {
  const fixed = restrictedFilterKeys(restrictions);
  return PANEL_FILTER_KEYS.filter((key) => isFilterSet(filter, key)).map((key) => ({
    key,
    values: chipValues(filter, key),
    removable: !fixed.includes(key),
  }));
}

/**
 * The filter after a chip is removed: its key and the keys depending on it are cleared (ScoreRange with its
 * bounds: a range of two null bounds is no range) and the rest normalised.
 */
export function removeChip(filter: ReportFilter, key: FilterKey): ReportFilter {
  return clearFilterKeys<ReportFilter>(filter, [key, ...(filterDependants(key) as FilterKey[])]);
}

export type ChipSummary = {
  /** The first values and "N more", cut to `maxLength` with an ellipsis. */
  summary: string;
  /** How many values the filter holds (the chip's badge). */
  count: number;
  /** Every value, for the tooltip. */
  all: string[];
};

/**
 * Summarises a chip's labels: the first two joined, then "N more" worded by `more`, and the text cut at
 * `maxLength` characters (whole characters, so no emoji or accent is split) with an ellipsis.
 */
export function summariseChip({
  labels,
  more,
  maxLength = CHIP_SUMMARY_MAX,
  separator = ', ',
}: {
  labels: readonly string[];
  more: (count: number) => string;
  maxLength?: number;
  separator?: string;
}): ChipSummary {
  const shown = labels.slice(0, CHIP_SUMMARY_VALUES).join(separator);
  const rest = labels.length - CHIP_SUMMARY_VALUES;
  const text = rest > 0 ? `${shown} ${more(rest)}` : shown;
  return { summary: truncate(text, maxLength), count: labels.length, all: [...labels] };
}

/** The text cut to `maxLength` characters plus an ellipsis when longer. */
export function truncate(text: string, maxLength: number): string {
  const characters = Array.from(text);
  if (characters.length <= maxLength) return text;
  return `${characters.slice(0, maxLength).join('').trimEnd()}…`;
}

/** A score range as text: "3–8", "≥ 3" or "≤ 8". */
export function formatScoreRange(range: ScoreRange): string {
  if (range.min !== null && range.max !== null) return `${range.min}–${range.max}`;
  if (range.min !== null) return `≥ ${range.min}`;
  if (range.max !== null) return `≤ ${range.max}`;
  return '';
}
