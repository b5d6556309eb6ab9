import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  jobServerListSchema,
  scheduledJobParamsSchema,
  scheduledJobRowSchema,
  scheduledJobRunAnswerSchema,
  type JobState,
  type ScheduledJobRow,
  type Scope,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { GridFields } from '../../grid/grid-fields.js';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import type { Scheduler } from '../../jobs/scheduler.js';
import { rowsOf } from '../../db/rows-of.js';
import { listJobServers } from './job-servers.js';

/*
 * The scheduled-jobs screen's API (docs/jobs-and-retention.md): the grid of every schedule and every pg-boss queue
 * with its last and next run, run-now for a schedule, and the worker nodes. Jobs are the installation's, not a
 * tenant's: the lists show no tenant data, and a purge run deletes what is due in every tenant.
 */

const READ: [Scope, ...Scope[]] = ['job:read', 'job:manage'];
const MANAGE: [Scope, ...Scope[]] = ['job:manage'];

const column = (name: string) => sql.raw(`jobs.${name}`);

const fields = {
  Name: { sql: column('name'), type: 'string' },
  Cron: { sql: column('cron'), type: 'string' },
  IsSchedule: { sql: column('is_schedule'), type: 'boolean' },
  LastRun: { sql: column('last_run'), type: 'date' },
  LastRunFailed: { sql: column('last_run_failed'), type: 'boolean' },
  NextRun: { sql: column('next_run'), type: 'date' },
  State: { sql: column('state'), type: 'string' },
  Failures24h: { sql: column('failures_24h'), type: 'number' },
  QueuedCount: { sql: column('queued_count'), type: 'number' },
  RunningCount: { sql: column('running_count'), type: 'number' },
} satisfies GridFields;

type RawJob = {
  name: string;
  cron: string | null;
  is_schedule: boolean;
  last_run: Date | string | null;
  last_run_failed: boolean;
  next_run: Date | string | null;
  state: JobState;
  failures_24h: number | string;
  queued_count: number | string;
  running_count: number | string;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const jobOf = (row: RawJob): ScheduledJobRow => ({
  Name: row.name,
  Cron: row.cron,
  IsSchedule: Boolean(row.is_schedule),
  LastRun: iso(row.last_run),
  LastRunFailed: Boolean(row.last_run_failed),
  NextRun: iso(row.next_run),
  State: row.state,
  Failures24h: Number(row.failures_24h),
  QueuedCount: Number(row.queued_count),
  RunningCount: Number(row.running_count),
});

/**
 * Every schedule (from the scheduler, with croner's next run) and every queue of pgboss.queue, one row per name,
 * with figures from pg-boss 10's tables: pgboss.job (live jobs, partitioned by queue name) and pgboss.archive
 * (finished jobs pg-boss moved there; it deletes them after a week, so an older last run shows as none).
 */
function jobsTable(scheduler: Scheduler): SQL {
  const schedules = scheduler.list();
  const values =
    schedules.length === 0
      ? sql`SELECT NULL::text AS name, NULL::text AS cron, NULL::timestamptz AS next_run WHERE false`
      : sql`SELECT * FROM (VALUES ${sql.join(
          schedules.map(
            (s) => sql`(${s.name}::text, ${s.cron}::text, ${s.nextRun?.toISOString() ?? null}::timestamptz)`,
          ),
          sql`, `,
        )}) AS v(name, cron, next_run)`;
  return sql`
    WITH schedules AS (${values}),
    names AS (SELECT name FROM pgboss.queue UNION SELECT name FROM schedules),
    finished AS (
      SELECT name, state::text AS state, completed_on FROM pgboss.job
        WHERE state IN ('completed', 'failed') AND name IN (SELECT name FROM names)
      UNION ALL
      SELECT name, state::text, completed_on FROM pgboss.archive
        WHERE state IN ('completed', 'failed') AND name IN (SELECT name FROM names)
    ),
    figures AS (
      SELECT n.name, s.cron, s.name IS NOT NULL AS is_schedule, s.next_run,
        last.completed_on AS last_run, COALESCE(last.state = 'failed', false) AS last_run_failed,
        (SELECT count(*)::int FROM finished f
          WHERE f.name = n.name AND f.state = 'failed' AND f.completed_on >= now() - interval '24 hours')
          AS failures_24h,
        (SELECT count(*)::int FROM pgboss.job j WHERE j.name = n.name AND j.state IN ('created', 'retry'))
          AS queued_count,
        (SELECT count(*)::int FROM pgboss.job j WHERE j.name = n.name AND j.state = 'active') AS running_count
      FROM names n
      LEFT JOIN schedules s ON s.name = n.name
      LEFT JOIN LATERAL (
        SELECT f.state, f.completed_on FROM finished f WHERE f.name = n.name
        ORDER BY f.completed_on DESC NULLS LAST LIMIT 1
      ) last ON true
    )
    SELECT figures.*,
      CASE WHEN running_count > 0 THEN 'running'
           WHEN last_run_failed THEN 'failed'
           WHEN queued_count > 0 THEN 'queued'
           ELSE 'idle' END AS state
    FROM figures`;
}

const whereOf = (where: SQL | undefined) => (where ? sql`WHERE ${where}` : sql``);

export function scheduledJobRoutes(
  app: FastifyInstance,
  { db, scheduler }: { db: Db; scheduler: Scheduler },
) {
  registerGridRoutes(app, {
    path: '/api/scheduled-jobs',
    access: READ,
    item: scheduledJobRowSchema,
    source: {
      fields,
      defaultOrder: 'Name asc',
      scope: () => undefined,
      async rows(page) {
        const rows = await rowsOf<RawJob>(
          db,
          sql`SELECT * FROM (${jobsTable(scheduler)}) jobs ${whereOf(page.where)}
              ORDER BY ${sql.join(page.orderBy, sql`, `)}
              LIMIT ${page.limit}::integer OFFSET ${page.offset}::integer`,
        );
        return rows.map(jobOf);
      },
      async count(where) {
        const [row] = await rowsOf<{ n: number | string }>(
          db,
          sql`SELECT count(*)::int AS n FROM (${jobsTable(scheduler)}) jobs ${whereOf(where)}`,
        );
        return Number(row?.n ?? 0);
      },
    },
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/scheduled-jobs/:name/run',
    {
      config: { access: MANAGE },
      schema: { params: scheduledJobParamsSchema, response: { 200: scheduledJobRunAnswerSchema } },
    },
    async (request) => {
      const { name } = request.params;
      // Only a schedule runs on demand: a queue's jobs carry data its handler needs.
      if (!scheduler.has(name)) throw notFound();
      await scheduler.runNow(name);
      return { Name: name, Queued: true as const };
    },
  );

  routes.get(
    '/api/filters/hangfireServers',
    { config: { access: READ }, schema: { response: { 200: jobServerListSchema } } },
    async () => listJobServers(db),
  );
}
