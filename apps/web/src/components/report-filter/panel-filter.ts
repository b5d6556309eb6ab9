import {
  FILTER_FIELDS,
  FREE_TEXT_MAX,
  PANEL_FILTER_KEYS,
  normaliseFilter,
  parseJsonObject,
  reportFilterSchema,
  type FilterTree,
  type PanelFilterKey,
  type ReportFilter,
} from '@loupe/contracts';

/*
 * The filter panel's rules as pure functions (reports spec §2 filter panel, §4 filter changes, §6 scoped data):
 * which filters it offers, how many are set, what Clear keeps, how a draft is checked and what Apply emits.
 * Which properties there are, in what order and section, is the filter-field registry's (contracts
 * `FILTER_FIELDS`: each row's `panel` place, `aiModule` and `advanced` name).
 */

/** A filter the panel offers. */
export type FilterKey = PanelFilterKey;

/** The filters every report offers, in the panel's order (reports spec §2). */
export const BASE_FILTER_KEYS: readonly FilterKey[] = PANEL_FILTER_KEYS.filter(
  (key) => FILTER_FIELDS[key].panel?.aiModule !== true,
);

/** The text-analytics filters, offered only with the AI module. */
export const AI_FILTER_KEYS: readonly FilterKey[] = PANEL_FILTER_KEYS.filter(
  (key) => FILTER_FIELDS[key].panel?.aiModule === true,
);

/**
 * The advanced filters (the report config's `advancedFilters`: survey, question, channel, product, segment,
 * transaction type). Applying with a text-analytics filter set turns them off (reports spec §2).
 */
export const ADVANCED_FILTER_KEYS: readonly FilterKey[] = PANEL_FILTER_KEYS.filter(
  (key) => FILTER_FIELDS[key].advanced !== undefined,
);

/**
 * The caller's preset restrictions (users' transaction channels, products, employees). A kind with ids trims its
 * tree to them, and its filter is kept on Clear and cannot be removed as a chip.
 */
export type FilterRestrictions = {
  channelIds?: readonly number[];
  productIds?: readonly number[];
  employeeIds?: readonly number[];
};

export function isAiFilterKey(key: string): boolean {
  return (AI_FILTER_KEYS as readonly string[]).includes(key);
}

/** The filters the panel shows: the base ones, the AI ones with the AI module, less the report's hidden keys. */
export function offeredFilterKeys({
  hidden = [],
  aiModuleActive,
}: {
  hidden?: readonly string[];
  aiModuleActive: boolean;
}): FilterKey[] {
  const keys: FilterKey[] = aiModuleActive ? [...BASE_FILTER_KEYS, ...AI_FILTER_KEYS] : [...BASE_FILTER_KEYS];
  return keys.filter((key) => !hidden.includes(key));
}

/** Whether a filter holds a value once empty values are dropped (SessionStatus 0 and null bounds are empty). */
export function isFilterSet(filter: ReportFilter, key: FilterKey): boolean {
  return normaliseFilter<ReportFilter>({ [key]: filter[key] })[key] !== undefined;
}

/** The "N" of the trigger's "N of M" badge: how many of the offered filters hold a value. */
export function countSetFilters(filter: ReportFilter, offered: readonly FilterKey[]): number {
  return offered.filter((key) => isFilterSet(filter, key)).length;
}

/**
 * The filter keys fixed by the caller's restrictions. Employees restrict the data on the server only: the report
 * filter has no employee key.
 */
export function restrictedFilterKeys(restrictions: FilterRestrictions | undefined): FilterKey[] {
  const restricted = new Set<FilterTree>();
  if ((restrictions?.channelIds?.length ?? 0) > 0) restricted.add('channels');
  if ((restrictions?.productIds?.length ?? 0) > 0) restricted.add('products');
  // The panel's filters choosing nodes of those trees (ChannelSet, ProductSet).
  return PANEL_FILTER_KEYS.filter((key) => {
    const { tree } = FILTER_FIELDS[key];
    return tree !== undefined && restricted.has(tree);
  });
}

/** Whether a text-analytics filter among the offered ones holds a value. */
export function hasAiFilter(filter: ReportFilter, offered: readonly FilterKey[]): boolean {
  return offered.some((key) => isAiFilterKey(key) && isFilterSet(filter, key));
}

