import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  type ReportDetail,
  type ReportListItem,
  type ReportWidget,
  type RoleReport,
  type Scope,
  type UserFilter,
} from '@loupe/contracts';
import {
  reportWidgets,
  reports,
  roleReports,
  roles,
  tenants,
  userFilters,
  userRoles,
  users,
} from '../../db/schema/index.js';
import { createTestApp, type ApiMethod, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: string;
let manager: string;
let viewer: string;
/** report:read + report:manage without report:advance; first role "Basic Managers", then "Report Viewer". */
let basic: string;
let basicRoleId: number;
let managerRoleId: number;
let viewerRoleId: number;
let adminRoleId: number;
let otherTenant: string;
let otherTenantRoleId: number;

const db = () => t.database.db;

type Call = { method: ApiMethod; url: string; token: string; body?: unknown };

async function createRole(name: string, scopes: Scope[], tenantId = t.tenantId) {
  const [row] = await db()
    .insert(roles)
    .values({ tenantId, name, securityLevel: 2, scopes })
    .returning({ id: roles.id });
  return row!.id;
}

/** A user holding `roleIds` in that order (position 0 first). */
async function createUser(userName: string, roleIds: number[], tenantId = t.tenantId) {
  const [row] = await db()
    .insert(users)
    .values({ tenantId, userName, fullName: userName, passwordHash: 'x' })
    .returning({ id: users.id });
  for (const [position, roleId] of roleIds.entries()) {
    await db().insert(userRoles).values({ tenantId, userId: row!.id, roleId, position });
  }
  return row!.id;
}

const roleIdByName = async (name: string) =>
  (
    await db()
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.tenantId, t.tenantId), eq(roles.name, name)))
  )[0]!.id;

let titleCounter = 0;
const uniqueTitle = (prefix = 'Report') => `${prefix} ${++titleCounter}`;

