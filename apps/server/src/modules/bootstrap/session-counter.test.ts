import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Bootstrap } from '@loupe/contracts';
import { invitees, sessions, surveys } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createReplicaSessionCounter } from './session-counter.js';

let t: TestApp;
let admin: string;
let since: Date;
let surveyId: number;

/**
 * `n` sessions of Demo Bank on the test's survey, created `at` (default an hour ago, this licence year whenever it
 * runs).
 */
async function addSessions(n: number, at = new Date(Math.max(since.getTime(), Date.now() - 3_600_000))) {
  const db = t.database.db;
  const [invitee] = await db
    .insert(invitees)
    .values({ tenantId: t.tenantId, surveyId, transactionDate: at })
    .returning({ id: invitees.id });
  await db.insert(sessions).values(
    Array.from({ length: n }, () => ({
      tenantId: t.tenantId,
      surveyId,
      inviteeId: invitee!.id,
      createdAt: at,
    })),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn('admin')).access_token;
  since = new Date(Date.UTC(new Date().getUTCFullYear(), 0, 1));
  const [survey] = await t.database.db
    .insert(surveys)
    .values({ tenantId: t.tenantId, title: 'Counter survey', type: 1 })
    .returning({ id: surveys.id });
  surveyId = survey!.id;
  await addSessions(3);
  await t.replica.flush();
});
afterAll(async () => {
  await t?.close();
});

describe('the licence session count (kept per replica data version)', () => {
  it('counts the replica once per data version, and again once a sync changed it', async () => {
    const count = createReplicaSessionCounter({ db: t.database.db, replica: t.replica });
    const query = vi.spyOn(t.replica, 'query');
    try {
      const first = await count(t.tenantId, since);
      const [again, concurrent] = await Promise.all([count(t.tenantId, since), count(t.tenantId, since)]);
      expect(again).toEqual(first);
      expect(concurrent).toEqual(first);
      expect(query).toHaveBeenCalledTimes(1);

      // Not yet in the replica: the replica's answer, from the cache.
      await addSessions(2);
      expect(await count(t.tenantId, since)).toEqual(first);
      expect(query).toHaveBeenCalledTimes(1);

      // Synced: a new data version, counted again.
      await t.replica.flush();
      expect(await count(t.tenantId, since)).toEqual({ ...first, internal: first.internal + 2 });
      expect(query).toHaveBeenCalledTimes(2);

      // Another date, another count.
      await count(t.tenantId, new Date(since.getTime() - 86_400_000));
      expect(query).toHaveBeenCalledTimes(3);
    } finally {
      query.mockRestore();
    }
  });

  it('splits by the current list of external surveys, which the replica version does not follow', async () => {
    const count = createReplicaSessionCounter({ db: t.database.db, replica: t.replica });
    const before = await count(t.tenantId, since);
    const db = t.database.db;
    await db.update(surveys).set({ type: 4 }).where(eq(surveys.id, surveyId));
    try {
      const after = await count(t.tenantId, since);
      // The survey's synced sessions move from internal to external; none are counted twice or lost.
      expect(after.external).toBeGreaterThanOrEqual(before.external + 3);
      expect(after.internal + after.external).toBe(before.internal + before.external);
    } finally {
      await db.update(surveys).set({ type: 1 }).where(eq(surveys.id, surveyId));
    }
    expect(await count(t.tenantId, since)).toEqual(before);
  });

  it('counts the sessions created since an instant, whatever the tenant time zone', async () => {
    const count = createReplicaSessionCounter({ db: t.database.db, replica: t.replica });
    const before = await count(t.tenantId, since);
    const hour = 3_600_000;
    // An hour before `since`: already past it on the wall clock of Demo Bank's zone (Istanbul, UTC+3).
    await addSessions(1, new Date(since.getTime() - hour));
    await t.replica.flush();
    expect(await count(t.tenantId, since)).toEqual(before);
    expect(await count(t.tenantId, new Date(since.getTime() - 2 * hour))).toEqual({
      ...before,
      internal: before.internal + 1,
    });
  });

  it("bootstrap's LicenseInfo follows the synced sessions", async () => {
    const bootstrap = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/bootstrap/en', headers: t.authHeader(admin) })
      ).json<Bootstrap>().LicenseInfo.SessionCount;
    const before = await bootstrap();
    await addSessions(4);
    expect(await bootstrap()).toBe(before);
    await t.replica.flush();
    expect(await bootstrap()).toBe(before + 4);
  });
});
