import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EXPERIENCE_SCOPES,
  WEIGHTED_EXPERIENCE_GROUP_SCOPES,
  calculableExperienceSchema,
  experienceDetailSchema,
  experienceGroupOptionSchema,
  experienceRowSchema,
  experienceSaveSchema,
  metadataIdParamsSchema,
} from '@loupe/contracts';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import { requireTenant } from '../../plugins/auth.js';
import type { AdministrationDeps } from '../administration-deps.js';
import { experienceGridFields, experienceGridScope } from './experience.repository.js';
import { createExperienceService } from './experience.service.js';
import { journeyStageRoutes } from './journey-stage.routes.js';
import { weightedExperienceGroupRoutes } from './weighted-experience-group.routes.js';

/** Experiences, weighted experience groups and journey stages (shell spec §3, §5, §7, §8). */
export function experienceRoutes(app: FastifyInstance, { db }: AdministrationDeps): void {
  const experiences = createExperienceService({ db });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: EXPERIENCE_SCOPES };
  const byId = { params: metadataIdParamsSchema };

  registerGridRoutes(app, {
    path: '/api/experiences',
    access: [...EXPERIENCE_SCOPES],
    item: experienceRowSchema,
    source: {
      fields: experienceGridFields,
      defaultOrder: 'Id asc',
      scope: (request) => experienceGridScope(requireTenant(request.actor)),
      rows: (page) => experiences.repository.gridRows(page),
      count: (where) => experiences.repository.gridCount(where),
    },
  });

  // What the weighted group form chooses from, so it is open to custom-KPI builders too.
  routes.get(
    '/api/experiences/calculable',
    {
      config: { access: WEIGHTED_EXPERIENCE_GROUP_SCOPES },
      schema: { response: { 200: z.array(calculableExperienceSchema) } },
    },
    async (request) => experiences.calculable(request.actor),
  );
  routes.get(
    '/api/experience-groups',
    { config, schema: { response: { 200: z.array(experienceGroupOptionSchema) } } },
    async (request) => experiences.groups(request.actor),
  );
  routes.get(
    '/api/experiences/:id',
    { config, schema: { ...byId, response: { 200: experienceDetailSchema } } },
    async (request) => experiences.get(request.actor, request.params.id),
  );
  routes.post(
    '/api/experiences',
    { config, schema: { body: experienceSaveSchema, response: { 201: experienceDetailSchema } } },
    async (request, reply) => reply.status(201).send(await experiences.create(request.actor, request.body)),
  );
  routes.put(
    '/api/experiences/:id',
    { config, schema: { ...byId, body: experienceSaveSchema, response: { 200: experienceDetailSchema } } },
    async (request) => experiences.update(request.actor, request.params.id, request.body),
  );
  routes.delete('/api/experiences/:id', { config, schema: byId }, async (request, reply) => {
    await experiences.remove(request.actor, request.params.id);
    return reply.status(204).send();
  });

  weightedExperienceGroupRoutes(app, { db });
  journeyStageRoutes(app, { db });
}
