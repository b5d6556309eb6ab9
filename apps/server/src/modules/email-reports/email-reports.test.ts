import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type EmailReport, type EmailReportSave } from '@loupe/contracts';
import { loadConfig } from '../../config.js';
import { audits, emailReports, reports, roleReports, roles, tenants, users } from '../../db/schema/index.js';
import { signInNewUser } from '../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/*
 * Email report notifications' API (docs/email-reports.md): the records, their references checked against the
 * tenant, send-now and the schedule's tick. The PDF itself is drawn by Chromium from the built console, which the
 * API suite does not serve: e2e/tests/email-reports.spec.ts checks the mailed PDF (pdftotext) end to end. Here the
 * browser path points nowhere, so a run records why it could not draw, without a 5xx and without a mail.
 */

const PATH = '/api/email-report-notifications';
const MISSING_BROWSER = '/nonexistent/chromium';

let t: TestApp;
let manager: string;
let reader: string;
let other: string;
let reportId: number;
let otherReportId: number;
let userId: number;
let roleId: number;
let otherUserId: number;

beforeAll(async () => {
  t = await createTestApp({ config: { ...loadConfig(), reportPdfBrowser: MISSING_BROWSER } });
  await t.app.ready();
  const db = t.database.db;
  manager = await signInNewUser(t, {
    userName: 'er-manager',
    tenantId: t.tenantId,
    scopes: ['report:manage'],
  });
  reader = await signInNewUser(t, { userName: 'er-reader', tenantId: t.tenantId, scopes: ['report:read'] });
  const [user] = await db
    .update(users)
    .set({ email: 'er-manager@loupe.test' })
    .where(eq(users.userName, 'er-manager'))
    .returning({ id: users.id });
  userId = user!.id;
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'er-reader role'));
  roleId = role!.id;
  const [report] = await db
    .insert(reports)
    .values({ tenantId: t.tenantId, title: 'Email pack report' })
    .returning({ id: reports.id });
  reportId = report!.id;
  // The manager sees the report (their role is assigned it): runs for them get as far as drawing the PDF.
  const [managerRole] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.name, 'er-manager role'));
  await db.insert(roleReports).values({ tenantId: t.tenantId, roleId: managerRole!.id, reportId });
  const [tenant] = await db.insert(tenants).values({ name: 'Other Email Co' }).returning({ id: tenants.id });
  other = await signInNewUser(t, { userName: 'er-other', tenantId: tenant!.id, scopes: ['config:manage'] });
  const [otherUser] = await db.select({ id: users.id }).from(users).where(eq(users.userName, 'er-other'));
  otherUserId = otherUser!.id;
  const [otherReport] = await db
    .insert(reports)
    .values({ tenantId: tenant!.id, title: 'Other pack report' })
    .returning({ id: reports.id });
  otherReportId = otherReport!.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const bodyOf = (extra: Partial<EmailReportSave> = {}): EmailReportSave => ({
  ReportId: reportId,
  UserId: userId,
  Subject: 'Your weekly pack',
  Body: 'Hello,\nthe report is attached.',
  ...extra,
});

