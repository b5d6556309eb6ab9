import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  aiAnnotationTaskListParamsSchema,
  aiAnnotationTaskParamsSchema,
  aiAnnotationTaskSaveSchema,
  aiAnnotationTaskSchema,
  ErrorCode,
  INT32_MAX,
  VALIDATION_MESSAGES,
  type AiAnnotationTask,
} from '@loupe/contracts';
import { requireTenant, type Actor } from '../../core/actor.js';
import { countOf, insertedId } from '../../core/queries.js';
import { found, invalidField } from '../../core/refusals.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { aiAnnotationTaskAnnotators, aiAnnotationTasks, aiAnnotators } from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';
import type { GridFields } from '../../grid/grid-fields.js';
import { pageOf } from '../../grid/grid-queries.js';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import { isoOf } from '../text-analytics-data/index.js';
import { ANNOTATION_READ, ANNOTATION_WRITE, WORKS_PATH, workFor } from './works.js';

/*
 * Annotation tasks (issue 21 item 2, docs/ai-annotation.md): `/api/ai-annotation-works/{workId}/annotation-tasks`,
 * each naming 1–50 active annotators of the tenant, how many comments each labels (TargetCount) and an optional
 * expiry. A locked annotator (linked to a user) cannot be removed from a task (19113).
 */

const TASKS_PATH = `${WORKS_PATH}/:workId/annotation-tasks`;

type SaveBody = z.output<typeof aiAnnotationTaskSaveSchema>;

const k = aiAnnotationTasks;
const selection = {
  Id: k.id,
  WorkId: k.workId,
  Name: k.name,
  TargetCount: k.targetCount,
  ExpireDate: k.expiresAt,
  CreatedDate: k.createdAt,
};
type Row = { [K in keyof typeof selection]: unknown };

const fields = {
  Id: { sql: k.id, type: 'number' },
  Name: { sql: k.name, type: 'string' },
  TargetCount: { sql: k.targetCount, type: 'number' },
  ExpireDate: { sql: k.expiresAt, type: 'date' },
  CreatedDate: { sql: k.createdAt, type: 'date' },
} satisfies GridFields;

/** The tasks' annotators with their labelled counts in the task, and the tasks as answered. */
async function tasksOf(db: Executor, rows: Row[]): Promise<AiAnnotationTask[]> {
  const ids = rows.map((row) => Number(row.Id));
  const members =
    ids.length === 0
      ? []
      : await db
          .select({
            taskId: aiAnnotationTaskAnnotators.taskId,
            id: aiAnnotators.id,
            name: sql<string>`${aiAnnotators.firstName} || ' ' || ${aiAnnotators.lastName}`,
            userId: aiAnnotators.userId,
            labelled: sql<number>`(select count(*) from ai_annotations an
              where an.task_id = ${aiAnnotationTaskAnnotators.taskId} and an.annotator_id = ${aiAnnotators.id})`.mapWith(
              Number,
            ),
          })
          .from(aiAnnotationTaskAnnotators)
          .innerJoin(aiAnnotators, eq(aiAnnotators.id, aiAnnotationTaskAnnotators.annotatorId))
          .where(inArray(aiAnnotationTaskAnnotators.taskId, ids))
          .orderBy(aiAnnotators.firstName, aiAnnotators.lastName, aiAnnotators.id);
  const now = Date.now();
  return rows.map((row) => {
    const id = Number(row.Id);
    const target = Number(row.TargetCount);
    const annotators = members
      .filter((member) => member.taskId === id)
      .map((member) => ({
        Id: member.id,
        Name: member.name,
        IsLocked: member.userId !== null,
        UserId: member.userId,
        LabelledCount: member.labelled,
      }));
    const labelled = annotators.reduce((sum, a) => sum + Math.min(a.LabelledCount, target), 0);
    const expires = row.ExpireDate === null ? null : isoOf(row.ExpireDate);
    return {
      Id: id,
      WorkId: Number(row.WorkId),
      Name: row.Name as string,
      AnnotatorIds: annotators.map((a) => a.Id),
      Annotators: annotators,
      TargetCount: target,
      ExpireDate: expires,
      IsExpired: expires !== null && Date.parse(expires) <= now,
      Progress: annotators.length === 0 ? 0 : labelled / (annotators.length * target),
      CreatedDate: isoOf(row.CreatedDate),
    };
  });
}

/** The caller's tenant's task `id` of work `workId`, or 404. */
export async function taskFor(
  db: Executor,
  actor: Actor,
  workId: number,
  id: number,
): Promise<AiAnnotationTask> {
  const [row] = await db
    .select(selection)
    .from(k)
    .where(and(eq(k.tenantId, requireTenant(actor)), eq(k.workId, workId), eq(k.id, id)));
  const [task] = await tasksOf(db, [found(row)]);
  return task!;
}

/** Every task of the work, oldest first (for the statistics). */
export async function tasksOfWork(
  db: Executor,
  tenantId: number,
  workId: number,
): Promise<AiAnnotationTask[]> {
  const rows = await db
    .select(selection)
    .from(k)
    .where(and(eq(k.tenantId, tenantId), eq(k.workId, workId)))
    .orderBy(k.createdAt, k.id);
  return tasksOf(db, rows);
}

