import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  WEIGHTED_EXPERIENCE_GROUP_SCOPES,
  metadataIdParamsSchema,
  weightedExperienceGroupDetailSchema,
  weightedExperienceGroupRowSchema,
  weightedExperienceGroupSaveSchema,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import { requireTenant } from '../../plugins/auth.js';
import { weightedGroupGridFields, weightedGroupGridScope } from './weighted-experience-group.repository.js';
import { createWeightedGroupService } from './weighted-experience-group.service.js';

/** Weighted experience groups: grid, item, create, update, delete. */
export function weightedExperienceGroupRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const groups = createWeightedGroupService({ db });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: WEIGHTED_EXPERIENCE_GROUP_SCOPES };
  const byId = { params: metadataIdParamsSchema };
  const saved = weightedExperienceGroupDetailSchema;

  registerGridRoutes(app, {
    path: '/api/weighted-experience-groups',
    access: [...WEIGHTED_EXPERIENCE_GROUP_SCOPES],
    item: weightedExperienceGroupRowSchema,
    source: {
      fields: weightedGroupGridFields,
      defaultOrder: 'Name asc, Id asc',
      scope: (request) => weightedGroupGridScope(requireTenant(request.actor)),
      rows: (page) => groups.repository.gridRows(page),
      count: (where) => groups.repository.gridCount(where),
    },
  });

  routes.get(
    '/api/weighted-experience-groups/:id',
    { config, schema: { ...byId, response: { 200: saved } } },
    async (request) => groups.get(request.actor, request.params.id),
  );
  routes.post(
    '/api/weighted-experience-groups',
    { config, schema: { body: weightedExperienceGroupSaveSchema, response: { 201: saved } } },
    async (request, reply) => reply.status(201).send(await groups.create(request.actor, request.body)),
  );
  routes.put(
    '/api/weighted-experience-groups/:id',
    { config, schema: { ...byId, body: weightedExperienceGroupSaveSchema, response: { 200: saved } } },
    async (request) => groups.update(request.actor, request.params.id, request.body),
  );
  routes.delete('/api/weighted-experience-groups/:id', { config, schema: byId }, async (request, reply) => {
    await groups.remove(request.actor, request.params.id);
    return reply.status(204).send();
  });
}
