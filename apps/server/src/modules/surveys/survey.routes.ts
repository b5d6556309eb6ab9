import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LOOKUP_SCOPES,
  surveyDetailSchema,
  surveyGeneralSchema,
  surveyIdParamsSchema,
  surveyLookupItemSchema,
  surveyLookupQuerySchema,
  surveyPrioritisationRowSchema,
  surveyPrioritisationSaveSchema,
  surveyRowSchema,
  surveyStatusSchema,
  surveyStepSaveSchema,
  surveyTargetTypeSchema,
  testInvitationAnswerSchema,
  testInvitationSchema,
  testUserSchema,
  type Scope,
} from '@loupe/contracts';
import type { ModuleDeps } from '../../core/deps.js';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import type { InvitationService } from '../invitations/index.js';
import { createLookupRepository, createLookupService } from '../lookups/index.js';
import { createSurveyGridSource } from './survey-grid.js';
import { createSurveyRepository } from './survey.repository.js';
import { createSurveyService } from './survey.service.js';

const read: [Scope, ...Scope[]] = ['survey:read', 'survey:manage', 'externalSurvey:manage'];
/** Type 4 surveys need externalSurvey:manage, the others survey:manage: the service tells them apart. */
const manage: [Scope, ...Scope[]] = ['survey:manage', 'externalSurvey:manage'];

/** Surveys, the wizard, test users and invitations, target types and prioritisation (docs/surveys-wizard.md). */
export function surveyRoutes(
  app: FastifyInstance,
  { db, testInvitations }: ModuleDeps & { testInvitations?: InvitationService },
): void {
  const service = createSurveyService({ db, repository: createSurveyRepository(), testInvitations });
  const lookups = createLookupService({ repository: createLookupRepository(db) });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const readConfig = { access: read };
  const writeConfig = { access: manage };
  const detail = { 200: surveyDetailSchema };

  registerGridRoutes(app, {
    path: '/api/surveys',
    access: read,
    item: surveyRowSchema,
    source: createSurveyGridSource(db),
    plainGet: {
      access: LOOKUP_SCOPES,
      querystring: surveyLookupQuerySchema,
      response: z.array(surveyLookupItemSchema),
      handler: (request, query) =>
        lookups.surveys(request.actor, (query as z.infer<typeof surveyLookupQuerySchema>).isForFilter),
    },
  });

  routes.post(
    '/api/surveys',
    { config: writeConfig, schema: { body: surveyGeneralSchema, response: { 201: surveyDetailSchema } } },
    async (request, reply) => reply.status(201).send(await service.create(request.actor, request.body)),
  );
  routes.get(
    '/api/surveys/:id',
    { config: readConfig, schema: { params: surveyIdParamsSchema, response: detail } },
    async (request) => service.get(request.actor, request.params.id),
  );
  routes.put(
    '/api/surveys/:id',
    {
      config: writeConfig,
      schema: { params: surveyIdParamsSchema, body: surveyStepSaveSchema, response: detail },
    },
    async (request) => service.saveStep(request.actor, request.params.id, request.body),
  );
  routes.delete(
    '/api/surveys/:id',
    { config: writeConfig, schema: { params: surveyIdParamsSchema } },
    async (request, reply) => {
      await service.remove(request.actor, request.params.id);
      return reply.status(204).send();
    },
  );
  routes.put(
    '/api/surveys/:id/status',
    {
      config: writeConfig,
      schema: { params: surveyIdParamsSchema, body: surveyStatusSchema, response: detail },
    },
    async (request) => service.setStatus(request.actor, request.params.id, request.body.IsActive),
  );
  routes.post(
    '/api/surveys/:id/clone',
    { config: writeConfig, schema: { params: surveyIdParamsSchema, response: { 201: surveyDetailSchema } } },
    async (request, reply) =>
      reply.status(201).send(await service.clone(request.actor, request.params.id, request.language)),
  );
  routes.post(
    '/api/surveys/:id/test-invitations',
    {
      config: writeConfig,
      schema: {
        params: surveyIdParamsSchema,
        body: testInvitationSchema,
        response: { 201: testInvitationAnswerSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.testInvitation(request.actor, request.params.id, request.body)),
  );

  routes.get(
    '/api/testusers',
    { config: readConfig, schema: { response: { 200: z.array(testUserSchema) } } },
    async (request) => service.testUsers(request.actor),
  );
  routes.get(
    '/api/surveyTargetTypes',
    { config: readConfig, schema: { response: { 200: z.array(surveyTargetTypeSchema) } } },
    async (request) => service.targetTypes(request.language),
  );
  routes.get(
    '/api/survey-prioritization',
    { config: readConfig, schema: { response: { 200: z.array(surveyPrioritisationRowSchema) } } },
    async (request) => service.prioritisation(request.actor),
  );
  routes.put(
    '/api/survey-prioritization',
    {
      config: writeConfig,
      schema: {
        body: surveyPrioritisationSaveSchema,
        response: { 200: z.array(surveyPrioritisationRowSchema) },
      },
    },
    async (request) => service.savePrioritisation(request.actor, request.body),
  );
}
