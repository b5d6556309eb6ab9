import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CALCULABLE_MEASUREMENT_TYPES,
  measurementTypeSchema,
  type CalculableExperience,
  type ExperienceDetail,
  type ExperienceGroupOption,
  type ExperienceRow,
  type MeasurementType,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import {
  experienceGroups,
  experiences,
  questions,
  tenants,
  weightedExperienceGroupItems,
} from '../../db/schema/index.js';
import type { GridFields } from '../../grid/grid-fields.js';
import type { GridPageRequest } from '../../grid/grid-routes.js';
import { countOf, insertedId, isNameTaken, sameName } from '../../core/queries.js';
import { pageOf, selectionOf } from '../../grid/grid-queries.js';
import { ownRow, qualified, sharedOrOwn } from './metadata-sql.js';
import { anyOf } from '../../db/any-of.js';

/**
 * The caller's tenant, joined to every grid row: the list's scope pins it to the caller (`caller.id = $tenant`),
 * so that `QuestionCount` counts only the caller's questions, also for the system experiences every tenant
 * shares, although the grid's `rows`/`count` only get the finished WHERE clause.
 */
const caller = alias(tenants, 'caller');

/** A system experience: no tenant, or one of the preserved ids. */
const isPreserved = sql<boolean>`(${qualified(experiences.isPreserved)} or ${qualified(experiences.tenantId)} is null)`;
const questionCountOf = (tenantId: SQL | number) =>
  sql<number>`(select count(*)::int from ${questions} where ${qualified(questions.experienceId)} = ${qualified(experiences.id)} and ${qualified(questions.tenantId)} = ${tenantId})`;
const weightedGroupCountOf = (tenantId: number) =>
  sql<number>`(select count(distinct ${qualified(weightedExperienceGroupItems.groupId)})::int from ${weightedExperienceGroupItems} where ${qualified(weightedExperienceGroupItems.experienceId)} = ${qualified(experiences.id)} and ${qualified(weightedExperienceGroupItems.tenantId)} = ${tenantId})`;

/** The experiences grid's whitelist (keys are the row's fields). */
export const experienceGridFields = {
  Id: { sql: experiences.id, type: 'number' },
  Name: { sql: experiences.name, type: 'string' },
  GroupId: { sql: experiences.groupId, type: 'number' },
  GroupName: { sql: experienceGroups.name, type: 'string' },
  MeasurementType: { sql: experiences.measurementType, type: 'number' },
  IsPreserved: { sql: isPreserved, type: 'boolean' },
  QuestionCount: { sql: questionCountOf(sql`${caller.id}`), type: 'number' },
} satisfies GridFields;

/** The grid's scope: the system experiences and the tenant's own, seen by the tenant. */
export const experienceGridScope = (tenantId: number): SQL =>
  and(eq(caller.id, tenantId), sharedOrOwn(experiences.tenantId, tenantId))!;

const toMeasurementType = (value: number): MeasurementType => measurementTypeSchema.parse(value);

export type ExperienceRecord = ExperienceDetail & { TenantId: number | null };

