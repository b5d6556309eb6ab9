import { asc, eq, gt } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuditOperationType,
  CONSOLE_CLIENT_ID,
  type GridPage,
  type AuditLogListItem,
} from '@loupe/contracts';
import { audits, roles, users } from '../../db/schema/index.js';
import { insertTenant } from '../../test/admin-api.js';
import { signInNewUser } from '../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createWidgetFixture, type WidgetFixture } from '../../test/widget-fixture.js';
import { AUDITED_ROUTES, UNAUDITED_WRITE_ROUTES, auditOf, isReadingPost } from './audited-routes.js';

/*
 * The server-side audit trail (issue 14 item 4): what the server records itself, with actor, tenant, address and
 * before/after, and the refusal of forged client entries. Every test reads the rows its own requests wrote.
 */

let t: TestApp;
let f: WidgetFixture;
let admin: string;
let manager: string;
/** A tenantless installation operator (alterna:manage), for tenants. */
let operator: string;
let adminId: number;
let regularRoleId: number;

const db = () => t.database.db;
const PASSWORD = 'Start123';
type Row = typeof audits.$inferSelect;
type Data = {
  Id: number | string | null;
  Before: Record<string, unknown> | null;
  After: Record<string, unknown> | null;
  Note?: string;
};

beforeAll(async () => {
  t = await createTestApp();
  f = await createWidgetFixture(t);
  admin = (await t.signIn('admin')).access_token;
  manager = (await t.signIn('manager')).access_token;
  operator = await signInNewUser(t, {
    userName: 'audit.operator',
    tenantId: null,
    scopes: ['alterna:manage'],
  });
  adminId = (await db().select({ id: users.id }).from(users).where(eq(users.userName, 'admin')))[0]!.id;
  const [role] = await db()
    .insert(roles)
    .values({ tenantId: t.tenantId, name: 'Audit regular', securityLevel: 2, scopes: ['report:read'] })
    .returning({ id: roles.id });
  regularRoleId = role!.id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function lastAuditId(): Promise<number> {
  const rows = await db().select({ id: audits.id }).from(audits).orderBy(asc(audits.id));
  return rows.at(-1)?.id ?? 0;
}

/** The audit rows written while `action` ran. */
async function rowsOf(action: () => Promise<unknown>): Promise<Row[]> {
  const since = await lastAuditId();
  await action();
  return db().select().from(audits).where(gt(audits.id, since)).orderBy(asc(audits.id));
}

const dataOf = (row: Row) => JSON.parse(row.operationData) as Data;

/** The one row of `rows`, after checking who and where it came from. */
function only(rows: Row[], expected: Partial<Row>): Row {
  expect(rows).toHaveLength(1);
  const row = rows[0]!;
  expect(row).toMatchObject({ ipAddress: '127.0.0.1', ...expected });
  return row;
}

async function expectStatus(response: Promise<LightMyRequestResponse>, status: number) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  return answer;
}

const tokenRequest = (fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ client_id: CONSOLE_CLIENT_ID, ...fields }).toString(),
  });

