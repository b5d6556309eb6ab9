// eslint-disable-next-line import-x/default -- exceljs is CommonJS: Node's ESM loader offers it as the default export only
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type FtpExport, type FtpExportRun, type FtpExportSave } from '@loupe/contracts';
import { createMailer } from '../../core/mailer.js';
import { audits, ftpExportRuns, ftpExports, tenants, users } from '../../db/schema/index.js';
import { createLogger } from '../../logger.js';
import { startFtpReceiver, type FtpReceiver } from '../../test/ftp-receiver.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtp-catcher.js';
import { signInNewUser } from '../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createWidgetFixture, type WidgetFixture } from '../../test/widget-fixture.js';
import { nextRunOf } from './ftp-export-schedule.js';

/*
 * FTP exports of answers (docs/ftp-export.md) against real parts (issue 18 item 8 acceptance): a local ftp-srv
 * receives the file, a local SMTP server the mail, the answers come from the replica through the answers table's
 * own query. The answers are in March 2026 (and one in April, outside the filter), whatever the day of the run.
 */

const PATH = '/api/export-ftp-surveys-answer';
const PASSWORD = 'Ftp-Secret-1';

let t: TestApp;
let f: WidgetFixture;
let ftp: FtpReceiver;
let smtp: SmtpCatcher;
let manager: string;
let managerId: number;
let reader: string;
let other: string;

beforeAll(async () => {
  ftp = await startFtpReceiver({ password: PASSWORD });
  smtp = await startSmtpCatcher();
  const mailer = createMailer({
    smtpUrl: smtp.url,
    from: 'Loupe <no-reply@loupe.test>',
    logger: createLogger('silent'),
  });
  t = await createTestApp({ mailer });
  f = await createWidgetFixture(t);
  const at = (day: string) => `2026-03-${day}T12:00:00+03:00`;
  const sessions: [number, string, string][] = [
    [10, '02', 'Harika hizmet, teşekkürler'],
    [9, '03', 'Quick, "friendly", helpful'],
    [3, '04', 'Too slow,\nwaited an hour'],
  ];
  for (const [score, day, comment] of sessions)
    await f.addSession({
      transactionAt: at(day),
      answeredAt: at(day),
      scores: [[f.questions.nps, score]],
      comment,
    });
  // Outside the filter's March: not sent.
  await f.addSession({
    transactionAt: '2026-04-02T12:00:00+03:00',
    answeredAt: '2026-04-02T12:00:00+03:00',
    scores: [[f.questions.nps, 8]],
  });
  await t.replica.flush();
  await t.app.ready();
  manager = await signInNewUser(t, {
    userName: 'ftp-manager',
    tenantId: t.tenantId,
    scopes: ['surveyanswers'],
  });
  const [row] = await t.database.db
    .update(users)
    .set({ email: 'ftp-manager@loupe.test' })
    .where(eq(users.userName, 'ftp-manager'))
    .returning({ id: users.id });
  managerId = row!.id;
  reader = await signInNewUser(t, { userName: 'ftp-reader', tenantId: t.tenantId, scopes: ['survey:read'] });
  const [tenant] = await t.database.db
    .insert(tenants)
    .values({ name: 'Other FTP Co' })
    .returning({ id: tenants.id });
  other = await signInNewUser(t, { userName: 'ftp-other', tenantId: tenant!.id, scopes: ['surveyanswers'] });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await ftp?.close();
});

const db = () => t.database.db;
let serial = 0;

const bodyOf = (extra: Partial<FtpExportSave> = {}): FtpExportSave => ({
  Name: `Answers ${++serial}`,
  UserIds: [managerId],
  EmailSubject: 'Answers are on the FTP server',
  EmailBody: 'Hello,\nthe answers are there.',
  FtpUrl: ftp.url,
  FtpUsername: ftp.user,
  FtpPassword: PASSWORD,
  FtpFolderPath: `/in-${serial}`,
  SurveyIds: [f.surveyId],
  Filter: { TimeRange: ['2026-03-01', '2026-03-31'] },
  ...extra,
});

