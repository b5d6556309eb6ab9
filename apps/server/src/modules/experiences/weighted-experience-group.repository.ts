import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { WeightedExperienceGroupDetail, WeightedExperienceGroupRow } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import {
  experiences,
  weightedExperienceGroupItems,
  weightedExperienceGroups,
} from '../../db/schema/index.js';
import type { GridFields, GridPageRequest } from '../../grid/grid-routes.js';
import { qualified, sameName, sharedOrOwn } from './metadata-sql.js';

const itemCount = sql<number>`(select count(*)::int from ${weightedExperienceGroupItems} where ${qualified(weightedExperienceGroupItems.groupId)} = ${qualified(weightedExperienceGroups.id)})`;

/** The weighted groups grid's whitelist. */
export const weightedGroupGridFields: GridFields = {
  Id: { sql: weightedExperienceGroups.id, type: 'number' },
  Name: { sql: weightedExperienceGroups.name, type: 'string' },
  ItemCount: { sql: itemCount, type: 'number' },
};

export const weightedGroupGridScope = (tenantId: number): SQL =>
  eq(weightedExperienceGroups.tenantId, tenantId);

export type WeightedItem = { experienceId: number; weight: number };

/** Weighted experience groups of one tenant and their items. */
export function createWeightedGroupRepository(db: Db) {
  return {
    gridRows: (page: GridPageRequest): Promise<WeightedExperienceGroupRow[]> =>
      db
        .select({
          Id: weightedExperienceGroups.id,
          Name: weightedExperienceGroups.name,
          ItemCount: itemCount,
        })
        .from(weightedExperienceGroups)
        .where(page.where)
        .orderBy(...page.orderBy)
        .limit(page.limit)
        .offset(page.offset),

    async gridCount(where: SQL | undefined): Promise<number> {
      const [row] = await db.select({ n: count() }).from(weightedExperienceGroups).where(where);
      return row?.n ?? 0;
    },

    async find(tenantId: number, id: number): Promise<WeightedExperienceGroupDetail | undefined> {
      const [group] = await db
        .select({ Id: weightedExperienceGroups.id, Name: weightedExperienceGroups.name })
        .from(weightedExperienceGroups)
        .where(and(eq(weightedExperienceGroups.id, id), eq(weightedExperienceGroups.tenantId, tenantId)));
      if (!group) return undefined;
      const items = await db
        .select({
          ExperienceId: weightedExperienceGroupItems.experienceId,
          ExperienceName: experiences.name,
          Weight: weightedExperienceGroupItems.weight,
        })
        .from(weightedExperienceGroupItems)
        .innerJoin(experiences, eq(experiences.id, weightedExperienceGroupItems.experienceId))
        .where(
          and(
            eq(weightedExperienceGroupItems.groupId, id),
            eq(weightedExperienceGroupItems.tenantId, tenantId),
          ),
        )
        .orderBy(asc(weightedExperienceGroupItems.id));
      return { ...group, Items: items };
    },

    async nameTaken(tenantId: number, name: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: weightedExperienceGroups.id })
        .from(weightedExperienceGroups)
        .where(
          and(
            eq(weightedExperienceGroups.tenantId, tenantId),
            sameName(weightedExperienceGroups.name, name),
            exceptId === undefined ? undefined : ne(weightedExperienceGroups.id, exceptId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The measurement types of those of `ids` the tenant sees (system or own experiences). */
    async visibleExperiences(tenantId: number, ids: number[]): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: experiences.id, measurementType: experiences.measurementType })
        .from(experiences)
        .where(and(inArray(experiences.id, ids), sharedOrOwn(experiences.tenantId, tenantId)));
      return new Map(rows.map((row) => [row.id, row.measurementType]));
    },

    async insert(tenantId: number, name: string): Promise<number> {
      const [row] = await db
        .insert(weightedExperienceGroups)
        .values({ tenantId, name })
        .returning({ id: weightedExperienceGroups.id });
      if (!row) throw new Error('weighted group insert returned nothing');
      return row.id;
    },

    async rename(tenantId: number, id: number, name: string): Promise<void> {
      await db
        .update(weightedExperienceGroups)
        .set({ name })
        .where(and(eq(weightedExperienceGroups.id, id), eq(weightedExperienceGroups.tenantId, tenantId)));
    },

    /** Replaces the group's items with `items`, in their order. */
    async replaceItems(tenantId: number, groupId: number, items: WeightedItem[]): Promise<void> {
      await db
        .delete(weightedExperienceGroupItems)
        .where(
          and(
            eq(weightedExperienceGroupItems.groupId, groupId),
            eq(weightedExperienceGroupItems.tenantId, tenantId),
          ),
        );
      if (items.length === 0) return;
      await db
        .insert(weightedExperienceGroupItems)
        .values(items.map((item) => ({ tenantId, groupId, ...item })));
    },

    async remove(tenantId: number, id: number): Promise<void> {
      await db
        .delete(weightedExperienceGroups)
        .where(and(eq(weightedExperienceGroups.id, id), eq(weightedExperienceGroups.tenantId, tenantId)));
    },
  };
}

export type WeightedGroupRepository = ReturnType<typeof createWeightedGroupRepository>;
