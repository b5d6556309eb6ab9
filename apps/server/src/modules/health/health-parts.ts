import { statfs } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { smsGatewayConfigSchema, type HealthPartStatus } from '@loupe/contracts';
import type { AnalyticsReplica } from '../../analytics/replica.js';
import type { DatabaseHandle } from '../../db/client.js';
import { rowsOf } from '../../db/rows-of.js';

/*
 * The health check's status cards (docs/health-and-logs.md): each part measured now, with a state and the figures
 * behind it. A part that cannot be measured is an error card, never a failed request.
 */

/** Round trips slower than this are a warning. */
const SLOW_DATABASE_MS = 250;
/** Unapplied changes older than this many seconds are a warning (the replica shows changes within about 2 s). */
const REPLICA_LAG_WARNING_S = 30;
const LOW_DISK_WARNING = 0.1;
const LOW_DISK_ERROR = 0.02;
const SMTP_TIMEOUT_MS = 5_000;
/** An SMTP check answers for this long: the screen may be reloaded often, the server need not be asked each time. */
const SMTP_CACHE_MS = 60_000;

const part = (value: Omit<HealthPartStatus, 'Value' | 'Secondary' | 'Detail'> & Partial<HealthPartStatus>) =>
  ({ Value: null, Secondary: null, Detail: null, ...value }) satisfies HealthPartStatus;

const codeOf = (error: unknown) =>
  error instanceof Error ? ((error as { code?: string }).code ?? error.name) : 'unknown';

async function databasePart(database: DatabaseHandle): Promise<HealthPartStatus> {
  const started = performance.now();
  try {
    const healthy = await database.healthy();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    if (!healthy) return part({ Part: 'database', State: 'error', Value: ms, Detail: database.kind });
    return part({
      Part: 'database',
      State: ms > SLOW_DATABASE_MS ? 'warning' : 'ok',
      Value: ms,
      Detail: database.kind,
    });
  } catch (error) {
    return part({ Part: 'database', State: 'error', Detail: codeOf(error) });
  }
}

/** Changes in the sequence past the replica's cursor, and the age of the oldest of them. */
async function replicaPart(database: DatabaseHandle, replica: AnalyticsReplica): Promise<HealthPartStatus> {
  try {
    const [state] = await replica.query<{ v: number }>(
      `SELECT value AS v FROM replica_state WHERE name = 'last_seq'`,
    );
    const cursor = Number(state?.v ?? 0);
    const [behind] = await rowsOf<{ n: number; oldest: string | Date | null }>(
      database.db,
      sql`SELECT count(*)::int AS n, min(created_at) AS oldest FROM analytics_changes WHERE seq > ${cursor}::bigint`,
    );
    const n = Number(behind?.n ?? 0);
    const ageS = behind?.oldest
      ? Math.max(0, Math.round((Date.now() - new Date(behind.oldest).getTime()) / 1000))
      : 0;
    return part({
      Part: 'replica',
      State: n > 0 && ageS > REPLICA_LAG_WARNING_S ? 'warning' : 'ok',
      Value: n,
      Secondary: ageS,
    });
  } catch (error) {
    return part({ Part: 'replica', State: 'error', Detail: codeOf(error) });
  }
}

/** pg-boss: jobs waiting (created or waiting for a retry) and jobs failed in the last 24 hours. */
async function jobQueuePart(database: DatabaseHandle): Promise<HealthPartStatus> {
  try {
    const [row] = await rowsOf<{ queued: number; failed: number }>(
      database.db,
      sql`SELECT
            (SELECT count(*)::int FROM pgboss.job WHERE state IN ('created', 'retry')) AS queued,
            (SELECT count(*)::int FROM pgboss.job WHERE state = 'failed' AND completed_on > now() - interval '1 day')
            + (SELECT count(*)::int FROM pgboss.archive WHERE state = 'failed' AND completed_on > now() - interval '1 day')
              AS failed`,
    );
    const failed = Number(row?.failed ?? 0);
    return part({
      Part: 'jobQueue',
      State: failed > 0 ? 'warning' : 'ok',
      Value: Number(row?.queued ?? 0),
      Secondary: failed,
    });
  } catch (error) {
    return part({ Part: 'jobQueue', State: 'error', Detail: codeOf(error) });
  }
}

/** The SMTP server's host and port (never its user or password). */
function smtpHost(smtpUrl: string): string | null {
  try {
    const url = new URL(smtpUrl);
    return url.port ? `${url.hostname}:${url.port}` : url.hostname;
  } catch {
    return null;
  }
}

