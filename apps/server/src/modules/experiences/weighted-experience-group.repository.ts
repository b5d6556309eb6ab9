import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { WeightedExperienceGroupDetail, WeightedExperienceGroupRow } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import {
  experiences,
  weightedExperienceGroupItems,
  weightedExperienceGroups,
} from '../../db/schema/index.js';
import type { GridFields } from '../../grid/grid-fields.js';
import type { GridPageRequest } from '../../grid/grid-routes.js';
import { countOf, insertedId, isNameTaken } from '../../core/queries.js';
import { pageOf, selectionOf } from '../../grid/grid-queries.js';
import { ownRow, qualified, sharedOrOwn } from './metadata-sql.js';
import { anyOf } from '../../db/any-of.js';

const itemCount = sql<number>`(select count(*)::int from ${weightedExperienceGroupItems} where ${qualified(weightedExperienceGroupItems.groupId)} = ${qualified(weightedExperienceGroups.id)})`;

/** The weighted groups grid's whitelist, which is also its select list. */
export const weightedGroupGridFields = {
  Id: { sql: weightedExperienceGroups.id, type: 'number' },
  Name: { sql: weightedExperienceGroups.name, type: 'string' },
  ItemCount: { sql: itemCount, type: 'number' },
} satisfies GridFields;

export const weightedGroupGridScope = (tenantId: number): SQL =>
  eq(weightedExperienceGroups.tenantId, tenantId);

export type WeightedItem = { experienceId: number; weight: number };

/** Weighted experience groups of one tenant and their items. */
export function createWeightedGroupRepository(db: Db) {
  return {
    gridRows: (page: GridPageRequest): Promise<WeightedExperienceGroupRow[]> =>
      pageOf(db.select(selectionOf(weightedGroupGridFields)).from(weightedExperienceGroups).$dynamic(), page),

    gridCount: (where: SQL | undefined): Promise<number> =>
      countOf(db.select({ n: count() }).from(weightedExperienceGroups).where(where)),

    async find(tenantId: number, id: number): Promise<WeightedExperienceGroupDetail | undefined> {
      const [group] = await db
        .select({ Id: weightedExperienceGroups.id, Name: weightedExperienceGroups.name })
        .from(weightedExperienceGroups)
        .where(ownRow(weightedExperienceGroups, tenantId, id));
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

    nameTaken: (tenantId: number, name: string, exceptId?: number): Promise<boolean> =>
      isNameTaken(
        db,
        weightedExperienceGroups,
        name,
        eq(weightedExperienceGroups.tenantId, tenantId),
        exceptId,
      ),

    /** The measurement types of those of `ids` the tenant sees (system or own experiences). */
    async visibleExperiences(tenantId: number, ids: number[]): Promise<Map<number, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: experiences.id, measurementType: experiences.measurementType })
        .from(experiences)
        .where(and(anyOf(experiences.id, ids), sharedOrOwn(experiences.tenantId, tenantId)));
      return new Map(rows.map((row) => [row.id, row.measurementType]));
    },

    insert: (tenantId: number, name: string): Promise<number> =>
      insertedId(
        db
          .insert(weightedExperienceGroups)
          .values({ tenantId, name })
          .returning({ id: weightedExperienceGroups.id }),
        'weighted group',
      ),

    async rename(tenantId: number, id: number, name: string): Promise<void> {
      await db
        .update(weightedExperienceGroups)
        .set({ name })
        .where(ownRow(weightedExperienceGroups, tenantId, id));
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
      await db.delete(weightedExperienceGroups).where(ownRow(weightedExperienceGroups, tenantId, id));
    },
  };
}

export type WeightedGroupRepository = ReturnType<typeof createWeightedGroupRepository>;
