import {
  AI_TIME_COLUMN_IDS,
  DEFAULT_TIME_COLUMN,
  FILTER_KINDS,
  TIME_COLUMN_IDS,
  WIDGET_DEFAULT_WIDTH,
  WIDGET_HEIGHT,
  idsOf,
  normaliseFilter,
  parseJsonObject,
  widgetPositionOf,
  type TimeColumn,
} from '@loupe/contracts';
import { widgetWidth, type WidgetConfig } from '@/widgets/shared/widget-layout';
import { FIELD_SPECS, type FieldSpec } from './filter-field-specs';
import { impactDependantsDisabled, type FormFilters } from './filter-rules';

/*
 * A report widget's Config (reports spec §3) as the widget dialog's form holds it, and back (§4, §5, §9): the
 * layout widths, the time columns, the default position, the form values of a Config and the Config of the
 * form values. Keys the form does not edit are kept as they are, so the JSON tab and the General tab never lose
 * each other's work.
 */

/** Issue 7: a widget's title is required and at most 100 characters; its hint at most 500. */
export const WIDGET_TITLE_MAX = 100;
export const HINT_TEXT_MAX = 500;

/** Reports spec §9: the layouts full, half and one third are 6, 3 and 2 width units. */
export const LAYOUTS = [
  { key: 'full', width: 6 },
  { key: 'half', width: 3 },
  { key: 'third', width: 2 },
] as const;
export type LayoutWidth = (typeof LAYOUTS)[number]['width'];

export function timeColumnsFor(aiWidget: boolean): readonly TimeColumn[] {
  return aiWidget ? AI_TIME_COLUMN_IDS : TIME_COLUMN_IDS;
}

/**
 * The layout of a width: 6, 3 or 2 (2 only when the widget allows the one-third layout); undefined for any
 * other width (one set in the JSON tab), so that the required layout field asks for a choice.
 */
export function layoutOf(width: unknown, allowThirdLayout: boolean): LayoutWidth | undefined {
  const layout = LAYOUTS.find((item) => item.width === Number(width));
  if (!layout || (layout.key === 'third' && !allowThirdLayout)) return undefined;
  return layout.width;
}

/** Reports spec §4: a new widget goes after the others, at the largest position plus 1 (1 on an empty report). */
export function nextPosition(widgets: readonly { Config: string }[]): number {
  const positions = widgets
    .map((widget) => widgetPositionOf(parseJsonObject(widget.Config) ?? {}))
    .filter((position) => position !== undefined);
  return Math.max(0, ...positions) + 1;
}

/** What a catalogue entry's default Config tells the dialog (issue 7 catalogue: filterFields, requiredFilters). */
export type WidgetFormSettings = {
  filterFields: string[];
  requiredFilters: string[];
  allowThirdLayout: boolean;
};

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

export function formSettingsOf(config: WidgetConfig): WidgetFormSettings {
  return {
    filterFields: stringList(config.filterFields),
    requiredFilters: stringList(config.requiredFilters),
    allowThirdLayout: config.allowThirdLayout === true,
  };
}

/** The form's values. Filters are under `filters`, in the form's shape (see `toFormFilter`). */
export type WidgetFormValues = {
  title: string;
  showTitle: boolean;
  timeColumn: TimeColumn;
  width: LayoutWidth | undefined;
  filters: FormFilters;
  showTooltip: boolean;
  showDeviation: boolean;
  showNpsImpact: boolean;
  showAverageNpsScoreImpact: boolean;
  hintText: string;
  masterWidgets: number[];
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function dataFiltersOf(config: WidgetConfig): Record<string, unknown> {
  return isObject(config.dataFilters) ? config.dataFilters : {};
}

/** A whole number out of a typed or saved value; undefined when there is none (reports spec §5). */
export function toInteger(value: unknown): number | undefined {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    return undefined;
  }
  const number = Number(value);
  return Number.isFinite(number) ? Math.trunc(number) : undefined;
}

function toNumber(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

function rows(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isObject).map((row) => ({ ...row })) : [];
}

