import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { users } from './schema/index.js';
import { anyOf, noneOf } from './any-of.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('anyOf', () => {
  it('sends a list of 100,000 ids as one parameter and matches exactly the listed rows', async () => {
    const [admin] = await t.database.db.select().from(users).where(eq(users.userName, 'admin'));
    const ids = Array.from({ length: 100_000 }, (_, index) => index + 1_000_000);
    ids.push(admin!.id);
    const rows = await t.database.db.select({ id: users.id }).from(users).where(anyOf(users.id, ids));
    expect(rows).toEqual([{ id: admin!.id }]);
    // The connection still answers afterwards.
    const names = await t.database.db
      .select({ name: users.userName })
      .from(users)
      .where(and(anyOf(users.userName, ['admin', 'viewer']), noneOf(users.id, [admin!.id])));
    expect(names).toEqual([{ name: 'viewer' }]);
    expect(await t.database.db.select().from(users).where(anyOf(users.id, []))).toEqual([]);
  });
});
