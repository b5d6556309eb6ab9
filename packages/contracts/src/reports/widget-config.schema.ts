import { z } from 'zod';
import type { JsonObject } from '../validators.js';
import { widgetDataFiltersSchema } from './report-filter.schema.js';
import { WIDGET_DEFAULT_WIDTH, WIDGET_HEIGHT, WIDGET_MAX_WIDTH, WIDGET_MIN_WIDTH } from './report.schema.js';

/*
 * A widget's Config (reports spec §3 "widget config", §4, §9): the JSON object a report widget and a catalogue
 * entry carry as text. Read it with `parseJsonObject`; check it with `widgetConfigSchema`, which types the keys the
 * server and the report page read (dataFilters, size, position) and lets every other key through as the
 * widget's own (title, type, dataEndpoint, chart settings, filterFields, ...).
 */

/** Width in units clamped to 2..6 (rounded; numeric text is read as its number); 3 when absent or not a number. */
export function clampWidgetWidth(value: unknown): number {
  const width =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  if (!Number.isFinite(width)) return WIDGET_DEFAULT_WIDTH;
  return Math.min(WIDGET_MAX_WIDTH, Math.max(WIDGET_MIN_WIDTH, Math.round(width)));
}

export type WidgetSize = { w: number; h: number };

/** A Config's size as the page lays it out: width clamped (`clampWidgetWidth`), height always 2. */
export function widgetSizeOf(config: JsonObject): WidgetSize {
  const { size } = config;
  const width = typeof size === 'object' && size !== null ? (size as JsonObject).w : undefined;
  return { w: clampWidgetWidth(width), h: WIDGET_HEIGHT };
}

/** A Config's place on its report (rounded), when it gives a number for it. */
export function widgetPositionOf(config: JsonObject): number | undefined {
  const { position } = config;
  if (typeof position !== 'number' || !Number.isFinite(position)) return undefined;
  return Math.round(position);
}

/**
 * A widget's Config. `dataFilters` must be what a widget data request accepts (`widgetDataFiltersSchema`), so a
 * Config that would fail on every data call is refused when saved (400, 2505, the field's path in Details). Size
 * and position are read leniently, as the server has always normalised them on save and load: a width outside
 * 2..6 is clamped, one that is not a number reads as 3, a position that is not a number is none.
 */
export const widgetConfigSchema = z
  .object({
    dataFilters: widgetDataFiltersSchema.nullish(),
    size: z
      .unknown()
      .optional()
      .transform((size) => widgetSizeOf({ size })),
    position: z
      .unknown()
      .optional()
      .transform((position) => widgetPositionOf({ position })),
  })
  .loose();

/**
 * A Config's problems as `{ Path, Message }`, each path under `path` ('Config.dataFilters.TimeColumn'; with `path`
 * '' the field alone, 'dataFilters.TimeColumn'); none when it is valid.
 */
export function widgetConfigProblems(
  config: JsonObject,
  path = 'Config',
): { Path: string; Message: string }[] {
  const checked = widgetConfigSchema.safeParse(config);
  if (checked.success) return [];
  return checked.error.issues.map((issue) => ({
    Path: [...(path === '' ? [] : [path]), ...issue.path.map(String)].join('.'),
    Message: issue.message,
  }));
}