describe('POST /api/audits: a client writes only logout (6) and page visit (7)', () => {
  it.each([0, 1, 2, 3, 4, 5, 8, 9, 10, 999])(
    'refuses operation type %i with 400 / 3333 and writes nothing',
    async (type) => {
      const rows = await rowsOf(async () => {
        const response = await t.call('POST', '/api/audits', {
          token: manager,
          body: {
            OperationType: type,
            OperationScope: 'User',
            OperationData: '{"Before":null,"After":{"userName":"ghost"}}',
          },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          Code: 3333,
          Details: [{ Path: expect.stringContaining('OperationType') }],
        });
      });
      expect(rows).toHaveLength(0);
    },
  );

  it('takes actor, tenant, address and time from the server, never from the body', async () => {
    const [managerRow] = await db().select().from(users).where(eq(users.userName, 'manager'));
    const rows = await rowsOf(() =>
      expectStatus(
        t.call('POST', '/api/audits', {
          token: manager,
          body: {
            OperationType: 7,
            OperationScope: '/reports/x',
            OperationData: 'report',
            UserId: adminId,
            UserName: 'admin',
            TenantId: null,
            IpAddress: '10.9.9.9',
            CreatedDate: '2001-01-01T00:00:00Z',
          },
        }),
        201,
      ),
    );
    const row = only(rows, {
      operationType: 7,
      userId: managerRow!.id,
      userName: 'manager',
      tenantId: t.tenantId,
    });
    expect(Math.abs(row.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("records a logout with the caller's own user name, whatever the body says", async () => {
    const rows = await rowsOf(() =>
      expectStatus(
        t.call('POST', '/api/audits', {
          token: manager,
          body: {
            OperationType: 6,
            OperationScope: 'Other',
            OperationData: 'admin',
          },
        }),
        201,
      ),
    );
    only(rows, { operationType: 6, operationScope: 'Logout', operationData: 'manager', userName: 'manager' });
  });
});

describe('sign-in, failed sign-in and sign-out', () => {
  it('records a sign-in with the user, tenant and address, and no password', async () => {
    let accessToken = '';
    const rows = await rowsOf(async () => {
      accessToken = (await t.signIn('viewer')).access_token;
    });
    expect(accessToken).not.toBe('');
    const [viewer] = await db().select().from(users).where(eq(users.userName, 'viewer'));
    const row = only(rows, {
      operationType: AuditOperationType.SignIn,
      operationScope: 'SignIn',
      userId: viewer!.id,
      userName: 'viewer',
      tenantId: t.tenantId,
    });
    expect(row.operationData).not.toContain('Demo1234');
  });

  it('records a failed sign-in with the name tried and no password, also for an unknown name', async () => {
    const [viewer] = await db().select().from(users).where(eq(users.userName, 'viewer'));
    const rows = await rowsOf(async () => {
      expect(
        (await tokenRequest({ grant_type: 'password', username: 'viewer', password: 'Wrong-Pass1' }))
          .statusCode,
      ).toBe(400);
      expect(
        (await tokenRequest({ grant_type: 'password', username: 'nobody.here', password: 'Wrong-Pass2' }))
          .statusCode,
      ).toBe(400);
    });
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      operationType: AuditOperationType.SignInFailed,
      userName: 'viewer',
      userId: viewer!.id,
      tenantId: t.tenantId,
      ipAddress: '127.0.0.1',
    });
    expect(JSON.parse(rows[0]!.operationData)).toMatchObject({ UserName: 'viewer', Error: 'invalid_grant' });
    expect(rows[1]).toMatchObject({
      operationType: AuditOperationType.SignInFailed,
      userName: 'nobody.here',
      userId: null,
      tenantId: null,
    });
    for (const row of rows) expect(row.operationData).not.toMatch(/Wrong-Pass/);
  });

  it('records no sign-in for a token refresh, and a sign-out when the refresh token is revoked', async () => {
    const tokens = await t.signIn('viewer');
    const refreshed = await rowsOf(() =>
      expectStatus(tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token }), 200),
    );
    expect(refreshed).toHaveLength(0);
    const next = JSON.parse(
      (await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).body,
    );
    expect(next.error).toBe('invalid_grant');

    const fresh = await t.signIn('viewer');
    const revoke = () =>
      t.app.inject({
        method: 'POST',
        url: '/token/revoke',
        payload: { token: fresh.refresh_token, client_id: CONSOLE_CLIENT_ID },
      });
    const rows = await rowsOf(async () => expect((await revoke()).statusCode).toBe(200));
    only(rows, { operationType: AuditOperationType.SignOut, userName: 'viewer', tenantId: t.tenantId });
    // A token already revoked ends nothing.
    expect(await rowsOf(revoke)).toHaveLength(0);
  });
});

