import { z } from 'zod';
import { int32Id } from '../input-bounds.js';
import { jsonText } from '../validators.js';

/*
 * The widget catalogue (reports spec §2 "widget kinds", §3 "widget catalogue entry", §6 AI gating): widget types
 * (one per kind the report page can draw), widget categories, and widgets (a titled catalogue entry of a type in
 * a category, with the default Config a new report widget starts from).
 */

/** Reports spec §2: the widget kinds a report may hold; a widget type's Name is one of them. */
export const WIDGET_KINDS = [
  'TrendChart',
  'MultiSeriesChart',
  'NpsGaugeChart',
  'GaugeChart',
  'ODataTable',
  'SurveyAnswersTable',
  'NpsPerformanceChart',
  'ChannelPerformanceChart',
  'Card',
  'NpsMap',
  'RankingCard',
  'SegmentedGaugeChart',
  'Chart',
  'ExperiencePerformanceChart',
  'TextAnalyticsBubbleChart2',
  'CommentsHighlightChart',
  'DaysOfWeekBubbleChart',
  'EmotionCurveChart',
  'SentimentBranchPerformanceChart',
] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];

/** Reports spec §6: widgets in these categories are text-analytics widgets (AI module and licence). */
export const AI_WIDGET_CATEGORY_IDS: readonly number[] = [9, 10];

/** The dialog's two tabs (reports spec §2): General shows the other categories, TextAnalytics the AI ones. */
export const WIDGET_DIALOG_TABS = ['General', 'TextAnalytics'] as const;
export type WidgetDialogTab = (typeof WIDGET_DIALOG_TABS)[number];

const CATALOGUE_NAME_MAX = 100;

/**
 * `GET /api/widgetTypes` item. Name is what the catalogue shows; Kind is what the report page draws (a system type's
 * Name is the key `{{{widgetCatalogue:type.<Kind>}}}`). A tenant may add types of its own, e.g. "Executive card"
 * of kind Card.
 */
export const widgetTypeSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Kind: z.enum(WIDGET_KINDS),
  IsAIWidgetType: z.boolean(),
  IsSystem: z.boolean(),
});
export type WidgetType = z.infer<typeof widgetTypeSchema>;

/** `GET /api/widget-categories` item. */
export const widgetCategorySchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  IsAIWidgetType: z.boolean(),
  IsSystem: z.boolean(),
});
export type WidgetCategory = z.infer<typeof widgetCategorySchema>;

/**
 * `GET /api/widgets` item (reports spec §3) plus what the dialog needs: the default Config (JSON text), a hint,
 * whether the entry is enabled, and whether it is locked for the caller (disabled, or an AI widget while the AI
 * module is off). System entries (no tenant) cannot be edited.
 */
export const widgetCatalogueItemSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Description: z.string(),
  WidgetTypeId: z.number().int(),
  WidgetCategoryId: z.number().int(),
  WidgetTypeName: z.string(),
  /** The kind of the widget's type: what the report page draws. */
  WidgetKind: z.enum(WIDGET_KINDS),
  WidgetCategoryName: z.string(),
  IsAIWidget: z.boolean(),
  IsEnabled: z.boolean(),
  IsLocked: z.boolean(),
  IsSystem: z.boolean(),
  Config: z.string(),
});
export type WidgetCatalogueItem = z.infer<typeof widgetCatalogueItemSchema>;

const name = z.string().trim().min(1).max(CATALOGUE_NAME_MAX);
const recordId = int32Id;

/** `POST /api/widgetTypes`, `PUT /api/widgetTypes/{id}` (report:manage): a tenant's own widget type. */
export const widgetTypeSaveSchema = z.object({
  Name: name,
  Kind: z.enum(WIDGET_KINDS),
  IsAIWidgetType: z.boolean().default(false),
});
export type WidgetTypeSave = z.input<typeof widgetTypeSaveSchema>;

/**
 * `POST /api/widgets`, `PUT /api/widgets/{id}` (report:manage): a tenant's own catalogue entry. Config is the
 * default widget Config (JSON text) and must name a `dataEndpoint` starting with `api/`.
 */
export const widgetSaveSchema = z.object({
  Title: name,
  Description: z.string().max(500).default(''),
  WidgetTypeId: recordId,
  WidgetCategoryId: recordId,
  IsEnabled: z.boolean().default(true),
  Config: jsonText(),
});
export type WidgetSave = z.input<typeof widgetSaveSchema>;
