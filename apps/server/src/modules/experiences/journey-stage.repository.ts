import { count, eq, max, sql, type SQL } from 'drizzle-orm';
import type { JourneyStageRow } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { journeyStages, surveys } from '../../db/schema/index.js';
import type { GridFields } from '../../grid/grid-fields.js';
import type { GridPageRequest } from '../../grid/grid-routes.js';
import { countOf, insertedId, isNameTaken } from '../../core/queries.js';
import { pageOf, selectionOf } from '../../grid/grid-queries.js';
import { ownRow, qualified } from './metadata-sql.js';

// Stages belong to one tenant, and so do the surveys that use them: counting by stage is counting the tenant's.
const surveyCount = sql<number>`(select count(*)::int from ${surveys} where ${qualified(surveys.journeyStageId)} = ${qualified(journeyStages.id)})`;

/** The journey stages grid's whitelist, which is also the select list of a stage. */
export const journeyStageGridFields = {
  Id: { sql: journeyStages.id, type: 'number' },
  Name: { sql: journeyStages.name, type: 'string' },
  Order: { sql: journeyStages.order, type: 'number' },
  SurveyCount: { sql: surveyCount, type: 'number' },
} satisfies GridFields;

const selection = selectionOf(journeyStageGridFields);

export const journeyStageGridScope = (tenantId: number): SQL => eq(journeyStages.tenantId, tenantId);

/** Journey stages of one tenant. */
export function createJourneyStageRepository(db: Db) {
  return {
    gridRows: (page: GridPageRequest): Promise<JourneyStageRow[]> =>
      pageOf(db.select(selection).from(journeyStages).$dynamic(), page),

    gridCount: (where: SQL | undefined): Promise<number> =>
      countOf(db.select({ n: count() }).from(journeyStages).where(where)),

    async find(tenantId: number, id: number): Promise<JourneyStageRow | undefined> {
      const [row] = await db
        .select(selection)
        .from(journeyStages)
        .where(ownRow(journeyStages, tenantId, id));
      return row;
    },

    nameTaken: (tenantId: number, name: string, exceptId?: number): Promise<boolean> =>
      isNameTaken(db, journeyStages, name, eq(journeyStages.tenantId, tenantId), exceptId),

    /** The order after the tenant's last stage (1 for the first). */
    async nextOrder(tenantId: number): Promise<number> {
      const [row] = await db
        .select({ last: max(journeyStages.order) })
        .from(journeyStages)
        .where(eq(journeyStages.tenantId, tenantId));
      return (row?.last ?? 0) + 1;
    },

    insert: (values: { tenantId: number; name: string; order: number }): Promise<number> =>
      insertedId(
        db.insert(journeyStages).values(values).returning({ id: journeyStages.id }),
        'journey stage',
      ),

    async update(tenantId: number, id: number, values: { name: string; order: number }): Promise<void> {
      await db
        .update(journeyStages)
        .set(values)
        .where(ownRow(journeyStages, tenantId, id));
    },

    async remove(tenantId: number, id: number): Promise<void> {
      await db.delete(journeyStages).where(ownRow(journeyStages, tenantId, id));
    },
  };
}
