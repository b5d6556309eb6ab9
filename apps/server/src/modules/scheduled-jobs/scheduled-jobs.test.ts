import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  IMPORT_LOG_STATUS as S,
  type GridPage,
  type JobServer,
  type ScheduledJobRow,
} from '@loupe/contracts';
import {
  audits,
  dataValidationLogs,
  importDataLogs,
  invitees,
  jobServers,
  stagedInvitees,
  surveys,
  users,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { PURGE_SCHEDULES } from './retention.js';

/*
 * The scheduled-jobs API through the real scheduler, pg-boss and database (docs/jobs-and-retention.md): the list of
 * schedules and queues with their last and next runs, run-now of each purge (old rows gone, recent ones and the
 * invitees they became kept), this node in the worker list, and the scopes.
 */

let t: TestApp;
const tokens = { reader: '', manager: '', other: '' };
let tenantId = 0;
let surveyId = 0;

const db = () => t.database.db;
const DAY_MS = 86_400_000;
/** A timestamp `days` days before now (the database's clock is the test's clock). */
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

async function list(token: string, query = '$top=100&$count=true') {
  const response = await t.call('GET', `/api/scheduled-jobs?${query}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<GridPage<ScheduledJobRow>>();
}

async function rowOf(name: string, token = tokens.reader) {
  const row = (await list(token)).Items.find((item) => item.Name === name);
  expect(row, name).toBeDefined();
  return row!;
}

/** Runs the schedule now through the route and waits (bounded) until its job has finished. */
async function runNow(name: string) {
  const before = (await rowOf(name)).LastRun;
  const response = await t.call('POST', `/api/scheduled-jobs/${name}/run`, { token: tokens.manager });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ Name: name, Queued: true });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const row = await rowOf(name);
    if (row.LastRun !== null && row.LastRun !== before && row.State !== 'running') return row;
    if (Date.now() > deadline) throw new Error(`${name} did not finish: ${JSON.stringify(row)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  tenantId = t.tenantId;
  const [admin] = await db().select().from(users).where(eq(users.userName, 'admin'));
  const token = (scopes: Parameters<TestApp['tokenFor']>[0]['scopes']) =>
    t.tokenFor({ userId: admin!.id, tenantId: admin!.tenantId, scopes, name: 'admin' });
  tokens.reader = await token(['job:read']);
  tokens.manager = await token(['job:manage']);
  tokens.other = await token(['user:read', 'user:manage', 'invitation:manage']);
  const [survey] = await db()
    .insert(surveys)
    .values({ tenantId, title: 'Retention survey', language: 'en' })
    .returning({ id: surveys.id });
  surveyId = survey!.id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/scheduled-jobs', () => {
  it('lists the schedules with their cron and next run, and the queues without, sorted by name', async () => {
    const page = await list(tokens.reader);
    const names = page.Items.map((item) => item.Name);
    expect(names).toEqual([...names].sort());
    expect(page.Count).toBe(page.Items.length);
    for (const name of Object.values(PURGE_SCHEDULES)) {
      const row = page.Items.find((item) => item.Name === name)!;
      expect(row).toMatchObject({ IsSchedule: true, Failures24h: 0, RunningCount: 0 });
      expect(row.Cron).toMatch(/^\d+ \* \* \* \*$/);
      // Hourly: the next run is within the coming hour, whatever the time now.
      const next = Date.parse(row.NextRun!);
      expect(next).toBeGreaterThan(Date.now() - 1_000);
      expect(next).toBeLessThanOrEqual(Date.now() + 3_600_000);
    }
    // A queue of another module, worked on demand: no cron, no next run, no run-now.
    const queue = page.Items.find((item) => item.Name === 'invitation-send');
    expect(queue).toMatchObject({ Cron: null, NextRun: null, IsSchedule: false });
  });

  it('takes the grid query: filter, order and paging', async () => {
    const page = await list(
      tokens.manager,
      `$filter=${encodeURIComponent("startswith(Name, 'purge-')")}&$top=2`,
    );
    expect(page.Count).toBe(3);
    expect(page.Items.map((item) => item.Name)).toEqual([
      PURGE_SCHEDULES.importLogs,
      PURGE_SCHEDULES.importedInvitees,
    ]);
    const bad = await t.call('GET', `/api/scheduled-jobs?$filter=${encodeURIComponent('Nope eq 1')}`, {
      token: tokens.reader,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('is refused without job:read or job:manage', async () => {
    const response = await t.call('GET', '/api/scheduled-jobs?$top=10', { token: tokens.other });
    expect(response.statusCode).toBe(403);
    const servers = await t.call('GET', '/api/filters/hangfireServers', { token: tokens.other });
    expect(servers.statusCode).toBe(403);
  });
});

describe('GET /api/filters/hangfireServers', () => {
  it('lists this node with the queues it works; a node not seen for 2 minutes is left out', async () => {
    await db()
      .insert(jobServers)
      .values({ id: 'gone:1:dead', hostName: 'gone', pid: 1, lastSeenAt: new Date(Date.now() - 180_000) });
    const response = await t.call('GET', '/api/filters/hangfireServers', { token: tokens.reader });
    expect(response.statusCode, response.body).toBe(200);
    const servers = response.json<JobServer[]>();
    expect(servers).toHaveLength(1);
    expect(servers[0]).toMatchObject({ Pid: process.pid });
    expect(servers[0]!.Queues).toEqual(expect.arrayContaining(Object.values(PURGE_SCHEDULES)));
    expect(Date.parse(servers[0]!.LastSeenAt)).toBeGreaterThan(Date.now() - 120_000);
    await db().delete(jobServers).where(eq(jobServers.id, 'gone:1:dead'));
  });
});

describe('POST /api/scheduled-jobs/{name}/run', () => {
  it('runs the REST data log purge: logs older than two months go, recent ones stay', async () => {
    const log = (createdAt: Date) => ({
      tenantId,
      request: '{}',
      result: {},
      isSuccessful: true,
      acceptedCount: 0,
      rejectedCount: 0,
      createdAt,
    });
    const rows = await db()
      .insert(dataValidationLogs)
      .values([log(daysAgo(70)), log(daysAgo(63)), log(daysAgo(50)), log(daysAgo(1))])
      .returning({ id: dataValidationLogs.id });
    const row = await runNow(PURGE_SCHEDULES.restDataLogs);
    expect(row).toMatchObject({ State: 'idle', LastRunFailed: false, QueuedCount: 0 });
    const left = await db()
      .select({ id: dataValidationLogs.id })
      .from(dataValidationLogs)
      .where(
        inArray(
          dataValidationLogs.id,
          rows.map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.id).sort()).toEqual([rows[2]!.id, rows[3]!.id].sort());
  }, 60_000);

  it('runs the import purges: old finished logs and staged rows go, in-flight and recent ones and invitees stay', async () => {
    const importLog = async (status: number, createdAt: Date) => {
      const [row] = await db()
        .insert(importDataLogs)
        .values({ tenantId, surveyId, fileName: 'a.csv', fileType: 'csv', status, createdAt })
        .returning({ id: importDataLogs.id });
      return row!.id;
    };
    const oldDone = await importLog(S.Processed, daysAgo(100));
    const oldWaiting = await importLog(S.WaitingForApproval, daysAgo(100));
    const recentDone = await importLog(S.Processed, daysAgo(10));
    const [invitee] = await db()
      .insert(invitees)
      .values({ tenantId, surveyId, fullName: 'Kept Invitee', transactionDate: new Date() })
      .returning({ id: invitees.id });
    const staged = async (importDataLogId: number | null, createdAt: Date, inviteeId?: number) => {
      const [row] = await db()
        .insert(stagedInvitees)
        .values({ tenantId, surveyId, importDataLogId, createdAt, inviteeId: inviteeId ?? null })
        .returning({ id: stagedInvitees.id });
      return row!.id;
    };
    const s = {
      oldDone: await Promise.all(Array.from({ length: 3 }, () => staged(oldDone, daysAgo(100)))),
      oldWaiting: await staged(oldWaiting, daysAgo(100)),
      recentLogOld: await staged(recentDone, daysAgo(95), invitee!.id),
      single: await staged(null, daysAgo(91)),
      recent: await staged(recentDone, daysAgo(5)),
    };
    // 1,500 more rows of the old finished log: more than one batch.
    await db().execute(
      sql`INSERT INTO staged_invitees (tenant_id, survey_id, import_data_log_id, created_at)
          SELECT ${tenantId}::integer, ${surveyId}::integer, ${oldDone}::bigint, now() - interval '100 days'
          FROM generate_series(1, 1500)`,
    );

    await runNow(PURGE_SCHEDULES.importedInvitees);
    const stagedLeft = async () =>
      (
        await db()
          .select({ id: stagedInvitees.id, log: stagedInvitees.importDataLogId })
          .from(stagedInvitees)
          .where(inArray(stagedInvitees.importDataLogId, [oldDone, oldWaiting, recentDone]))
      ).map((row) => row.id);
    // Older than 90 days go (the finished import's and the single record), but a waiting import's rows.
    const afterInvitees = await stagedLeft();
    expect(afterInvitees.sort()).toEqual([s.oldWaiting, s.recent].sort());
    const single = await db().select().from(stagedInvitees).where(eq(stagedInvitees.id, s.single));
    expect(single).toEqual([]);
    // The invitee a purged row became is kept.
    const kept = await db().select().from(invitees).where(eq(invitees.id, invitee!.id));
    expect(kept).toHaveLength(1);

    await runNow(PURGE_SCHEDULES.importLogs);
    const logsLeft = await db()
      .select({ id: importDataLogs.id })
      .from(importDataLogs)
      .where(inArray(importDataLogs.id, [oldDone, oldWaiting, recentDone]));
    expect(logsLeft.map((row) => row.id).sort()).toEqual([oldWaiting, recentDone].sort());
    expect((await stagedLeft()).sort()).toEqual([s.oldWaiting, s.recent].sort());
  }, 90_000);

  it('is audited, and answers 404 for a queue or an unknown name, 403 without job:manage', async () => {
    const [row] = await db()
      .select()
      .from(audits)
      .where(eq(audits.operationScope, 'ScheduledJob'))
      .orderBy(sql`${audits.id} desc`)
      .limit(1);
    expect(row).toBeDefined();
    for (const name of ['invitation-send', 'nope', 'x'.repeat(100)]) {
      const response = await t.call('POST', `/api/scheduled-jobs/${name}/run`, { token: tokens.manager });
      expect(response.statusCode, name).toBe(404);
      expect(response.json<{ Code: number }>().Code).toBe(ErrorCode.NotFound);
    }
    for (const name of ['a%00b', '%01']) {
      const response = await t.call('POST', `/api/scheduled-jobs/${name}/run`, { token: tokens.manager });
      expect(response.statusCode, name).toBe(400);
      expect(response.json<{ Code: number }>().Code).toBe(ErrorCode.ModelNotValid);
    }
    // Past Fastify's longest path parameter (100 characters): 414.
    const long = await t.call('POST', `/api/scheduled-jobs/${'x'.repeat(101)}/run`, {
      token: tokens.manager,
    });
    expect(long.statusCode).toBe(414);
    for (const token of [tokens.reader, tokens.other]) {
      const response = await t.call('POST', `/api/scheduled-jobs/${PURGE_SCHEDULES.importLogs}/run`, {
        token,
      });
      expect(response.statusCode).toBe(403);
    }
  });
});
