import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { createAlertRepository } from './alert.repository.js';
import { createAlertService } from './alert.service.js';

// TODO(contracts): belongs in packages/contracts/src/alerts/alert.schema.ts.
/** `GET /api/alerts/count?alertOperatorStatus=0`: 0 counts unread alerts (the bell), 1 read ones. */
export const alertCountQuerySchema = z.object({
  alertOperatorStatus: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(0), z.literal(1)]))
    .default(0),
});

export function alertRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const alertService = createAlertService({ repository: createAlertRepository(db) });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/alerts/count',
    {
      config: { access: ['alert:read', 'alert:manage', 'alert:readall'] },
      schema: { querystring: alertCountQuerySchema, response: { 200: z.number().int() } },
    },
    async (request) => alertService.count(request.actor, request.query.alertOperatorStatus),
  );
}
