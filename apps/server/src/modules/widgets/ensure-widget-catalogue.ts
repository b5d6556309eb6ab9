import { and, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { widgetCategories, widgetTypes, widgets } from '../../db/schema/index.js';
import {
  SYSTEM_WIDGETS,
  SYSTEM_WIDGET_CATEGORIES,
  SYSTEM_WIDGET_TYPES,
  systemTitle,
} from './widget-catalogue.data.js';
import { noneOf } from '../../db/any-of.js';

/** `excluded.<column>`: the value the upsert tried to insert. */
const excluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * Writes the system widget catalogue (widget-catalogue.data.ts) at every start, like the console client: system
 * types, categories and widgets (no tenant, fixed ids below 10000) are inserted or brought back to what the code
 * says, so a release that changes a default Config reaches existing installations. A system widget the code no
 * longer lists is disabled, not deleted: report widgets may still name it. Tenants' own rows are left alone.
 */
export async function ensureWidgetCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(widgetTypes)
      .values(
        SYSTEM_WIDGET_TYPES.map((type) => ({
          id: type.id,
          tenantId: null,
          name: systemTitle.type(type.kind),
          kind: type.kind,
          isAiWidgetType: type.isAi,
        })),
      )
      .onConflictDoUpdate({
        target: widgetTypes.id,
        set: {
          tenantId: null,
          name: excluded('name'),
          kind: excluded('kind'),
          isAiWidgetType: excluded('is_ai_widget_type'),
        },
      });
    await tx
      .insert(widgetCategories)
      .values(
        SYSTEM_WIDGET_CATEGORIES.map((category) => ({
          id: category.id,
          tenantId: null,
          name: systemTitle.category(category.key),
          isAiWidgetType: category.isAi,
        })),
      )
      .onConflictDoUpdate({
        target: widgetCategories.id,
        set: { tenantId: null, name: excluded('name'), isAiWidgetType: excluded('is_ai_widget_type') },
      });
    const typeIdOf = new Map(SYSTEM_WIDGET_TYPES.map((type) => [type.kind, type.id]));
    await tx
      .insert(widgets)
      .values(
        SYSTEM_WIDGETS.map((widget) => ({
          id: widget.id,
          tenantId: null,
          title: systemTitle.widget(widget.key),
          description: systemTitle.widgetDescription(widget.key),
          widgetTypeId: typeIdOf.get(widget.kind)!,
          widgetCategoryId: widget.categoryId,
          isEnabled: true,
          config: JSON.stringify(widget.config),
        })),
      )
      .onConflictDoUpdate({
        target: widgets.id,
        set: {
          tenantId: null,
          title: excluded('title'),
          description: excluded('description'),
          widgetTypeId: excluded('widget_type_id'),
          widgetCategoryId: excluded('widget_category_id'),
          isEnabled: excluded('is_enabled'),
          config: excluded('config'),
        },
      });
    await tx
      .update(widgets)
      .set({ isEnabled: false })
      .where(
        and(
          isNull(widgets.tenantId),
          noneOf(
            widgets.id,
            SYSTEM_WIDGETS.map((widget) => widget.id),
          ),
        ),
      );
  });
}
