import type { FastifyInstance } from 'fastify';
import { PRODUCT_VERSION } from '@loupe/contracts';
import type { DatabaseHandle } from '../../db/client.js';

export function healthRoutes(app: FastifyInstance, database: DatabaseHandle) {
  app.get('/api/health', { config: { access: 'public' } }, async (_request, reply) => {
    try {
      await database.raw('select 1');
      return { Status: 'ok', Version: PRODUCT_VERSION, Database: database.kind };
    } catch {
      return reply
        .status(503)
        .send({ Status: 'unavailable', Version: PRODUCT_VERSION, Database: database.kind });
    }
  });
}
