import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HEALTH_CHECK_ANOMALY_COUNT, healthCheckSchema, type HealthCheck } from '@loupe/contracts';
import type { AnalyticsReplica } from '../../analytics/replica.js';
import type { Config } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import { detectAnomalies } from './anomaly-detector.js';
import { healthParts } from './health-parts.js';
import { loadHourlySeries, seriesWindow } from './health-series.js';

type HealthCheckDeps = {
  database: DatabaseHandle;
  replica: AnalyticsReplica;
  config: Pick<Config, 'smtpUrl' | 'dataDir'>;
  now?: () => Date;
};

/** The health check for a caller of `tenantId` (null: the installation operator, every tenant). */
async function healthCheck(deps: HealthCheckDeps, tenantId: number | null): Promise<HealthCheck> {
  const now = deps.now?.() ?? new Date();
  const window = seriesWindow(now);
  const [series, parts] = await Promise.all([
    loadHourlySeries(deps.database.db, tenantId, window),
    healthParts(
      {
        database: deps.database,
        replica: deps.replica,
        smtpUrl: deps.config.smtpUrl,
        dataDir: deps.config.dataDir,
      },
      tenantId,
    ),
  ]);
  const anomalies = series
    .flatMap((one) => detectAnomalies(one, window.scanFrom))
    .sort((a, b) => b.Date.localeCompare(a.Date) || b.Score - a.Score)
    .slice(0, HEALTH_CHECK_ANOMALY_COUNT);
  return {
    CheckedAt: now.toISOString(),
    Anomalies: anomalies,
    Parts: parts,
    ScannedHours: window.hours - window.scanFrom,
  };
}

/**
 * `GET /api/health-check` (healthcheck; surveys spec §2, docs/health-and-logs.md): the last five anomalies of the
 * hourly series and a status card per part. Beside the public liveness route `GET /api/health` (health.routes.ts).
 */
export function healthCheckRoutes(app: FastifyInstance, deps: HealthCheckDeps): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/health-check',
      { config: { access: ['healthcheck'] }, schema: { response: { 200: healthCheckSchema } } },
      async (request) => healthCheck(deps, request.actor.tenantId),
    );
}
