import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { roles, tenants, users } from './identity.js';

/**
 * Report pages (reports spec §3). `category` is the dashboard menu group ('Menu Group' by default; 'Dashboard'
 * opens at /dashboard); `config` is the report's JSON text (slug, scopedData, filters, …); `order` places it in the
 * menu. Titles are unique per tenant regardless of case (2500).
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    title: text('title').notNull(),
    category: text('category').notNull().default('Menu Group'),
    config: text('config').notNull().default('{}'),
    order: integer('order').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reports_tenant_title_key').on(t.tenantId, sql`lower(${t.title})`)],
);

/**
 * A widget placed on a report: `widgetId` names the catalogue entry (the widget catalogue comes with the widgets
 * issue), `config` its JSON text (dataFilters, size {w, h}, position, titles, …). At most 10 per report.
 */
export const reportWidgets = pgTable(
  'report_widgets',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    widgetId: integer('widget_id').notNull(),
    config: text('config').notNull().default('{}'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_widgets_report_idx').on(t.reportId)],
);

/** Which roles see a report (a user sees the reports of any of their roles). `config` is '{}' unless advanced. */
export const roleReports = pgTable(
  'role_reports',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    config: text('config').notNull().default('{}'),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.reportId] }), index('role_reports_report_idx').on(t.reportId)],
);

/** Filters a user saved on a page (reports spec §3: Id, IsSaved, Page, Name, UserId, Config); names unique (12001). */
export const userFilters = pgTable(
  'user_filters',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').references(() => tenants.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    page: text('page').notNull(),
    name: text('name').notNull(),
    isSaved: boolean('is_saved').notNull().default(true),
    config: text('config').notNull().default('{}'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_filters_name_key').on(t.userId, t.page, sql`lower(${t.name})`)],
);

/**
 * Email report notifications (issue 23 item 2, docs/email-reports.md): a report mailed as a PDF on a cron to one
 * user (`userId`) or to every active user of a role (`roleId`), each recipient with their own data scope and
 * language. `experienceId`/`surveyId` narrow the report's filter for the pack. The last run's time, error and
 * number of mails sent are kept on the row.
 */
export const emailReports = pgTable(
  'email_reports',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id').references(() => roles.id, { onDelete: 'cascade' }),
    experienceId: integer('experience_id'),
    surveyId: integer('survey_id'),
    subject: text('subject').notNull(),
    body: text('body').notNull().default(''),
    cronExpression: text('cron_expression').notNull().default('0 * * * *'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The due time the last scheduled run was for (the tick's cursor); set to now on save. */
    scheduledFrom: timestamp('scheduled_from', { withTimezone: true }).notNull().defaultNow(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastSentCount: integer('last_sent_count'),
  },
  (t) => [index('email_reports_tenant_idx').on(t.tenantId)],
);
