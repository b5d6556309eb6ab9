import {
  ErrorCode,
  type ReportWidget,
  WIDGET_DEFAULT_WIDTH,
  WIDGET_HEIGHT,
  WIDGET_MAX_WIDTH,
  WIDGET_MIN_WIDTH,
} from '@loupe/contracts';
import { badRequest } from '../../errors.js';

/*
 * A widget's Config JSON as far as the server reads it (reports spec §3, §4, §9): its size {w, h} and position.
 * Every other key is the widget's own and is kept as it was written.
 */

export type JsonObject = Record<string, unknown>;

/** Parses JSON text that must hold an object; anything else is refused as 3333 on `path`. */
export function parseJsonObject(text: string, path: string): JsonObject {
  const parsed = tryParseObject(text);
  if (!parsed) throw badRequest(ErrorCode.ModelNotValid, [{ Path: path, Message: 'Expected a JSON object' }]);
  return parsed;
}

/** The object a JSON text holds, or undefined when it is not valid JSON or not an object. */
export function tryParseObject(text: string): JsonObject | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as JsonObject)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Width in units clamped to 2..6 (rounded); 3 when absent or not a number. */
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

/** The widget's place on its report, when the config gives a number for it. */
export function widgetPosition(config: JsonObject): number | undefined {
  const { position } = config;
  if (typeof position !== 'number' || !Number.isFinite(position)) return undefined;
  return Math.round(position);
}

/** The config with size.w clamped to 2..6 (3 when missing) and size.h set to 2; other keys untouched. */
export function withWidgetSize(config: JsonObject): JsonObject {
  const size = config.size;
  const width = typeof size === 'object' && size !== null ? (size as JsonObject).w : undefined;
  return { ...config, size: { w: clampWidgetWidth(width), h: WIDGET_HEIGHT } };
}

/**
 * A stored Config text as it is answered: its size clamped as on save (reports spec §4, "clamped on load"), so a
 * row written before the rule, or by hand, still reads right. Text that is not a JSON object is answered as is.
 */
export function widgetConfigOnLoad(text: string): string {
  const config = tryParseObject(text);
  return config ? JSON.stringify(withWidgetSize(config)) : text;
}

/**
 * The Config to store on a save: size normalised, and a position — the one given, else `fallback` (the widget's
 * stored position on an update, the maximum on the report plus one on an add).
 */
export function widgetConfigToStore(config: JsonObject, fallback: () => number): JsonObject {
  const sized = withWidgetSize(config);
  return { ...sized, position: widgetPosition(config) ?? fallback() };
}

/** Widgets as answered: by position (those without one last), then id; sizes clamped (reports spec §4). */
export function toReportWidgets(
  rows: { id: number; reportId: number; widgetId: number; config: string }[],
): ReportWidget[] {
  const placed = rows.map((row) => ({
    row,
    position: widgetPosition(tryParseObject(row.config) ?? {}) ?? Number.MAX_SAFE_INTEGER,
  }));
  placed.sort((a, b) => a.position - b.position || a.row.id - b.row.id);
  return placed.map(({ row }) => ({
    Id: row.id,
    ReportId: row.reportId,
    WidgetId: row.widgetId,
    Config: widgetConfigOnLoad(row.config),
  }));
}
