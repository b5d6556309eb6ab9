import {
  AI_WIDGET_CATEGORY_IDS,
  AI_WIDGET_KINDS,
  ErrorCode,
  parseJsonObject,
  type JsonObject,
  type WidgetKind,
} from '@loupe/contracts';
import { badRequest } from '../../errors.js';
import { assertWidgetConfig, withWidgetSize } from './widget-config.js';

/*
 * The default Config of a catalogue widget (reports spec §3 "widget config") as far as the catalogue judges it,
 * and the AI rule of a catalogue entry (§6). Pure functions: the service and its unit test share them.
 */

/** `api/` then a plain path: letters, digits, `-`, `_` and `/` (no dots, query or host), e.g. `api/widget-data/nps`. */
const DATA_ENDPOINT_PATTERN = /^api\/[A-Za-z0-9][A-Za-z0-9_\-/]*$/;

/** Endpoints of the text-analytics module: a widget reading one needs the AI module whatever its category. */
const TEXT_ANALYTICS_ENDPOINT_PREFIX = 'api/text-analytics/';

const invalidConfig = (message: string) =>
  badRequest(ErrorCode.WidgetConfigInvalid, [{ Path: 'Config', Message: message }]);

/**
 * The Config a tenant's widget is stored with: a JSON object whose `dataEndpoint` is an `api/` path and whose
 * `type` is the kind of the widget's type (set when absent), valid as a widget Config (`widgetConfigSchema`: the
 * dataFilters a new report widget starts with must be ones its data calls accept), with its size normalised as a
 * report widget's is (w 2..6, default 3; h 2). Anything else is refused with 400 WidgetConfigInvalid (2505) on
 * `Config` or the field (`Config.dataFilters.TimeColumn`).
 */
export function widgetDefaultConfig(text: string, kind: WidgetKind): JsonObject {
  const config = parseJsonObject(text);
  if (!config) throw invalidConfig('Expected a JSON object');
  const { dataEndpoint, type } = config;
  if (typeof dataEndpoint !== 'string' || !DATA_ENDPOINT_PATTERN.test(dataEndpoint)) {
    throw invalidConfig("dataEndpoint must be a path starting with 'api/', e.g. 'api/widget-data/nps'");
  }
  if (type !== undefined && type !== kind)
    throw invalidConfig(`type must be ${kind}, the kind of the widget type`);
  assertWidgetConfig(config, 'Config');
  return withWidgetSize({ ...config, type: kind });
}

/** What decides whether a catalogue entry is an AI (text-analytics) widget. */
export type AiWidgetFacts = {
  categoryId: number;
  categoryIsAi: boolean;
  typeIsAi: boolean;
  kind: WidgetKind;
  /** The entry's Config text. */
  config: string;
};

/**
 * Reports spec §6: a widget in an AI category (ids 9 and 10, or a category marked IsAIWidgetType), of an AI widget
 * type or kind, or reading a text-analytics endpoint is an AI widget; it is locked while the AI module is off.
 */
export function isAiWidget({ categoryId, categoryIsAi, typeIsAi, kind, config }: AiWidgetFacts): boolean {
  if (categoryIsAi || AI_WIDGET_CATEGORY_IDS.includes(categoryId)) return true;
  if (typeIsAi || AI_WIDGET_KINDS.includes(kind)) return true;
  const endpoint = parseJsonObject(config)?.dataEndpoint;
  return typeof endpoint === 'string' && endpoint.startsWith(TEXT_ANALYTICS_ENDPOINT_PREFIX);
}

/** A widget type of an AI kind is an AI widget type, whatever the form said. */
export const isAiWidgetType = (kind: WidgetKind, requested: boolean): boolean =>
  requested || AI_WIDGET_KINDS.includes(kind);