async function created(extra: Partial<EmailReportSave> = {}): Promise<EmailReport> {
  const response = await t.call('POST', PATH, { token: manager, body: bodyOf(extra) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<EmailReport>();
}

/** The row once a run has finished (LastRunAt set after `after`). */
async function ranAfter(id: number, after: Date): Promise<typeof emailReports.$inferSelect> {
  for (let waited = 0; waited < 20_000; waited += 100) {
    const [row] = await t.database.db.select().from(emailReports).where(eq(emailReports.id, id));
    if (row?.lastRunAt && row.lastRunAt > after) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`email report ${id} did not run`);
}

describe('email report notifications', () => {
  it('creates one with the defaults, the next runs and the names it refers to; audited', async () => {
    const item = await created();
    expect(item).toMatchObject({
      ReportId: reportId,
      ReportTitle: 'Email pack report',
      UserId: userId,
      UserName: 'er-manager',
      RoleId: null,
      CronExpression: '0 * * * *',
      IsActive: true,
      LastRunAt: null,
      LastSentCount: null,
    });
    expect(item.NextRuns).toHaveLength(3);
    for (const at of item.NextRuns) expect(new Date(at).getUTCMinutes()).toBe(0);
    const [audit] = await t.database.db
      .select()
      .from(audits)
      .where(eq(audits.operationScope, 'EmailReport'))
      .orderBy(audits.id);
    expect(audit).toBeDefined();

    const list = await t.call('GET', `${PATH}?$filter=Id eq ${item.Id}`, { token: manager });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ Count: number }>().Count).toBe(1);

    const replaced = await t.call('PUT', `${PATH}/${item.Id}`, {
      token: manager,
      body: bodyOf({ UserId: null, RoleId: roleId, CronExpression: '30 6 * * 1', IsActive: false }),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json<EmailReport>()).toMatchObject({
      UserId: null,
      RoleId: roleId,
      RoleName: 'er-reader role',
      NextRuns: [],
    });
    const options = await t.call('GET', `${PATH}/options`, { token: manager });
    expect(options.statusCode, options.body).toBe(200);
    const offered = options.json<{ Reports: { Id: number }[]; Users: { Id: number }[] }>();
    expect(offered.Reports.map((report) => report.Id)).toEqual([reportId]);
    // Users with an email only (the reader has none), and none of the other tenant.
    const offeredUsers = offered.Users.map((user) => user.Id);
    expect(offeredUsers).toContain(userId);
    expect(offeredUsers).not.toContain(otherUserId);
    const [readerRow] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.userName, 'er-reader'));
    expect(offeredUsers).not.toContain(readerRow!.id);
    expect((await t.call('DELETE', `${PATH}/${item.Id}`, { token: manager })).statusCode).toBe(204);
    expect((await t.call('GET', `${PATH}/${item.Id}`, { token: manager })).statusCode).toBe(404);
  });

  it('refuses a report, user or role of another tenant, both or neither recipient, and a six-field cron', async () => {
    const refused = async (body: Partial<EmailReportSave>, code: number) => {
      const response = await t.call('POST', PATH, { token: manager, body: bodyOf(body) });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ Code: number }>().Code).toBe(code);
    };
    await refused({ ReportId: otherReportId }, ErrorCode.EmailReportReportUnknown);
    await refused({ RoleId: roleId }, ErrorCode.EmailReportRecipient);
    await refused({ UserId: null }, ErrorCode.EmailReportRecipient);
    await refused({ UserId: otherUserId }, ErrorCode.EmailReportReferenceUnknown);
    await refused({ SurveyId: 2_000_000_000 }, ErrorCode.EmailReportReferenceUnknown);
    await refused({ CronExpression: '0 0 * * * *' }, ErrorCode.ModelNotValid);
    await refused({ Subject: 'x'.repeat(201) }, ErrorCode.ModelNotValid);
  });

  it('is closed to callers without the scopes and to other tenants', async () => {
    const item = await created();
    expect((await t.call('GET', PATH, { token: reader })).statusCode).toBe(403);
    expect((await t.call('POST', `${PATH}/${item.Id}/send`, { token: reader })).statusCode).toBe(403);
    expect((await t.call('GET', `${PATH}/${item.Id}`, { token: other })).statusCode).toBe(404);
    expect((await t.call('POST', `${PATH}/${item.Id}/send`, { token: other })).statusCode).toBe(404);
  });

  it('names at once the recipients whose console shows no report page, without drawing a PDF', async () => {
    // er-reader holds report:read but the report is assigned to none of their roles; er-admin holds no report
    // scope. Neither run reaches the (missing) browser: the error names the recipient and why.
    await signInNewUser(t, { userName: 'er-admin', tenantId: t.tenantId, scopes: ['config:manage'] });
    await t.database.db
      .update(users)
      .set({ email: 'er-recipient@loupe.test' })
      .where(inArray(users.userName, ['er-reader', 'er-admin']));
    const [admin] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.userName, 'er-admin'));
    const cases = [
      {
        recipient: { UserId: null, RoleId: roleId },
        error: 'er-reader: the report is assigned to none of their roles',
      },
      {
        recipient: { UserId: admin!.id },
        error: 'er-admin: no role of theirs grants report:read or report:manage',
      },
    ];
    for (const { recipient, error } of cases) {
      const item = await created(recipient);
      const before = new Date();
      expect((await t.call('POST', `${PATH}/${item.Id}/send`, { token: manager })).statusCode).toBe(202);
      const row = await ranAfter(item.Id, before);
      expect(row.lastError).toBe(error);
      expect(row.lastSentCount).toBe(0);
    }
  });

  it('send now records that no browser could draw the PDF, and the tick runs a due time once', async () => {
    const item = await created({ CronExpression: '* * * * *' });
    const before = new Date();
    const sent = await t.call('POST', `${PATH}/${item.Id}/send`, { token: manager });
    expect(sent.statusCode, sent.body).toBe(202);
    const row = await ranAfter(item.Id, before);
    expect(row.lastError).toContain(MISSING_BROWSER);
    expect(row.lastSentCount).toBe(0);
    const read = (await t.call('GET', `${PATH}/${item.Id}`, { token: manager })).json<EmailReport>();
    expect(read.LastError).toContain('REPORT_PDF_BROWSER');

    // Due since two minutes ago: one tick queues one run and moves the cursor; a second tick finds nothing due.
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await t.database.db
      .update(emailReports)
      .set({ scheduledFrom: twoMinutesAgo })
      .where(eq(emailReports.id, item.Id));
    const beforeTick = new Date();
    await t.app.scheduler.runNow('email-report-tick');
    await ranAfter(item.Id, beforeTick);
    const [moved] = await t.database.db.select().from(emailReports).where(eq(emailReports.id, item.Id));
    expect(moved!.scheduledFrom.getTime()).toBeGreaterThan(twoMinutesAgo.getTime());
    expect(moved!.scheduledFrom.getTime()).toBeLessThanOrEqual(Date.now());
    expect(moved!.scheduledFrom.getUTCSeconds()).toBe(0);
    const cursor = moved!.scheduledFrom.getTime();
    await t.app.scheduler.runNow('email-report-tick');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const [again] = await t.database.db.select().from(emailReports).where(eq(emailReports.id, item.Id));
    // Unless a new minute began meanwhile, the cursor stays and no second run happened.
    if (again!.scheduledFrom.getTime() === cursor) expect(again!.lastRunAt).toEqual(moved!.lastRunAt);
  });
});
