import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audits, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let managerToken: string;
beforeAll(async () => {
  t = await createTestApp();
  managerToken = (await t.signIn('manager')).access_token;
});
afterAll(async () => {
  await t?.close();
});

const postAudit = (payload: Record<string, unknown>, accessToken?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/audits',
    headers: accessToken ? t.authHeader(accessToken) : {},
    payload,
  });

const auditRows = () => t.database.db.select().from(audits);

describe('POST /api/audits', () => {
  it("records a page visit stamped with the caller's user, tenant, name and time", async () => {
    const before = Date.now();
    const response = await postAudit(
      { OperationType: 7, OperationScope: '/reports/x', OperationData: 'report' },
      managerToken,
    );
    expect(response.statusCode).toBe(201);
    const body = response.json<{ Id: number; CreatedDate: string }>();

    const [manager] = await t.database.db.select().from(users).where(eq(users.userName, 'manager'));
    const rows = await t.database.db.select().from(audits).where(eq(audits.id, body.Id));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({
      operationType: 7,
      operationScope: '/reports/x',
      operationData: 'report',
      userId: manager!.id,
      tenantId: t.tenantId,
      userName: 'manager',
    });
    // Database and test share a clock; allow a little skew either way.
    expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(row.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
    expect(new Date(body.CreatedDate).getTime()).toBe(row.createdAt.getTime());
  });

  it('refuses a body without OperationScope with 400 / 3333 and writes nothing', async () => {
    const before = (await auditRows()).length;
    const response = await postAudit({ OperationType: 7, OperationData: 'report' }, managerToken);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Code: 3333, SupportId: expect.any(String) });
    expect(await auditRows()).toHaveLength(before);
  });

  it('refuses a caller without a token with 401 and writes nothing', async () => {
    const before = (await auditRows()).length;
    const response = await postAudit({ OperationType: 7, OperationScope: '/reports/x' });
    expect(response.statusCode).toBe(401);
    expect(response.json().Code).toBe(401);
    expect(await auditRows()).toHaveLength(before);
  });
});
