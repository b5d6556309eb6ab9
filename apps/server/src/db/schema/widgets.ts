import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenants } from './identity.js';

/*
 * The widget catalogue (reports spec §3; docs/widgets.md). System entries have no tenant and fixed ids below
 * 10000 (kept current at start by `ensureWidgetCatalogue`); a tenant's own entries get ids from 10000 up.
 * Names of system entries are translation keys in triple braces, like report titles.
 */

export const widgetTypes = pgTable(
  'widget_types',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
    tenantId: integer('tenant_id').references(() => tenants.id),
    name: text('name').notNull(),
    /** What the report page draws (WIDGET_KINDS). */
    kind: text('kind').notNull(),
    isAiWidgetType: boolean('is_ai_widget_type').notNull().default(false),
  },
  (t) => [uniqueIndex('widget_types_name_key').on(sql`coalesce(${t.tenantId}, 0)`, sql`lower(${t.name})`)],
);

export const widgetCategories = pgTable('widget_categories', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
  tenantId: integer('tenant_id').references(() => tenants.id),
  name: text('name').notNull(),
  isAiWidgetType: boolean('is_ai_widget_type').notNull().default(false),
});

export const widgets = pgTable(
  'widgets',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 10000 }),
    tenantId: integer('tenant_id').references(() => tenants.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    widgetTypeId: integer('widget_type_id')
      .notNull()
      .references(() => widgetTypes.id),
    widgetCategoryId: integer('widget_category_id')
      .notNull()
      .references(() => widgetCategories.id),
    isEnabled: boolean('is_enabled').notNull().default(true),
    /** The default Config (JSON text) a new report widget starts from. */
    config: text('config').notNull().default('{}'),
  },
  (t) => [
    index('widgets_tenant_idx').on(t.tenantId),
    uniqueIndex('widgets_title_key').on(sql`coalesce(${t.tenantId}, 0)`, sql`lower(${t.title})`),
  ],
);
