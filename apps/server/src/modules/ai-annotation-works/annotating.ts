import { and, asc, count, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  aiAnnotationNextQuerySchema,
  aiAnnotationNextSchema,
  aiAnnotationSavedSchema,
  aiAnnotationSaveSchema,
  aiAnnotationTaskParamsSchema,
  ErrorCode,
  SENTIMENT_LABELS,
  VALIDATION_MESSAGES,
  type AiAnnotationNext,
  type AiAnnotationWork,
} from '@loupe/contracts';
import { requireTenant, type Actor } from '../../core/actor.js';
import { invalidField } from '../../core/refusals.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import {
  aiAnnotations,
  aiAnnotationTaskAnnotators,
  aiAnnotationWorkInstances,
  aiAnnotators,
  topics,
} from '../../db/schema/index.js';
import { AppError, badRequest } from '../../errors.js';
import { labelSetOf, recomputeGold } from './gold.js';
import { taskFor } from './tasks.js';
import { ANNOTATION_READ, WORKS_PATH, workFor } from './works.js';

/*
 * Annotating (issue 21 item 2, docs/ai-annotation.md): the caller's annotator (the annotator linked to the caller's
 * user) is offered the next comment of a task it has not labelled, and saves its labels, after which the comment's
 * gold label follows the agreement rule (gold.ts).
 */

const TASK_PATH = `${WORKS_PATH}/:workId/annotation-tasks/:id`;

/** The labels a work's annotators choose from: the sentiment labels, or the topic model's topic names. */
export async function labelOptionsOf(db: Executor, work: AiAnnotationWork): Promise<string[]> {
  if (work.TopicModelId === null) return [...SENTIMENT_LABELS];
  const rows = await db
    .select({ name: topics.name })
    .from(topics)
    .where(eq(topics.modelId, work.TopicModelId))
    .orderBy(asc(topics.name), asc(topics.id));
  return rows.map((row) => row.name);
}

/**
 * The labels as stored (sorted, without duplicates) if they are valid for the work: exactly one sentiment label, or
 * any number of the topic model's topic names. Undefined otherwise.
 */
export function validLabels(
  work: Pick<AiAnnotationWork, 'AnnotationType'>,
  options: readonly string[],
  labels: readonly string[],
): string[] | undefined {
  const set = labelSetOf(labels);
  if (work.AnnotationType === 0 && set.length !== 1) return undefined;
  return set.every((label) => options.includes(label)) ? set : undefined;
}

/** The caller's annotator in the task, or 403 19114 when the caller has none there. */
async function callerAnnotator(db: Executor, actor: Actor, taskId: number): Promise<number> {
  const [row] = await db
    .select({ id: aiAnnotators.id })
    .from(aiAnnotators)
    .innerJoin(
      aiAnnotationTaskAnnotators,
      and(
        eq(aiAnnotationTaskAnnotators.annotatorId, aiAnnotators.id),
        eq(aiAnnotationTaskAnnotators.taskId, taskId),
      ),
    )
    .where(and(eq(aiAnnotators.tenantId, requireTenant(actor)), eq(aiAnnotators.userId, actor.userId)));
  if (!row) throw new AppError(403, ErrorCode.NotTaskAnnotator);
  return row.id;
}

const labelledInTask = async (db: Executor, taskId: number, annotatorId: number) =>
  Number(
    (
      await db
        .select({ n: count() })
        .from(aiAnnotations)
        .where(and(eq(aiAnnotations.taskId, taskId), eq(aiAnnotations.annotatorId, annotatorId)))
    )[0]?.n ?? 0,
  );

