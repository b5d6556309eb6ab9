import {
  ADVANCED_FILTERS,
  REPORT_DIALOG_FILTER_KEYS,
  filterToForm,
  filterToWire,
  parseJsonObject,
  reportConfigSchema,
  reportSlug,
  type AdvancedFilter,
  type ReportDialogFilterKey,
} from '@loupe/contracts';

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
export { ADVANCED_FILTERS };

/**
 * The report's own fixed filters (config.filters) the dialog chooses (the registry's `reportDialog` rows), as
 * their form controls hold them: tree sets and transaction types as ids, segments as 'groupId;id'.
 */
type ReportFixedFilters = Record<ReportDialogFilterKey, (number | string)[]>;

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

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A stored report's config; an empty, malformed or non-object config reads as `{}`. */
export function parseReportConfig(text: string | null | undefined): ReportConfigObject {
  return parseJsonObject(text) ?? {};
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

/** The fixed filters the dialog chooses (the registry's form converters); values of the wrong type are left out. */
function fixedFiltersOf(config: ReportConfigObject): ReportFixedFilters {
  const filters = isObject(config.filters) ? config.filters : {};
  return Object.fromEntries(
    REPORT_DIALOG_FILTER_KEYS.map((key) => [key, filterToForm(key, filters[key])]),
  ) as ReportFixedFilters;
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

/** config.filters with the dialog's filters replaced; other filter keys (e.g. TimePeriod) stay. */
function withFixedFilters(
  current: unknown,
  filters: ReportFixedFilters,
): Record<string, unknown> | undefined {
  const next: Record<string, unknown> = isObject(current) ? { ...current } : {};
  for (const key of REPORT_DIALOG_FILTER_KEYS) {
    // Whatever else a stored tree set carries is kept with its new ids.
    const value = filterToWire(key, filters[key], next[key]);
    if (value === undefined) delete next[key];
    else next[key] = value;
  }
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
