import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createAuditSchema } from '@loupe/contracts';
import type { AuditService } from './audit.service.js';

/** `POST /api/audits`: a client's logout (6) or page visit (7); any other type is refused (400 / 3333). */
export function auditRoutes(app: FastifyInstance, auditService: AuditService) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/audits',
      { config: { access: 'signed-in' }, schema: { body: createAuditSchema } },
      async (request, reply) =>
        reply.status(201).send(await auditService.recordFromClient(request.actor, request.body, request.ip)),
    );
}
