import { and, count, eq, max, ne, sql, type SQL } from 'drizzle-orm';
import type { JourneyStageRow } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { journeyStages, surveys } from '../../db/schema/index.js';
import type { GridFields, GridPageRequest } from '../../grid/grid-routes.js';
import { qualified, sameName } from './metadata-sql.js';

// Stages belong to one tenant, and so do the surveys that use them: counting by stage is counting the tenant's.
const surveyCount = sql<number>`(select count(*)::int from ${surveys} where ${qualified(surveys.journeyStageId)} = ${qualified(journeyStages.id)})`;

const selection = {
  Id: journeyStages.id,
  Name: journeyStages.name,
  Order: journeyStages.order,
  SurveyCount: surveyCount,
};

/** The journey stages grid's whitelist. */
export const journeyStageGridFields: GridFields = {
  Id: { sql: journeyStages.id, type: 'number' },
  Name: { sql: journeyStages.name, type: 'string' },
  Order: { sql: journeyStages.order, type: 'number' },
  SurveyCount: { sql: surveyCount, type: 'number' },
};

export const journeyStageGridScope = (tenantId: number): SQL => eq(journeyStages.tenantId, tenantId);

/** Journey stages of one tenant. */
export function createJourneyStageRepository(db: Db) {
  return {
    gridRows: (page: GridPageRequest): Promise<JourneyStageRow[]> =>
      db
        .select(selection)
        .from(journeyStages)
        .where(page.where)
        .orderBy(...page.orderBy)
        .limit(page.limit)
        .offset(page.offset),

    async gridCount(where: SQL | undefined): Promise<number> {
      const [row] = await db.select({ n: count() }).from(journeyStages).where(where);
      return row?.n ?? 0;
    },

    async find(tenantId: number, id: number): Promise<JourneyStageRow | undefined> {
      const [row] = await db
        .select(selection)
        .from(journeyStages)
        .where(and(eq(journeyStages.id, id), eq(journeyStages.tenantId, tenantId)));
      return row;
    },

    async nameTaken(tenantId: number, name: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: journeyStages.id })
        .from(journeyStages)
        .where(
          and(
            eq(journeyStages.tenantId, tenantId),
            sameName(journeyStages.name, name),
            exceptId === undefined ? undefined : ne(journeyStages.id, exceptId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The order after the tenant's last stage (1 for the first). */
    async nextOrder(tenantId: number): Promise<number> {
      const [row] = await db
        .select({ last: max(journeyStages.order) })
        .from(journeyStages)
        .where(eq(journeyStages.tenantId, tenantId));
      return (row?.last ?? 0) + 1;
    },

    async insert(values: { tenantId: number; name: string; order: number }): Promise<number> {
      const [row] = await db.insert(journeyStages).values(values).returning({ id: journeyStages.id });
      if (!row) throw new Error('journey stage insert returned nothing');
      return row.id;
    },

    async update(tenantId: number, id: number, values: { name: string; order: number }): Promise<void> {
      await db
        .update(journeyStages)
        .set(values)
        .where(and(eq(journeyStages.id, id), eq(journeyStages.tenantId, tenantId)));
    },

    async remove(tenantId: number, id: number): Promise<void> {
      await db
        .delete(journeyStages)
        .where(and(eq(journeyStages.id, id), eq(journeyStages.tenantId, tenantId)));
    },
  };
}

export type JourneyStageRepository = ReturnType<typeof createJourneyStageRepository>;
