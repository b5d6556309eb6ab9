import { and, count, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  aiTopicListParamsSchema,
  aiTopicParamsSchema,
  aiTopicSaveSchema,
  aiTopicSchema,
  ErrorCode,
  int32IdParam,
  VALIDATION_MESSAGES,
  type AiTopic,
} from '@loupe/contracts';
import { requireTenant, type Actor } from '../../core/actor.js';
import { countOf, insertedId, sameName } from '../../core/queries.js';
import { found, invalidField } from '../../core/refusals.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { topics } from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';
import type { GridFields } from '../../grid/grid-fields.js';
import { pageOf } from '../../grid/grid-queries.js';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import { storedModel, TOPIC_MODELS_PATH, TOPIC_READ, TOPIC_WRITE } from './topic-models.js';

/*
 * The topics of a topic model (issue 21 item 4, docs/ai-topic-models.md § Topics): `GET|POST
 * /api/ai-topic-models/{id}/topics` and `GET|PUT|DELETE /api/ai-topic-models/{topicModelId}/topics/{id}`.
 */

type SaveBody = z.output<typeof aiTopicSaveSchema>;

const t = topics;
const selection = {
  Id: t.id,
  ModelId: t.modelId,
  ParentId: t.parentId,
  Name: t.name,
  Threshold: t.threshold,
  Stemming: t.stemming,
  PositiveSeedWords: t.positiveSeedWords,
  NegativeSeedWords: t.negativeSeedWords,
  PositiveExactMatches: t.positiveExactMatches,
  NegativeExactMatches: t.negativeExactMatches,
};

const fields = {
  Id: { sql: t.id, type: 'number' },
  Name: { sql: t.name, type: 'string' },
  ParentId: { sql: t.parentId, type: 'number' },
  Threshold: { sql: t.threshold, type: 'number' },
} satisfies GridFields;

const topicOf = (row: AiTopic): AiTopic => ({ ...row, Threshold: Number(row.Threshold) });

const inModel = (tenantId: number, modelId: number) => and(eq(t.tenantId, tenantId), eq(t.modelId, modelId));

async function topicFor(db: Executor, actor: Actor, modelId: number, id: number): Promise<AiTopic> {
  await storedModel(db, actor, modelId);
  const [row] = await db
    .select(selection)
    .from(t)
    .where(and(inModel(requireTenant(actor), modelId), eq(t.id, id)));
  return topicOf(found(row));
}

/**
 * A topic's rules: a name unique in its model, case-insensitively (19002 Duplicate topic names); a parent that is
 * a main topic of the same model and not the topic itself, and no parent for a topic that has sub-topics (two
 * levels, as the widgets show them).
 */
async function checkTopic(
  db: Executor,
  where: { tenantId: number; modelId: number; id?: number },
  body: SaveBody,
): Promise<void> {
  const scope = inModel(where.tenantId, where.modelId);
  const [taken] = await db
    .select({ id: t.id })
    .from(t)
    .where(
      and(scope, sameName(t.name, body.Name.trim()), where.id === undefined ? undefined : ne(t.id, where.id)),
    )
    .limit(1);
  if (taken)
    throw badRequest(ErrorCode.ModelLabelDuplicateTopics, [{ Path: 'body/Name', Message: 'exists' }]);
  if (body.ParentId === null) return;
  const [parent] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(scope, eq(t.id, body.ParentId), isNull(t.parentId)));
  const hasSubTopics =
    where.id !== undefined &&
    (
      await db
        .select({ id: t.id })
        .from(t)
        .where(and(scope, eq(t.parentId, where.id)))
        .limit(1)
    ).length > 0;
  if (!parent || body.ParentId === where.id || hasSubTopics) {
    throw invalidField('body/ParentId', VALIDATION_MESSAGES.excluded);
  }
}

const columnsOf = (body: SaveBody) => {
  const list = (values: string[]) => [...new Set(values.map((value) => value.trim()))];
  return {
    name: body.Name.trim(),
    parentId: body.ParentId,
    threshold: body.Threshold,
    stemming: body.Stemming,
    positiveSeedWords: list(body.PositiveSeedWords),
    negativeSeedWords: list(body.NegativeSeedWords),
    positiveExactMatches: list(body.PositiveExactMatches),
    negativeExactMatches: list(body.NegativeExactMatches),
  };
};