let smtpChecked: { url: string; at: number; result: HealthPartStatus } | undefined;

/** SMTP: not configured without SMTP_URL, else a real connection and greeting (nodemailer's verify). */
async function mailPart(smtpUrl: string | undefined): Promise<HealthPartStatus> {
  if (!smtpUrl) return part({ Part: 'mail', State: 'notConfigured' });
  if (smtpChecked && smtpChecked.url === smtpUrl && Date.now() - smtpChecked.at < SMTP_CACHE_MS)
    return smtpChecked.result;
  const detail = smtpHost(smtpUrl);
  let result: HealthPartStatus;
  let transport: ReturnType<typeof nodemailer.createTransport> | undefined;
  try {
    const url = new URL(smtpUrl);
    url.searchParams.set('connectionTimeout', String(SMTP_TIMEOUT_MS));
    url.searchParams.set('greetingTimeout', String(SMTP_TIMEOUT_MS));
    url.searchParams.set('socketTimeout', String(SMTP_TIMEOUT_MS));
    transport = nodemailer.createTransport(url.toString());
    await transport.verify();
    result = part({ Part: 'mail', State: 'ok', Detail: detail });
  } catch (error) {
    result = part({
      Part: 'mail',
      State: 'error',
      Detail: [detail, codeOf(error)].filter(Boolean).join(' · '),
    });
  } finally {
    transport?.close();
  }
  smtpChecked = { url: smtpUrl, at: Date.now(), result };
  return result;
}

/** The SMS gateway section: the caller's tenant's (or the installation's); for the operator, any. */
async function smsPart(database: DatabaseHandle, tenantId: number | null): Promise<HealthPartStatus> {
  try {
    const rows = await rowsOf<{ json_config: string }>(
      database.db,
      sql`SELECT json_config FROM service_configurations
          WHERE section = 'SmsGateway' AND (${tenantId === null}::boolean OR tenant_id = ${tenantId}::integer
                                            OR tenant_id IS NULL)
          ORDER BY tenant_id NULLS LAST, id LIMIT 20`,
    );
    if (rows.length === 0) return part({ Part: 'sms', State: 'notConfigured' });
    // The first section the sender would accept (docs/invitations.md): its gateway's host, never its headers.
    for (const { json_config } of rows) {
      let config: unknown;
      try {
        config = JSON.parse(json_config);
      } catch {
        continue;
      }
      const gateway = smsGatewayConfigSchema.safeParse(config);
      if (gateway.success) return part({ Part: 'sms', State: 'ok', Detail: new URL(gateway.data.Url).host });
    }
    return part({ Part: 'sms', State: 'error', Detail: 'invalid configuration' });
  } catch (error) {
    return part({ Part: 'sms', State: 'error', Detail: codeOf(error) });
  }
}

/** statfs of the folder, or of its nearest existing parent (the data folder is made on first write). */
async function statfsNearest(folder: string): ReturnType<typeof statfs> {
  try {
    return await statfs(folder);
  } catch (error) {
    const parent = path.dirname(folder);
    if ((error as { code?: string }).code !== 'ENOENT' || parent === folder) throw error;
    return statfsNearest(parent);
  }
}

/** Free space of the data folder's file system. */
async function diskPart(dataDir: string): Promise<HealthPartStatus> {
  try {
    const stats = await statfsNearest(dataDir);
    const free = Number(stats.bavail) * Number(stats.bsize);
    const total = Number(stats.blocks) * Number(stats.bsize);
    const share = total > 0 ? free / total : 0;
    return part({
      Part: 'disk',
      State: share < LOW_DISK_ERROR ? 'error' : share < LOW_DISK_WARNING ? 'warning' : 'ok',
      Value: free,
      Secondary: total,
    });
  } catch (error) {
    return part({ Part: 'disk', State: 'error', Detail: codeOf(error) });
  }
}

export type HealthPartDeps = {
  database: DatabaseHandle;
  replica: AnalyticsReplica;
  smtpUrl: string | undefined;
  dataDir: string;
};

export function healthParts(deps: HealthPartDeps, tenantId: number | null): Promise<HealthPartStatus[]> {
  return Promise.all([
    databasePart(deps.database),
    replicaPart(deps.database, deps.replica),
    jobQueuePart(deps.database),
    mailPart(deps.smtpUrl),
    smsPart(deps.database, tenantId),
    diskPart(deps.dataDir),
  ]);
}