/** Experiences and experience groups; every read is limited to what `tenantId` sees. */
export function createExperienceRepository(db: Db) {
  return {
    async gridRows(page: GridPageRequest): Promise<ExperienceRow[]> {
      const query = db
        .select(selectionOf(experienceGridFields))
        .from(experiences)
        .crossJoin(caller)
        .leftJoin(experienceGroups, eq(experienceGroups.id, experiences.groupId));
      const rows = await pageOf(query.$dynamic(), page);
      return rows.map((row) => ({ ...row, MeasurementType: toMeasurementType(row.MeasurementType) }));
    },

    gridCount: (where: SQL | undefined): Promise<number> =>
      countOf(
        db
          .select({ n: count() })
          .from(experiences)
          .crossJoin(caller)
          .leftJoin(experienceGroups, eq(experienceGroups.id, experiences.groupId))
          .where(where),
      ),

    /** One experience the tenant sees, with the tenant's use of it. */
    async find(tenantId: number, id: number): Promise<ExperienceRecord | undefined> {
      const [row] = await db
        .select({
          ...selectionOf(experienceGridFields),
          QuestionCount: questionCountOf(tenantId),
          WeightedGroupCount: weightedGroupCountOf(tenantId),
          TenantId: experiences.tenantId,
        })
        .from(experiences)
        .leftJoin(experienceGroups, eq(experienceGroups.id, experiences.groupId))
        .where(and(eq(experiences.id, id), sharedOrOwn(experiences.tenantId, tenantId)));
      return row && { ...row, MeasurementType: toMeasurementType(row.MeasurementType) };
    },

    /** Whether the tenant sees another experience of this name (its own or a system one). */
    nameTaken: (tenantId: number, name: string, exceptId?: number): Promise<boolean> =>
      isNameTaken(db, experiences, name, sharedOrOwn(experiences.tenantId, tenantId), exceptId),

    /** Whether any question or weighted group item refers to the experience (whatever its tenant). */
    async inUse(id: number): Promise<boolean> {
      const [question] = await db
        .select({ id: questions.id })
        .from(questions)
        .where(eq(questions.experienceId, id))
        .limit(1);
      if (question) return true;
      const [item] = await db
        .select({ id: weightedExperienceGroupItems.id })
        .from(weightedExperienceGroupItems)
        .where(eq(weightedExperienceGroupItems.experienceId, id))
        .limit(1);
      return item !== undefined;
    },

    insert: (values: {
      tenantId: number;
      name: string;
      groupId: number | null;
      measurementType: MeasurementType;
    }): Promise<number> =>
      insertedId(db.insert(experiences).values(values).returning({ id: experiences.id }), 'experience'),

    async update(
      tenantId: number,
      id: number,
      values: { name: string; groupId: number | null; measurementType: MeasurementType },
    ): Promise<void> {
      await db
        .update(experiences)
        .set(values)
        .where(ownRow(experiences, tenantId, id));
    },

    async remove(tenantId: number, id: number): Promise<void> {
      await db.delete(experiences).where(ownRow(experiences, tenantId, id));
    },

    groups: (tenantId: number): Promise<ExperienceGroupOption[]> =>
      db
        .select({ Id: experienceGroups.id, Name: experienceGroups.name })
        .from(experienceGroups)
        .where(sharedOrOwn(experienceGroups.tenantId, tenantId))
        .orderBy(asc(experienceGroups.name), asc(experienceGroups.id)),

    async findGroup(tenantId: number, where: { id: number } | { name: string }) {
      const [row] = await db
        .select({ id: experienceGroups.id, name: experienceGroups.name })
        .from(experienceGroups)
        .where(
          and(
            sharedOrOwn(experienceGroups.tenantId, tenantId),
            'id' in where ? eq(experienceGroups.id, where.id) : sameName(experienceGroups.name, where.name),
          ),
        )
        .orderBy(asc(experienceGroups.id))
        .limit(1);
      return row;
    },

    insertGroup: (tenantId: number, name: string): Promise<number> =>
      insertedId(
        db.insert(experienceGroups).values({ tenantId, name }).returning({ id: experienceGroups.id }),
        'experience group',
      ),

    async calculable(tenantId: number): Promise<CalculableExperience[]> {
      const rows = await db
        .select({
          Id: experiences.id,
          Name: experiences.name,
          MeasurementType: experiences.measurementType,
          GroupName: experienceGroups.name,
        })
        .from(experiences)
        .leftJoin(experienceGroups, eq(experienceGroups.id, experiences.groupId))
        .where(
          and(
            sharedOrOwn(experiences.tenantId, tenantId),
            anyOf(experiences.measurementType, [...CALCULABLE_MEASUREMENT_TYPES]),
          ),
        )
        .orderBy(asc(experiences.name), asc(experiences.id));
      return rows.map((row) => ({ ...row, MeasurementType: toMeasurementType(row.MeasurementType) }));
    },
  };
}

export type ExperienceRepository = ReturnType<typeof createExperienceRepository>;