export function annotatingRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** The work and task of the path (404 outside the caller's tenant) and the caller's annotator in the task. */
  async function context(actor: Actor, workId: number, taskId: number) {
    const work = await workFor(db, actor, workId);
    const task = await taskFor(db, actor, workId, taskId);
    const annotatorId = await callerAnnotator(db, actor, taskId);
    return { work, task, annotatorId };
  }

  routes.get(
    `${TASK_PATH}/next`,
    {
      config: { access: ANNOTATION_READ },
      schema: {
        params: aiAnnotationTaskParamsSchema,
        querystring: aiAnnotationNextQuerySchema,
        response: { 200: aiAnnotationNextSchema },
      },
    },
    async (request): Promise<AiAnnotationNext> => {
      const { workId, id } = request.params;
      const { work, task, annotatorId } = await context(request.actor, workId, id);
      const done = await labelledInTask(db, id, annotatorId);
      const answer = {
        Item: null,
        AnnotationType: work.AnnotationType,
        LabelOptions: await labelOptionsOf(db, work),
        Done: done,
        Target: task.TargetCount,
      };
      if (work.Status !== 'Ready') return { ...answer, Reason: 'processing' };
      if (task.IsExpired) return { ...answer, Reason: 'expired' };
      if (done >= task.TargetCount) return { ...answer, Reason: 'target' };
      const wi = aiAnnotationWorkInstances;
      const [next] = await db
        .select({ AnswerId: wi.answerId, Position: wi.position, Text: wi.text, Language: wi.language })
        .from(wi)
        .where(
          and(
            eq(wi.workId, workId),
            sql`${wi.goldLabels} is null`,
            gt(wi.position, request.query.after ?? 0),
            sql`not exists (select 1 from ai_annotations a where a.work_id = ${wi.workId}
              and a.answer_id = ${wi.answerId} and a.annotator_id = ${annotatorId})`,
          ),
        )
        .orderBy(asc(wi.position))
        .limit(1);
      return next
        ? { ...answer, Item: { ...next, AnswerId: Number(next.AnswerId) }, Reason: null }
        : { ...answer, Reason: 'done' };
    },
  );

  routes.post(
    `${TASK_PATH}/annotations`,
    {
      config: { access: ANNOTATION_READ },
      schema: {
        params: aiAnnotationTaskParamsSchema,
        body: aiAnnotationSaveSchema,
        response: { 200: aiAnnotationSavedSchema },
      },
    },
    async (request) => {
      const { workId, id } = request.params;
      const { AnswerId: answerId, Labels } = request.body;
      const { work, task, annotatorId } = await context(request.actor, workId, id);
      if (work.Status !== 'Ready') throw badRequest(ErrorCode.AnnotationWorkNotReady);
      if (task.IsExpired) throw badRequest(ErrorCode.AnnotationTaskExpired);
      const labels = validLabels(work, await labelOptionsOf(db, work), Labels);
      if (!labels) throw invalidField('body/Labels', VALIDATION_MESSAGES.excluded);
      return db.transaction(async (tx) => {
        const wi = aiAnnotationWorkInstances;
        const [instance] = await tx
          .select({ answerId: wi.answerId })
          .from(wi)
          .where(and(eq(wi.workId, workId), eq(wi.answerId, answerId)));
        if (!instance) throw invalidField('body/AnswerId', VALIDATION_MESSAGES.excluded);
        const [earlier] = await tx
          .select({ id: aiAnnotations.id })
          .from(aiAnnotations)
          .where(
            and(
              eq(aiAnnotations.workId, workId),
              eq(aiAnnotations.answerId, answerId),
              eq(aiAnnotations.annotatorId, annotatorId),
            ),
          );
        if (!earlier && (await labelledInTask(tx, id, annotatorId)) >= task.TargetCount)
          throw badRequest(ErrorCode.AnnotationTaskTargetReached);
        await tx
          .insert(aiAnnotations)
          .values({
            tenantId: requireTenant(request.actor),
            workId,
            taskId: id,
            annotatorId,
            answerId,
            labels,
            source: 'annotator',
          })
          .onConflictDoUpdate({
            target: [aiAnnotations.workId, aiAnnotations.answerId, aiAnnotations.annotatorId],
            targetWhere: isNotNull(aiAnnotations.annotatorId),
            set: { labels, taskId: id, updatedAt: new Date() },
          });
        await recomputeGold(tx, workId, answerId);
        const [gold] = await tx
          .select({ labels: wi.goldLabels })
          .from(wi)
          .where(and(eq(wi.workId, workId), eq(wi.answerId, answerId)));
        return {
          AnswerId: answerId,
          Labels: labels,
          GoldLabels: gold?.labels ?? null,
          Done: await labelledInTask(tx, id, annotatorId),
          Target: task.TargetCount,
        };
      });
    },
  );
}