describe('users and their data restrictions', () => {
  const userBody = (overrides: Record<string, unknown> = {}) => ({
    UserName: 'audited.user',
    FullName: 'Audited Person',
    Email: 'audited@demo-bank.example',
    MSISDN: '+905551112233',
    Title: 'Analyst',
    Department: 'CX',
    Language: 'en',
    TransactionChannels: [],
    Products: [],
    Employees: [],
    Roles: [regularRoleId],
    Password: PASSWORD,
    MustChangePassword: false,
    ...overrides,
  });
  let userId = 0;

  it('records a user create with the stored user, and no password or hash', async () => {
    const rows = await rowsOf(async () => {
      const response = await expectStatus(
        t.call('POST', '/api/users', { token: admin, body: userBody() }),
        201,
      );
      userId = response.json<{ Id: number }>().Id;
    });
    const row = only(rows, {
      operationType: AuditOperationType.Create,
      operationScope: 'User',
      userId: adminId,
      userName: 'admin',
      tenantId: t.tenantId,
    });
    const data = dataOf(row);
    expect(data).toMatchObject({
      Id: userId,
      Before: null,
      After: { userName: 'audited.user', roleIds: [regularRoleId] },
    });
    expect(row.operationData).not.toMatch(/Start123|passwordHash|argon|twoFactorSecret|recovery/i);
  });

  it('records a user update with before and after, and a restriction change as its own row', async () => {
    const rows = await rowsOf(() =>
      expectStatus(
        t.call('PUT', `/api/users/${userId}`, {
          token: admin,
          body: {
            ...userBody({ FullName: 'Renamed Person', TransactionChannels: [f.channels.north1] }),
            Password: undefined,
          },
        }),
        200,
      ),
    );
    expect(rows.map((row) => row.operationType)).toEqual([
      AuditOperationType.Update,
      AuditOperationType.RestrictionChange,
    ]);
    const update = dataOf(rows[0]!);
    expect(update.Before).toMatchObject({ fullName: 'Audited Person', transactionChannelIds: [] });
    expect(update.After).toMatchObject({
      fullName: 'Renamed Person',
      transactionChannelIds: [f.channels.north1],
    });
    expect(JSON.parse(rows[1]!.operationData)).toEqual({
      Id: userId,
      UserName: 'audited.user',
      Before: { TransactionChannels: [], Products: [], Employees: [] },
      After: { TransactionChannels: [f.channels.north1], Products: [], Employees: [] },
    });
    for (const row of rows)
      expect(row).toMatchObject({ userName: 'admin', tenantId: t.tenantId, ipAddress: '127.0.0.1' });
  });

  it('records a deactivation as an update with a note', async () => {
    const rows = await rowsOf(() =>
      expectStatus(t.call('PUT', `/api/users/${userId}/deactivate`, { token: admin }), 200),
    );
    const data = dataOf(only(rows, { operationType: AuditOperationType.Update, operationScope: 'User' }));
    expect(data).toMatchObject({
      Note: 'deactivate',
      Before: { isActive: true },
      After: { isActive: false },
    });
  });

  it("records a change of one's own password as an update of the user, without either password", async () => {
    const token = await signInNewUser(t, { userName: 'audit.changer', tenantId: t.tenantId, scopes: [] });
    const rows = await rowsOf(async () => {
      const wrong = { CurrentPassword: 'Wrong-Old-1', NewPassword: 'Newer5678x' };
      await expectStatus(t.call('POST', '/api/account/change-password', { token, body: wrong }), 400);
      const right = { CurrentPassword: 'Demo1234!', NewPassword: 'Newer5678x' };
      await expectStatus(t.call('POST', '/api/account/change-password', { token, body: right }), 204);
    });
    const row = only(rows, {
      operationType: AuditOperationType.Update,
      operationScope: 'User',
      userName: 'audit.changer',
      tenantId: t.tenantId,
    });
    expect(dataOf(row)).toMatchObject({ Note: 'change password', After: { userName: 'audit.changer' } });
    expect(row.operationData).not.toMatch(/Demo1234|Newer5678|Wrong-Old/);
  });

  it('writes no row for a refused change', async () => {
    const rows = await rowsOf(() =>
      expectStatus(
        t.call('POST', '/api/users', { token: admin, body: userBody({ UserName: 'ADMIN' }) }),
        409,
      ),
    );
    expect(rows).toHaveLength(0);
  });
});

