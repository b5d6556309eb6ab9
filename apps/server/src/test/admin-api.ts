import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { CONSOLE_CLIENT_ID, type Scope } from '@loupe/contracts';
import { eq } from 'drizzle-orm';
import { tenants, users } from '../db/schema/index.js';
import type { TestApp } from './test-app.js';

/*
 * What the administration API tests share: callers with chosen scopes, a second tenant, one way to call the API
 * and one way to prove a refusal changed nothing.
 */

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A refusal's body (the error handler's `{ Code, Message, SupportId, Details? }`). */
export type RefusalBody = {
  Code: number;
  Message: string;
  SupportId: string;
  Details?: { Path: string; Message: string }[];
};

/**
 * A token for an existing user row acting in `tenantId` (null = tenantless) with exactly `scopes`, signed as
 * `POST /token` signs, without a sign-in (with the user's current token version). The actor's security level
 * still comes from the user row.
 */
export async function scopedToken(
  t: TestApp,
  { userId, tenantId, scopes }: { userId: number; tenantId: number | null; scopes: Scope[] },
): Promise<string> {
  const [user] = await t.database.db
    .select({ ver: users.tokenVersion })
    .from(users)
    .where(eq(users.id, userId));
  return t.signer.sign(
    {
      sub: String(userId),
      tid: tenantId,
      scp: scopes,
      cid: CONSOLE_CLIENT_ID,
      name: 'test',
      ver: user?.ver ?? 0,
    },
    600,
  );
}

/** Inserts a tenant besides the seeded demo one (no licence, no users) and returns its id. */
export async function insertTenant(t: TestApp, name: string): Promise<number> {
  const [row] = await t.database.db.insert(tenants).values({ name }).returning({ id: tenants.id });
  if (!row) throw new Error('tenant insert returned nothing');
  return row.id;
}

/** One API call: as `token` (none: without a token), in English, with `body` as JSON when given. */
export function callApi(
  t: TestApp,
  { method, url, token, body }: { method: ApiMethod; url: string; token?: string; body?: unknown },
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: { ...(token === undefined ? {} : t.authHeader(token)), language: 'en' },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/**
 * Expects `request` to be refused with `status` and the product `code`, and `state()` — the rows (or counts) of
 * what the refused write would touch — to read the same after as before. Returns the refusal's body.
 */
export async function expectRefusal(
  request: () => Promise<LightMyRequestResponse>,
  { status, code }: { status: number; code: number },
  state: () => Promise<unknown>,
): Promise<RefusalBody> {
  const before = await state();
  const response = await request();
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<RefusalBody>();
  expect(body.Code).toBe(code);
  expect(await state()).toEqual(before);
  return body;
}
