import { and, count, eq, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  ErrorCode,
  modelLabelMappingParamsSchema,
  modelLabelMappingQuerySchema,
  modelLabelMappingSaveSchema,
  modelLabelMappingSchema,
  VALIDATION_MESSAGES,
  type ModelLabelMapping,
  type Scope,
} from '@loupe/contracts';
import { requireTenant } from '../../core/actor.js';
import { countOf, insertedId, sameName } from '../../core/queries.js';
import { found, invalidField } from '../../core/refusals.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { refusingConflicts } from '../../db/refusing-conflicts.js';
import { aiModelLabels, topicModels, topics } from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';
import type { GridFields } from '../../grid/grid-fields.js';
import { pageOf } from '../../grid/grid-queries.js';
import { registerGridRoutes } from '../../grid/grid-routes.js';

/*
 * Model label management `/api/model-label-mappings` (shell spec "model-label-management", issue 21 item 6,
 * docs/ai-topic-models.md § Label mappings): the label shown instead of a topic name of a model. Codes: 19001 a
 * mapping for the topic exists in the model, 19003 the mapping to update does not exist, 19004 the body names
 * another model than the stored mapping's.
 */

const PATH = '/api/model-label-mappings';
const ACCESS: [Scope, ...Scope[]] = ['modelLabelMappings:manage'];
type SaveBody = z.output<typeof modelLabelMappingSaveSchema>;

const l = aiModelLabels;
const selection = {
  Id: l.id,
  ModelId: l.modelId,
  ModelName: topicModels.name,
  TopicName: l.topicName,
  Label: l.label,
  UpdatedDate: l.updatedAt,
};
type Row = { [K in keyof typeof selection]: unknown };

const fields = {
  Id: { sql: l.id, type: 'number' },
  ModelId: { sql: l.modelId, type: 'number' },
  ModelName: { sql: topicModels.name, type: 'string' },
  TopicName: { sql: l.topicName, type: 'string' },
  Label: { sql: l.label, type: 'string' },
  UpdatedDate: { sql: l.updatedAt, type: 'date' },
} satisfies GridFields;

const mappingOf = (row: Row): ModelLabelMapping => ({
  ...(row as unknown as ModelLabelMapping),
  Id: Number(row.Id),
  ModelId: Number(row.ModelId),
  UpdatedDate: new Date(row.UpdatedDate as string).toISOString(),
});

const inTenant = (tenantId: number) => eq(l.tenantId, tenantId);

async function mappingFor(
  db: Executor,
  tenantId: number,
  id: number,
): Promise<ModelLabelMapping | undefined> {
  const [row] = await db
    .select(selection)
    .from(l)
    .innerJoin(topicModels, eq(topicModels.id, l.modelId))
    .where(and(inTenant(tenantId), eq(l.id, id)));
  return row ? mappingOf(row) : undefined;
}

const mappingExists = () =>
  badRequest(ErrorCode.ModelLabelMappingExists, [{ Path: 'body/TopicName', Message: 'exists' }]);

