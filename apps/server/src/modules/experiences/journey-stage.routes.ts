import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  JOURNEY_STAGE_SCOPES,
  journeyStageRowSchema,
  journeyStageSaveSchema,
  metadataIdParamsSchema,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import { requireTenant } from '../../plugins/auth.js';
import { journeyStageGridFields, journeyStageGridScope } from './journey-stage.repository.js';
import { createJourneyStageService } from './journey-stage.service.js';

/** Journey stages: grid, item, create, update, delete. */
export function journeyStageRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const stages = createJourneyStageService({ db });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: JOURNEY_STAGE_SCOPES };
  const byId = { params: metadataIdParamsSchema };

  registerGridRoutes(app, {
    path: '/api/journey-stages',
    access: [...JOURNEY_STAGE_SCOPES],
    item: journeyStageRowSchema,
    source: {
      fields: journeyStageGridFields,
      defaultOrder: 'Order asc, Name asc, Id asc',
      scope: (request) => journeyStageGridScope(requireTenant(request.actor)),
      rows: (page) => stages.repository.gridRows(page),
      count: (where) => stages.repository.gridCount(where),
    },
  });

  routes.get(
    '/api/journey-stages/:id',
    { config, schema: { ...byId, response: { 200: journeyStageRowSchema } } },
    async (request) => stages.get(request.actor, request.params.id),
  );
  routes.post(
    '/api/journey-stages',
    { config, schema: { body: journeyStageSaveSchema, response: { 201: journeyStageRowSchema } } },
    async (request, reply) => reply.status(201).send(await stages.create(request.actor, request.body)),
  );
  routes.put(
    '/api/journey-stages/:id',
    { config, schema: { ...byId, body: journeyStageSaveSchema, response: { 200: journeyStageRowSchema } } },
    async (request) => stages.update(request.actor, request.params.id, request.body),
  );
  routes.delete('/api/journey-stages/:id', { config, schema: byId }, async (request, reply) => {
    await stages.remove(request.actor, request.params.id);
    return reply.status(204).send();
  });
}
