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
import type { ModuleDeps } from '../../core/deps.js';
import { experienceGridFields, experienceGridScope } from './experience.repository.js';
import { createExperienceService } from './experience.service.js';
import { journeyStageRoutes } from './journey-stage.routes.js';
import { registerMetadataRoutes } from './metadata-record.js';
import { weightedExperienceGroupRoutes } from './weighted-experience-group.routes.js';

/** Experiences, weighted experience groups and journey stages (shell spec §3, §5, §7, §8). */
export function experienceRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const experiences = createExperienceService({ db });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  registerMetadataRoutes(app, {
    path: '/api/experiences',
    access: EXPERIENCE_SCOPES,
    grid: {
      item: experienceRowSchema,
      fields: experienceGridFields,
      defaultOrder: 'Id asc',
      scope: experienceGridScope,
      queries: experiences.repository,
    },
    params: metadataIdParamsSchema,
    body: experienceSaveSchema,
    item: experienceDetailSchema,
    service: experiences,
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
    {
      config: { access: EXPERIENCE_SCOPES },
      schema: { response: { 200: z.array(experienceGroupOptionSchema) } },
    },
    async (request) => experiences.groups(request.actor),
  );
  weightedExperienceGroupRoutes(app, { db });
  journeyStageRoutes(app, { db });
}
