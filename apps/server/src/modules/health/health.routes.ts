import type { FastifyInstance } from 'fastify';
import { PRODUCT_VERSION } from '@loupe/contracts';
import type { DatabaseHandle } from '../../db/client.js';

/**
 * `GET /api/health` tells anyone only whether the server and its database answer (`{ Status: 'ok' }`, or 503
 * `{ Status: 'unavailable' }`): the version and the database kind would help an attacker pick a known hole.
 * Holders of `healthcheck` read them at `GET /api/health/details`.
 */
export function healthRoutes(app: FastifyInstance, database: DatabaseHandle) {
  async function databaseAnswers(): Promise<boolean> {
    try {
      // A connection that answers with no rows is as unhealthy as one that fails (see db/pglite-guard.ts).
      return await database.healthy();
    } catch {
      return false;
    }
  }

  app.get('/api/health', { config: { access: 'public' } }, async (_request, reply) => {
    if (await databaseAnswers()) return { Status: 'ok' };
    return reply.status(503).send({ Status: 'unavailable' });
  });

  app.get('/api/health/details', { config: { access: ['healthcheck'] } }, async (_request, reply) => {
    const details = { Version: PRODUCT_VERSION, Database: database.kind };
    if (await databaseAnswers()) return { Status: 'ok', ...details };
    return reply.status(503).send({ Status: 'unavailable', ...details });
  });
}