describe('roles, clients, tenants and configurations', () => {
  it('records a role create, update and delete', async () => {
    let id = 0;
    const created = await rowsOf(async () => {
      const response = await expectStatus(
        t.call('POST', '/api/identity/roles', {
          token: admin,
          body: {
            Name: 'Audit Desk',
            SecurityLevel: 2,
            Scopes: ['report:read'],
          },
        }),
        201,
      );
      id = response.json<{ Id: number }>().Id;
    });
    expect(
      dataOf(
        only(created, {
          operationType: AuditOperationType.Create,
          operationScope: 'Role',
          tenantId: t.tenantId,
        }),
      ),
    ).toMatchObject({ Id: id, After: { name: 'Audit Desk', scopes: ['report:read'] } });

    const updated = await rowsOf(() =>
      expectStatus(
        t.call('PUT', `/api/identity/roles/${id}`, {
          token: admin,
          body: {
            Name: 'Audit Desk',
            SecurityLevel: 2,
            Scopes: ['report:read', 'user:read'],
          },
        }),
        200,
      ),
    );
    expect(dataOf(only(updated, { operationType: AuditOperationType.Update }))).toMatchObject({
      Before: { scopes: ['report:read'] },
      After: { scopes: ['report:read', 'user:read'] },
    });

    const removed = await rowsOf(() =>
      expectStatus(t.call('DELETE', `/api/identity/roles/${id}`, { token: admin }), 204),
    );
    expect(
      dataOf(only(removed, { operationType: AuditOperationType.Delete, operationScope: 'Role' })),
    ).toMatchObject({ Id: id, Before: { name: 'Audit Desk' }, After: null });
  });

  it('records client changes without any secret', async () => {
    const body = {
      Id: 'audit-app',
      Name: 'Audit API',
      ApplicationType: 1,
      Active: true,
      AllowedOrigin: '*',
      AccessTokenLifeTime: 600,
      RefreshTokenLifeTime: 3600,
      Scopes: [],
    };
    const secrets: string[] = [];
    const rows = await rowsOf(async () => {
      const created = await expectStatus(t.call('POST', '/api/clients', { token: admin, body }), 201);
      secrets.push(created.json<{ Secret?: string }>().Secret ?? '');
      await expectStatus(
        t.call('PUT', '/api/clients/audit-app', { token: admin, body: { ...body, Name: 'Audit API 2' } }),
        200,
      );
      const renewed = await expectStatus(
        t.call('POST', '/api/clients/audit-app/secret', { token: admin }),
        200,
      );
      secrets.push(renewed.json<{ Secret: string }>().Secret);
      await expectStatus(t.call('DELETE', '/api/clients/audit-app', { token: admin }), 204);
    });
    expect(secrets.every((secret) => secret.length > 10)).toBe(true);
    expect(rows.map((row) => [row.operationType, row.operationScope])).toEqual([
      [AuditOperationType.Create, 'Client'],
      [AuditOperationType.Update, 'Client'],
      [AuditOperationType.Update, 'Client'],
      [AuditOperationType.Delete, 'Client'],
    ]);
    expect(dataOf(rows[0]!)).toMatchObject({
      Id: 'audit-app',
      After: { name: 'Audit API', credentialSet: true },
    });
    expect(dataOf(rows[1]!)).toMatchObject({ Before: { name: 'Audit API' }, After: { name: 'Audit API 2' } });
    expect(dataOf(rows[2]!)).toMatchObject({ Note: 'new secret' });
    for (const row of rows) {
      for (const secret of secrets) expect(row.operationData).not.toContain(secret);
      expect(row.operationData).not.toMatch(/secretHash/);
    }
  });

  it("records tenant changes in the operator's (tenantless) log", async () => {
    let id = 0;
    // A tenant created through the API has its first user, so it cannot be deleted (14004): the deleted one is a
    // tenant without users.
    const empty = await insertTenant(t, 'Audit Empty Tenant');
    const rows = await rowsOf(async () => {
      const created = await expectStatus(
        t.call('POST', '/api/tenants', {
          token: operator,
          body: {
            Name: 'Audit Tenant',
            Administrator: {
              UserName: 'audit.tenant.admin',
              FullName: 'Audit Tenant Admin',
              Email: 'audit.tenant.admin@example.com',
              Password: 'First1234!',
            },
          },
        }),
        201,
      );
      id = created.json<{ Id: number }>().Id;
      await expectStatus(
        t.call('PUT', `/api/tenants/${id}`, { token: operator, body: { Name: 'Audit Tenant 2' } }),
        200,
      );
      await expectStatus(t.call('DELETE', `/api/tenants/${empty}`, { token: operator }), 204);
    });
    expect(rows.map((row) => [row.operationType, row.operationScope, row.tenantId, row.userName])).toEqual([
      [AuditOperationType.Create, 'Tenant', null, 'audit.operator'],
      [AuditOperationType.Update, 'Tenant', null, 'audit.operator'],
      [AuditOperationType.Delete, 'Tenant', null, 'audit.operator'],
    ]);
    expect(dataOf(rows[1]!)).toMatchObject({
      Id: id,
      Before: { name: 'Audit Tenant' },
      After: { name: 'Audit Tenant 2' },
    });
    expect(dataOf(rows[2]!)).toMatchObject({ Before: { name: 'Audit Empty Tenant' }, After: null });
  });

  it('records configuration changes with credential values masked', async () => {
    const secret = 'smtp-password-very-secret';
    let id = 0;
    const rows = await rowsOf(async () => {
      const created = await expectStatus(
        t.call('POST', '/api/system-configurations', {
          token: admin,
          body: {
            Section: 'AuditSmtp',
            JsonConfig: JSON.stringify({ Host: 'mail', Pass: secret }),
            IsCredential: true,
            SyncWithClient: false,
          },
        }),
        201,
      );
      id = created.json<{ Id: number }>().Id;
      await expectStatus(
        t.call('POST', '/api/system-configurations', {
          token: admin,
          body: {
            Section: 'AuditPlain',
            JsonConfig: '{"A":1}',
            IsCredential: false,
            SyncWithClient: false,
          },
        }),
        201,
      );
      await expectStatus(t.call('DELETE', `/api/system-configurations/${id}`, { token: admin }), 204);
    });
    expect(rows.map((row) => [row.operationType, row.operationScope])).toEqual([
      [AuditOperationType.Create, 'SystemConfiguration'],
      [AuditOperationType.Create, 'SystemConfiguration'],
      [AuditOperationType.Delete, 'SystemConfiguration'],
    ]);
    expect(dataOf(rows[0]!)).toMatchObject({
      Id: id,
      After: { section: 'AuditSmtp', jsonConfig: '[redacted]' },
    });
    expect(dataOf(rows[1]!)).toMatchObject({ After: { section: 'AuditPlain', jsonConfig: '{"A":1}' } });
    for (const row of rows) expect(row.operationData).not.toContain(secret);
  });
});

