import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  aiTopicModelGroupSaveSchema,
  aiTopicModelGroupSchema,
  aiTopicModelParamsSchema,
  ErrorCode,
  VALIDATION_MESSAGES,
  type AiTopicModelGroup,
} from '@loupe/contracts';
import { requireTenant, type Actor } from '../../core/actor.js';
import { countOf, insertedId, isNameTaken } from '../../core/queries.js';
import { registerRecordRoutes, type RecordService } from '../../core/record-routes.js';
import { found, invalidField } from '../../core/refusals.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { refusingConflicts } from '../../db/refusing-conflicts.js';
import { aiTopicModelGroupMembers, aiTopicModelGroups, topicModels } from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';
import type { GridFields } from '../../grid/grid-fields.js';
import { pageOf } from '../../grid/grid-queries.js';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import { TOPIC_READ, TOPIC_WRITE } from './topic-models.js';

/*
 * Topic model groups `/api/ai-topic-model-groups` (issue 21 item 4, docs/ai-topic-models.md § Groups): 1–50 models
 * of the tenant, all emotion models or none (19132); IsEmotion follows the models.
 */

const PATH = '/api/ai-topic-model-groups';
type SaveBody = z.output<typeof aiTopicModelGroupSaveSchema>;

const g = aiTopicModelGroups;
const memberIds = sql<
  number[]
>`coalesce((select array_agg(${aiTopicModelGroupMembers.modelId} order by ${aiTopicModelGroupMembers.modelId}) from ${aiTopicModelGroupMembers} where ${aiTopicModelGroupMembers.groupId} = ${g.id}), '{}')`;
const selection = {
  Id: g.id,
  Name: g.name,
  IsEmotion: g.isEmotion,
  ModelIds: memberIds,
  CreatedDate: g.createdAt,
};
type Row = { [K in keyof typeof selection]: unknown };

const fields = {
  Id: { sql: g.id, type: 'number' },
  Name: { sql: g.name, type: 'string' },
  IsEmotion: { sql: g.isEmotion, type: 'boolean' },
  CreatedDate: { sql: g.createdAt, type: 'date' },
} satisfies GridFields;

const groupOf = (row: Row): AiTopicModelGroup => ({
  Id: Number(row.Id),
  Name: String(row.Name),
  IsEmotion: row.IsEmotion === true,
  ModelIds: (row.ModelIds as unknown[]).map(Number),
  CreatedDate: new Date(row.CreatedDate as string).toISOString(),
});

const inTenant = (tenantId: number) => eq(g.tenantId, tenantId);

async function groupFor(db: Executor, actor: Actor, id: number): Promise<AiTopicModelGroup> {
  const [row] = await db
    .select(selection)
    .from(g)
    .where(and(inTenant(requireTenant(actor)), eq(g.id, id)));
  return groupOf(found(row));
}

const nameTaken = () =>
  badRequest(ErrorCode.TopicModelGroupNameExists, [{ Path: 'body/Name', Message: 'exists' }]);

/** The group's models, all of the tenant (3333 otherwise), all emotion models or none (19132): answers IsEmotion. */
async function checkGroup(
  db: Executor,
  tenantId: number,
  body: SaveBody,
  exceptId?: number,
): Promise<boolean> {
  const ids = [...new Set(body.ModelIds)];
  const models = await db
    .select({ isEmotion: topicModels.isEmotionModel })
    .from(topicModels)
    .where(and(eq(topicModels.tenantId, tenantId), inArray(topicModels.id, ids)));
  if (models.length !== ids.length) throw invalidField('body/ModelIds', VALIDATION_MESSAGES.excluded);
  const kinds = new Set(models.map((model) => model.isEmotion));
  if (kinds.size > 1) throw badRequest(ErrorCode.TopicModelGroupMixed);
  if (await isNameTaken(db, g, body.Name, inTenant(tenantId), exceptId)) throw nameTaken();
  return kinds.has(true);
}

async function replaceMembers(tx: Executor, groupId: number, modelIds: number[]): Promise<void> {
  await tx.delete(aiTopicModelGroupMembers).where(eq(aiTopicModelGroupMembers.groupId, groupId));
  await tx
    .insert(aiTopicModelGroupMembers)
    .values([...new Set(modelIds)].map((modelId) => ({ groupId, modelId })));
}

function createGroupService(db: Db): RecordService<number, SaveBody, AiTopicModelGroup> {
  return {
    get: (actor, id) => groupFor(db, actor, id),

    async create(actor, body) {
      const tenantId = requireTenant(actor);
      const id = await refusingConflicts(
        () =>
          db.transaction(async (tx) => {
            const isEmotion = await checkGroup(tx, tenantId, body);
            const created = await insertedId(
              tx.insert(g).values({ tenantId, name: body.Name.trim(), isEmotion }).returning({ id: g.id }),
              'topic model group',
            );
            await replaceMembers(tx, created, body.ModelIds);
            return created;
          }),
        { onDuplicate: nameTaken },
      );
      return groupFor(db, actor, id);
    },

    async update(actor, id, body) {
      const tenantId = requireTenant(actor);
      await refusingConflicts(
        () =>
          db.transaction(async (tx) => {
            await groupFor(tx, actor, id);
            const isEmotion = await checkGroup(tx, tenantId, body, id);
            await tx
              .update(g)
              .set({ name: body.Name.trim(), isEmotion, updatedAt: new Date() })
              .where(and(inTenant(tenantId), eq(g.id, id)));
            await replaceMembers(tx, id, body.ModelIds);
          }),
        { onDuplicate: nameTaken },
      );
      return groupFor(db, actor, id);
    },

    async remove(actor, id) {
      await groupFor(db, actor, id);
      await db.delete(g).where(and(inTenant(requireTenant(actor)), eq(g.id, id)));
    },
  };
}

export function topicModelGroupRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  registerGridRoutes(app, {
    path: PATH,
    access: TOPIC_READ,
    item: aiTopicModelGroupSchema,
    source: {
      fields,
      defaultOrder: 'Name asc, Id asc',
      scope: (request) => inTenant(requireTenant(request.actor)),
      async rows(page) {
        const rows = await pageOf(db.select(selection).from(g).$dynamic(), page);
        return rows.map(groupOf);
      },
      count: (where) => countOf(db.select({ n: count() }).from(g).where(where)),
    },
  });

  registerRecordRoutes(app, {
    path: PATH,
    params: aiTopicModelParamsSchema,
    body: aiTopicModelGroupSaveSchema,
    item: aiTopicModelGroupSchema,
    read: TOPIC_READ,
    write: TOPIC_WRITE,
    service: createGroupService(db),
  });
}
