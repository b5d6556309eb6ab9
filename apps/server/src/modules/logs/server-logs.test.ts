import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverLogRowSchema, type ServerLogRow } from '@loupe/contracts';
import { serverLogs, tenants } from '../../db/schema/index.js';
import { createLogger } from '../../logger.js';
import { signInNewUser } from '../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createServerLogSink } from './server-log-sink.js';
import { purgeServerLogs } from './server-log-retention.js';

/*
 * The server log (docs/health-and-logs.md): the app's own pino lines, written through the sink into server_logs,
 * read on the log grid. The logger runs at `trace` here so every level has lines.
 */

type Page = { Items: ServerLogRow[]; Count: number };

let t: TestApp;
const sink = createServerLogSink();
let monitor: string;
let operator: string;
let otherMonitor: string;
let reader: string;
let otherTenant: number;

const query = async (token: string, body: object = {}, search = '$top=1000') => {
  const response = await t.call('POST', `/api/logs/query?${search}`, { token, body });
  expect(response.statusCode, response.body).toBe(200);
  const page = response.json<Page>();
  page.Items.forEach((item) => serverLogRowSchema.parse(item));
  return page;
};

beforeAll(async () => {
  t = await createTestApp({ logger: createLogger('trace', sink) });
  sink.attach(t.database.db);
  monitor = await signInNewUser(t, {
    userName: 'logs-monitor',
    tenantId: t.tenantId,
    scopes: ['log:monitor'],
  });
  operator = await signInNewUser(t, {
    userName: 'logs-operator',
    tenantId: null,
    scopes: ['log:monitor', 'grid:export'],
  });
  reader = await signInNewUser(t, { userName: 'logs-reader', tenantId: t.tenantId, scopes: ['report:read'] });
  const [other] = await t.database.db
    .insert(tenants)
    .values({ name: 'Logs Other Bank' })
    .returning({ id: tenants.id });
  otherTenant = other!.id;
  otherMonitor = await signInNewUser(t, {
    userName: 'logs-other',
    tenantId: otherTenant,
    scopes: ['log:monitor'],
  });
  // One line of each level, written as a module would (no tenant), and one secret-bearing line.
  t.app.log.fatal('a fatal line');
  t.app.log.error({ err: new Error('boom') }, 'an error line');
  t.app.log.warn('a warning line');
  t.app.log.info('an info line');
  t.app.log.debug('a debug line');
  t.app.log.trace('a trace line');
  t.app.log.info(
    { user: { password: 'hunter2' }, req: { headers: { authorization: 'Bearer tok-9' } } },
    'secret line',
  );
  // Requests of each tenant: their lines carry the tenant.
  await t.call('GET', '/api/logs?$top=1', { token: monitor });
  await t.call('GET', '/api/logs?$top=1', { token: otherMonitor });
  await sink.flush();
}, 120_000);
afterAll(async () => {
  await sink.detach();
  await t?.close();
});