describe('reports, report widgets and the widget catalogue', () => {
  it('records report and report-widget changes', async () => {
    let reportId = 0;
    let widgetId = 0;
    const rows = await rowsOf(async () => {
      const report = await expectStatus(
        t.call('POST', '/api/reporteditor', {
          token: manager,
          body: { Title: 'Audited report', Config: '{}' },
        }),
        201,
      );
      reportId = report.json<{ Id: number }>().Id;
      const widget = await expectStatus(
        t.call('POST', '/api/reportWidgets', {
          token: manager,
          body: { ReportId: reportId, WidgetId: 1, Config: '{}' },
        }),
        201,
      );
      widgetId = widget.json<{ Id: number }>().Id;
      await expectStatus(
        t.call('PUT', `/api/reportWidgets/${widgetId}`, {
          token: manager,
          body: {
            ReportId: reportId,
            WidgetId: 1,
            Config: '{"size":{"w":6,"h":4}}',
          },
        }),
        200,
      );
      await expectStatus(t.call('DELETE', `/api/reportWidgets/${widgetId}`, { token: manager }), 204);
      await expectStatus(t.call('DELETE', `/api/reporteditor/${reportId}`, { token: manager }), 204);
    });
    expect(rows.map((row) => [row.operationType, row.operationScope, row.userName, row.tenantId])).toEqual([
      [AuditOperationType.Create, 'Report', 'manager', t.tenantId],
      [AuditOperationType.Create, 'ReportWidget', 'manager', t.tenantId],
      [AuditOperationType.Update, 'ReportWidget', 'manager', t.tenantId],
      [AuditOperationType.Delete, 'ReportWidget', 'manager', t.tenantId],
      [AuditOperationType.Delete, 'Report', 'manager', t.tenantId],
    ]);
    expect(dataOf(rows[0]!)).toMatchObject({ Id: reportId, After: { title: 'Audited report' } });
    expect(dataOf(rows[2]!)).toMatchObject({
      Id: widgetId,
      Before: { config: expect.stringContaining('"w":3') },
      After: { config: expect.stringContaining('"w":6') },
    });
    expect(dataOf(rows[4]!)).toMatchObject({ Before: { title: 'Audited report' }, After: null });
  });

  it('records catalogue widget changes', async () => {
    const body = {
      Title: 'Audited widget',
      Description: '',
      WidgetTypeId: 1,
      WidgetCategoryId: 1,
      IsEnabled: true,
      Config: JSON.stringify({ dataEndpoint: 'api/widget-data/nps', type: 'nps' }),
    };
    const types = await expectStatus(t.call('GET', '/api/widgetTypes', { token: manager }), 200);
    const type = types.json<{ Id: number; Kind?: string; Name: string }[]>()[0]!;
    const categories = await expectStatus(t.call('GET', '/api/widget-categories', { token: manager }), 200);
    const category = categories.json<{ Id: number }[]>()[0]!;
    const kind = (type as Record<string, unknown>).Kind ?? (type as Record<string, unknown>).Type;
    const save = {
      ...body,
      WidgetTypeId: type.Id,
      WidgetCategoryId: category.Id,
      Config: JSON.stringify({ dataEndpoint: 'api/widget-data/nps', type: kind }),
    };
    let id = 0;
    const rows = await rowsOf(async () => {
      const created = await expectStatus(t.call('POST', '/api/widgets', { token: manager, body: save }), 201);
      id = created.json<{ Id: number }>().Id;
      await expectStatus(
        t.call('PUT', `/api/widgets/${id}`, { token: manager, body: { ...save, Title: 'Audited widget 2' } }),
        200,
      );
    });
    expect(rows.map((row) => [row.operationType, row.operationScope])).toEqual([
      [AuditOperationType.Create, 'Widget'],
      [AuditOperationType.Update, 'Widget'],
    ]);
    expect(dataOf(rows[1]!)).toMatchObject({
      Id: id,
      Before: { title: 'Audited widget' },
      After: { title: 'Audited widget 2' },
    });
  });
});

