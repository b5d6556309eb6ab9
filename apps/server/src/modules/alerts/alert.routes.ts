import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ALERT_COUNT_SCOPES, alertCountQuerySchema, alertCountSchema } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { createAlertRepository } from './alert.repository.js';
import { createAlertService } from './alert.service.js';

export function alertRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const alertService = createAlertService({ repository: createAlertRepository(db) });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/alerts/count',
    {
      config: { access: [...ALERT_COUNT_SCOPES] },
      schema: { querystring: alertCountQuerySchema, response: { 200: alertCountSchema } },
    },
    async (request) => alertService.count(request.actor, request.query.alertOperatorStatus),
  );
}