/** The model is the tenant's and has the topic (3333 by field); no other mapping of the model names it (19001). */
async function checkMapping(
  db: Executor,
  tenantId: number,
  body: SaveBody,
  exceptId?: number,
): Promise<void> {
  const [model] = await db
    .select({ id: topicModels.id })
    .from(topicModels)
    .where(and(eq(topicModels.tenantId, tenantId), eq(topicModels.id, body.ModelId)));
  if (!model) throw invalidField('body/ModelId', VALIDATION_MESSAGES.excluded);
  const [topic] = await db
    .select({ id: topics.id })
    .from(topics)
    .where(and(eq(topics.modelId, body.ModelId), sameName(topics.name, body.TopicName.trim())))
    .limit(1);
  if (!topic) throw invalidField('body/TopicName', VALIDATION_MESSAGES.excluded);
  const [taken] = await db
    .select({ id: l.id })
    .from(l)
    .where(
      and(
        eq(l.modelId, body.ModelId),
        sameName(l.topicName, body.TopicName.trim()),
        exceptId === undefined ? undefined : ne(l.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) throw mappingExists();
}

/** `?modelId=` narrows the grid to one model (the grid's own query schema keeps only its `$` parameters). */
function modelFilter(request: FastifyRequest): number | undefined {
  const raw = new URL(request.url, 'http://local').searchParams.get('modelId');
  if (raw === null) return undefined;
  const parsed = modelLabelMappingQuerySchema.safeParse({ modelId: raw });
  if (!parsed.success || parsed.data.modelId === undefined) {
    throw invalidField('querystring/modelId', VALIDATION_MESSAGES.integer);
  }
  return parsed.data.modelId;
}

export function modelLabelMappingRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  registerGridRoutes(app, {
    path: PATH,
    access: ACCESS,
    item: modelLabelMappingSchema,
    source: {
      fields,
      defaultOrder: 'ModelName asc, TopicName asc, Id asc',
      scope(request) {
        const modelId = modelFilter(request);
        return and(
          inTenant(requireTenant(request.actor)),
          modelId === undefined ? undefined : eq(l.modelId, modelId),
        );
      },
      async rows(page) {
        const query = db.select(selection).from(l).innerJoin(topicModels, eq(topicModels.id, l.modelId));
        const rows = await pageOf(query.$dynamic(), page);
        return rows.map(mappingOf);
      },
      count: (where) =>
        countOf(
          db
            .select({ n: count() })
            .from(l)
            .innerJoin(topicModels, eq(topicModels.id, l.modelId))
            .where(where),
        ),
    },
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: ACCESS };
  routes.post(
    PATH,
    { config, schema: { body: modelLabelMappingSaveSchema, response: { 201: modelLabelMappingSchema } } },
    async (request, reply) => {
      const tenantId = requireTenant(request.actor);
      const body = request.body;
      const id = await refusingConflicts(
        () =>
          db.transaction(async (tx) => {
            await checkMapping(tx, tenantId, body);
            return insertedId(
              tx
                .insert(l)
                .values({
                  tenantId,
                  modelId: body.ModelId,
                  topicName: body.TopicName.trim(),
                  label: body.Label.trim(),
                })
                .returning({ id: l.id }),
              'model label mapping',
            );
          }),
        { onDuplicate: mappingExists },
      );
      return reply.status(201).send(found(await mappingFor(db, tenantId, id)));
    },
  );
  routes.put(
    `${PATH}/:id`,
    {
      config,
      schema: {
        params: modelLabelMappingParamsSchema,
        body: modelLabelMappingSaveSchema,
        response: { 200: modelLabelMappingSchema },
      },
    },
    async (request) => {
      const tenantId = requireTenant(request.actor);
      const { id } = request.params;
      const body = request.body;
      await refusingConflicts(
        () =>
          db.transaction(async (tx) => {
            const before = await mappingFor(tx, tenantId, id);
            if (!before) throw badRequest(ErrorCode.ModelLabelMappingNotFound);
            if (before.ModelId !== body.ModelId) throw badRequest(ErrorCode.ModelLabelModelMismatch);
            await checkMapping(tx, tenantId, body, id);
            await tx
              .update(l)
              .set({ topicName: body.TopicName.trim(), label: body.Label.trim(), updatedAt: new Date() })
              .where(and(inTenant(tenantId), eq(l.id, id)));
          }),
        { onDuplicate: mappingExists },
      );
      return found(await mappingFor(db, tenantId, id));
    },
  );
  routes.delete(
    `${PATH}/:id`,
    { config, schema: { params: modelLabelMappingParamsSchema } },
    async (request, reply) => {
      const tenantId = requireTenant(request.actor);
      const deleted = await db
        .delete(l)
        .where(and(inTenant(tenantId), eq(l.id, request.params.id)))
        .returning({ id: l.id });
      found(deleted[0]);
      return reply.status(204).send();
    },
  );
}