describe('the server log grid', () => {
  it("holds the app's lines with the spec's level names, newest first", async () => {
    const { Items } = await query(operator, { Text: ' line' });
    const byMessage = new Map(Items.map((item) => [item.Message, item.Level]));
    expect(Object.fromEntries([...byMessage].filter(([message]) => message.startsWith('a')))).toEqual({
      'a fatal line': 'CRITICAL',
      'an error line': 'ERROR',
      'a warning line': 'WARNING',
      'an info line': 'INFO',
      'a debug line': 'DEBUG',
      'a trace line': 'VERBOSE',
    });
    const times = Items.map((item) => item.Time);
    expect(times).toEqual([...times].sort().reverse());
    const error = Items.find((item) => item.Message === 'an error line')!;
    expect(JSON.parse(error.Context!)).toMatchObject({ err: { message: 'boom', type: 'Error' } });

    // `POST /api/logs` (the name) answers as `POST /api/logs/query`.
    const same = await t.call('POST', '/api/logs?$top=1000', { token: operator, body: { Text: ' line' } });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<Page>().Count).toBe((await query(operator, { Text: ' line' })).Count);
  });

  it('stores no secret', async () => {
    const rows = await t.database.db
      .select({ context: sql<string>`${serverLogs.context}::text` })
      .from(serverLogs);
    const all = rows.map((row) => row.context).join('\n');
    expect(all).not.toContain('hunter2');
    expect(all).not.toContain('tok-9');
    expect(all).not.toContain(monitor.slice(-20));
  });

  it('filters by level, request id, text and time range', async () => {
    const errors = await query(operator, { Levels: ['ERROR', 'CRITICAL'], Text: ' line' });
    expect(errors.Items.map((item) => item.Message).sort()).toEqual(['a fatal line', 'an error line']);
    expect(errors.Count).toBe(2);

    const mine = await query(monitor, { Text: 'request completed' });
    expect(mine.Count).toBeGreaterThan(0);
    const requestId = mine.Items[0]!.RequestId!;
    const one = await query(operator, { RequestId: requestId });
    expect(one.Items.map((item) => item.Message)).toEqual(['request completed', 'incoming request']);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await query(operator, { StartDate: future })).Count).toBe(0);
    const past = await query(operator, {
      StartDate: '2020-01-01T00:00:00Z',
      EndDate: '2020-01-02T00:00:00Z',
    });
    expect(past.Count).toBe(0);
    // The grid's own $filter and paging apply within.
    const paged = await query(operator, { Text: ' line' }, "$top=2&$skip=0&$filter=Level eq 'INFO'");
    expect(paged.Items.every((item) => item.Level === 'INFO')).toBe(true);
  });

  it("confines a tenant's reader to its requests' lines; the operator reads all", async () => {
    const mine = await query(monitor);
    expect(mine.Count).toBeGreaterThan(0);
    expect(mine.Items.some((item) => item.Message === 'an info line')).toBe(false); // no tenant: operator only
    const theirs = await query(otherMonitor);
    const mineIds = new Set(mine.Items.map((item) => item.RequestId));
    expect(theirs.Items.some((item) => mineIds.has(item.RequestId))).toBe(false);
    const all = await query(operator);
    expect(all.Count).toBeGreaterThan(mine.Count + theirs.Count);
  });

  it('refuses bad input with 400 and the wrong caller with 401/403', async () => {
    for (const body of [
      { Text: 'a\u0000b' },
      { Levels: ['LOUD'] },
      { StartDate: 'yesterday' },
      { StartDate: '2026-02-01T00:00:00Z', EndDate: '2026-01-01T00:00:00Z' },
      { Unknown: 1 },
      { RequestId: 'x'.repeat(201) },
    ]) {
      const response = await t.call('POST', '/api/logs/query', { token: operator, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await t.call('GET', '/api/logs?$top=100000', { token: operator })).statusCode).toBe(400);
    expect((await t.call('GET', '/api/logs?$filter=Nope eq 1', { token: operator })).statusCode).toBe(400);
    expect((await t.call('GET', '/api/logs')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/logs', { token: reader })).statusCode).toBe(403);
    expect((await t.call('POST', '/api/logs/export', { token: monitor, body: {} })).statusCode).toBe(403);
  });

  it('exports the filtered lines to Excel for grid:export holders', async () => {
    const response = await t.call('POST', '/api/logs/export', {
      token: operator,
      body: {
        Filter: { Levels: ['ERROR'] },
        TotalCountForExport: 1,
        FileName: 'server-log',
        Columns: [
          { Field: 'Time', Title: 'Time' },
          { Field: 'Level', Title: 'Level' },
          { Field: 'Message', Title: 'Message' },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
  });
});

describe('the bounds of server_logs', () => {
  const rowsNow = async () => (await t.database.db.select({ n: count() }).from(serverLogs))[0]!.n;

  it('keeps at most maxRows lines, the newest, and none older than maxDays', async () => {
    const old = new Date(Date.now() - 20 * 86_400_000);
    await t.database.db
      .insert(serverLogs)
      .values(Array.from({ length: 30 }, (_, i) => ({ loggedAt: old, level: 'INFO', message: `old ${i}` })));
    await t.database.db
      .insert(serverLogs)
      .values(
        Array.from({ length: 300 }, (_, i) => ({ loggedAt: new Date(), level: 'INFO', message: `new ${i}` })),
      );
    const before = await rowsNow();
    const deleted = await purgeServerLogs(t.database.db, { maxRows: 100_000, maxDays: 14 });
    expect(deleted).toBe(30);
    expect(await rowsNow()).toBe(before - 30);

    await purgeServerLogs(t.database.db, { maxRows: 50, maxDays: 14 });
    expect(await rowsNow()).toBe(50);
    const kept = await t.database.db.select({ message: serverLogs.message }).from(serverLogs);
    expect(kept.some((row) => row.message === 'new 299')).toBe(true);
    expect(kept.some((row) => row.message === 'new 0')).toBe(false);
  });

  it('is purged by the hourly trim-server-logs schedule', () => {
    expect(t.app.scheduler.has('trim-server-logs')).toBe(true);
  });
});