function listOrNothing<T>(items: T[]): T[] | undefined {
  return items.length > 0 ? items : undefined;
}

/**
 * The converters of a field's value (saved <-> form): the filter-field registry's kinds (contracts
 * `FILTER_KINDS`) for the controls they share, the dialog's own for numbers, comma-joined questions and rows.
 */
function kindOf(spec: FieldSpec): keyof typeof FILTER_KINDS | undefined {
  switch (spec.type) {
    case 'surveys':
    case 'transactionTypes':
      return 'ids';
    case 'experience':
    case 'topicModel':
    case 'question':
      return spec.multiple ? 'ids' : 'id';
    case 'survey':
    case 'surveyFlow':
    case 'segmentGroup':
      return 'id';
    case 'choice':
      return spec.multiple ? 'choices' : 'choice';
    case 'boolean':
      return 'flag';
    case 'treeSet':
      return 'treeSet';
    case 'segments':
      return 'segments';
    case 'integer':
    case 'level':
    case 'journeyConfigs':
    case 'journeyStageWeights':
    case 'experienceWeights':
      return undefined;
  }
}

/** A saved dataFilters value as the form's control holds it. */
export function toFormFilter(spec: FieldSpec, value: unknown): unknown {
  if (spec.type === 'question' && spec.commaJoined) {
    return idsOf(typeof value === 'string' ? value.split(',') : value);
  }
  const kind = kindOf(spec);
  if (kind !== undefined) return FILTER_KINDS[kind].toForm(value);
  if (spec.type === 'integer' || spec.type === 'level') return toInteger(value);
  return rows(value);
}

/** A form value as it is saved in dataFilters; undefined removes the key. Numbers are parsed to integers. */
export function toSavedFilter(spec: FieldSpec, value: unknown): unknown {
  if (spec.type === 'question' && spec.commaJoined) return idsOf(value).join(',') || undefined;
  const kind = kindOf(spec);
  // Off is the same as absent for every flag the dialog edits (the `flag` kind).
  if (kind !== undefined) return FILTER_KINDS[kind].toWire(value);
  if (spec.type === 'integer' || spec.type === 'level') return toInteger(value);
  if (spec.type === 'journeyConfigs') {
    return listOrNothing(
      rows(value).map((row) => ({
        SurveyId: toInteger(row.SurveyId),
        JourneyId: toInteger(row.JourneyId),
        JourneyName: typeof row.JourneyName === 'string' ? row.JourneyName.trim() : '',
        JourneyOrder: toInteger(row.JourneyOrder),
      })),
    );
  }
  if (spec.type === 'journeyStageWeights') {
    return listOrNothing(
      rows(value).map((row) => ({ JourneyStageName: row.JourneyStageName, Weight: toNumber(row.Weight) })),
    );
  }
  return listOrNothing(
    rows(value).map((row) => ({ ExperienceId: toInteger(row.ExperienceId), Weight: toNumber(row.Weight) })),
  );
}

/**
 * The form values of a Config. `fields` are the filter fields the form shows; `defaultTitle` is the title of a
 * Config without one (a new widget: the catalogue entry's title in the user's language).
 */
