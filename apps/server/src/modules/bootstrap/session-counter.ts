import { and, eq } from 'drizzle-orm';
import type { AnalyticsReplica } from '../../analytics/replica.js';
import type { Db } from '../../db/client.js';
import { surveys } from '../../db/schema/index.js';
import type { SessionCounter } from './bootstrap.service.js';

const EXTERNAL_SURVEY_TYPE = 4;

/**
 * Counts the sessions a tenant created since a date for the licence, split into the product's own surveys and
 * external-source surveys (type 4). Counted in the analytics replica, where it stays fast at millions of rows.
 */
export function createReplicaSessionCounter({
  db,
  replica,
}: {
  db: Db;
  replica: AnalyticsReplica;
}): SessionCounter {
  return async (tenantId, since) => {
    const external = await db
      .select({ id: surveys.id })
      .from(surveys)
      .where(and(eq(surveys.tenantId, tenantId), eq(surveys.type, EXTERNAL_SURVEY_TYPE)));
    const [row] = await replica.query<{ internal: number; external: number }>(
      `SELECT count(*) FILTER (WHERE NOT list_contains($external, survey_id)) AS internal,
              count(*) FILTER (WHERE list_contains($external, survey_id)) AS external
         FROM sessions WHERE tenant_id = $tenant AND created_at >= $since`,
      {
        tenant: tenantId,
        since: since.toISOString().slice(0, 19).replace('T', ' '),
        external: external.map((s) => s.id),
      },
    );
    return { internal: row?.internal ?? 0, external: row?.external ?? 0 };
  };
}
