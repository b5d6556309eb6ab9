import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  aiTopicModelParamsSchema,
  aiTopicModelSaveSchema,
  aiTopicModelSchema,
  ErrorCode,
  VALIDATION_MESSAGES,
  type AiTopicModel,
  type Scope,
} from '@loupe/contracts';
import { requireTenant, type Actor } from '../../core/actor.js';
import { countOf, insertedId, isNameTaken } from '../../core/queries.js';
import { registerRecordRoutes, type RecordService } from '../../core/record-routes.js';
import { found, invalidField } from '../../core/refusals.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import {
  aiAnnotationWorks,
  aiDatasets,
  aiTopicModelGroupMembers,
  aiTopicModelGroups,
  topicModels,
  topics,
} from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';
import type { GridFields } from '../../grid/grid-fields.js';
import { pageOf } from '../../grid/grid-queries.js';
import { registerGridRoutes } from '../../grid/grid-routes.js';

/*
 * Topic models `/api/ai-topic-models` (issue 21 item 4, docs/ai-topic-models.md): the grid and the records. The
 * topics, try, export, statistics and training routes live beside this file.
 */

export const TOPIC_MODELS_PATH = '/api/ai-topic-models';
export const TOPIC_READ: [Scope, ...Scope[]] = ['topic:read', 'topic:manage'];
export const TOPIC_WRITE: [Scope, ...Scope[]] = ['topic:manage'];

type SaveBody = z.output<typeof aiTopicModelSaveSchema>;

const m = topicModels;
const topicCount = sql<number>`(select count(*)::int from ${topics} where ${topics.modelId} = ${m.id})`;
const selection = {
  Id: m.id,
  Name: m.name,
  Language: m.language,
  DatasetId: m.datasetId,
  ModelType: m.modelType,
  AnnotationWorkId: m.annotationWorkId,
  IsEmotionModel: m.isEmotionModel,
  IsIntentModel: m.isIntentModel,
  TopicCount: topicCount,
  HasClassifier: sql<boolean>`(${m.classifier} is not null)`,
  ClassifierTrainedDate: m.classifierTrainedAt,
  CreatedDate: m.createdAt,
};
type Row = { [K in keyof typeof selection]: unknown };

const fields = {
  Id: { sql: m.id, type: 'number' },
  Name: { sql: m.name, type: 'string' },
  Language: { sql: m.language, type: 'string' },
  ModelType: { sql: m.modelType, type: 'number' },
  IsEmotionModel: { sql: m.isEmotionModel, type: 'boolean' },
  IsIntentModel: { sql: m.isIntentModel, type: 'boolean' },
  CreatedDate: { sql: m.createdAt, type: 'date' },
} satisfies GridFields;

const iso = (value: unknown) => new Date(value as Date | string).toISOString();

function modelOf(row: Row): AiTopicModel {
  return {
    ...(row as unknown as AiTopicModel),
    Id: Number(row.Id),
    TopicCount: Number(row.TopicCount),
    HasClassifier: row.HasClassifier === true,
    ClassifierTrainedDate: row.ClassifierTrainedDate === null ? null : iso(row.ClassifierTrainedDate),
    CreatedDate: iso(row.CreatedDate),
  };
}

const modelInTenant = (tenantId: number) => eq(m.tenantId, tenantId);

async function modelFor(db: Executor, actor: Actor, id: number): Promise<AiTopicModel> {
  const [row] = await db
    .select(selection)
    .from(m)
    .where(and(modelInTenant(requireTenant(actor)), eq(m.id, id)));
  return modelOf(found(row));
}

/** The stored model row of the caller's tenant (404 for another tenant's or a missing one). */
export async function storedModel(db: Executor, actor: Actor, id: number) {
  const [row] = await db
    .select()
    .from(m)
    .where(and(modelInTenant(requireTenant(actor)), eq(m.id, id)));
  return found(row);
}

/**
 * The rules the spec sets on a model: emotion or intent, not both (19131); a dataset of the tenant; an annotation
 * work of the tenant of the kind the model labels (topic 1, emotion 2); a name the tenant has not used (19133).
 */
