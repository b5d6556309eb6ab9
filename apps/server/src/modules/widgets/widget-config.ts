import {
  ErrorCode,
  parseJsonObject,
  widgetConfigProblems,
  widgetPositionOf,
  widgetSizeOf,
  type JsonObject,
  type ReportWidget,
} from '@loupe/contracts';
import { badRequest } from '../../errors.js';

/*
 * A widget's Config JSON as far as the server reads it (reports spec §3, §4, §9): checked against contracts'
 * `widgetConfigSchema` on save, its size {w, h} and position normalised. Every other key is the widget's own and
 * is kept as it was written.
 */

/** Parses JSON text that must hold an object; anything else is refused as 3333 on `path`. */
export function requireJsonObject(text: string, path: string): JsonObject {
  const parsed = parseJsonObject(text);
  if (!parsed) throw badRequest(ErrorCode.ModelNotValid, [{ Path: path, Message: 'Expected a JSON object' }]);
  return parsed;
}

/**
 * A report widget's Config text as saved: a JSON object (else 3333 on `path`) that passes `widgetConfigSchema`,
 * else 400 WidgetConfigInvalid (2505) with each problem's path (`Config.dataFilters.TimeColumn`), so a Config
 * whose dataFilters every data call would refuse is not stored.
 */
export function checkedWidgetConfig(text: string, path: string): JsonObject {
  const config = requireJsonObject(text, path);
  assertWidgetConfig(config, path);
  return config;
}

/** Refuses a Config that does not pass `widgetConfigSchema`: 400, 2505, each problem's path under `path`. */
export function assertWidgetConfig(config: JsonObject, path: string): void {
  const problems = widgetConfigProblems(config, path);
  if (problems.length > 0) throw badRequest(ErrorCode.WidgetConfigInvalid, problems);
}

/** The config with size.w clamped to 2..6 (3 when missing) and size.h set to 2; other keys untouched. */
export function withWidgetSize(config: JsonObject): JsonObject {
  return { ...config, size: widgetSizeOf(config) };
}

/**
 * A stored Config text as it is answered: its size clamped as on save (reports spec §4, "clamped on load"), so a
 * row written before the rule, or by hand, still reads right. Text that is not a JSON object is answered as is.
 */
export function widgetConfigOnLoad(text: string): string {
  const config = parseJsonObject(text);
  return config ? JSON.stringify(withWidgetSize(config)) : text;
}

/**
 * The Config to store on a save: size normalised, and a position — the one given, else `fallback` (the widget's
 * stored position on an update, the maximum on the report plus one on an add).
 */
export function widgetConfigToStore(config: JsonObject, fallback: () => number): JsonObject {
  const sized = withWidgetSize(config);
  return { ...sized, position: widgetPositionOf(config) ?? fallback() };
}

/** Widgets as answered: by position (those without one last), then id; sizes clamped (reports spec §4). */
export function toReportWidgets(
  rows: { id: number; reportId: number; widgetId: number; config: string }[],
): ReportWidget[] {
  const placed = rows.map((row) => ({
    row,
    position: storedPosition(row.config) ?? Number.MAX_SAFE_INTEGER,
  }));
  placed.sort((a, b) => a.position - b.position || a.row.id - b.row.id);
  return placed.map(({ row }) => ({
    Id: row.id,
    ReportId: row.reportId,
    WidgetId: row.widgetId,
    Config: widgetConfigOnLoad(row.config),
  }));
}

/** The position a stored Config text gives, if any. */
export function storedPosition(text: string): number | undefined {
  return widgetPositionOf(parseJsonObject(text) ?? {});
}