describe('system rules, report order, role assignments and widget types', () => {
  it('records each with its kind; kinds without a loader keep the request', async () => {
    const report = await expectStatus(
      t.call('POST', '/api/reporteditor', { token: manager, body: { Title: 'Audited order', Config: '{}' } }),
      201,
    );
    const reportId = report.json<{ Id: number }>().Id;
    const types = await expectStatus(t.call('GET', '/api/widgetTypes', { token: manager }), 200);
    const kind = types.json<{ Kind: string }[]>()[0]!.Kind;
    const rules = { InvitationLimit: 3, ContactFrequencyDays: 7, CatiOptoutFrequencies: [] };
    const rows = await rowsOf(async () => {
      await expectStatus(t.call('PUT', '/api/system-rules', { token: admin, body: rules }), 200);
      await expectStatus(
        t.call('PUT', '/api/system-rules', { token: admin, body: { ...rules, InvitationLimit: 4 } }),
        200,
      );
      await expectStatus(
        t.call('PUT', '/api/reporteditor/changeReportOrders', {
          token: manager,
          body: [{ Id: reportId, Order: 9 }],
        }),
        204,
      );
      await expectStatus(
        t.call('POST', '/api/rolereports', {
          token: manager,
          body: { ReportId: reportId, RoleId: regularRoleId },
        }),
        201,
      );
      await expectStatus(
        t.call('DELETE', `/api/rolereports/${regularRoleId}/${reportId}`, { token: manager }),
        204,
      );
      await expectStatus(
        t.call('POST', '/api/widgetTypes', { token: manager, body: { Name: 'Audited type', Kind: kind } }),
        201,
      );
    });
    expect(rows.map((row) => [row.operationType, row.operationScope, row.tenantId])).toEqual([
      [AuditOperationType.Update, 'SystemRules', t.tenantId],
      [AuditOperationType.Update, 'SystemRules', t.tenantId],
      [AuditOperationType.Update, 'ReportOrder', t.tenantId],
      [AuditOperationType.Create, 'RoleReport', t.tenantId],
      [AuditOperationType.Delete, 'RoleReport', t.tenantId],
      [AuditOperationType.Create, 'WidgetType', t.tenantId],
    ]);
    expect(dataOf(rows[1]!)).toMatchObject({
      Id: t.tenantId,
      Before: { invitationLimit: 3 },
      After: { invitationLimit: 4 },
    });
    expect(JSON.parse(rows[2]!.operationData)).toEqual({ Params: {}, Body: [{ Id: reportId, Order: 9 }] });
    expect(JSON.parse(rows[4]!.operationData)).toMatchObject({
      Params: { roleId: regularRoleId, reportId },
    });
    expect(dataOf(rows[5]!)).toMatchObject({ After: { name: 'Audited type', kind } });
  });
});