async function checkModel(db: Executor, tenantId: number, body: SaveBody, exceptId?: number): Promise<void> {
  if (body.IsEmotionModel && body.IsIntentModel) throw badRequest(ErrorCode.TopicModelEmotionAndIntent);
  if (body.DatasetId !== null) {
    const [dataset] = await db
      .select({ id: aiDatasets.id })
      .from(aiDatasets)
      .where(and(eq(aiDatasets.tenantId, tenantId), eq(aiDatasets.id, body.DatasetId)));
    if (!dataset) throw invalidField('body/DatasetId', VALIDATION_MESSAGES.excluded);
  }
  if (body.AnnotationWorkId !== null) {
    const [work] = await db
      .select({ id: aiAnnotationWorks.id })
      .from(aiAnnotationWorks)
      .where(
        and(
          eq(aiAnnotationWorks.tenantId, tenantId),
          eq(aiAnnotationWorks.id, body.AnnotationWorkId),
          eq(aiAnnotationWorks.annotationType, body.IsEmotionModel ? 2 : 1),
        ),
      );
    if (!work) throw invalidField('body/AnnotationWorkId', VALIDATION_MESSAGES.excluded);
  }
  if (await isNameTaken(db, m, body.Name, modelInTenant(tenantId), exceptId)) {
    throw badRequest(ErrorCode.TopicModelNameExists, [{ Path: 'body/Name', Message: 'exists' }]);
  }
}

const columnsOf = (body: SaveBody) => ({
  name: body.Name.trim(),
  language: body.Language,
  datasetId: body.DatasetId,
  modelType: body.ModelType,
  annotationWorkId: body.AnnotationWorkId,
  isEmotionModel: body.IsEmotionModel,
  isIntentModel: body.IsIntentModel,
});

function createTopicModelService(db: Db): RecordService<number, SaveBody, AiTopicModel> {
  return {
    get: (actor, id) => modelFor(db, actor, id),

    async create(actor, body) {
      const tenantId = requireTenant(actor);
      await checkModel(db, tenantId, body);
      const id = await insertedId(
        db
          .insert(m)
          .values({ tenantId, ...columnsOf(body) })
          .returning({ id: m.id }),
        'topic model',
      );
      return modelFor(db, actor, id);
    },

    async update(actor, id, body) {
      const tenantId = requireTenant(actor);
      await db.transaction(async (tx) => {
        const before = await storedModel(tx, actor, id);
        await checkModel(tx, tenantId, body, id);
        // A group holds emotion models only or none: the model cannot change kind under its groups (19132).
        if (before.isEmotionModel !== body.IsEmotionModel) {
          const [mixed] = await tx
            .select({ id: aiTopicModelGroups.id })
            .from(aiTopicModelGroupMembers)
            .innerJoin(aiTopicModelGroups, eq(aiTopicModelGroups.id, aiTopicModelGroupMembers.groupId))
            .where(
              and(
                eq(aiTopicModelGroupMembers.modelId, id),
                ne(aiTopicModelGroups.isEmotion, body.IsEmotionModel),
              ),
            )
            .limit(1);
          if (mixed) throw badRequest(ErrorCode.TopicModelGroupMixed);
        }
        // Another annotation work or language makes the trained classifier stale: it is dropped.
        const stale =
          before.annotationWorkId !== body.AnnotationWorkId ||
          before.language !== body.Language ||
          body.ModelType === 0;
        await tx
          .update(m)
          .set({
            ...columnsOf(body),
            ...(stale ? { classifier: null, classifierTrainedAt: null } : {}),
            updatedAt: new Date(),
          })
          .where(and(modelInTenant(tenantId), eq(m.id, id)));
      });
      return modelFor(db, actor, id);
    },

    async remove(actor, id) {
      const tenantId = requireTenant(actor);
      await db.transaction(async (tx) => {
        await storedModel(tx, actor, id);
        const [work] = await tx
          .select({ id: aiAnnotationWorks.id })
          .from(aiAnnotationWorks)
          .where(and(eq(aiAnnotationWorks.tenantId, tenantId), eq(aiAnnotationWorks.topicModelId, id)))
          .limit(1);
        if (work) throw badRequest(ErrorCode.TopicModelInUse);
        await tx.delete(m).where(and(modelInTenant(tenantId), eq(m.id, id)));
      });
    },
  };
}

export function topicModelRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  registerGridRoutes(app, {
    path: TOPIC_MODELS_PATH,
    access: TOPIC_READ,
    item: aiTopicModelSchema,
    source: {
      fields,
      defaultOrder: 'Name asc, Id asc',
      scope: (request) => modelInTenant(requireTenant(request.actor)),
      async rows(page) {
        const rows = await pageOf(db.select(selection).from(m).$dynamic(), page);
        return rows.map(modelOf);
      },
      count: (where) => countOf(db.select({ n: count() }).from(m).where(where)),
    },
  });

  registerRecordRoutes(app, {
    path: TOPIC_MODELS_PATH,
    params: aiTopicModelParamsSchema,
    body: aiTopicModelSaveSchema,
    item: aiTopicModelSchema,
    read: TOPIC_READ,
    write: TOPIC_WRITE,
    service: createTopicModelService(db),
  });
}
