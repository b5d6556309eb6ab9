import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createAuditSchema } from '@loupe/contracts';
import type { AuditService } from './audit.service.js';

export function auditRoutes(app: FastifyInstance, auditService: AuditService) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/api/audits',
      { config: { access: 'signed-in' }, schema: { body: createAuditSchema } },
      async (request, reply) =>
        reply.status(201).send(await auditService.record(request.actor, request.body, request.ip)),
    );
}
