import { z } from 'zod';
import { int32Id } from '../input-bounds.js';
import { jsonText } from '../validators.js';
import { reportFilterSchema } from './report-filter.schema.js';

/*
 * Reports and their widgets (reports spec §3, §5, §7, §9): the report editor's calls, the dashboard menu's
 * reorder, role assignments and saved user filters. Server and web validate with these schemas.
 */

/** Reports spec §9. */
export const REPORT_MAX_WIDGETS = 10;
export const REPORT_TITLE_MAX = 100;
export const REPORT_CATEGORY_MAX = 100;
/** A menu group's name when renamed inline in the dashboard menu (shell spec §9). */
export const MENU_GROUP_NAME_MAX = 30;
/** The category of reports not put in a named group, and of a new report when the category toggle is off. */
export const DEFAULT_MENU_GROUP = 'Menu Group';
/** The report opened at /dashboard. */
export const DASHBOARD_CATEGORY = 'Dashboard';
/** Widget width in width units (2 grid columns each, 12 columns in all) and the fixed height. */
export const WIDGET_MIN_WIDTH = 2;
export const WIDGET_MAX_WIDTH = 6;
export const WIDGET_HEIGHT = 2;
export const WIDGET_DEFAULT_WIDTH = 3;

/**
 * A report's Config JSON (reports spec §3 "report config keys"). Unknown keys are kept: the JSON tab of the
 * report dialog may carry more than the General tab edits.
 */
export const reportConfigSchema = z
  .object({
    title: z.string().optional(),
    slug: z.string().optional(),
    category: z.string().optional(),
    /** Users restricted to channels/products see this report pre-filtered by their first channel and product. */
    scopedData: z.boolean().optional(),
    scopedDataForEmployee: z.boolean().optional(),
    hasAdvancedFilter: z.boolean().optional(),
    /** Which advanced filters the panel offers: survey (multiple), question, channel, product, segment, transactionType. */
    advancedFilters: z.array(z.string()).optional(),
    textAnalyticsFilter2Visible: z.boolean().optional(),
    /** The report's own fixed filters (ChannelSet, ProductSet, …, TransactionTypeId, Segments). */
    filters: reportFilterSchema.partial().optional(),
  })
  .loose();
export type ReportConfig = z.infer<typeof reportConfigSchema>;

/** Reports spec §7, the report-widget record: Config is JSON text (see widget-config.schema.ts). */
export const reportWidgetSchema = z.object({
  Id: z.number().int(),
  ReportId: z.number().int(),
  WidgetId: z.number().int(),
  Config: z.string(),
});
export type ReportWidget = z.infer<typeof reportWidgetSchema>;

/** `GET /api/reports`: the reports the caller sees through their roles, in menu order. */
export const reportListItemSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Category: z.string(),
  Order: z.number().int(),
  /** From the config, or derived from the title (`reportSlug`). */
  Slug: z.string(),
  ScopedData: z.boolean(),
  WidgetCount: z.number().int(),
});
export type ReportListItem = z.infer<typeof reportListItemSchema>;

/** `GET /api/reporteditor/{id}`: the report with its widgets (reports spec §7). */
export const reportDetailSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Category: z.string(),
  Config: z.string(),
  Order: z.number().int(),
  ReportWidgets: z.array(reportWidgetSchema),
});
export type ReportDetail = z.infer<typeof reportDetailSchema>;

const reportTitle = z.string().trim().min(1).max(REPORT_TITLE_MAX);
/** A record id sent by the client: a positive 32-bit integer (the database's `integer`). */
const recordId = int32Id;
const reportCategory = z.string().trim().min(1).max(REPORT_CATEGORY_MAX);

/** `POST /api/reporteditor`: Title (≤ 100), Category (≤ 100; 'Menu Group' when absent), Config (JSON text). */
export const reportCreateSchema = z.object({
  Title: reportTitle,
  Category: reportCategory.optional().default(DEFAULT_MENU_GROUP),
  Config: jsonText(),
});
export type ReportCreate = z.input<typeof reportCreateSchema>;

/**
 * `PUT /api/reporteditor/{id}`: as create, plus the widgets whose Config changed (positions after a drag); the
 * answer is the whole report.
 */
export const reportUpdateSchema = reportCreateSchema.extend({
  Id: recordId,
  ReportWidgets: z.array(z.object({ Id: recordId, Config: jsonText() })).optional(),
});
export type ReportUpdate = z.input<typeof reportUpdateSchema>;

/** `POST /api/reporteditor` answer (reports spec §7: Id, Title, Config). */
export const reportCreatedSchema = z.object({ Id: z.number().int(), Title: z.string(), Config: z.string() });

/** `PUT /api/reporteditor/changeReportOrders`: the menu's order, optionally moving a report to another group. */
export const reportOrdersSchema = z
  .array(
    z.object({
      Id: recordId,
      Order: z.number().int().min(0).max(2_147_483_647),
      Category: reportCategory.optional(),
    }),
  )
  .min(1)
  .max(1000);
export type ReportOrders = z.infer<typeof reportOrdersSchema>;

/**
 * `POST /api/reportWidgets`, `PUT /api/reportWidgets/{id}`: Config must pass `widgetConfigSchema` (else 400, 2505
 * naming the field); the server clamps size.w to 2..6 and sets h to 2.
 */
export const reportWidgetSaveSchema = z.object({
  ReportId: recordId,
  WidgetId: recordId,
  Config: jsonText(),
});
export type ReportWidgetSave = z.infer<typeof reportWidgetSaveSchema>;

/** `POST /api/rolereports` (Config '{}' for a plain assignment). */
export const roleReportSaveSchema = z.object({
  ReportId: recordId,
  RoleId: recordId,
  Config: jsonText().optional().default('{}'),
});

/** `GET /api/rolereports/?$orderby=RoleId&$filter=ReportId eq {id}` items. */
export const roleReportSchema = z.object({
  ReportId: z.number().int(),
  RoleId: z.number().int(),
  RoleName: z.string(),
  Config: z.string(),
});
export type RoleReport = z.infer<typeof roleReportSchema>;

/** A saved user filter (reports spec §3: Id, IsSaved, Page, Name, UserId, Config JSON text). */
export const userFilterSchema = z.object({
  Id: z.number().int(),
  IsSaved: z.boolean(),
  Page: z.string(),
  Name: z.string(),
  UserId: z.number().int(),
  Config: z.string(),
});
export type UserFilter = z.infer<typeof userFilterSchema>;

/** `POST /api/users/filter/`, `PUT /api/users/filter/{id}`; names unique per user and page (12001). */
export const userFilterSaveSchema = z.object({
  Page: z.string().trim().min(1).max(200),
  Name: z.string().trim().min(1).max(100),
  IsSaved: z.boolean().optional().default(true),
  Config: jsonText(),
});
export type UserFilterSave = z.input<typeof userFilterSaveSchema>;

/** `GET /api/users/filter?page=`: the caller's saved filters of a page. */
export const userFilterQuerySchema = z.object({ page: z.string().trim().min(1).max(200) });

/**
 * `GET /api/report-list` (a grid, report:manage): the reports the caller sees, with what the report list screen
 * shows beside the menu's fields — the roles each is assigned to and when it last changed.
 */
export const reportListRowSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Category: z.string(),
  Slug: z.string(),
  WidgetCount: z.number().int(),
  /** The names of the roles that see the report, by name. */
  RoleNames: z.array(z.string()),
  ScopedData: z.boolean(),
  UpdatedAt: z.string(),
});
export type ReportListRow = z.infer<typeof reportListRowSchema>;