describe('exports', () => {
  it('records a grid export with its filter', async () => {
    const rows = await rowsOf(() =>
      expectStatus(
        t.call('POST', '/api/users/export?$orderby=UserName', {
          token: admin,
          body: {
            Filter: {},
            TotalCountForExport: 5,
            FileName: 'users',
            Columns: [{ Field: 'UserName', Title: 'User' }],
          },
        }),
        200,
      ),
    );
    const row = only(rows, {
      operationType: AuditOperationType.Export,
      operationScope: '/api/users/export',
      userName: 'admin',
      tenantId: t.tenantId,
    });
    expect(JSON.parse(row.operationData)).toMatchObject({
      Query: { $orderby: 'UserName' },
      Body: { FileName: 'users' },
    });
  });

  it('records a widget Excel export, and none for a refused one', async () => {
    await f.addSession({
      transactionAt: '2026-03-02T10:00:00+03:00',
      answeredAt: '2026-03-02T10:00:00+03:00',
      channelId: f.channels.north1,
      scores: [[f.questions.nps, 9]],
    });
    await t.replica.flush();
    const body = {
      TimeRange: ['2026-03-01', '2026-03-31'],
      DataFilters: { TimeColumn: 'TransactionDateId', ChannelColumnLevel: 3 },
    };
    const rows = await rowsOf(() =>
      expectStatus(t.call('POST', '/api/widget-data/channel-table/export', { token: admin, body }), 200),
    );
    const row = only(rows, {
      operationType: AuditOperationType.Export,
      operationScope: '/api/widget-data/channel-table/export',
    });
    expect(JSON.parse(row.operationData)).toMatchObject({
      Body: { TimeRange: ['2026-03-01', '2026-03-31'] },
    });

    // The viewer reads reports but may not export them.
    const viewer = (await t.signIn('viewer')).access_token;
    const refused = await rowsOf(() =>
      expectStatus(t.call('POST', '/api/widget-data/channel-table/export', { token: viewer, body }), 403),
    );
    expect(refused).toHaveLength(0);
    expect(refused).toHaveLength(0);
  });
});

describe('the audit log and the audited routes', () => {
  it('lists the server-recorded rows in the audit-log grid', async () => {
    const page = await expectStatus(
      t.call('POST', '/api/audit-logs/query?$top=100&$filter=OperationType eq 5', {
        token: operator,
        body: {},
      }),
      200,
    );
    const items = page.json<GridPage<AuditLogListItem>>().Items;
    expect(items.length).toBeGreaterThanOrEqual(2);
    expect(items.every((item) => item.OperationType === AuditOperationType.SignInFailed)).toBe(true);
    expect(items.map((item) => item.UserName)).toContain('nobody.here');
  });

  it('audits every writing route, or names why not', async () => {
    await t.app.ready();
    const unaccounted: string[] = [];
    const stale = new Set([...Object.keys(AUDITED_ROUTES), ...Object.keys(UNAUDITED_WRITE_ROUTES)]);
    for (const route of t.app.routeRegistry) {
      const key = `${route.method} ${route.url}`;
      stale.delete(key);
      if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) continue;
      if (route.method === 'POST' && isReadingPost(route.url) && !route.url.endsWith('/export')) continue;
      const audited = route.options.config?.audit;
      expect(audited, key).toEqual(auditOf(route.method, route.url) ?? audited);
      if (!audited && !(key in UNAUDITED_WRITE_ROUTES)) unaccounted.push(key);
    }
    expect(unaccounted).toEqual([]);
    // Every listed route exists: a renamed route must not leave its audit behind silently.
    expect([...stale]).toEqual([]);
  });
});
