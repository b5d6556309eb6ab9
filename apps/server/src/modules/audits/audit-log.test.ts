import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUDIT_LOG_DATA_PREVIEW_LENGTH,
  AUDIT_LOG_RECORD_LIMIT,
  type AuditLog,
  type AuditLogListItem,
} from '@loupe/contracts';
import { audits, users } from '../../db/schema/index.js';
import { insertTenant } from '../../test/admin-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signInNewUser } from '../../test/tenant-test-actors.js';

let t: TestApp;
/** Tenantless Alterna user: reads every tenant's records. */
let alterna: string;
/**
 * Demo Bank's admin with a token claiming alterna:manage (an operator scope no tenant's token carries since
 * issue 14; a stale token could): the service still confines it to its tenant.
 */
let admin: string;
let manager: string;
let otherTenantId: number;

type Page = { Items: AuditLogListItem[]; Count: number };

// A busy range in the past, away from the records the sign-ins of this test write today.
const RANGE_START = new Date('2026-03-01T00:00:00.000Z');
const RANGE_END = new Date('2026-03-05T23:59:59.999Z');
const BUSY_ROWS = AUDIT_LOG_RECORD_LIMIT + 100;

beforeAll(async () => {
  t = await createTestApp();
  alterna = await signInNewUser(t, { userName: 'alterna', tenantId: null, scopes: ['alterna:manage'] });
  const [adminUser] = await t.database.db.select().from(users).where(eq(users.userName, 'admin'));
  admin = await t.tokenFor({
    userId: adminUser!.id,
    tenantId: t.tenantId,
    scopes: ['alterna:manage', 'grid:export'],
  });
  manager = (await t.signIn('manager')).access_token;
  otherTenantId = await insertTenant(t, 'Other Bank');

  // 5,100 Demo Bank records one minute apart from RANGE_START, every tenth a logout, in one insert (a
  // generated series: so many bound parameters would pass PGlite's limit).
  await t.database.db.execute(sql`
    insert into audits (tenant_id, user_name, operation_type, operation_scope, operation_data, ip_address, created_at)
    select ${t.tenantId}, 'admin', case when i % 10 = 0 then 6 else 7 end, '/page/' || i, 'visit ' || i, '10.0.0.1',
           ${RANGE_START.toISOString()}::timestamptz + i * interval '1 minute'
      from generate_series(0, ${BUSY_ROWS - 1}) as i`);
});
afterAll(async () => {
  await t?.close();
});

const query = (token: string | undefined, body: Record<string, unknown>, params = '') =>
  t.call('POST', `/api/audit-logs/query${params}`, { token, body });
const detail = (token: string | undefined, id: number) => t.call('GET', `/api/audit-logs/${id}`, { token });

const busyRange = { StartDate: RANGE_START.toISOString(), EndDate: RANGE_END.toISOString() };

