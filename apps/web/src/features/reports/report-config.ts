import { reportConfigSchema, reportSlug } from '@loupe/contracts';

/*
 * Reading and writing a report's Config JSON (reports spec §3 "report config keys") for the report dialog.
 * The config is handled as a plain JSON object: the General tab reads and writes the keys it knows through
 * `generalSettingsOf` / `withGeneralSettings`, and every other key (and every other filter) stays as it was,
 * so what a report:advance user put in through the JSON tab survives a save from the General tab.
 * Absent toggles mean off; a toggle turned off is removed rather than written as false.
 */

/** A report config as a JSON object. */
export type ReportConfigObject = Record<string, unknown>;

/** The advanced filters a report may offer on its page (reports spec §3), in the order the dialog lists them. */
export const ADVANCED_FILTERS = [
  'survey',
  'question',
  'channel',
  'product',
  'segment',
  'transactionType',
] as const;
export type AdvancedFilter = (typeof ADVANCED_FILTERS)[number];

/** The report's own fixed filters (config.filters) the dialog chooses; tree sets as their node ids. */
export type ReportFixedFilters = {
  ChannelSet: number[];
  ProductSet: number[];
  ChannelLocationSet: number[];
  InviteeLocationSet: number[];
  TransactionTypeId: number[];
  /** 'groupId;id'. */
  Segments: string[];
};

export const TREE_SET_FILTERS = [
  'ChannelSet',
  'ProductSet',
  'ChannelLocationSet',
  'InviteeLocationSet',
] as const satisfies readonly (keyof ReportFixedFilters)[];
export type TreeSetFilter = (typeof TREE_SET_FILTERS)[number];

/** What the General tab edits. */
export type ReportGeneralSettings = {
  scopedData: boolean;
  scopedDataForEmployee: boolean;
  hasAdvancedFilter: boolean;
  advancedFilters: AdvancedFilter[];
  textAnalyticsFilter2Visible: boolean;
  filters: ReportFixedFilters;
};

const TOGGLES = [
  'scopedData',
  'scopedDataForEmployee',
  'hasAdvancedFilter',
  'textAnalyticsFilter2Visible',
] as const satisfies readonly (keyof ReportGeneralSettings)[];

