import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  invitationCreateAnswerSchema,
  invitationCreateSchema,
  invitationListQuerySchema,
  invitationListSchema,
  surveyIdParamsSchema,
  type Scope,
} from '@loupe/contracts';
import type { InvitationService } from './invitation.service.js';

const read: [Scope, ...Scope[]] = ['survey:read', 'survey:manage'];
const manage: [Scope, ...Scope[]] = ['survey:manage'];

/** A survey's invitations: create them from its invitees, and read their path (docs/invitations.md). */
export function invitationRoutes(app: FastifyInstance, service: InvitationService): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/api/surveys/:id/invitations',
    {
      config: { access: manage },
      schema: {
        params: surveyIdParamsSchema,
        body: invitationCreateSchema,
        response: { 201: invitationCreateAnswerSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.actor, request.params.id, request.body)),
  );
  routes.get(
    '/api/surveys/:id/invitations',
    {
      config: { access: read },
      schema: {
        params: surveyIdParamsSchema,
        querystring: invitationListQuerySchema,
        response: { 200: invitationListSchema },
      },
    },
    async (request) =>
      service.list(request.actor, request.params.id, {
        top: request.query.$top,
        skip: request.query.$skip,
      }),
  );
}