describe('the audit-log grid', () => {
  it('holds only the newest 5,000 records of the range, newest first', async () => {
    const response = await query(alterna, busyRange, '?$top=3&$count=true');
    expect(response.statusCode).toBe(200);
    const page = response.json<Page>();
    expect(page.Count).toBe(AUDIT_LOG_RECORD_LIMIT);
    expect(page.Items.map((item) => item.OperationScope)).toEqual([
      `/page/${BUSY_ROWS - 1}`,
      `/page/${BUSY_ROWS - 2}`,
      `/page/${BUSY_ROWS - 3}`,
    ]);
    expect(page.Items[0]).toMatchObject({
      UserName: 'admin',
      OperationType: 7,
      IpAddress: '10.0.0.1',
      TenantName: 'Demo Bank',
      CreatedDate: new Date(RANGE_START.getTime() + (BUSY_ROWS - 1) * 60_000).toISOString(),
    });

    // The oldest 100 are left out: ordering the other way starts at the 101st oldest.
    const oldestFirst = await query(alterna, busyRange, '?$top=1&$orderby=CreatedDate asc');
    expect(oldestFirst.json<Page>().Items[0]!.OperationScope).toBe('/page/100');
    const [hundredth] = await t.database.db
      .select({ id: audits.id })
      .from(audits)
      .where(eq(audits.operationScope, '/page/99'));
    const excluded = await query(
      alterna,
      busyRange,
      `?$filter=${encodeURIComponent(`Id le ${hundredth!.id}`)}`,
    );
    expect(excluded.json<Page>().Count).toBe(0);
  });

  it("applies the grid's filter within the newest 5,000", async () => {
    const logouts = await query(
      alterna,
      busyRange,
      `?$filter=${encodeURIComponent('OperationType eq 6')}&$top=1`,
    );
    // Logouts are indexes 0, 10, …, 5090; those from 100 on are in the newest 5,000: 100 … 5090 → 500.
    expect(logouts.json<Page>().Count).toBe(500);
    expect(logouts.json<Page>().Items[0]!.OperationScope).toBe('/page/5090');
  });

  it('counts every record of a quieter range', async () => {
    const firstDay = { StartDate: RANGE_START.toISOString(), EndDate: '2026-03-01T00:09:59.999Z' };
    const page = (await query(alterna, firstDay, '?$top=100')).json<Page>();
    expect(page.Count).toBe(10);
    expect(page.Items.map((item) => item.OperationScope)).toEqual(
      Array.from({ length: 10 }, (_, index) => `/page/${9 - index}`),
    );
  });

  it('defaults to the last 7 days', async () => {
    const db = t.database.db;
    const now = Date.now();
    await db.insert(audits).values([
      {
        tenantId: t.tenantId,
        operationType: 7,
        operationScope: '/recent',
        createdAt: new Date(now - 86_400_000),
      },
      {
        tenantId: t.tenantId,
        operationType: 7,
        operationScope: '/old',
        createdAt: new Date(now - 8 * 86_400_000),
      },
    ]);
    for (const response of [
      await query(alterna, {}, '?$top=1000'),
      await t.call('GET', '/api/audit-logs?$top=1000', { token: alterna }),
    ]) {
      expect(response.statusCode).toBe(200);
      const scopes = response.json<Page>().Items.map((item) => item.OperationScope);
      expect(scopes).toContain('/recent');
      expect(scopes).not.toContain('/old');
      expect(scopes).not.toContain('/page/0');
    }
  });

  it('refuses a reversed or malformed range with 3333', async () => {
    for (const body of [
      { StartDate: RANGE_END.toISOString(), EndDate: RANGE_START.toISOString() },
      { StartDate: '01/03/2026' },
    ]) {
      const response = await query(alterna, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().Code).toBe(3333);
    }
  });

  it("shows a tenant-bound caller its tenant's records only; a tenantless caller sees all", async () => {
    const db = t.database.db;
    const at = new Date('2026-02-10T12:00:00.000Z');
    await db.insert(audits).values([
      {
        tenantId: otherTenantId,
        userName: 'other',
        operationType: 7,
        operationScope: '/other',
        createdAt: at,
      },
      { tenantId: null, userName: 'alterna', operationType: 6, operationScope: 'Logout', createdAt: at },
      { tenantId: t.tenantId, userName: 'admin', operationType: 7, operationScope: '/demo', createdAt: at },
    ]);
    const range = { StartDate: '2026-02-10T00:00:00.000Z', EndDate: '2026-02-10T23:59:59.999Z' };

    const all = (await query(alterna, range, '?$orderby=OperationScope asc')).json<Page>();
    expect(all.Items.map((item) => [item.OperationScope, item.TenantName])).toEqual([
      ['/demo', 'Demo Bank'],
      ['/other', 'Other Bank'],
      ['Logout', null],
    ]);
    const own = (await query(admin, range)).json<Page>();
    expect(own.Count).toBe(1);
    expect(own.Items[0]!.OperationScope).toBe('/demo');

    const [otherRecord] = await db.select().from(audits).where(eq(audits.operationScope, '/other'));
    expect((await detail(admin, otherRecord!.id)).statusCode).toBe(404);
  });

  it('cuts OperationData in the list; the detail has all of it', async () => {
    const long = 'x'.repeat(AUDIT_LOG_DATA_PREVIEW_LENGTH + 300);
    const at = new Date('2026-01-15T08:30:00.000Z');
    const [row] = await t.database.db
      .insert(audits)
      .values({
        tenantId: t.tenantId,
        userName: 'admin',
        operationType: 42,
        operationScope: '/long',
        operationData: long,
        ipAddress: '::1',
        createdAt: at,
      })
      .returning({ id: audits.id });
    const range = { StartDate: '2026-01-15T00:00:00.000Z', EndDate: '2026-01-15T23:59:59.999Z' };
    const item = (await query(admin, range)).json<Page>().Items[0]!;
    expect(item.OperationData).toBe('x'.repeat(AUDIT_LOG_DATA_PREVIEW_LENGTH));

    const full = await detail(admin, row!.id);
    expect(full.statusCode).toBe(200);
    expect(full.json<AuditLog>()).toEqual({
      Id: row!.id,
      UserId: null,
      UserName: 'admin',
      TenantId: t.tenantId,
      TenantName: 'Demo Bank',
      OperationType: 42,
      OperationScope: '/long',
      OperationData: long,
      IpAddress: '::1',
      CreatedDate: at.toISOString(),
    });
    expect((await detail(alterna, 999_999_999)).statusCode).toBe(404);
  });

  it('exports the capped list: no more rows than the newest 5,000', async () => {
    const response = await t.call(
      'POST',
      `/api/audit-logs/export?$filter=${encodeURIComponent('OperationType eq 6')}`,
      {
        token: admin,
        body: {
          Filter: busyRange,
          TotalCountForExport: 500,
          FileName: 'audit',
          Columns: [{ Field: 'OperationScope', Title: 'Scope' }],
        },
      },
    );
    expect(response.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    // A heading row and 500 logouts.
    expect(workbook.worksheets[0]!.rowCount).toBe(501);
  });

  it('answers 401 without a token and 403 without alterna:manage', async () => {
    expect((await query(undefined, busyRange)).statusCode).toBe(401);
    const refused = await query(manager, busyRange);
    expect(refused.statusCode).toBe(403);
    const [first] = await t.database.db
      .select({ id: audits.id })
      .from(audits)
      .where(and(gte(audits.createdAt, RANGE_START), lte(audits.createdAt, RANGE_END)))
      .orderBy(asc(audits.id))
      .limit(1);
    for (const url of ['/api/audit-logs', `/api/audit-logs/${first!.id}`]) {
      expect((await t.call('GET', url)).statusCode).toBe(401);
      expect((await t.call('GET', url, { token: manager })).statusCode).toBe(403);
    }
  });
});
