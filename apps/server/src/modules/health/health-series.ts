import { sql, type SQL } from 'drizzle-orm';
import type { AnomalySource } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows-of.js';
import { BASELINE_WEEKS, HOURS_PER_WEEK, type HourlySeries } from './anomaly-detector.js';

/*
 * The hourly series the health check watches (docs/health-and-logs.md), read from PostgreSQL over the last
 * SCAN_WEEKS weeks plus their BASELINE_WEEKS weeks of history, complete UTC hours only (the hour under way would
 * look like a drop). A tenant's caller sees its tenant's sessions, REST data and invitations; the operator every
 * tenant's. Job failures are the installation's (no tenant data), the same for everyone.
 */

/** Weeks of hours scanned for anomalies. */
const SCAN_WEEKS = 4;
const HOUR_MS = 3_600_000;

type Bucket = { h: number | string; n: number | string };

const tenantIs = (column: string, tenantId: number | null): SQL =>
  tenantId === null ? sql`true` : sql`${sql.raw(column)} = ${tenantId}::integer`;

export type SeriesWindow = { startMs: number; hours: number; scanFrom: number };

/** The window ending at the start of the current hour. */
export function seriesWindow(now: Date): SeriesWindow {
  const endMs = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const hours = (SCAN_WEEKS + BASELINE_WEEKS) * HOURS_PER_WEEK;
  return { startMs: endMs - hours * HOUR_MS, hours, scanFrom: BASELINE_WEEKS * HOURS_PER_WEEK };
}

/** Hour buckets (hours since the epoch) to a dense array over the window. */
function dense(rows: Bucket[], window: SeriesWindow): number[] {
  const counts = new Array<number>(window.hours).fill(0);
  const firstHour = window.startMs / HOUR_MS;
  for (const row of rows) {
    const i = Number(row.h) - firstHour;
    if (i >= 0 && i < window.hours) counts[i] = Number(row.n);
  }
  return counts;
}

async function buckets(db: Db, query: SQL): Promise<Bucket[]> {
  return rowsOf<Bucket>(db, query);
}

const hourOf = (column: string) => sql.raw(`floor(extract(epoch from ${column}) / 3600)::bigint`);

export async function loadHourlySeries(
  db: Db,
  tenantId: number | null,
  window: SeriesWindow,
): Promise<HourlySeries[]> {
  const from = new Date(window.startMs).toISOString();
  const to = new Date(window.startMs + window.hours * HOUR_MS).toISOString();
  const range = (column: string) =>
    sql`${sql.raw(column)} >= ${from}::timestamptz AND ${sql.raw(column)} < ${to}::timestamptz`;
  const ingest = buckets(
    db,
    sql`SELECT ${hourOf('answered_at')} AS h, count(*)::int AS n FROM sessions
        WHERE ${tenantIs('tenant_id', tenantId)} AND ${range('answered_at')} GROUP BY 1`,
  );
  const restData = buckets(
    db,
    sql`SELECT ${hourOf('created_at')} AS h, sum(rejected_count)::int AS n FROM data_validation_logs
        WHERE ${tenantIs('tenant_id', tenantId)} AND ${range('created_at')} AND rejected_count > 0 GROUP BY 1`,
  );
  const invitations = buckets(
    db,
    sql`SELECT ${hourOf('failed_at')} AS h, count(*)::int AS n FROM invitations
        WHERE ${tenantIs('tenant_id', tenantId)} AND ${range('failed_at')} AND NOT is_test GROUP BY 1`,
  );
  // pg-boss keeps failed jobs in job, then archive (for a week): the scan sees what is still there.
  const jobs = buckets(
    db,
    sql`SELECT ${hourOf('completed_on')} AS h, count(*)::int AS n FROM (
          SELECT completed_on FROM pgboss.job WHERE state = 'failed' AND ${range('completed_on')}
          UNION ALL
          SELECT completed_on FROM pgboss.archive WHERE state = 'failed' AND ${range('completed_on')}) failed
        GROUP BY 1`,
  ).catch(() => [] as Bucket[]); // no pgboss schema before the queue's first start
  const [i, r, v, j] = await Promise.all([ingest, restData, invitations, jobs]);
  const series = (source: AnomalySource, rows: Bucket[], direction: 'up' | 'down'): HourlySeries => ({
    source,
    direction,
    startMs: window.startMs,
    counts: dense(rows, window),
  });
  return [
    series('ingest', i, 'down'),
    series('restData', r, 'up'),
    series('invitations', v, 'up'),
    series('jobs', j, 'up'),
  ];
}
