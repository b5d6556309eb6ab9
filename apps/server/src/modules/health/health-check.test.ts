import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthCheckSchema, type HealthCheck } from '@loupe/contracts';
import { dataValidationLogs, tenants } from '../../db/schema/index.js';
import { loadDemoData } from '../../demo/demo-data.js';
import { signInNewUser } from '../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { READY_LAG } from './health.routes.js';

/*
 * `GET /api/health-check` (docs/health-and-logs.md) on the demo's data: eight weeks of the Demo Bank's answers and
 * REST data calls, normal but for the demo's one incident (three hours of refused records, three days before the
 * load: 36 + 52 + 21 = 109). Another tenant gets a burst of its own, two days ago: 50 refused records in one call.
 */

const RESPONSES = 30_000;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

let t: TestApp;
let admin: string;
let operator: string;
let otherAdmin: string;
let reportReader: string;
const loadedAt = Date.now();

const read = async (token: string): Promise<HealthCheck> => {
  const response = await t.call('GET', '/api/health-check', { token });
  expect(response.statusCode, response.body).toBe(200);
  return healthCheckSchema.parse(response.json());
};

const incidentStart = () =>
  new Date(Math.floor(loadedAt / DAY_MS) * DAY_MS - 3 * DAY_MS + 11 * HOUR_MS).toISOString();
const otherBurst = new Date(Math.floor(loadedAt / HOUR_MS) * HOUR_MS - 48 * HOUR_MS + 20 * 60_000);

beforeAll(async () => {
  t = await createTestApp();
  await loadDemoData(t.database, { tenantId: t.tenantId, responses: RESPONSES });
  await t.replica.rebuild();
  const db = t.database.db;
  admin = await signInNewUser(t, { userName: 'health-admin', tenantId: t.tenantId, scopes: ['healthcheck'] });
  operator = await signInNewUser(t, { userName: 'health-operator', tenantId: null, scopes: ['healthcheck'] });
  reportReader = await signInNewUser(t, {
    userName: 'health-reader',
    tenantId: t.tenantId,
    scopes: ['report:read'],
  });
  const [other] = await db
    .insert(tenants)
    .values({ name: 'Health Other Bank' })
    .returning({ id: tenants.id });
  otherAdmin = await signInNewUser(t, {
    userName: 'health-other',
    tenantId: other!.id,
    scopes: ['healthcheck'],
  });
  await db.insert(dataValidationLogs).values({
    tenantId: other!.id,
    request: '{}',
    result: { Accepted: 0, Rejected: 50, Errors: [] },
    isSuccessful: false,
    acceptedCount: 0,
    rejectedCount: 50,
    createdAt: otherBurst,
  });
}, 600_000);
afterAll(async () => t?.close());

describe('GET /api/health-check', () => {
  it("shows the demo's one incident and nothing else of its normal weeks", async () => {
    const health = await read(admin);
    expect(health.ScannedHours).toBe(4 * 168);
    expect(health.Anomalies).toEqual([
      expect.objectContaining({
        Source: 'restData',
        Date: incidentStart(),
        Hours: 3,
        ErrorCount: 109,
        Observed: 109,
      }),
    ]);
    expect(health.Anomalies[0]!.Score).toBeGreaterThan(0.75);
    expect(health.Anomalies[0]!.Score).toBeLessThanOrEqual(1);
  });

  it("confines a tenant to its own series; the operator sees every tenant's", async () => {
    const other = await read(otherAdmin);
    const burstHour = new Date(Math.floor(otherBurst.getTime() / HOUR_MS) * HOUR_MS).toISOString();
    expect(other.Anomalies).toEqual([
      expect.objectContaining({ Source: 'restData', Date: burstHour, Hours: 1, ErrorCount: 50 }),
    ]);
    const all = await read(operator);
    expect(all.Anomalies.map((a) => [a.Date, a.ErrorCount])).toEqual(
      expect.arrayContaining([
        [burstHour, 50],
        [incidentStart(), 109],
      ]),
    );
    // Newest first.
    expect(all.Anomalies[0]!.Date).toBe(burstHour);
  });

  it('gives a card for each part', async () => {
    await t.replica.flush();
    const { Parts } = await read(admin);
    expect(Parts.map((part) => part.Part)).toEqual([
      'database',
      'replica',
      'jobQueue',
      'mail',
      'sms',
      'disk',
    ]);
    const card = (name: string) => Parts.find((part) => part.Part === name)!;
    expect(card('database')).toMatchObject({ State: 'ok', Detail: t.database.kind });
    expect(card('database').Value).toBeGreaterThanOrEqual(0);
    expect(card('replica')).toMatchObject({ State: 'ok', Value: 0 });
    expect(['ok', 'warning']).toContain(card('jobQueue').State);
    expect(card('mail').State).toBe(process.env.SMTP_URL ? card('mail').State : 'notConfigured');
    expect(card('sms').State).toBe('notConfigured');
    expect(card('disk').State).not.toBe('error');
    expect(card('disk').Value).toBeGreaterThan(0);
    expect(card('disk').Secondary).toBeGreaterThanOrEqual(card('disk').Value!);
  });

  it('refuses callers without a token (401) or without healthcheck (403); /api/health stays public', async () => {
    expect((await t.call('GET', '/api/health-check')).statusCode).toBe(401);
    const refused = await t.call('GET', '/api/health-check', { token: reportReader });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ Code: expect.any(Number), Message: expect.any(String) });
    expect((await t.call('GET', '/api/health')).json()).toEqual({ Status: 'ok' });
  });
});

describe('GET /api/health/ready', () => {
  const ready = async () => {
    const response = await t.call('GET', '/api/health/ready');
    return { status: response.statusCode, body: response.json<{ Status: string; Lag: number | null }>() };
  };

  it('is ready once the replica has caught up, and not while it trails by more than a sync batch', async () => {
    await t.replica.flush();
    expect(await ready()).toEqual({ status: 200, body: { Status: 'ready', Lag: 0 } });
    // Changes the replica has not applied yet (deletes of sessions that do not exist: applying them is harmless).
    const addChanges = (count: number) =>
      t.database.raw(
        `INSERT INTO analytics_changes (tenant_id, session_id, op)
         SELECT (SELECT min(id) FROM tenants), -g, 'D' FROM generate_series(1, $1::int) g`,
        [count],
      );
    await addChanges(10);
    expect(await ready()).toEqual({ status: 200, body: { Status: 'ready', Lag: 10 } });
    await addChanges(READY_LAG);
    expect(await ready()).toEqual({
      status: 503,
      body: { Status: 'catching-up', Lag: READY_LAG + 10 },
    });
    await t.replica.flush();
    expect(await ready()).toEqual({ status: 200, body: { Status: 'ready', Lag: 0 } });
  });
});