/**
 * What Clear leaves: the offered filters emptied, except those the caller's restrictions fix; keys the panel does
 * not show (TimeRange, TimePeriod, the report's hidden filters) stay as they are.
 */
export function clearPanelFilter({
  filter,
  offered,
  restrictions,
}: {
  filter: ReportFilter;
  offered: readonly FilterKey[];
  restrictions?: FilterRestrictions;
}): ReportFilter {
  const kept = restrictedFilterKeys(restrictions);
  const rest: Record<string, unknown> = { ...filter };
  for (const key of offered) if (!kept.includes(key)) delete rest[key];
  return normaliseFilter(rest as ReportFilter);
}

/** The message key (namespace `filters`) of a field's problem. */
type FilterProblem =
  'errors.scoreRangeOrder' | 'errors.questionNeedsSurvey' | 'errors.freeTextTooLong' | 'errors.invalid';

export type FilterProblems = Partial<Record<FilterKey, FilterProblem>>;

/** Checks a draft before Apply: ScoreRange min ≤ max, QuestionId only with SurveyId, and the contract's shape. */
export function validateFilter(draft: ReportFilter): FilterProblems {
  const problems: FilterProblems = {};
  const range = draft.ScoreRange;
  if (range && range.min !== null && range.max !== null && range.min > range.max) {
    problems.ScoreRange = 'errors.scoreRangeOrder';
  }
  if (isFilterSet(draft, 'QuestionId') && !isFilterSet(draft, 'SurveyId')) {
    problems.QuestionId = 'errors.questionNeedsSurvey';
  }
  if ((draft.FreeTextFilter?.trim().length ?? 0) > FREE_TEXT_MAX) {
    problems.FreeTextFilter = 'errors.freeTextTooLong';
  }
  const parsed = reportFilterSchema.safeParse(normaliseFilter(draft));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (typeof key === 'string' && isFilterKey(key)) problems[key] ??= 'errors.invalid';
    }
  }
  return problems;
}

function isFilterKey(key: string): key is FilterKey {
  return (PANEL_FILTER_KEYS as readonly string[]).includes(key);
}

export type ApplyResult = { ok: true; filter: ReportFilter } | { ok: false; problems: FilterProblems };

/**
 * Apply: the draft checked, then normalised (empty values dropped, SessionStatus 0 not sent, free text trimmed).
 * With a text-analytics filter set the advanced filters are dropped, except those the restrictions fix.
 */
export function applyPanelFilter({
  draft,
  offered,
  restrictions,
}: {
  draft: ReportFilter;
  offered: readonly FilterKey[];
  restrictions?: FilterRestrictions;
}): ApplyResult {
  const problems = validateFilter(draft);
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  const next: Record<string, unknown> = { ...draft };
  if (typeof draft.FreeTextFilter === 'string') next.FreeTextFilter = draft.FreeTextFilter.trim();
  if (hasAiFilter(draft, offered)) {
    const kept = restrictedFilterKeys(restrictions);
    for (const key of ADVANCED_FILTER_KEYS) if (!kept.includes(key)) delete next[key];
  }
  return { ok: true, filter: normaliseFilter(next as ReportFilter) };
}

/**
 * The filter keys a saved user filter holds: the offered ones with a value. The date range belongs to the page,
 * not to the saved filter.
 */
export function savedFilterPart(filter: ReportFilter, offered: readonly FilterKey[]): ReportFilter {
  const part: Record<string, unknown> = {};
  for (const key of offered) if (isFilterSet(filter, key)) part[key] = filter[key];
  return normaliseFilter(part as ReportFilter);
}

/**
 * A saved filter loaded into the draft: its offered keys replace the draft's, the restricted keys and the keys the
 * panel does not show stay. Undefined when the saved Config is not a valid report filter.
 */
export function loadSavedFilter({
  draft,
  config,
  offered,
  restrictions,
}: {
  draft: ReportFilter;
  config: string;
  offered: readonly FilterKey[];
  restrictions?: FilterRestrictions;
}): ReportFilter | undefined {
  const json = parseJsonObject(config);
  if (!json) return undefined;
  const parsed = reportFilterSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const kept = restrictedFilterKeys(restrictions);
  const next: Record<string, unknown> = { ...draft };
  for (const key of offered) {
    if (kept.includes(key)) continue;
    if (parsed.data[key] === undefined) delete next[key];
    else next[key] = parsed.data[key];
  }
  return normaliseFilter(next as ReportFilter);
}