/**
 * A list route's `:id` (the model), read before the grid runs so another tenant's model answers 404; an id that is
 * no int32 is refused by field, as the other routes' params are.
 */
async function requireModelOfList(db: Db, request: FastifyRequest): Promise<void> {
  const parsed = int32IdParam.safeParse((request.params as { id?: unknown }).id);
  if (!parsed.success) throw invalidField('params/id', VALIDATION_MESSAGES.integer);
  await storedModel(db, request.actor, parsed.data);
}

const listModelId = (request: FastifyRequest) => Number((request.params as { id: string }).id);

export function topicRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const listPath = `${TOPIC_MODELS_PATH}/:id/topics`;
  void app.register(async (scoped) => {
    scoped.addHook('preHandler', async (request) => requireModelOfList(db, request));
    registerGridRoutes(scoped, {
      path: listPath,
      access: TOPIC_READ,
      item: aiTopicSchema,
      source: {
        fields,
        defaultOrder: 'Name asc, Id asc',
        scope: (request) => inModel(requireTenant(request.actor), listModelId(request)),
        async rows(page) {
          const rows = await pageOf(db.select(selection).from(t).$dynamic(), page);
          return rows.map(topicOf);
        },
        count: (where) => countOf(db.select({ n: count() }).from(t).where(where)),
      },
    });
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  const itemPath = `${TOPIC_MODELS_PATH}/:topicModelId/topics/:id`;
  routes.post(
    listPath,
    {
      config: { access: TOPIC_WRITE },
      schema: { params: aiTopicListParamsSchema, body: aiTopicSaveSchema, response: { 201: aiTopicSchema } },
    },
    async (request, reply) => {
      const { actor } = request;
      const tenantId = requireTenant(actor);
      const modelId = request.params.id;
      const id = await db.transaction(async (tx) => {
        await storedModel(tx, actor, modelId);
        await checkTopic(tx, { tenantId, modelId }, request.body);
        return insertedId(
          tx
            .insert(t)
            .values({ tenantId, modelId, ...columnsOf(request.body) })
            .returning({ id: t.id }),
          'topic',
        );
      });
      return reply.status(201).send(await topicFor(db, actor, modelId, id));
    },
  );
  routes.get(
    itemPath,
    {
      config: { access: TOPIC_READ },
      schema: { params: aiTopicParamsSchema, response: { 200: aiTopicSchema } },
    },
    async (request) => topicFor(db, request.actor, request.params.topicModelId, request.params.id),
  );
  routes.put(
    itemPath,
    {
      config: { access: TOPIC_WRITE },
      schema: { params: aiTopicParamsSchema, body: aiTopicSaveSchema, response: { 200: aiTopicSchema } },
    },
    async (request) => {
      const { actor } = request;
      const tenantId = requireTenant(actor);
      const { topicModelId: modelId, id } = request.params;
      await db.transaction(async (tx) => {
        await topicFor(tx, actor, modelId, id);
        await checkTopic(tx, { tenantId, modelId, id }, request.body);
        await tx
          .update(t)
          .set(columnsOf(request.body))
          .where(and(inModel(tenantId, modelId), eq(t.id, id)));
      });
      return topicFor(db, actor, modelId, id);
    },
  );
  routes.delete(
    itemPath,
    { config: { access: TOPIC_WRITE }, schema: { params: aiTopicParamsSchema } },
    async (request, reply) => {
      const { actor } = request;
      const tenantId = requireTenant(actor);
      const { topicModelId: modelId, id } = request.params;
      await db.transaction(async (tx) => {
        await topicFor(tx, actor, modelId, id);
        const [sub] = await tx
          .select({ id: t.id })
          .from(t)
          .where(and(inModel(tenantId, modelId), eq(t.parentId, id)))
          .limit(1);
        if (sub) throw badRequest(ErrorCode.TopicHasSubTopics);
        await tx.delete(t).where(and(inModel(tenantId, modelId), eq(t.id, id)));
      });
      return reply.status(204).send();
    },
  );
}
