import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLogIdParamsSchema, auditLogListItemSchema, auditLogSchema, type Scope } from '@loupe/contracts';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import type { ModuleDeps } from '../../core/deps.js';
import { createAuditLogGridSource, getAuditLog } from './audit-log.service.js';

const manage: [Scope, ...Scope[]] = ['alterna:manage'];

/**
 * The audit log list and detail (alterna:manage; shell spec §9: the last 5,000 records in the range). The grid's
 * filter body is `{ StartDate, EndDate }` (ISO instants, inclusive; default the last 7 days).
 */
export function auditLogRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  registerGridRoutes(app, {
    path: '/api/audit-logs',
    access: manage,
    item: auditLogListItemSchema,
    source: createAuditLogGridSource({ db }),
  });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/audit-logs/:id',
    {
      config: { access: manage },
      schema: { params: auditLogIdParamsSchema, response: { 200: auditLogSchema } },
    },
    async (request) => getAuditLog(db, request.actor, request.params.id),
  );
}