const SEGMENT_KEY = /^\d+;\d+$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The config JSON as an object, or undefined when the text is not JSON or not an object (the JSON tab). */
export function parseConfigObject(text: string | null | undefined): ReportConfigObject | undefined {
  if (!text?.trim()) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** A stored report's config; an empty, malformed or non-object config reads as `{}`. */
export function parseReportConfig(text: string | null | undefined): ReportConfigObject {
  return parseConfigObject(text) ?? {};
}

/**
 * The first config key whose value has the wrong type for the server (`reportConfigSchema`, e.g. a scopedData
 * that is not a boolean), as a dotted path ('filters.Segments.0'); undefined when the config is acceptable.
 */
export function mistypedConfigKey(config: ReportConfigObject): string | undefined {
  const checked = reportConfigSchema.safeParse(config);
  if (checked.success) return undefined;
  return checked.error.issues[0]?.path.map(String).join('.') ?? '';
}

/** The config as the server stores it and the JSON tab shows it (2-space indented). */
export function stringifyReportConfig(config: ReportConfigObject): string {
  return JSON.stringify(config, null, 2);
}

/** Whether the report itself is scoped (config.scopedData). */
export function isScopedReport(config: ReportConfigObject): boolean {
  return config.scopedData === true;
}

function integers(value: unknown): number[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((item): item is number => Number.isInteger(item));
}

/** A tree set's node ids: `{ Ids: [...] }` as the filter schema has it, or a bare list. */
function treeSetIds(value: unknown): number[] {
  return integers(isObject(value) ? value.Ids : Array.isArray(value) ? value : []);
}

/** The fixed filters the dialog chooses; values of the wrong type are left out. */
export function fixedFiltersOf(config: ReportConfigObject): ReportFixedFilters {
  const filters = isObject(config.filters) ? config.filters : {};
  return {
    ChannelSet: treeSetIds(filters.ChannelSet),
    ProductSet: treeSetIds(filters.ProductSet),
    ChannelLocationSet: treeSetIds(filters.ChannelLocationSet),
    InviteeLocationSet: treeSetIds(filters.InviteeLocationSet),
    TransactionTypeId: filters.TransactionTypeId == null ? [] : integers(filters.TransactionTypeId),
    Segments: Array.isArray(filters.Segments)
      ? filters.Segments.filter((item): item is string => typeof item === 'string' && SEGMENT_KEY.test(item))
      : [],
  };
}

function isAdvancedFilter(value: unknown): value is AdvancedFilter {
  return ADVANCED_FILTERS.some((name) => name === value);
}

/** What the General tab shows for a config. */
export function generalSettingsOf(config: ReportConfigObject): ReportGeneralSettings {
  const advanced: unknown[] = Array.isArray(config.advancedFilters) ? config.advancedFilters : [];
  return {
    scopedData: config.scopedData === true,
    scopedDataForEmployee: config.scopedDataForEmployee === true,
    hasAdvancedFilter: config.hasAdvancedFilter === true,
    advancedFilters: ADVANCED_FILTERS.filter((name) => advanced.includes(name)),
    textAnalyticsFilter2Visible: config.textAnalyticsFilter2Visible === true,
    filters: fixedFiltersOf(config),
  };
}

/** config.filters with the dialog's six filters replaced; other filter keys (e.g. TimePeriod) stay. */
function withFixedFilters(
  current: unknown,
  filters: ReportFixedFilters,
): Record<string, unknown> | undefined {
  const next: Record<string, unknown> = isObject(current) ? { ...current } : {};
  for (const key of TREE_SET_FILTERS) {
    const ids = filters[key];
    const previous = next[key];
    if (ids.length === 0) delete next[key];
    // Whatever else a stored set carries is kept with its new ids.
    else next[key] = { ...(isObject(previous) ? previous : {}), Ids: [...ids] };
  }
  if (filters.TransactionTypeId.length === 0) delete next.TransactionTypeId;
  else next.TransactionTypeId = [...filters.TransactionTypeId];
  if (filters.Segments.length === 0) delete next.Segments;
  else next.Segments = [...filters.Segments];
  return Object.keys(next).length === 0 ? undefined : next;
}

/**
 * The config with the General tab's settings written over it; unknown keys, unknown advanced filter names
 * and other filters are kept. Returns a new object.
 */
export function withGeneralSettings(
  config: ReportConfigObject,
  settings: ReportGeneralSettings,
): ReportConfigObject {
  const next: ReportConfigObject = { ...config };
  for (const toggle of TOGGLES) {
    if (settings[toggle]) next[toggle] = true;
    else delete next[toggle];
  }

  const stored: unknown[] = Array.isArray(config.advancedFilters) ? config.advancedFilters : [];
  const unknownAdvanced = stored.filter((name) => !isAdvancedFilter(name));
  const advanced = [
    ...ADVANCED_FILTERS.filter((name) => settings.advancedFilters.includes(name)),
    ...unknownAdvanced,
  ];
  if (advanced.length === 0) delete next.advancedFilters;
  else next.advancedFilters = advanced;

  const filters = withFixedFilters(config.filters, settings.filters);
  if (filters === undefined) delete next.filters;
  else next.filters = filters;
  return next;
}

/**
 * The config with the report's title, category and slug in step with the record, so the report page and the
 * menu, which read the slug from the config, address the report by its current title (reports spec §2).
 */
export function withReportIdentity(
  config: ReportConfigObject,
  { title, category }: { title: string; category: string },
): ReportConfigObject {
  return { ...config, title, category, slug: reportSlug(title) };
}