async function created(extra: Partial<FtpExportSave> = {}): Promise<FtpExport> {
  const response = await t.call('POST', PATH, { token: manager, body: bodyOf(extra) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<FtpExport>();
}

/** Runs the export now and waits for the transfer to finish; answers its run. */
async function runNow(id: number): Promise<FtpExportRun> {
  const before = (await db().select().from(ftpExportRuns).where(eq(ftpExportRuns.ftpExportId, id))).length;
  const queued = await t.call('POST', `${PATH}/${id}/run`, { token: manager });
  expect(queued.statusCode, queued.body).toBe(202);
  return finishedRun(id, before);
}

async function finishedRun(id: number, before: number): Promise<FtpExportRun> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const response = await t.call('GET', `${PATH}/${id}/runs`, { token: manager });
    const runs = response.json<FtpExportRun[]>();
    if (runs.length > before && runs[0]!.Status !== 'running') return runs[0]!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the transfer did not finish in 30 s');
}

const csvLines = (file: Buffer) =>
  file
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');

describe('FTP export records', () => {
  it('creates, reads, lists, replaces and deletes; the password is sealed, never answered, redacted in the audit', async () => {
    const item = await created({ Name: 'Weekly answers' });
    expect(item).toMatchObject({
      Name: 'Weekly answers',
      HasPassword: true,
      CreateUniqueFolderForEachTransfer: true,
      CronExpression: '* * * * *',
      IsActive: false,
      FileFormat: 'csv',
      LastUploadDate: null,
    });
    expect(JSON.stringify(item)).not.toContain(PASSWORD);
    const [row] = await db().select().from(ftpExports).where(eq(ftpExports.id, item.Id));
    expect(row!.ftpPasswordSealed).toMatch(/^v1\./);
    expect(row!.ftpPasswordSealed).not.toContain(PASSWORD);

    const grid = await t.call('GET', `${PATH}?$filter=${encodeURIComponent("Name eq 'Weekly answers'")}`, {
      token: manager,
    });
    expect(grid.statusCode, grid.body).toBe(200);
    expect(grid.json<{ Count: number; Items: FtpExport[] }>().Items.map((x) => x.Id)).toEqual([item.Id]);
    expect(grid.body).not.toContain(PASSWORD);

    // An update without a password keeps the stored one.
    const put = await t.call('PUT', `${PATH}/${item.Id}`, {
      token: manager,
      body: bodyOf({
        Name: 'Daily answers',
        FtpPassword: '',
        CronExpression: '0 6 * * * +03:00',
        IsActive: true,
      }),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<FtpExport>()).toMatchObject({ Name: 'Daily answers', HasPassword: true, IsActive: true });
    const [updated] = await db().select().from(ftpExports).where(eq(ftpExports.id, item.Id));
    expect(updated!.ftpPasswordSealed).toBe(row!.ftpPasswordSealed);
    // 06:00 at +03:00 is 03:00 UTC.
    expect(updated!.nextRunAt!.toISOString()).toMatch(/T03:00:00\.000Z$/);

    const trail = await db().select().from(audits).where(eq(audits.operationScope, 'ExportFtpSurveysAnswer'));
    expect(trail.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(trail)).not.toContain(PASSWORD);
    expect(JSON.stringify(trail)).not.toContain(row!.ftpPasswordSealed);

    expect((await t.call('DELETE', `${PATH}/${item.Id}`, { token: manager })).statusCode).toBe(204);
    expect((await t.call('GET', `${PATH}/${item.Id}`, { token: manager })).statusCode).toBe(404);
  });

  it('refuses bad input with 3333 by field and changes nothing', async () => {
    const count = async () => (await db().select().from(ftpExports)).length;
    const before = await count();
    const cases: [Partial<FtpExportSave>, string][] = [
      [{ FtpUrl: 'http://files.example.com' }, 'FtpUrl'],
      [{ CronExpression: '61 * * * *' }, 'CronExpression'],
      [{ Name: 'a\u0000b' }, 'Name'],
      [{ SurveyIds: [] }, 'SurveyIds'],
      [{ SurveyIds: [2_147_483_648] }, 'SurveyIds'],
      [{ FtpPassword: '' }, 'FtpPassword'],
      [{ UserIds: [2_147_483_647] }, 'UserIds'],
    ];
    for (const [extra, field] of cases) {
      const response = await t.call('POST', PATH, { token: manager, body: bodyOf(extra) });
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      const body = response.json<{ Code: number; Details: { Path: string; Message: string }[] }>();
      expect(body.Code).toBe(ErrorCode.ModelNotValid);
      expect(body.Details.map((detail) => detail.Path).join()).toContain(field);
      // Worded in the caller's language (English here), never an i18n key.
      expect(JSON.stringify(body.Details)).not.toContain('validation:');
    }
    expect(await count()).toBe(before);
  });

  it('is scope-guarded and confined to the tenant', async () => {
    const item = await created();
    expect((await t.call('GET', PATH, { token: reader })).statusCode).toBe(403);
    expect((await t.call('GET', `${PATH}/${item.Id}`, { token: other })).statusCode).toBe(404);
    expect((await t.call('POST', `${PATH}/${item.Id}/run`, { token: other })).statusCode).toBe(404);
    const foreignPut = await t.call('PUT', `${PATH}/${item.Id}`, { token: other, body: bodyOf() });
    expect(foreignPut.statusCode).toBe(404);
    expect((await t.call('DELETE', `${PATH}/${item.Id}`, { token: other })).statusCode).toBe(404);
    const list = await t.call('GET', PATH, { token: other });
    expect(list.json<{ Count: number }>().Count).toBe(0);
  });
});

describe('FTP transfers', () => {
  it('lands a CSV of the chosen survey’s answers (filter applied) in a folder of its own, mails the users, sets lastUploadDate', async () => {
    const item = await created();
    const mailsBefore = smtp.mails.length;
    const run = await runNow(item.Id);
    expect(run).toMatchObject({ Status: 'succeeded', RowCount: 3, Manual: true, Error: null });

    const files = (await ftp.files()).filter((file) => file.startsWith(`/in-${serial}/`));
    expect(files).toEqual([run.RemotePath]);
    // /in-N/<stamp>-<run id>/answers-<stamp>-<run id>.csv
    expect(run.RemotePath).toMatch(
      new RegExp(`^/in-${serial}/[0-9T-]+Z-${run.Id}/answers-[0-9T-]+Z-${run.Id}\\.csv$`),
    );
    const lines = csvLines(await ftp.read(run.RemotePath!));
    expect(lines[0]).toBe('Tarih,Anket,Kanal,Ürün,NPS puanı,Katılımcı tipi,Yorum,Oturum no');
    // Three answers of March, newest first; the April one is outside the filter.
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('Too slow,\nwaited an hour'.replace('\n', '\n'));
    expect(lines.slice(1).map((line) => line.slice(0, 10))).toEqual([
      '2026-03-04',
      '2026-03-03',
      '2026-03-02',
    ]);
    expect(lines.join('\n')).toContain('"Quick, ""friendly"", helpful"');
    expect(lines.join('\n')).toContain('Harika hizmet, teşekkürler');

    const mail = await smtp.waitForMail('ftp-manager@loupe.test', { afterCount: mailsBefore });
    expect(mail.subject).toBe('Answers are on the FTP server');
    expect(mail.text).toContain(run.RemotePath!);

    const read = await t.call('GET', `${PATH}/${item.Id}`, { token: manager });
    expect(read.json<FtpExport>().LastUploadDate).not.toBeNull();
  });

  it('writes .xlsx straight into the folder when no unique folder is asked for', async () => {
    const item = await created({ FileFormat: 'xlsx', CreateUniqueFolderForEachTransfer: false, UserIds: [] });
    const run = await runNow(item.Id);
    expect(run).toMatchObject({ Status: 'succeeded', RowCount: 3 });
    expect(run.RemotePath).toMatch(new RegExp(`^/in-${serial}/answers-[0-9T-]+Z-${run.Id}\\.xlsx$`));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await ftp.read(run.RemotePath!)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).getCell(5).value).toBe(3);
  });

  it('records a refused sign-in as a failed run and keeps lastUploadDate', async () => {
    const item = await created({ FtpPassword: 'Wrong-Password-1' });
    const run = await runNow(item.Id);
    expect(run.Status).toBe('failed');
    expect(run.Error).toBeTruthy();
    expect(run.RemotePath).toBeNull();
    const read = await t.call('GET', `${PATH}/${item.Id}`, { token: manager });
    expect(read.json<FtpExport>().LastUploadDate).toBeNull();
  });

  it('the ftp-exports schedule starts the active exports that are due, once', async () => {
    const item = await created({ IsActive: true, UserIds: [] });
    const inactive = await created({ IsActive: false, UserIds: [] });
    await db()
      .update(ftpExports)
      .set({ nextRunAt: new Date(Date.now() - 60_000) })
      .where(eq(ftpExports.id, item.Id));
    await t.app.scheduler.runNow('ftp-exports');
    const run = await finishedRun(item.Id, 0);
    expect(run).toMatchObject({ Status: 'succeeded', RowCount: 3, Manual: false });
    const [row] = await db().select().from(ftpExports).where(eq(ftpExports.id, item.Id));
    expect(row!.nextRunAt!.getTime()).toBeGreaterThan(Date.now() - 1_000);
    const idle = await db()
      .select()
      .from(ftpExportRuns)
      .where(and(eq(ftpExportRuns.ftpExportId, inactive.Id)));
    expect(idle).toEqual([]);
  });
});

describe('nextRunOf', () => {
  it('reads the fields in UTC, or at the offset the cron ends in', () => {
    const after = new Date('2026-01-01T00:00:30Z');
    expect(nextRunOf('* * * * *', after)?.toISOString()).toBe('2026-01-01T00:01:00.000Z');
    expect(nextRunOf('0 6 * * *', after)?.toISOString()).toBe('2026-01-01T06:00:00.000Z');
    expect(nextRunOf('0 6 * * * +03:00', after)?.toISOString()).toBe('2026-01-01T03:00:00.000Z');
    expect(nextRunOf('not a cron', after)).toBeNull();
  });
});