export function formValuesOf(
  config: WidgetConfig,
  {
    fields,
    allowThirdLayout,
    aiWidget,
    defaultTitle,
  }: { fields: readonly string[]; allowThirdLayout: boolean; aiWidget: boolean; defaultTitle: string },
): WidgetFormValues {
  const dataFilters = dataFiltersOf(config);
  const filters: FormFilters = {};
  for (const name of fields) {
    const spec = FIELD_SPECS[name];
    if (spec) filters[name] = toFormFilter(spec, dataFilters[name]);
  }
  if (fields.includes('SessionStatus')) filters.SessionStatus ??= 0;
  // Reports spec §4: a missing source selection reads as 'survey' and 'surveyFlow'.
  filters.SourceSelectionForSurvey =
    dataFilters.SourceSelectionForSurvey === 'dataSource' ? 'dataSource' : 'survey';
  filters.SourceSelectionForSurveyFlow =
    dataFilters.SourceSelectionForSurveyFlow === 'dataSource' ? 'dataSource' : 'surveyFlow';

  const timeColumns = timeColumnsFor(aiWidget);
  const savedColumn = timeColumns.find((column) => column === dataFilters.TimeColumn);
  const title = typeof config.title === 'string' && config.title.trim() !== '' ? config.title : defaultTitle;
  return {
    title,
    showTitle: config.showTitle !== false,
    timeColumn: savedColumn ?? timeColumns[0] ?? DEFAULT_TIME_COLUMN,
    width: layoutOf(
      (isObject(config.size) ? config.size.w : undefined) ?? WIDGET_DEFAULT_WIDTH,
      allowThirdLayout,
    ),
    filters,
    showTooltip: config.showTooltip !== false,
    showDeviation: config.showDeviation === true,
    showNpsImpact: config.showNpsImpact === true,
    showAverageNpsScoreImpact: config.showAverageNpsScoreImpact === true,
    hintText: typeof config.hintText === 'string' ? config.hintText : '',
    masterWidgets: idsOf(config.masterWidgets),
  };
}

/** The settings of the advanced section a widget has: each only when its Config carries the key. */
export function advancedSettingsOf(config: WidgetConfig) {
  return {
    showDeviation: 'showDeviation' in config,
    showNpsImpact: 'showNpsImpact' in config,
    showAverageNpsScoreImpact: 'showAverageNpsScoreImpact' in config,
  };
}

/**
 * The Config to save: `base` (the catalogue default, the edited widget's Config, or what the JSON tab last held)
 * with the form's values. Only `visible` filter fields are written (numbers parsed to integers); the others
 * keep their saved value. SessionStatus 0 and empty values are dropped (`normaliseFilter`). Impact type 1
 * removes the impact value type and turns the impact displays off (reports spec §4). `position` is set when
 * given (a new widget); an edited widget keeps its own.
 */
export function buildWidgetConfig({
  base,
  values,
  visible,
  position,
}: {
  base: WidgetConfig;
  values: WidgetFormValues;
  visible: readonly string[];
  position?: number;
}): WidgetConfig {
  const dataFilters: Record<string, unknown> = { ...dataFiltersOf(base) };
  for (const name of visible) {
    const spec = FIELD_SPECS[name];
    if (!spec) continue;
    const saved = toSavedFilter(spec, values.filters[name]);
    if (saved === undefined) delete dataFilters[name];
    else dataFilters[name] = saved;
  }
  if (visible.includes('SurveyId')) {
    dataFilters.SourceSelectionForSurvey = values.filters.SourceSelectionForSurvey ?? 'survey';
  }
  if (visible.includes('SurveyFlowId')) {
    dataFilters.SourceSelectionForSurveyFlow = values.filters.SourceSelectionForSurveyFlow ?? 'surveyFlow';
  }
  const impactOff = impactDependantsDisabled(dataFilters.ImpactType);
  if (impactOff) delete dataFilters.ImpactValueType;
  dataFilters.TimeColumn = values.timeColumn;

  const config: WidgetConfig = {
    ...base,
    title: values.title.trim(),
    showTitle: values.showTitle,
    showTooltip: values.showTooltip,
    size: { w: values.width ?? widgetWidth(base), h: WIDGET_HEIGHT },
    masterWidgets: [...values.masterWidgets],
    dataFilters: normaliseFilter(dataFilters),
  };
  if (position !== undefined) config.position = position;
  const advanced = advancedSettingsOf(base);
  if (advanced.showDeviation) config.showDeviation = values.showDeviation;
  if (advanced.showNpsImpact) config.showNpsImpact = !impactOff && values.showNpsImpact;
  if (advanced.showAverageNpsScoreImpact) {
    config.showAverageNpsScoreImpact = !impactOff && values.showAverageNpsScoreImpact;
  }
  const hint = values.hintText.trim();
  if (hint === '') delete config.hintText;
  else config.hintText = hint;
  return config;
}

/** The JSON tab's text of a Config. */
export function formatConfigJson(config: WidgetConfig): string {
  return JSON.stringify(config, null, 2);
}
