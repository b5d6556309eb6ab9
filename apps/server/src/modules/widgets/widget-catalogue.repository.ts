import { and, asc, eq, isNull, ne, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { WidgetCatalogueItem, WidgetCategory, WidgetKind, WidgetType } from '@loupe/contracts';
import type { Executor } from '../../db/executor.js';
import { licenses, widgetCategories, widgetTypes, widgets } from '../../db/schema/index.js';
import { isAiWidget } from './widget-default-config.js';

/*
 * The catalogue's reads (reports spec §3, §6): a caller sees the system entries (no tenant) and its tenant's own;
 * a tenantless caller sees the system entries only.
 */

/** The rows of `column`'s table the caller of `tenantId` sees: the system rows and its tenant's. */
const visibleTo = (column: Column, tenantId: number | null): SQL =>
  tenantId === null ? isNull(column) : or(isNull(column), eq(column, tenantId))!;

/**
 * Whether the tenant's AI (text-analytics) module is active: the licence's flag, as bootstrap's IsAIModuleActive
 * reads it (modules/bootstrap/bootstrap.service.ts); no licence or no tenant is inactive.
 */
export async function aiModuleActive(executor: Executor, tenantId: number | null): Promise<boolean> {
  if (tenantId === null) return false;
  const [row] = await executor
    .select({ active: licenses.isAiModuleActive })
    .from(licenses)
    .where(eq(licenses.tenantId, tenantId));
  return row?.active ?? false;
}

const typeColumns = {
  id: widgetTypes.id,
  tenantId: widgetTypes.tenantId,
  name: widgetTypes.name,
  kind: widgetTypes.kind,
  isAi: widgetTypes.isAiWidgetType,
};
type TypeRow = { id: number; tenantId: number | null; name: string; kind: string; isAi: boolean };

const toType = (row: TypeRow): WidgetType => ({
  Id: row.id,
  Name: row.name,
  Kind: row.kind as WidgetKind,
  IsAIWidgetType: row.isAi,
  IsSystem: row.tenantId === null,
});

const widgetColumns = {
  id: widgets.id,
  tenantId: widgets.tenantId,
  title: widgets.title,
  description: widgets.description,
  isEnabled: widgets.isEnabled,
  config: widgets.config,
  typeId: widgetTypes.id,
  typeName: widgetTypes.name,
  kind: widgetTypes.kind,
  typeIsAi: widgetTypes.isAiWidgetType,
  categoryId: widgetCategories.id,
  categoryName: widgetCategories.name,
  categoryIsAi: widgetCategories.isAiWidgetType,
};
type WidgetRow = {
  id: number;
  tenantId: number | null;
  title: string;
  description: string;
  isEnabled: boolean;
  config: string;
  typeId: number;
  typeName: string;
  kind: string;
  typeIsAi: boolean;
  categoryId: number;
  categoryName: string;
  categoryIsAi: boolean;
};

/** A catalogue entry as the caller sees it: locked when disabled, or an AI widget while the module is off. */
function toItem(row: WidgetRow, aiActive: boolean): WidgetCatalogueItem {
  const kind = row.kind as WidgetKind;
  const ai = isAiWidget({
    categoryId: row.categoryId,
    categoryIsAi: row.categoryIsAi,
    typeIsAi: row.typeIsAi,
    kind,
    config: row.config,
  });
  return {
    Id: row.id,
    Title: row.title,
    Description: row.description,
    WidgetTypeId: row.typeId,
    WidgetCategoryId: row.categoryId,
    WidgetTypeName: row.typeName,
    WidgetKind: kind,
    WidgetCategoryName: row.categoryName,
    IsAIWidget: ai,
    IsEnabled: row.isEnabled,
    IsLocked: !row.isEnabled || (ai && !aiActive),
    IsSystem: row.tenantId === null,
    Config: row.config,
  };
}

export function createWidgetCatalogueRepository(executor: Executor) {
  async function selectWidgets(tenantId: number | null, where?: SQL): Promise<WidgetCatalogueItem[]> {
    const [rows, aiActive] = await Promise.all([
      executor
        .select(widgetColumns)
        .from(widgets)
        .innerJoin(widgetTypes, eq(widgetTypes.id, widgets.widgetTypeId))
        .innerJoin(widgetCategories, eq(widgetCategories.id, widgets.widgetCategoryId))
        .where(and(visibleTo(widgets.tenantId, tenantId), where))
        .orderBy(asc(widgets.widgetCategoryId), asc(widgets.id)),
      aiModuleActive(executor, tenantId),
    ]);
    return rows.map((row) => toItem(row, aiActive));
  }

  return {
    async types(tenantId: number | null): Promise<WidgetType[]> {
      const rows = await executor
        .select(typeColumns)
        .from(widgetTypes)
        .where(visibleTo(widgetTypes.tenantId, tenantId))
        .orderBy(asc(widgetTypes.id));
      return rows.map(toType);
    },

    async type(tenantId: number | null, id: number): Promise<WidgetType | undefined> {
      const [row] = await executor
        .select(typeColumns)
        .from(widgetTypes)
        .where(and(eq(widgetTypes.id, id), visibleTo(widgetTypes.tenantId, tenantId)));
      return row && toType(row);
    },

    async categories(tenantId: number | null): Promise<WidgetCategory[]> {
      const rows = await executor
        .select({
          id: widgetCategories.id,
          tenantId: widgetCategories.tenantId,
          name: widgetCategories.name,
          isAi: widgetCategories.isAiWidgetType,
        })
        .from(widgetCategories)
        .where(visibleTo(widgetCategories.tenantId, tenantId))
        .orderBy(asc(widgetCategories.id));
      return rows.map((row) => ({
        Id: row.id,
        Name: row.name,
        IsAIWidgetType: row.isAi,
        IsSystem: row.tenantId === null,
      }));
    },

    async categoryVisible(tenantId: number | null, id: number): Promise<boolean> {
      const [row] = await executor
        .select({ id: widgetCategories.id })
        .from(widgetCategories)
        .where(and(eq(widgetCategories.id, id), visibleTo(widgetCategories.tenantId, tenantId)));
      return row !== undefined;
    },

    widgets: (tenantId: number | null) => selectWidgets(tenantId),

    async widget(tenantId: number | null, id: number): Promise<WidgetCatalogueItem | undefined> {
      const [item] = await selectWidgets(tenantId, eq(widgets.id, id));
      return item;
    },

    /** Whether the tenant already has a type of this name (any case), besides `exceptId`. */
    async typeNameTaken(tenantId: number, name: string, exceptId?: number): Promise<boolean> {
      const [row] = await executor
        .select({ id: widgetTypes.id })
        .from(widgetTypes)
        .where(
          and(
            eq(widgetTypes.tenantId, tenantId),
            sql`lower(${widgetTypes.name}) = lower(${name})`,
            exceptId === undefined ? undefined : ne(widgetTypes.id, exceptId),
          ),
        );
      return row !== undefined;
    },

    /** Whether the tenant already has a widget of this title (any case), besides `exceptId`. */
    async widgetTitleTaken(tenantId: number, title: string, exceptId?: number): Promise<boolean> {
      const [row] = await executor
        .select({ id: widgets.id })
        .from(widgets)
        .where(
          and(
            eq(widgets.tenantId, tenantId),
            sql`lower(${widgets.title}) = lower(${title})`,
            exceptId === undefined ? undefined : ne(widgets.id, exceptId),
          ),
        );
      return row !== undefined;
    },

    /** How many widgets use the type. */
    async widgetsOfType(typeId: number): Promise<number> {
      const [row] = await executor
        .select({ count: sql<number>`count(*)::int` })
        .from(widgets)
        .where(eq(widgets.widgetTypeId, typeId));
      return row?.count ?? 0;
    },

    async insertType(values: typeof widgetTypes.$inferInsert): Promise<number> {
      const [row] = await executor.insert(widgetTypes).values(values).returning({ id: widgetTypes.id });
      if (!row) throw new Error('widget type insert returned nothing');
      return row.id;
    },

    async updateType(tenantId: number, id: number, values: Partial<typeof widgetTypes.$inferInsert>) {
      await executor
        .update(widgetTypes)
        .set(values)
        .where(and(eq(widgetTypes.id, id), eq(widgetTypes.tenantId, tenantId)));
    },

    async insertWidget(values: typeof widgets.$inferInsert): Promise<number> {
      const [row] = await executor.insert(widgets).values(values).returning({ id: widgets.id });
      if (!row) throw new Error('widget insert returned nothing');
      return row.id;
    },

    async updateWidget(tenantId: number, id: number, values: Partial<typeof widgets.$inferInsert>) {
      await executor
        .update(widgets)
        .set(values)
        .where(and(eq(widgets.id, id), eq(widgets.tenantId, tenantId)));
    },
  };
}

export type WidgetCatalogueRepository = ReturnType<typeof createWidgetCatalogueRepository>;