async function createReport(token: string, body: Record<string, unknown> = {}) {
  const response = await t.call('POST', '/api/reporteditor', {
    token,
    body: { Title: uniqueTitle(), Config: '{}', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ Id: number; Title: string; Config: string }>();
}

async function addWidget(token: string, reportId: number, config: object = {}, widgetId = 1) {
  return t.call('POST', '/api/reportWidgets', {
    token,
    body: { ReportId: reportId, WidgetId: widgetId, Config: JSON.stringify(config) },
  });
}

const rolesOf = async (reportId: number) =>
  (
    await db()
      .select({ roleId: roleReports.roleId })
      .from(roleReports)
      .where(eq(roleReports.reportId, reportId))
      .orderBy(asc(roleReports.roleId))
  ).map((row) => row.roleId);

const widgetCount = async (reportId: number) =>
  (
    await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(reportWidgets)
      .where(eq(reportWidgets.reportId, reportId))
  )[0]!.count;

/** Every row of the four report tables, to prove a refused write changed nothing. */
async function snapshot() {
  return {
    reports: await db().select().from(reports).orderBy(reports.id),
    widgets: await db().select().from(reportWidgets).orderBy(reportWidgets.id),
    roleReports: await db().select().from(roleReports).orderBy(roleReports.reportId, roleReports.roleId),
    userFilters: await db().select().from(userFilters).orderBy(userFilters.id),
  };
}

const parse = (text: string) => JSON.parse(text) as Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn('admin')).access_token;
  manager = (await t.signIn('manager')).access_token;
  viewer = (await t.signIn('viewer')).access_token;
  adminRoleId = await roleIdByName('Administrator');
  managerRoleId = await roleIdByName('Report Manager');
  viewerRoleId = await roleIdByName('Report Viewer');

  basicRoleId = await createRole('Basic Managers', ['report:read', 'report:manage']);
  const basicUser = await createUser('basic-manager', [basicRoleId, viewerRoleId]);
  basic = await t.tokenFor({
    userId: basicUser,
    tenantId: t.tenantId,
    scopes: ['report:read', 'report:manage'],
  });

  const [other] = await db()
    .insert(tenants)
    .values({ name: 'Reports Other Bank' })
    .returning({ id: tenants.id });
  otherTenantRoleId = await createRole('Other Managers', ['report:read', 'report:manage'], other!.id);
  const otherUser = await createUser('other-manager', [otherTenantRoleId], other!.id);
  otherTenant = await t.tokenFor({
    userId: otherUser,
    tenantId: other!.id,
    scopes: ['report:read', 'report:manage', 'report:advance'],
  });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/reporteditor', () => {
  it("creates a report, stores the title's slug in Config and assigns it to the saver's first role", async () => {
    const response = await t.call('POST', '/api/reporteditor', {
      token: manager,
      body: { Title: '  Şube & Kanal Performansı ', Category: 'Bölgeler', Config: '{"scopedData":true}' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<{ Id: number; Title: string; Config: string }>();
    expect(created.Title).toBe('Şube & Kanal Performansı');
    expect(parse(created.Config)).toEqual({ scopedData: true, slug: 'sube-y-kanal-performansi' });
    expect(await rolesOf(created.Id)).toEqual([managerRoleId]);
    const [row] = await db().select().from(reports).where(eq(reports.id, created.Id));
    expect(row).toMatchObject({ tenantId: t.tenantId, category: 'Bölgeler' });
  });

  it('assigns to the first role by position, not by id', async () => {
    // basic holds "Basic Managers" (position 0, the newer role) and "Report Viewer" (position 1, older id).
    expect(viewerRoleId).toBeLessThan(basicRoleId);
    const created = await createReport(basic);
    expect(await rolesOf(created.Id)).toEqual([basicRoleId]);
  });

  it("puts a report without Category in 'Menu Group', last in the menu", async () => {
    const first = await createReport(manager);
    const second = await createReport(manager);
    const rows = await db().select().from(reports).where(eq(reports.tenantId, t.tenantId));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(first.Id)!.category).toBe('Menu Group');
    expect(byId.get(second.Id)!.order).toBe(Math.max(...rows.map((row) => row.order)));
    expect(byId.get(second.Id)!.order).toBeGreaterThan(byId.get(first.Id)!.order);
  });

  it('replaces a slug written in the JSON tab with the title slug', async () => {
    const created = await createReport(manager, { Title: 'Custom Slug Report', Config: '{"slug":"mine"}' });
    expect(parse(created.Config).slug).toBe('custom-slug-report');
  });

  it('validates Title, Category and Config (3333)', async () => {
    const before = await snapshot();
    const bodies = [
      { Config: '{}' },
      { Title: '   ', Config: '{}' },
      { Title: 'x'.repeat(101), Config: '{}' },
      { Title: 'Long category', Category: 'c'.repeat(101), Config: '{}' },
      { Title: 'Empty category', Category: '', Config: '{}' },
      { Title: 'No config' },
      { Title: 'Bad JSON', Config: '{not json' },
      { Title: 'Array config', Config: '[1,2]' },
      { Title: 'Wrong key type', Config: '{"scopedData":"yes"}' },
      { Title: '!!! ???', Config: '{}' },
    ];
    for (const body of bodies) {
      const response = await t.call('POST', '/api/reporteditor', { token: manager, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ Code: number }>().Code, JSON.stringify(body)).toBe(3333);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('accepts 100 characters of title and category', async () => {
    await createReport(manager, { Title: 'T'.repeat(100), Category: 'C'.repeat(100) });
  });

  it('refuses a duplicate title regardless of case with 2500, and a title with the same slug', async () => {
    await createReport(manager, { Title: 'Müşteri Sesi' });
    const before = await snapshot();
    for (const Title of ['Müşteri Sesi', 'MÜŞTERİ SESİ', 'müşteri sesi', 'Müşteri-Sesi', 'musteri sesi']) {
      const response = await t.call('POST', '/api/reporteditor', {
        token: manager,
        body: { Title, Config: '{}' },
      });
      expect(response.statusCode, Title).toBe(400);
      expect(response.json<{ Code: number }>().Code, Title).toBe(2500);
    }
    // A report the caller cannot see still holds its title in the tenant.
    const hidden = await createReport(admin, { Title: 'Admin Only' });
    const duplicate = await t.call('POST', '/api/reporteditor', {
      token: manager,
      body: { Title: 'admin only', Config: '{}' },
    });
    expect(duplicate.json<{ Code: number }>().Code).toBe(2500);
    expect(await rolesOf(hidden.Id)).toEqual([adminRoleId]);
    expect((await snapshot()).reports).toHaveLength(before.reports.length + 1);
  });

  it('refuses the second of two concurrent saves of one title (2500)', async () => {
    const body = { Title: 'Race Report', Config: '{}' };
    const answers = await Promise.all([
      t.call('POST', '/api/reporteditor', { token: manager, body }),
      t.call('POST', '/api/reporteditor', { token: admin, body }),
    ]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)!.json<{ Code: number }>().Code).toBe(2500);
    const rows = await db()
      .select()
      .from(reports)
      .where(and(eq(reports.tenantId, t.tenantId), eq(reports.title, 'Race Report')));
    expect(rows).toHaveLength(1);
    // The refused save left no role assignment behind.
    const orphans = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(roleReports)
      .where(sql`${roleReports.reportId} not in (select id from ${reports})`);
    expect(orphans[0]!.count).toBe(0);
  });

  it('refuses a saver without any role (3113), creating nothing', async () => {
    const lonely = await createUser('no-role-manager', []);
    const token = await t.tokenFor({ userId: lonely, tenantId: t.tenantId, scopes: ['report:manage'] });
    const before = await snapshot();
    const response = await t.call('POST', '/api/reporteditor', {
      token,
      body: { Title: 'Nobody sees me', Config: '{}' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ Code: number }>().Code).toBe(3113);
    expect(await snapshot()).toEqual(before);
  });
});

describe('visibility through roles', () => {
  it("lists only the reports of the caller's roles, by Order then title, with slug, scope and widget count", async () => {
    const shared = await createReport(manager, { Title: 'Shared Report', Config: '{"scopedData":true}' });
    await t.call('POST', '/api/rolereports', {
      token: manager,
      body: { ReportId: shared.Id, RoleId: viewerRoleId },
    });
    await addWidget(manager, shared.Id);
    const mine = await createReport(manager, { Title: 'Manager Only' });

    const viewerList = (await t.call('GET', '/api/reports', { token: viewer })).json<ReportListItem[]>();
    expect(viewerList.map((report) => report.Id)).toContain(shared.Id);
    expect(viewerList.map((report) => report.Id)).not.toContain(mine.Id);
    expect(viewerList.find((report) => report.Id === shared.Id)).toEqual({
      Id: shared.Id,
      Title: 'Shared Report',
      Category: 'Menu Group',
      Order: expect.any(Number),
      Slug: 'shared-report',
      ScopedData: true,
      WidgetCount: 1,
    });

    const managerList = (await t.call('GET', '/api/reports', { token: manager })).json<ReportListItem[]>();
    expect(managerList.map((report) => report.Id)).toEqual(expect.arrayContaining([shared.Id, mine.Id]));
    expect(managerList.find((report) => report.Id === mine.Id)!.ScopedData).toBe(false);
    for (let index = 1; index < managerList.length; index++) {
      const [a, b] = [managerList[index - 1]!, managerList[index]!];
      expect(
        a.Order < b.Order || (a.Order === b.Order && a.Title.toLowerCase() <= b.Title.toLowerCase()),
      ).toBe(true);
    }
    // The admin (Administrator role only) sees neither.
    const adminList = (await t.call('GET', '/api/reports', { token: admin })).json<ReportListItem[]>();
    expect(adminList.map((report) => report.Id)).not.toContain(mine.Id);
  });

  it("answers 404 to another role's user on read and on every write, and changes nothing", async () => {
    const hidden = await createReport(admin, { Title: 'Administrators Only' });
    const widget = (await addWidget(admin, hidden.Id)).json<ReportWidget>();
    const before = await snapshot();
    const attempts: Call[] = [
      { method: 'GET', url: `/api/reporteditor/${hidden.Id}`, token: manager },
      { method: 'GET', url: `/api/reporteditor/${hidden.Id}`, token: viewer },
      {
        method: 'PUT',
        url: `/api/reporteditor/${hidden.Id}`,
        token: manager,
        body: { Id: hidden.Id, Title: 'Taken over', Config: '{}' },
      },
      { method: 'DELETE', url: `/api/reporteditor/${hidden.Id}/`, token: manager },
      {
        method: 'PUT',
        url: '/api/reporteditor/changeReportOrders',
        token: manager,
        body: [{ Id: hidden.Id, Order: 0 }],
      },
      {
        method: 'POST',
        url: '/api/reportWidgets',
        token: manager,
        body: { ReportId: hidden.Id, WidgetId: 1, Config: '{}' },
      },
      {
        method: 'PUT',
        url: `/api/reportWidgets/${widget.Id}`,
        token: manager,
        body: { ReportId: hidden.Id, WidgetId: 1, Config: '{}' },
      },
      { method: 'DELETE', url: `/api/reportWidgets/${widget.Id}/`, token: manager },
      {
        method: 'POST',
        url: '/api/rolereports',
        token: manager,
        body: { ReportId: hidden.Id, RoleId: managerRoleId },
      },
      { method: 'DELETE', url: `/api/rolereports/${adminRoleId}/${hidden.Id}`, token: manager },
    ];
    for (const attempt of attempts) {
      const response = await t.call(attempt.method, attempt.url, {
        token: attempt.token,
        body: attempt.body,
      });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
    }
    const grid = await t.call('GET', `/api/reportWidgets?$filter=Id eq ${widget.Id}`, { token: manager });
    expect(grid.json()).toEqual({ Items: [], Count: 0 });
    const assignments = await t.call('GET', `/api/rolereports/?$filter=ReportId eq ${hidden.Id}`, {
      token: manager,
    });
    expect(assignments.json()).toEqual({ Items: [], Count: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('shows a report to a user as soon as one of their roles is assigned', async () => {
    const report = await createReport(manager, { Title: 'Soon Visible' });
    expect((await t.call('GET', `/api/reporteditor/${report.Id}`, { token: viewer })).statusCode).toBe(404);
    const assigned = await t.call('POST', '/api/rolereports', {
      token: manager,
      body: { ReportId: report.Id, RoleId: viewerRoleId, Config: '{}' },
    });
    expect(assigned.statusCode).toBe(201);
    const detail = await t.call('GET', `/api/reporteditor/${report.Id}`, { token: viewer });
    expect(detail.statusCode).toBe(200);
    expect(detail.json<ReportDetail>()).toMatchObject({
      Id: report.Id,
      Title: 'Soon Visible',
      ReportWidgets: [],
    });
  });
});

describe('tenant scoping', () => {
  it("keeps each tenant's reports to itself; titles are unique per tenant only", async () => {
    const ours = await createReport(manager, { Title: 'Tenant Shared Title' });
    const response = await t.call('POST', '/api/reporteditor', {
      token: otherTenant,
      body: { Title: 'Tenant Shared Title', Config: '{}' },
    });
    expect(response.statusCode).toBe(201);
    const theirs = response.json<{ Id: number }>();
    const [row] = await db().select().from(reports).where(eq(reports.id, theirs.Id));
    expect(row!.tenantId).not.toBe(t.tenantId);
    expect(await rolesOf(theirs.Id)).toEqual([otherTenantRoleId]);

    const theirList = (await t.call('GET', '/api/reports', { token: otherTenant })).json<ReportListItem[]>();
    expect(theirList.map((report) => report.Id)).toEqual([theirs.Id]);
    expect((await t.call('GET', `/api/reporteditor/${ours.Id}`, { token: otherTenant })).statusCode).toBe(
      404,
    );
    expect((await t.call('GET', `/api/reporteditor/${theirs.Id}`, { token: admin })).statusCode).toBe(404);
    // A role of another tenant cannot be assigned (2100).
    const foreignRole = await t.call('POST', '/api/rolereports', {
      token: manager,
      body: { ReportId: ours.Id, RoleId: otherTenantRoleId },
    });
    expect(foreignRole.statusCode).toBe(400);
    expect(foreignRole.json<{ Code: number }>().Code).toBe(2100);
    // The role choices are the caller's tenant's.
    const choices = (await t.call('GET', '/api/rolereports/roleChoices', { token: manager })).json<
      { Id: number; Name: string }[]
    >();
    expect(choices.map((role) => role.Name)).toEqual(
      expect.arrayContaining(['Administrator', 'Report Manager', 'Report Viewer', 'Basic Managers']),
    );
    expect(choices.map((role) => role.Id)).not.toContain(otherTenantRoleId);
  });

  it('gives a tenantless caller no reports and refuses their writes', async () => {
    const tenantless = await t.tokenFor({
      userId: 1,
      tenantId: null,
      scopes: ['report:read', 'report:manage'],
    });
    expect((await t.call('GET', '/api/reports', { token: tenantless })).json()).toEqual([]);
    const response = await t.call('POST', '/api/reporteditor', {
      token: tenantless,
      body: { Title: 'Tenantless', Config: '{}' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('PUT /api/reporteditor/{id}', () => {
  it('renames (new slug), re-categorises and answers the whole report', async () => {
    const report = await createReport(manager, { Title: 'Before Rename', Category: 'Group A' });
    const response = await t.call('PUT', `/api/reporteditor/${report.Id}`, {
      token: manager,
      body: { Id: report.Id, Title: 'Sonra Ünvan', Config: '{"hasAdvancedFilter":true,"slug":"x"}' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<ReportDetail>();
    expect(detail).toMatchObject({
      Id: report.Id,
      Title: 'Sonra Ünvan',
      Category: 'Menu Group',
      ReportWidgets: [],
    });
    expect(parse(detail.Config)).toEqual({ hasAdvancedFilter: true, slug: 'sonra-unvan' });
    const list = (await t.call('GET', '/api/reports', { token: manager })).json<ReportListItem[]>();
    expect(list.find((item) => item.Id === report.Id)!.Slug).toBe('sonra-unvan');
  });

  it('keeps its own title (any case) but refuses another report title (2500)', async () => {
    const report = await createReport(manager, { Title: 'Keep My Title' });
    const recase = await t.call('PUT', `/api/reporteditor/${report.Id}`, {
      token: manager,
      body: { Id: report.Id, Title: 'KEEP my title', Config: '{}' },
    });
    expect(recase.statusCode).toBe(200);
    const other = await createReport(manager, { Title: 'Other Title' });
    const before = await snapshot();
    const clash = await t.call('PUT', `/api/reporteditor/${other.Id}`, {
      token: manager,
      body: { Id: other.Id, Title: 'keep my title', Config: '{}' },
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json<{ Code: number }>().Code).toBe(2500);
    expect(await snapshot()).toEqual(before);
  });

  it('saves widget positions given in ReportWidgets, and refuses a widget of another report', async () => {
    const report = await createReport(manager);
    const a = (await addWidget(manager, report.Id, { title: 'a' })).json<ReportWidget>();
    const b = (await addWidget(manager, report.Id, { title: 'b' })).json<ReportWidget>();
    const swapped = await t.call('PUT', `/api/reporteditor/${report.Id}`, {
      token: manager,
      body: {
        Id: report.Id,
        Title: report.Title,
        Config: '{}',
        ReportWidgets: [
          { Id: a.Id, Config: JSON.stringify({ ...parse(a.Config), position: 2 }) },
          { Id: b.Id, Config: JSON.stringify({ ...parse(b.Config), position: 1, size: { w: 8, h: 4 } }) },
        ],
      },
    });
    expect(swapped.statusCode, swapped.body).toBe(200);
    const detail = swapped.json<ReportDetail>();
    expect(detail.ReportWidgets.map((widget) => widget.Id)).toEqual([b.Id, a.Id]);
    expect(parse(detail.ReportWidgets[0]!.Config)).toMatchObject({
      title: 'b',
      position: 1,
      size: { w: 6, h: 2 },
    });

    const elsewhere = await createReport(manager);
    const foreign = (await addWidget(manager, elsewhere.Id)).json<ReportWidget>();
    const before = await snapshot();
    const refused = await t.call('PUT', `/api/reporteditor/${report.Id}`, {
      token: manager,
      body: {
        Id: report.Id,
        Title: 'Renamed Meanwhile',
        Config: '{}',
        ReportWidgets: [
          { Id: a.Id, Config: '{"position":9}' },
          { Id: foreign.Id, Config: '{"position":1}' },
        ],
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ Code: number }>().Code).toBe(3333);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a body Id other than the address (3333)', async () => {
    const report = await createReport(manager);
    const response = await t.call('PUT', `/api/reporteditor/${report.Id}`, {
      token: manager,
      body: { Id: report.Id + 1000, Title: 'Mismatch', Config: '{}' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ Code: number }>().Code).toBe(3333);
  });
});

describe('DELETE /api/reporteditor/{id}', () => {
  it('deletes the report with its widgets and role assignments, with or without the trailing slash', async () => {
    for (const slash of ['', '/']) {
      const report = await createReport(manager);
      await addWidget(manager, report.Id);
      const response = await t.call('DELETE', `/api/reporteditor/${report.Id}${slash}`, { token: manager });
      expect(response.statusCode).toBe(204);
      expect(await db().select().from(reports).where(eq(reports.id, report.Id))).toEqual([]);
      expect(await widgetCount(report.Id)).toBe(0);
      expect(await rolesOf(report.Id)).toEqual([]);
      expect((await t.call('GET', `/api/reporteditor/${report.Id}`, { token: manager })).statusCode).toBe(
        404,
      );
    }
  });
});

describe('PUT /api/reporteditor/changeReportOrders', () => {
  it('saves the order and moves reports between groups', async () => {
    const one = await createReport(manager, { Category: 'Group One' });
    const two = await createReport(manager, { Category: 'Group One' });
    const response = await t.call('PUT', '/api/reporteditor/changeReportOrders', {
      token: manager,
      body: [
        { Id: two.Id, Order: 0 },
        { Id: one.Id, Order: 1, Category: 'Group Two' },
      ],
    });
    expect(response.statusCode, response.body).toBe(204);
    const rows = await db()
      .select()
      .from(reports)
      .where(sql`${reports.id} in (${one.Id}, ${two.Id})`);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(two.Id)).toMatchObject({ order: 0, category: 'Group One' });
    expect(byId.get(one.Id)).toMatchObject({ order: 1, category: 'Group Two' });
  });

  it('changes nothing when one report is not visible (404) or listed twice (3333)', async () => {
    const mine = await createReport(manager);
    const hidden = await createReport(admin);
    const before = await snapshot();
    const invisible = await t.call('PUT', '/api/reporteditor/changeReportOrders', {
      token: manager,
      body: [
        { Id: mine.Id, Order: 99 },
        { Id: hidden.Id, Order: 98 },
      ],
    });
    expect(invisible.statusCode).toBe(404);
    const twice = await t.call('PUT', '/api/reporteditor/changeReportOrders', {
      token: manager,
      body: [
        { Id: mine.Id, Order: 1 },
        { Id: mine.Id, Order: 2 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ Code: number }>().Code).toBe(3333);
    expect(await snapshot()).toEqual(before);
  });
});

describe('report widgets', () => {
  it('refuses the 11th widget of a report with 2501 and stores nothing', async () => {
    const report = await createReport(manager);
    for (let index = 0; index < 10; index++) {
      expect((await addWidget(manager, report.Id, { title: `w${index}` })).statusCode).toBe(201);
    }
    const before = await snapshot();
    const eleventh = await addWidget(manager, report.Id);
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json<{ Code: number }>().Code).toBe(2501);
    expect(await widgetCount(report.Id)).toBe(10);
    expect(await snapshot()).toEqual(before);
    // Removing one makes room again.
    const [first] = (
      await t.call('GET', `/api/reporteditor/${report.Id}`, { token: manager })
    ).json<ReportDetail>().ReportWidgets;
    expect((await t.call('DELETE', `/api/reportWidgets/${first!.Id}/`, { token: manager })).statusCode).toBe(
      204,
    );
    expect((await addWidget(manager, report.Id)).statusCode).toBe(201);
  });

  it('takes no more than 10 widgets from concurrent adds', async () => {
    const report = await createReport(manager);
    for (let index = 0; index < 8; index++) await addWidget(manager, report.Id);
    const answers = await Promise.all([1, 2, 3, 4].map(() => addWidget(manager, report.Id)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 400, 400]);
    expect(await widgetCount(report.Id)).toBe(10);
  });

  it('clamps size.w to 2..6 and sets size.h to 2 on save', async () => {
    const report = await createReport(manager);
    const cases: [unknown, number][] = [
      [{ w: 9, h: 5 }, 6],
      [{ w: 1, h: 1 }, 2],
      [{ w: 0 }, 2],
      [{ w: -4 }, 2],
      [{ w: 4.6 }, 5],
      [{ w: '4' }, 4],
      [{ w: 'wide' }, 3],
      [undefined, 3],
    ];
    for (const [size, width] of cases) {
      const response = await addWidget(manager, report.Id, size === undefined ? {} : { size });
      expect(response.statusCode).toBe(201);
      expect(parse(response.json<ReportWidget>().Config).size, JSON.stringify(size)).toEqual({
        w: width,
        h: 2,
      });
    }
    const stored = await db().select().from(reportWidgets).where(eq(reportWidgets.reportId, report.Id));
    for (const row of stored) {
      const size = parse(row.config).size as { w: number; h: number };
      expect(size.h).toBe(2);
      expect(size.w).toBeGreaterThanOrEqual(2);
      expect(size.w).toBeLessThanOrEqual(6);
    }
  });

  it('clamps a stored width on load, in the report and in the widget list', async () => {
    const report = await createReport(manager);
    const [row] = await db()
      .insert(reportWidgets)
      .values({
        tenantId: t.tenantId,
        reportId: report.Id,
        widgetId: 4,
        config: JSON.stringify({ title: 'hand written', size: { w: 12, h: 7 }, position: 1 }),
      })
      .returning({ id: reportWidgets.id });
    const detail = (
      await t.call('GET', `/api/reporteditor/${report.Id}`, { token: manager })
    ).json<ReportDetail>();
    expect(parse(detail.ReportWidgets[0]!.Config)).toEqual({
      title: 'hand written',
      size: { w: 6, h: 2 },
      position: 1,
    });
    const list = await t.call('GET', `/api/reportWidgets?$filter=Id eq ${row!.id}`, { token: manager });
    expect(list.statusCode).toBe(200);
    const page = list.json<{ Items: ReportWidget[]; Count: number }>();
    expect(page.Count).toBe(1);
    expect(page.Items[0]).toMatchObject({ Id: row!.id, ReportId: report.Id, WidgetId: 4 });
    expect(parse(page.Items[0]!.Config).size).toEqual({ w: 6, h: 2 });
  });

  it('places a new widget after the last one unless a position is given; an edit keeps its place', async () => {
    const report = await createReport(manager);
    const positionOf = (response: { json: <T>() => T }) =>
      parse(response.json<ReportWidget>().Config).position;
    expect(positionOf(await addWidget(manager, report.Id))).toBe(1);
    expect(positionOf(await addWidget(manager, report.Id))).toBe(2);
    expect(positionOf(await addWidget(manager, report.Id, { position: 7 }))).toBe(7);
    const fourth = await addWidget(manager, report.Id, { title: 'fourth' });
    expect(positionOf(fourth)).toBe(8);
    const id = fourth.json<ReportWidget>().Id;

    const edited = await t.call('PUT', `/api/reportWidgets/${id}`, {
      token: manager,
      body: {
        ReportId: report.Id,
        WidgetId: 1,
        Config: JSON.stringify({ title: 'renamed', size: { w: 1 } }),
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(parse(edited.json<ReportWidget>().Config)).toEqual({
      title: 'renamed',
      size: { w: 2, h: 2 },
      position: 8,
    });

    const detail = (
      await t.call('GET', `/api/reporteditor/${report.Id}`, { token: manager })
    ).json<ReportDetail>();
    expect(detail.ReportWidgets.map((widget) => parse(widget.Config).position)).toEqual([1, 2, 7, 8]);
  });

  it('refuses moving a widget to another report or changing its catalogue widget (3333)', async () => {
    const report = await createReport(manager);
    const other = await createReport(manager);
    const widget = (await addWidget(manager, report.Id, {}, 3)).json<ReportWidget>();
    const before = await snapshot();
    for (const body of [
      { ReportId: other.Id, WidgetId: 3, Config: '{}' },
      { ReportId: report.Id, WidgetId: 5, Config: '{}' },
      { ReportId: report.Id, WidgetId: 3, Config: '"text"' },
      { ReportId: report.Id, WidgetId: 3, Config: '{broken' },
    ]) {
      const response = await t.call('PUT', `/api/reportWidgets/${widget.Id}`, { token: manager, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ Code: number }>().Code).toBe(3333);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a widget Config with bad dataFilters with 2505 naming the field, on add, edit and reorder', async () => {
    const report = await createReport(manager);
    const widget = (
      await addWidget(manager, report.Id, { title: 'kept', dataFilters: { TimeColumn: 'AnsweredDateId' } })
    ).json<ReportWidget>();
    const before = await snapshot();
    const problemsOf = (response: { statusCode: number; json: <T>() => T }) => {
      expect(response.statusCode).toBe(400);
      const body = response.json<{ Code: number; Details: { Path: string }[] }>();
      expect(body.Code).toBe(ErrorCode.WidgetConfigInvalid);
      return body.Details.map((detail) => detail.Path);
    };
    expect(
      problemsOf(await addWidget(manager, report.Id, { dataFilters: { TimeColumn: 'ClosedDateId' } })),
    ).toEqual(['Config.dataFilters.TimeColumn']);
    expect(
      problemsOf(await addWidget(manager, report.Id, { dataFilters: { ChannelSet: { Ids: ['north'] } } })),
    ).toEqual(['Config.dataFilters.ChannelSet.Ids.0']);
    expect(problemsOf(await addWidget(manager, report.Id, { dataFilters: 'all' }))).toEqual([
      'Config.dataFilters',
    ]);
    const edited = await t.call('PUT', `/api/reportWidgets/${widget.Id}`, {
      token: manager,
      body: {
        ReportId: report.Id,
        WidgetId: 1,
        Config: JSON.stringify({ dataFilters: { Segments: ['gold'] } }),
      },
    });
    expect(problemsOf(edited)).toEqual(['Config.dataFilters.Segments.0']);
    const reordered = await t.call('PUT', `/api/reporteditor/${report.Id}`, {
      token: manager,
      body: {
        Id: report.Id,
        Title: report.Title,
        Config: '{}',
        ReportWidgets: [
          { Id: widget.Id, Config: JSON.stringify({ position: 2, dataFilters: { Scale: 7 } }) },
        ],
      },
    });
    expect(problemsOf(reordered)).toEqual(['ReportWidgets.0.Config.dataFilters.Scale']);
    expect(await snapshot()).toEqual(before);
    // The widget's own query keys the schema does not type are kept as written.
    const own = await addWidget(manager, report.Id, {
      dataFilters: { TopicCount: 5, MultipleSurveySet: [{ A: 1 }] },
    });
    expect(own.statusCode, own.body).toBe(201);
    expect(parse(own.json<ReportWidget>().Config).dataFilters).toEqual({
      TopicCount: 5,
      MultipleSurveySet: [{ A: 1 }],
    });
  });

  it('lets a viewer read the widgets of a report they see', async () => {
    const report = await createReport(manager);
    await t.call('POST', '/api/rolereports', {
      token: manager,
      body: { ReportId: report.Id, RoleId: viewerRoleId },
    });
    const widget = (await addWidget(manager, report.Id, { title: 'visible' }, 2)).json<ReportWidget>();
    const page = (
      await t.call('GET', `/api/reportWidgets?$filter=Id eq ${widget.Id}`, { token: viewer })
    ).json<{ Items: ReportWidget[]; Count: number }>();
    expect(page.Items).toEqual([widget]);
  });
});

describe('role assignments', () => {
  it('adds, lists (with and without the trailing slash) and removes assignments', async () => {
    const report = await createReport(manager);
    const added = await t.call('POST', '/api/rolereports/', {
      token: manager,
      body: { ReportId: report.Id, RoleId: viewerRoleId },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<RoleReport>()).toEqual({
      ReportId: report.Id,
      RoleId: viewerRoleId,
      RoleName: 'Report Viewer',
      Config: '{}',
    });
    // Adding again is harmless: the assignment is kept (with the Config given).
    const again = await t.call('POST', '/api/rolereports', {
      token: manager,
      body: { ReportId: report.Id, RoleId: viewerRoleId, Config: '{"advanced":true}' },
    });
    expect(again.statusCode).toBe(201);
    expect(await rolesOf(report.Id)).toEqual([managerRoleId, viewerRoleId].sort((a, b) => a - b));

    for (const path of ['/api/rolereports/', '/api/rolereports']) {
      const page = (
        await t.call('GET', `${path}?$orderby=RoleId&$filter=ReportId eq ${report.Id}`, { token: manager })
      ).json<{ Items: RoleReport[]; Count: number }>();
      expect(page.Count).toBe(2);
      expect(page.Items.map((item) => item.RoleId)).toEqual(
        [managerRoleId, viewerRoleId].sort((a, b) => a - b),
      );
      expect(page.Items.find((item) => item.RoleId === viewerRoleId)).toMatchObject({
        RoleName: 'Report Viewer',
        Config: '{"advanced":true}',
      });
    }

    const removed = await t.call('DELETE', `/api/rolereports/${viewerRoleId}/${report.Id}`, {
      token: manager,
    });
    expect(removed.statusCode).toBe(204);
    expect(await rolesOf(report.Id)).toEqual([managerRoleId]);
    const missing = await t.call('DELETE', `/api/rolereports/${viewerRoleId}/${report.Id}`, {
      token: manager,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps the own first role out of reach without report:advance (403), other roles are fine', async () => {
    const report = await createReport(basic);
    expect(await rolesOf(report.Id)).toEqual([basicRoleId]);
    // Another role (here the caller's second role) can be added and removed.
    const added = await t.call('POST', '/api/rolereports', {
      token: basic,
      body: { ReportId: report.Id, RoleId: managerRoleId },
    });
    expect(added.statusCode).toBe(201);
    const before = await snapshot();
    const removeOwn = await t.call('DELETE', `/api/rolereports/${basicRoleId}/${report.Id}`, {
      token: basic,
    });
    expect(removeOwn.statusCode).toBe(403);
    const addOwn = await t.call('POST', '/api/rolereports', {
      token: basic,
      body: { ReportId: report.Id, RoleId: basicRoleId, Config: '{"changed":true}' },
    });
    expect(addOwn.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
    const removeOther = await t.call('DELETE', `/api/rolereports/${managerRoleId}/${report.Id}`, {
      token: basic,
    });
    expect(removeOther.statusCode).toBe(204);
  });

  it('lets report:advance change the own role, but never removes the last assignment (3113)', async () => {
    const report = await createReport(manager);
    await t.call('POST', '/api/rolereports', {
      token: manager,
      body: { ReportId: report.Id, RoleId: viewerRoleId },
    });
    const before = await snapshot();
    const last = await t.call('DELETE', `/api/rolereports/${viewerRoleId}/${report.Id}`, { token: viewer });
    expect(last.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);

    const own = await t.call('DELETE', `/api/rolereports/${managerRoleId}/${report.Id}`, { token: manager });
    expect(own.statusCode).toBe(204);
    // Now only the viewers see it; the manager no longer does.
    expect((await t.call('GET', `/api/reporteditor/${report.Id}`, { token: manager })).statusCode).toBe(404);

    const viewerManager = await createUser('viewer-manager', [viewerRoleId]);
    const token = await t.tokenFor({
      userId: viewerManager,
      tenantId: t.tenantId,
      scopes: ['report:manage', 'report:advance'],
    });
    const beforeLast = await snapshot();
    const lastOne = await t.call('DELETE', `/api/rolereports/${viewerRoleId}/${report.Id}`, { token });
    expect(lastOne.statusCode).toBe(400);
    expect(lastOne.json<{ Code: number }>().Code).toBe(3113);
    expect(await snapshot()).toEqual(beforeLast);
  });

  it('refuses an unknown role (2100) and an unknown report (404)', async () => {
    const report = await createReport(manager);
    const unknownRole = await t.call('POST', '/api/rolereports', {
      token: manager,
      body: { ReportId: report.Id, RoleId: 999_999 },
    });
    expect(unknownRole.statusCode).toBe(400);
    expect(unknownRole.json<{ Code: number }>().Code).toBe(2100);
    const unknownReport = await t.call('POST', '/api/rolereports', {
      token: manager,
      body: { ReportId: 999_999, RoleId: viewerRoleId },
    });
    expect(unknownReport.statusCode).toBe(404);
  });
});

describe('saved user filters', () => {
  const save = (token: string, body: Record<string, unknown>, id?: number) =>
    t.call(
      id === undefined ? 'POST' : 'PUT',
      id === undefined ? '/api/users/filter/' : `/api/users/filter/${id}`,
      { token, body },
    );

  it('creates, lists, renames and deletes the caller own filters', async () => {
    const created = await save(viewer, {
      Page: 'report-1',
      Name: 'Istanbul',
      Config: '{"ChannelSet":{"Ids":[3]}}',
    });
    expect(created.statusCode, created.body).toBe(201);
    const filter = created.json<UserFilter>();
    expect(filter).toMatchObject({ Page: 'report-1', Name: 'Istanbul', IsSaved: true });
    await save(viewer, { Page: 'report-1', Name: 'Ankara', Config: '{}' });
    await save(viewer, { Page: 'report-2', Name: 'Elsewhere', Config: '{}' });

    const list = (await t.call('GET', '/api/users/filter?page=report-1', { token: viewer })).json<
      UserFilter[]
    >();
    expect(list.map((item) => item.Name)).toEqual(['Ankara', 'Istanbul']);

    const renamed = await save(
      viewer,
      { Page: 'report-1', Name: 'İstanbul Avrupa', Config: '{}', IsSaved: false },
      filter.Id,
    );
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<UserFilter>()).toMatchObject({
      Id: filter.Id,
      Name: 'İstanbul Avrupa',
      IsSaved: false,
      Config: '{}',
    });

    expect((await t.call('DELETE', `/api/users/filter/${filter.Id}`, { token: viewer })).statusCode).toBe(
      204,
    );
    const after = (await t.call('GET', '/api/users/filter?page=report-1', { token: viewer })).json<
      UserFilter[]
    >();
    expect(after.map((item) => item.Name)).toEqual(['Ankara']);
  });

  it('refuses a name the caller already uses on the page, any case (12001); other pages and users are free', async () => {
    const first = (
      await save(manager, { Page: 'dup-page', Name: 'My Filter', Config: '{}' })
    ).json<UserFilter>();
    const second = (
      await save(manager, { Page: 'dup-page', Name: 'Second', Config: '{}' })
    ).json<UserFilter>();
    const before = await snapshot();
    for (const [body, id] of [
      [{ Page: 'dup-page', Name: 'my filter', Config: '{}' }, undefined],
      [{ Page: 'dup-page', Name: 'MY FILTER', Config: '{}' }, second.Id],
    ] as const) {
      const response = await save(manager, body, id);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ Code: number }>().Code).toBe(12001);
    }
    expect(await snapshot()).toEqual(before);
    expect((await save(manager, { Page: 'other-page', Name: 'My Filter', Config: '{}' })).statusCode).toBe(
      201,
    );
    expect((await save(viewer, { Page: 'dup-page', Name: 'My Filter', Config: '{}' })).statusCode).toBe(201);
    // Saving a filter under its own name is not a clash.
    expect(
      (await save(manager, { Page: 'dup-page', Name: 'my filter', Config: '{"x":1}' }, first.Id)).statusCode,
    ).toBe(200);
  });

  it("answers 404 for another user's filter and never lists it", async () => {
    const theirs = (await save(manager, { Page: 'private', Name: 'Mine', Config: '{}' })).json<UserFilter>();
    const before = await snapshot();
    expect(
      (await save(viewer, { Page: 'private', Name: 'Stolen', Config: '{}' }, theirs.Id)).statusCode,
    ).toBe(404);
    expect((await t.call('DELETE', `/api/users/filter/${theirs.Id}`, { token: viewer })).statusCode).toBe(
      404,
    );
    expect(await snapshot()).toEqual(before);
    expect((await t.call('GET', '/api/users/filter?page=private', { token: viewer })).json()).toEqual([]);
  });

  it('validates the body (Config must be JSON, Name and Page required)', async () => {
    for (const body of [
      { Page: 'p', Name: 'n', Config: 'nope' },
      { Page: 'p', Name: '  ', Config: '{}' },
      { Page: '', Name: 'n', Config: '{}' },
    ]) {
      const response = await save(viewer, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ Code: number }>().Code).toBe(3333);
    }
    expect((await t.call('GET', '/api/users/filter', { token: viewer })).statusCode).toBe(400);
  });
});

describe('report:read only (viewer)', () => {
  it('is refused with 403 on every write route, and nothing changes', async () => {
    const report = await createReport(manager);
    await t.call('POST', '/api/rolereports', {
      token: manager,
      body: { ReportId: report.Id, RoleId: viewerRoleId },
    });
    const widget = (await addWidget(manager, report.Id)).json<ReportWidget>();
    const writes: Omit<Call, 'token'>[] = [
      { method: 'POST', url: '/api/reporteditor', body: { Title: 'Viewer Report', Config: '{}' } },
      {
        method: 'PUT',
        url: `/api/reporteditor/${report.Id}`,
        body: { Id: report.Id, Title: 'Viewer Rename', Config: '{}' },
      },
      { method: 'DELETE', url: `/api/reporteditor/${report.Id}` },
      { method: 'DELETE', url: `/api/reporteditor/${report.Id}/` },
      { method: 'PUT', url: '/api/reporteditor/changeReportOrders', body: [{ Id: report.Id, Order: 0 }] },
      { method: 'POST', url: '/api/reportWidgets', body: { ReportId: report.Id, WidgetId: 1, Config: '{}' } },
      {
        method: 'PUT',
        url: `/api/reportWidgets/${widget.Id}`,
        body: { ReportId: report.Id, WidgetId: 1, Config: '{}' },
      },
      { method: 'DELETE', url: `/api/reportWidgets/${widget.Id}` },
      { method: 'DELETE', url: `/api/reportWidgets/${widget.Id}/` },
      { method: 'POST', url: '/api/rolereports', body: { ReportId: report.Id, RoleId: adminRoleId } },
      { method: 'POST', url: '/api/rolereports/', body: { ReportId: report.Id, RoleId: adminRoleId } },
      { method: 'DELETE', url: `/api/rolereports/${managerRoleId}/${report.Id}` },
      { method: 'GET', url: '/api/rolereports/roleChoices' },
    ];
    // Every write route of the module is in the list above.
    const writeRoutes = t.app.routeRegistry
      .filter((route) => route.method !== 'GET' && route.method !== 'HEAD')
      .filter((route) => /^\/api\/(reporteditor|reportWidgets|rolereports)/.test(route.url))
      .filter((route) => !/\/(query|export)$/.test(route.url))
      .map((route) => `${route.method} ${route.url}`);
    const covered = writes.map((write) => `${write.method} ${write.url}`);
    for (const route of writeRoutes) {
      const pattern = new RegExp(`^${route.replace(/:\w+/g, '\\d+')}$`);
      expect(
        covered.some((name) => pattern.test(name)),
        route,
      ).toBe(true);
    }

    const before = await snapshot();
    for (const write of writes) {
      const response = await t.call(write.method, write.url, { token: viewer, body: write.body });
      expect(response.statusCode, `${write.method} ${write.url}`).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
    // Reading stays open to the viewer.
    expect((await t.call('GET', `/api/reporteditor/${report.Id}`, { token: viewer })).statusCode).toBe(200);
  });
});

describe('GET /api/report-list', () => {
  type Row = {
    Id: number;
    Title: string;
    Category: string;
    Slug: string;
    WidgetCount: number;
    RoleNames: string[];
    ScopedData: boolean;
    UpdatedAt: string;
  };
  const list = (token: string, query = '') => t.call('GET', `/api/report-list${query}`, { token });

  it("lists the caller's reports with widget count, roles by name, scoped flag and last change", async () => {
    const before = Date.now();
    const report = await createReport(manager, {
      Title: 'Listed Report',
      Category: 'Branches',
      Config: '{"scopedData":true}',
    });
    await addWidget(manager, report.Id);
    await addWidget(manager, report.Id);
    await t.call('POST', '/api/rolereports', {
      token: manager,
      body: { ReportId: report.Id, RoleId: viewerRoleId },
    });

    const response = await list(manager, `?$filter=Id eq ${report.Id}`);
    expect(response.statusCode, response.body).toBe(200);
    const { Items, Count } = response.json<{ Items: Row[]; Count: number }>();
    expect(Count).toBe(1);
    expect(Items[0]).toEqual({
      Id: report.Id,
      Title: 'Listed Report',
      Category: 'Branches',
      Slug: 'listed-report',
      WidgetCount: 2,
      RoleNames: ['Report Manager', 'Report Viewer'],
      ScopedData: true,
      UpdatedAt: expect.any(String),
    });
    expect(Date.parse(Items[0]!.UpdatedAt)).toBeGreaterThanOrEqual(before - 1000);

    // Filters and sorts on the computed columns.
    const scoped = (await list(manager, '?$filter=ScopedData eq true and WidgetCount ge 2')).json<{
      Items: Row[];
    }>();
    expect(scoped.Items.map((row) => row.Id)).toContain(report.Id);
    expect(scoped.Items.every((row) => row.ScopedData && row.WidgetCount >= 2)).toBe(true);
    const byRole = (
      await list(manager, "?$filter=contains(RoleNames,'Viewer')&$orderby=UpdatedAt desc")
    ).json<{
      Items: Row[];
    }>();
    expect(byRole.Items.map((row) => row.Id)).toContain(report.Id);
  });

  it('lists only reports the caller sees, of their tenant, and only for report:manage', async () => {
    const hidden = await createReport(admin, { Title: 'List Hidden From Manager' });
    const ids = (await list(manager, '?$top=500')).json<{ Items: Row[] }>().Items.map((row) => row.Id);
    expect(ids).not.toContain(hidden.Id);
    const other = (await list(otherTenant, '?$top=500')).json<{ Items: Row[] }>().Items.map((row) => row.Id);
    expect(other).not.toContain(hidden.Id);
    expect((await list(viewer)).statusCode).toBe(403);
    expect((await list(manager, '?$filter=Config eq 1')).statusCode).toBe(400);
  });
});
