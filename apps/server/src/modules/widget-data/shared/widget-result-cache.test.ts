import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { npsGaugeDataSchema, type WidgetDataRequest } from '@loupe/contracts';
import { users } from '../../../db/schema/index.js';
import { signInNewUser } from '../../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createWidgetFixture, type WidgetFixture } from '../../../test/widget-fixture.js';

/*
 * The shared widget results (widget-result-cache.ts) through the real routes: never older than the replica,
 * never shared between different data restrictions, one computation for identical concurrent requests.
 *
 *   channel  March 2026 NPS answers
 *   North-1  10, 9
 *   North-2  8, 3
 *   South-1  10
 */

let t: TestApp;
let f: WidgetFixture;
let reader: string;
let northTwoReader: string;
/** Replica queries run so far (every widget computation reads the replica). */
let replicaQueries = 0;

const MARCH: WidgetDataRequest['TimeRange'] = ['2026-03-01', '2026-03-31'];
const at = (day: string) => `${day}T12:00:00+03:00`;

beforeAll(async () => {
  t = await createTestApp();
  f = await createWidgetFixture(t);
  const { north1, north2, south1 } = f.channels;
  const sessions: [number, string, number][] = [
    [north1, '2026-03-02', 10],
    [north1, '2026-03-03', 9],
    [north2, '2026-03-04', 8],
    [north2, '2026-03-05', 3],
    [south1, '2026-03-06', 10],
  ];
  for (const [channelId, day, score] of sessions) {
    await f.addSession({
      channelId,
      transactionAt: at(day),
      answeredAt: at(day),
      scores: [[f.questions.nps, score]],
    });
  }
  await t.replica.flush();
  reader = await signInNewUser(t, {
    userName: 'cache-reader',
    tenantId: f.tenantId,
    scopes: ['report:read'],
  });
  northTwoReader = await signInNewUser(t, {
    userName: 'cache-north-2',
    tenantId: f.tenantId,
    scopes: ['report:read'],
  });
  await t.database.db
    .update(users)
    .set({ transactionChannelIds: [north2] })
    .where(eq(users.userName, 'cache-north-2'));
  // Counts the replica reads of the real replica the app uses (the routes call it through the same object).
  const query = t.replica.query.bind(t.replica);
  t.replica.query = (sql: string, params?: never) => {
    replicaQueries += 1;
    return query(sql, params);
  };
});
afterAll(async () => t.close());

async function nps(body: WidgetDataRequest, token = reader) {
  const response = await t.call('POST', '/api/widget-data/nps', { token, body });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return npsGaugeDataSchema.parse(response.json());
}

/** Replica reads while `work` runs. */
async function readsDuring(work: () => Promise<unknown>): Promise<number> {
  const before = replicaQueries;
  await work();
  return replicaQueries - before;
}

describe('widget result cache', () => {
  it('answers a repeated query without computing it again, with the same figures', async () => {
    const body = { TimeRange: MARCH, DataFilters: {} };
    let first: unknown;
    const reads = await readsDuring(async () => {
      first = await nps(body);
    });
    expect(reads).toBeGreaterThan(0);
    expect(first).toMatchObject({ Responses: 5, Promoters: 3, Neutrals: 1, Detractors: 1, Value: 40 });
    let second: unknown;
    expect(
      await readsDuring(async () => {
        second = await nps(body);
      }),
    ).toBe(0);
    expect(second).toEqual(first);
  });

  it('shows a write once the replica has it: a flush changes the key, never a stale answer', async () => {
    const body = { TimeRange: MARCH, DataFilters: {} };
    expect((await nps(body)).Responses).toBe(5);
    await f.addSession({
      channelId: f.channels.south1,
      transactionAt: at('2026-03-07'),
      answeredAt: at('2026-03-07'),
      scores: [[f.questions.nps, 0]],
    });
    await t.replica.flush();
    expect(await nps(body)).toMatchObject({ Responses: 6, Promoters: 3, Neutrals: 1, Detractors: 2 });
    // And the new answer is shared again from then on.
    expect(await readsDuring(() => nps(body))).toBe(0);
  });

  it('never shares a result between callers with different data restrictions', async () => {
    const body = {
      TimeRange: ['2026-03-01', '2026-03-30'] as WidgetDataRequest['TimeRange'],
      DataFilters: {},
    };
    // The unrestricted reader first fills the cache; the North-2 reader must still get North-2's figures only.
    const all = await nps(body);
    const northTwo = await nps(body, northTwoReader);
    expect(all.Responses).toBe(6);
    expect(northTwo).toMatchObject({ Responses: 2, Promoters: 0, Neutrals: 1, Detractors: 1 });
    // Concurrently too, in either order.
    const answers = await Promise.all([
      nps(body, northTwoReader),
      nps(body),
      nps(body, northTwoReader),
      nps(body),
    ]);
    expect(answers.map((a) => a.Responses)).toEqual([2, 6, 2, 6]);
  });

  it('applies a changed restriction at once', async () => {
    const body = {
      TimeRange: ['2026-03-01', '2026-03-29'] as WidgetDataRequest['TimeRange'],
      DataFilters: {},
    };
    expect((await nps(body, northTwoReader)).Responses).toBe(2);
    await t.database.db
      .update(users)
      .set({ transactionChannelIds: [f.channels.north1] })
      .where(eq(users.userName, 'cache-north-2'));
    try {
      expect(await nps(body, northTwoReader)).toMatchObject({ Responses: 2, Promoters: 2 });
    } finally {
      await t.database.db
        .update(users)
        .set({ transactionChannelIds: [f.channels.north2] })
        .where(eq(users.userName, 'cache-north-2'));
    }
  });

  it('computes identical concurrent requests once', async () => {
    const body = {
      TimeRange: ['2026-03-01', '2026-03-28'] as WidgetDataRequest['TimeRange'],
      DataFilters: {},
    };
    // Reads of one computation of this query: the same query on another range, so nothing is cached for it.
    const one = await readsDuring(() =>
      nps({ TimeRange: ['2026-03-02', '2026-03-28'] as WidgetDataRequest['TimeRange'], DataFilters: {} }),
    );
    let answers: unknown[] = [];
    const reads = await readsDuring(async () => {
      answers = await Promise.all(Array.from({ length: 20 }, () => nps(body)));
    });
    expect(reads).toBe(one);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
  });
});
