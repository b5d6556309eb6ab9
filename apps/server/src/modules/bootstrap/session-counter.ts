import { and, eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { AnalyticsReplica } from '../../analytics/replica.js';
import type { Db } from '../../db/client.js';
import { surveys } from '../../db/schema/index.js';
import { createSharedReads } from '../../db/share-running.js';
import type { SessionCounter } from './bootstrap.service.js';

const EXTERNAL_SURVEY_TYPE = 4;
const CACHED_COUNTS = 10_000;

type Counts = { internal: number; external: number };

/**
 * Counts the sessions a tenant created since a date for the licence, split into the product's own surveys and
 * external-source surveys (type 4). Counted in the analytics replica, where it stays fast at millions of rows.
 * Every bootstrap asks, so a count is kept per tenant, date and list of external surveys (read from the database
 * on each call) together with the replica's data version it was counted at, and counted again once the replica
 * changed (a committed sync batch, rebuild or compaction): never older than the replica. Concurrent identical
 * calls share one count.
 */
export function createReplicaSessionCounter({
  db,
  replica,
}: {
  db: Db;
  replica: AnalyticsReplica;
}): SessionCounter {
  const counted = new LRUCache<string, { version: number; counts: Counts }>({ max: CACHED_COUNTS });
  const shareRunning = createSharedReads();
  const count = async (tenantId: number, since: Date): Promise<Counts> => {
    const external = await db
      .select({ id: surveys.id })
      .from(surveys)
      .where(and(eq(surveys.tenantId, tenantId), eq(surveys.type, EXTERNAL_SURVEY_TYPE)));
    const externalIds = external.map((s) => s.id).sort((a, b) => a - b);
    const key = `${tenantId}:${since.toISOString()}:${externalIds.join(',')}`;
    // Read before the count: what it counts is at least this new.
    const version = replica.version();
    const known = counted.get(key);
    if (known?.version === version) return known.counts;
    const [row] = await replica.query<{ internal: number; external: number }>(
      `SELECT count(*) FILTER (WHERE NOT list_contains($external, survey_id)) AS internal,
              count(*) FILTER (WHERE list_contains($external, survey_id)) AS external
         FROM sessions WHERE tenant_id = $tenant AND created_at >= $since`,
      {
        tenant: tenantId,
        // created_at is an instant (TIMESTAMPTZ): compared with this one, whatever the tenant's zone.
        since: since.toISOString(),
        external: externalIds,
      },
    );
    const counts = { internal: row?.internal ?? 0, external: row?.external ?? 0 };
    counted.set(key, { version, counts });
    return counts;
  };
  return (tenantId, since) =>
    shareRunning(`${tenantId}:${since.toISOString()}`, () => count(tenantId, since));
}
