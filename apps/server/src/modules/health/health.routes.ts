import type { FastifyInstance } from 'fastify';
import { PRODUCT_VERSION } from '@loupe/contracts';
import type { AnalyticsReplica } from '../../analytics/replica.js';
import type { DatabaseHandle } from '../../db/client.js';

/**
 * The most changes a ready node's replica may trail PostgreSQL by: about one sync batch, which a node under
 * steady ingest is behind between two polls. A node further behind (still building, or stuck) is not ready.
 */
export const READY_LAG = 5_000;

/**
 * `GET /api/health` tells anyone only whether the server and its database answer (`{ Status: 'ok' }`, or 503
 * `{ Status: 'unavailable' }`): the version and the database kind would help an attacker pick a known hole.
 * Holders of `healthcheck` read them at `GET /api/health/details`.
 */
export function healthRoutes(app: FastifyInstance, database: DatabaseHandle, replica: AnalyticsReplica) {
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

  // Readiness for a load balancer (docs/scaling.md): 200 once the database answers and this node's replica has
  // caught up with the change sequence, 503 while it builds or trails by more than READY_LAG changes. Lag is the
  // count of changes not yet applied here (null: not started); it tells nothing about any tenant.
  app.get('/api/health/ready', { config: { access: 'public' } }, async (_request, reply) => {
    if (!(await databaseAnswers())) return reply.status(503).send({ Status: 'unavailable', Lag: null });
    const lag = await replica.lag().catch(() => null);
    if (lag !== null && lag <= READY_LAG) return { Status: 'ready', Lag: lag };
    return reply.status(503).send({ Status: 'catching-up', Lag: lag });
  });

  app.get('/api/health/details', { config: { access: ['healthcheck'] } }, async (_request, reply) => {
    const details = { Version: PRODUCT_VERSION, Database: database.kind };
    if (await databaseAnswers()) return { Status: 'ok', ...details };
    return reply.status(503).send({ Status: 'unavailable', ...details });
  });
}