/** Refuses annotators that are not active ones of the tenant, and an expiry that is not in the future. */
async function check(
  db: Executor,
  tenantId: number,
  body: SaveBody,
  before?: AiAnnotationTask,
): Promise<void> {
  const ids = [...new Set(body.AnnotatorIds)];
  const active = await db
    .select({ id: aiAnnotators.id })
    .from(aiAnnotators)
    .where(
      and(
        eq(aiAnnotators.tenantId, tenantId),
        eq(aiAnnotators.isActive, true),
        inArray(aiAnnotators.id, ids),
      ),
    );
  // Annotators already in the task may stay when they were made inactive since.
  const kept = new Set(before?.AnnotatorIds ?? []);
  if (ids.some((id) => !kept.has(id) && !active.some((row) => row.id === id)))
    throw invalidField('body/AnnotatorIds', VALIDATION_MESSAGES.excluded);
  const changed =
    body.ExpireDate !== null &&
    (before?.ExpireDate === null || before?.ExpireDate === undefined
      ? true
      : Date.parse(before.ExpireDate) !== Date.parse(body.ExpireDate));
  if (changed && Date.parse(body.ExpireDate!) <= Date.now())
    throw invalidField('body/ExpireDate', VALIDATION_MESSAGES.minValue);
}

const columnsOf = (body: SaveBody) => ({
  name: body.Name.trim(),
  targetCount: body.TargetCount,
  expiresAt: body.ExpireDate === null ? null : new Date(body.ExpireDate),
});

/** The work's id of a grid path's `:workId` (0, matching nothing, when it is not an int32 id). */
const workIdOf = (params: unknown): number => {
  const id = Number((params as { workId?: unknown }).workId);
  return Number.isInteger(id) && id >= 1 && id <= INT32_MAX ? id : 0;
};

/** Creates a task of the work (also used by the demo seed). Answers its id. */
export async function createTask(db: Db, tenantId: number, workId: number, body: SaveBody): Promise<number> {
  await check(db, tenantId, body);
  return db.transaction(async (tx) => {
    const id = await insertedId(
      tx
        .insert(k)
        .values({ tenantId, workId, ...columnsOf(body) })
        .returning({ id: k.id }),
      'annotation task',
    );
    await tx
      .insert(aiAnnotationTaskAnnotators)
      .values([...new Set(body.AnnotatorIds)].map((annotatorId) => ({ taskId: id, annotatorId })));
    return id;
  });
}

export function taskRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  // The grid (GET, its /query and /export) in a scope of its own, whose hook answers 404 for a work that is not
  // the caller's tenant's, as every other route of the work does.
  void app.register(async (scope) => {
    scope.addHook('preHandler', async (request) => {
      const workId = workIdOf(request.params);
      if (workId === 0) throw invalidField('params/workId', VALIDATION_MESSAGES.integer);
      await workFor(db, request.actor, workId);
    });
    registerGridRoutes(scope, {
      path: TASKS_PATH,
      access: ANNOTATION_READ,
      item: aiAnnotationTaskSchema,
      source: {
        fields,
        defaultOrder: 'CreatedDate desc, Id desc',
        scope: (request) =>
          and(eq(k.tenantId, requireTenant(request.actor)), eq(k.workId, workIdOf(request.params))),
        async rows(page) {
          return tasksOf(db, await pageOf(db.select(selection).from(k).$dynamic(), page));
        },
        count: (where) => countOf(db.select({ n: count() }).from(k).where(where)),
      },
    });
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = { access: ANNOTATION_READ };
  const write = { access: ANNOTATION_WRITE };
  const item = aiAnnotationTaskSchema;

  routes.get(
    `${TASKS_PATH}/:id`,
    { config: read, schema: { params: aiAnnotationTaskParamsSchema, response: { 200: item } } },
    async (request) => taskFor(db, request.actor, request.params.workId, request.params.id),
  );

  routes.post(
    TASKS_PATH,
    {
      config: write,
      schema: {
        params: aiAnnotationTaskListParamsSchema,
        body: aiAnnotationTaskSaveSchema,
        response: { 201: item },
      },
    },
    async (request, reply) => {
      const { actor } = request;
      const work = await workFor(db, actor, request.params.workId);
      const id = await createTask(db, requireTenant(actor), work.Id, request.body);
      return reply.status(201).send(await taskFor(db, actor, work.Id, id));
    },
  );

  routes.put(
    `${TASKS_PATH}/:id`,
    {
      config: write,
      schema: {
        params: aiAnnotationTaskParamsSchema,
        body: aiAnnotationTaskSaveSchema,
        response: { 200: item },
      },
    },
    async (request) => {
      const { actor, body } = request;
      const { workId, id } = request.params;
      const tenantId = requireTenant(actor);
      await db.transaction(async (tx) => {
        const before = await taskFor(tx, actor, workId, id);
        await check(tx, tenantId, body, before);
        const wanted = new Set(body.AnnotatorIds);
        if (before.Annotators.some((a) => a.IsLocked && !wanted.has(a.Id)))
          throw badRequest(ErrorCode.AnnotationTaskAnnotatorLocked);
        await tx
          .update(k)
          .set({ ...columnsOf(body), updatedAt: new Date() })
          .where(and(eq(k.tenantId, tenantId), eq(k.id, id)));
        await tx.delete(aiAnnotationTaskAnnotators).where(eq(aiAnnotationTaskAnnotators.taskId, id));
        await tx
          .insert(aiAnnotationTaskAnnotators)
          .values([...wanted].map((annotatorId) => ({ taskId: id, annotatorId })));
      });
      return taskFor(db, actor, workId, id);
    },
  );

  routes.delete(
    `${TASKS_PATH}/:id`,
    { config: write, schema: { params: aiAnnotationTaskParamsSchema } },
    async (request, reply) => {
      const { workId, id } = request.params;
      await taskFor(db, request.actor, workId, id);
      await db.delete(k).where(and(eq(k.tenantId, requireTenant(request.actor)), eq(k.id, id)));
      return reply.status(204).send();
    },
  );
}
