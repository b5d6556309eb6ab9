import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { tenants } from '../db/schema/index.js';
import type { TestApp } from './test-app.js';

/*
 * What the administration API tests share besides TestApp's `call` and `tokenFor`: a second tenant and one way
 * to prove a refusal changed nothing.
 */

/** A refusal's body (the error handler's `{ Code, Message, SupportId, Details? }`). */
export type RefusalBody = {
  Code: number;
  Message: string;
  SupportId: string;
  Details?: { Path: string; Message: string }[];
};

/** Inserts a tenant besides the seeded demo one (no licence, no users) and returns its id. */
export async function insertTenant(t: TestApp, name: string): Promise<number> {
  const [row] = await t.database.db.insert(tenants).values({ name }).returning({ id: tenants.id });
  if (!row) throw new Error('tenant insert returned nothing');
  return row.id;
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
