import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { overviewQuerySchema, overviewSchema } from '@loupe/contracts';
import type { ModuleDeps } from '../../core/deps.js';
import { createOverviewService } from './overview.service.js';

/** The home overview (issue 20 item 1, docs/overview.md): `GET /api/overview?days=7`, scope `overview`. */
export function overviewRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const overview = createOverviewService(deps);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/overview',
    {
      config: { access: ['overview'] },
      schema: { querystring: overviewQuerySchema, response: { 200: overviewSchema } },
    },
    async (request) => overview.read(request.actor, request.query.days),
  );
}
