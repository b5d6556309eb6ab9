import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  surveyIdParamsSchema,
  surveyLinkListSchema,
  surveyLinkParamsSchema,
  surveyLinkSaveSchema,
  surveyLinkSchema,
  type Scope,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { createSurveyLinkRepository } from './survey-link.repository.js';
import { createSurveyLinkService } from './survey-link.service.js';

/** As the surveys module: reading needs any survey scope, changing one the service checks against the type. */
const read: [Scope, ...Scope[]] = ['survey:read', 'survey:manage', 'externalSurvey:manage'];
const manage: [Scope, ...Scope[]] = ['survey:manage', 'externalSurvey:manage'];

/** One survey's touchpoint links and their QR codes (issue 17, docs/survey-links.md); writes are audited. */
export function surveyLinkRoutes(
  app: FastifyInstance,
  { db, publicUrl }: { db: Db; publicUrl: string },
): void {
  const service = createSurveyLinkService({ db, repository: createSurveyLinkRepository(), publicUrl });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/surveys/:id/links',
    {
      config: { access: read },
      schema: { params: surveyIdParamsSchema, response: { 200: surveyLinkListSchema } },
    },
    async (request) => service.list(request.actor, request.params.id),
  );
  routes.get(
    '/api/surveys/:id/links/:linkId',
    {
      config: { access: read },
      schema: { params: surveyLinkParamsSchema, response: { 200: surveyLinkSchema } },
    },
    async (request) => service.get(request.actor, { surveyId: request.params.id, id: request.params.linkId }),
  );
  routes.post(
    '/api/surveys/:id/links',
    {
      config: { access: manage },
      schema: {
        params: surveyIdParamsSchema,
        body: surveyLinkSaveSchema,
        response: { 201: surveyLinkSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.actor, request.params.id, request.body)),
  );
  routes.put(
    '/api/surveys/:id/links/:linkId',
    {
      config: { access: manage },
      schema: {
        params: surveyLinkParamsSchema,
        body: surveyLinkSaveSchema,
        response: { 200: surveyLinkSchema },
      },
    },
    async (request) =>
      service.update(request.actor, { surveyId: request.params.id, id: request.params.linkId }, request.body),
  );
  routes.delete(
    '/api/surveys/:id/links/:linkId',
    { config: { access: manage }, schema: { params: surveyLinkParamsSchema } },
    async (request, reply) => {
      await service.remove(request.actor, { surveyId: request.params.id, id: request.params.linkId });
      return reply.status(204).send();
    },
  );
}
