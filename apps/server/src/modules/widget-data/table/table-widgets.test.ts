// eslint-disable-next-line import-x/default -- exceljs is CommonJS: Node's ESM loader offers it as the default export only
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Scope, type WidgetDataRequest, type WidgetTablePage } from '@loupe/contracts';
import { answers, users } from '../../../db/schema/index.js';
import { insertTenant } from '../../../test/admin-api.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createWidgetFixture, type WidgetFixture } from '../../../test/widget-fixture.js';

/*
 * The table widgets against a hand-made world (test/widget-fixture.ts). March 2026, Demo Bank (UTC+3):
 *
 *   session  channel   product      transaction / answered        NPS   other
 *   s1       North-1   Credit card  03-01 20:00 / 03-02 09:30     10    two comments 'Harika', 'İkinci'
 *   s2       North-2   —            03-03 10:00                     9
 *   s3       North-1   —            03-04 10:00                     6    comment 'Yavaş'
 *   s4       South-1   —            03-05 10:00                     7
 *   s5       South-1   —            03-06 10:00                     3
 *   s6       Bank      —            03-07 10:00                     8    (level 1: no channel at level 2 or 3)
 *   s7       North-1   —            03-08 10:00 / not answered      —
 *   s8       North-1   —            02-15 10:00 (outside March)     0
 *   s9       South-1   Loans        03-10 10:00                    10    second survey
 *   s10      North-2   —            03-11 10:00                     —    effort 4 only
 *   s11      South-1   —            03-12 10:00                     9
 *   s12      North-2   —            02-28 10:00 / 03-01 10:00       5    answered in March, transaction in February
 *
 * By transaction date in March, NPS answers (promoters 9-10, neutrals 7-8, detractors 0-6):
 *   level 2: North = s1 10, s2 9, s3 6 -> 3 responses, P2 N0 D1, NPS 100/3, average 25/3
 *            South = s4 7, s5 3, s9 10, s11 9 -> 4 responses, P2 N1 D1, NPS 25, average 29/4
 *   level 3: North-1 = 10, 6 -> P1 D1, NPS 0, average 8; North-2 = 9 -> NPS 100, average 9; South-1 as South
 *   level 1: Bank = all eight (with s6 8) -> P4 N2 D2, NPS 25, average 62/8
 */

let t: TestApp;
let f: WidgetFixture;
let s: Record<string, number>;
let reader: string;
let exporter: string;

const MARCH: WidgetDataRequest = { TimeRange: ['2026-03-01', '2026-03-31'] };
const at = (day: string, time = '10:00') => `2026-${day}T${time}:00+03:00`;

beforeAll(async () => {
  t = await createTestApp();
  f = await createWidgetFixture(t);
  const q = f.questions;
  const session = (
    day: string,
    channelId: number,
    scores: [number, number][],
    extra: Partial<Parameters<WidgetFixture['addSession']>[0]> = {},
  ) => f.addSession({ transactionAt: at(day), answeredAt: at(day), channelId, scores, ...extra });
  const c = f.channels;
  s = {
    s1: await session('03-02', c.north1, [[q.nps, 10]], {
      transactionAt: at('03-01', '20:00'),
      answeredAt: at('03-02', '09:30'),
      productId: f.products.creditCard,
      comment: 'Harika',
    }),
    s2: await session('03-03', c.north2, [[q.nps, 9]]),
    s3: await session('03-04', c.north1, [[q.nps, 6]], { comment: 'Yavaş' }),
    s4: await session('03-05', c.south1, [[q.nps, 7]]),
    s5: await session('03-06', c.south1, [[q.nps, 3]]),
    s6: await session('03-07', c.bank, [[q.nps, 8]]),
    s7: await session('03-08', c.north1, [], { answeredAt: null }),
    s8: await session('02-15', c.north1, [[q.nps, 0]]),
    s9: await session('03-10', c.south1, [[q.secondNps, 10]], {
      surveyId: f.secondSurveyId,
      productId: f.products.loans,
    }),
    s10: await session('03-11', c.north2, [[q.effort, 4]]),
    s11: await session('03-12', c.south1, [[q.nps, 9]]),
    s12: await session('03-01', c.north2, [[q.nps, 5]], { transactionAt: at('02-28') }),
  };
  // A second comment of s1, given after the first: the table shows the first.
  await t.database.db
    .insert(answers)
    .values({ tenantId: f.tenantId, sessionId: s.s1!, questionId: q.comment, text: 'İkinci' });
  await t.replica.flush();

  const [admin] = await t.database.db.select().from(users).where(eq(users.userName, 'admin'));
  const token = (scopes: Scope[]) => t.tokenFor({ userId: admin!.id, tenantId: t.tenantId, scopes });
  reader = await token(['report:read']);
  exporter = await token(['report:read', 'report:export']);
});
afterAll(async () => t.close());

type Call = { path: string; query?: string; body?: WidgetDataRequest; token?: string; language?: string };

function call({ path, query = '', body = MARCH, token = reader, language = 'en' }: Call) {
  return t.call('POST', `/api/widget-data/${path}${query ? `?${query}` : ''}`, {
    token,
    body,
    // A browser in Istanbul: answer times are shown at +03:00 (widget-times.test.ts tries other offsets).
    headers: { language, TimezoneOffset: '-180' },
  });
}

async function page(options: Call): Promise<WidgetTablePage> {
  const response = await call(options);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WidgetTablePage>();
}

const channelTable = (level: number, extra: WidgetDataRequest = {}) => ({
  ...MARCH,
  ...extra,
  DataFilters: { TimeColumn: 'TransactionDateId' as const, ChannelColumnLevel: level, ...extra.DataFilters },
});

describe('POST /api/widget-data/channel-table', () => {
  it('answers NPS figures per channel at ChannelColumnLevel, by channel name', async () => {
    const result = await page({ path: 'channel-table', body: channelTable(2) });
    expect(result.Count).toBe(2);
    expect(result.Items).toEqual([
      {
        ChannelId: f.channels.north,
        Channel: 'North',
        Responses: 3,
        Promoters: 2,
        Neutrals: 0,
        Detractors: 1,
        Nps: 100 / 3,
        AverageScore: 25 / 3,
      },
      {
        ChannelId: f.channels.south,
        Channel: 'South',
        Responses: 4,
        Promoters: 2,
        Neutrals: 1,
        Detractors: 1,
        Nps: 25,
        AverageScore: 29 / 4,
      },
    ]);
    expect(result.Columns.map((column) => column.Field)).toEqual([
      'Channel',
      'Responses',
      'Promoters',
      'Neutrals',
      'Detractors',
      'Nps',
      'AverageScore',
    ]);
    expect(result.Columns[5]).toEqual({
      Field: 'Nps',
      Title: 'widgetTables:column.Nps',
      Type: 'number',
      Format: 'n1',
    });
  });

  it('rolls deeper channels up and counts the root level whole', async () => {
    const root = await page({ path: 'channel-table', body: channelTable(1) });
    expect(root.Items).toEqual([
      expect.objectContaining({
        Channel: 'Bank',
        Responses: 8,
        Promoters: 4,
        Neutrals: 2,
        Detractors: 2,
        Nps: 25,
        AverageScore: 62 / 8,
      }),
    ]);
  });

  it('orders by a whitelisted column with the name as tie-breaker, and pages', async () => {
    const byNps = await page({ path: 'channel-table', query: '$orderby=Nps desc', body: channelTable(3) });
    expect(byNps.Count).toBe(3);
    expect(byNps.Items.map((row) => [row.Channel, row.Nps, row.AverageScore])).toEqual([
      ['North-2', 100, 9],
      ['South-1', 25, 29 / 4],
      ['North-1', 0, 8],
    ]);
    const second = await page({
      path: 'channel-table',
      query: '$orderby=Nps%20desc&$top=2&$skip=1',
      body: channelTable(3),
    });
    expect(second.Count).toBe(3);
    expect(second.Items.map((row) => row.Channel)).toEqual(['South-1', 'North-1']);
    const byName = await page({
      path: 'channel-table',
      query: '$orderby=Channel desc',
      body: channelTable(3),
    });
    expect(byName.Items.map((row) => row.Channel)).toEqual(['South-1', 'North-2', 'North-1']);
  });

  it('applies the report filter and the widget filters', async () => {
    const secondSurvey = await page({
      path: 'channel-table',
      body: channelTable(2, { SurveyId: [f.secondSurveyId] }),
    });
    expect(secondSurvey.Items).toEqual([
      expect.objectContaining({ Channel: 'South', Responses: 1, Promoters: 1, Nps: 100, AverageScore: 10 }),
    ]);
    const minimum = await page({
      path: 'channel-table',
      body: channelTable(3, { DataFilters: { MinimumResponseCount: 2 } }),
    });
    expect(minimum.Items.map((row) => row.Channel)).toEqual(['North-1', 'South-1']);
    const empty = await page({
      path: 'channel-table',
      body: { ...channelTable(2), TimeRange: ['2025-01-01', '2025-01-31'] },
    });
    expect(empty).toMatchObject({ Items: [], Count: 0 });
  });
});

describe('POST /api/widget-data/answers', () => {
  const answersBody = (extra: WidgetDataRequest = {}): WidgetDataRequest => ({
    ...MARCH,
    ...extra,
    DataFilters: { TimeColumn: 'TransactionDateId', ...extra.DataFilters },
  });

  it('lists the answered sessions of the selection, newest first, five to a page', async () => {
    const first = await page({ path: 'answers', body: answersBody() });
    // s1-s6, s9, s10, s11: s7 is not answered, s8 and s12 have their transaction in February.
    expect(first.Count).toBe(9);
    expect(first.Items.map((row) => row.SessionId)).toEqual([s.s11, s.s10, s.s9, s.s6, s.s5]);
    // An answer's score is a whole number: written "8", not "8.0" (issue 24).
    expect(first.Columns.find((column) => column.Field === 'NpsScore')).toEqual({
      Field: 'NpsScore',
      Title: 'widgetTables:column.NpsScore',
      Type: 'number',
      Format: 'n0',
    });
    expect(first.Items[1]).toEqual({
      AnsweredDate: '2026-03-11T10:00:00+03:00',
      Survey: 'Branch visit',
      Channel: 'North-2',
      Product: null,
      NpsScore: null,
      RespondentType: null,
      Comment: null,
      SessionId: s.s10,
    });
    expect(first.Items[2]).toMatchObject({
      Survey: 'Card usage',
      Channel: 'South-1',
      Product: 'Loans',
      NpsScore: 10,
      RespondentType: 0,
    });
    const last = await page({ path: 'answers', query: '$top=5&$skip=5', body: answersBody() });
    expect(last.Items.map((row) => row.SessionId)).toEqual([s.s4, s.s3, s.s2, s.s1]);
    expect(last.Items[3]).toEqual({
      AnsweredDate: '2026-03-01T20:00:00+03:00',
      Survey: 'Branch visit',
      Channel: 'North-1',
      Product: 'Credit card',
      NpsScore: 10,
      RespondentType: 0,
      Comment: 'Harika',
      SessionId: s.s1,
    });
    expect(last.Items[1]).toMatchObject({ NpsScore: 6, RespondentType: 2, Comment: 'Yavaş' });
    expect(last.Columns.filter((column) => column.Sortable === false).map((column) => column.Field)).toEqual([
      'Survey',
      'Channel',
      'Product',
      'Comment',
    ]);
  });

  it('takes the date and the range from the chosen TimeColumn', async () => {
    const answered = await page({
      path: 'answers',
      query: '$top=50&$orderby=AnsweredDate asc',
      body: answersBody({ DataFilters: { TimeColumn: 'AnsweredDateId' } }),
    });
    // s12 was answered on 1 March; s1 is dated by its answer now.
    expect(answered.Count).toBe(10);
    expect(answered.Items.slice(0, 2).map((row) => [row.SessionId, row.AnsweredDate])).toEqual([
      [s.s12, '2026-03-01T10:00:00+03:00'],
      [s.s1, '2026-03-02T09:30:00+03:00'],
    ]);
  });

  it('orders by NPS score with nulls last and the newest first among equals', async () => {
    const result = await page({
      path: 'answers',
      query: '$top=50&$orderby=NpsScore asc',
      body: answersBody(),
    });
    expect(result.Items.map((row) => row.SessionId)).toEqual([
      s.s5,
      s.s3,
      s.s4,
      s.s6,
      s.s11,
      s.s2,
      s.s9,
      s.s1,
      s.s10,
    ]);
    const byType = await page({
      path: 'answers',
      query: '$top=3&$orderby=RespondentType desc, SessionId asc',
      body: answersBody(),
    });
    expect(byType.Items.map((row) => row.SessionId)).toEqual([s.s3, s.s5, s.s4]);
  });

  it('applies the report filter: detractors only, and a channel', async () => {
    const detractors = await page({ path: 'answers', body: answersBody({ RespondentType: [2] }) });
    expect(detractors.Count).toBe(2);
    expect(detractors.Items.map((row) => row.SessionId)).toEqual([s.s5, s.s3]);
    const north = await page({
      path: 'answers',
      body: answersBody({ ChannelSet: { Ids: [f.channels.north] } }),
    });
    expect(north.Items.map((row) => row.SessionId)).toEqual([s.s10, s.s3, s.s2, s.s1]);
  });
});

describe('paging and ordering parameters', () => {
  it.each([
    ['channel-table', '$orderby=Bogus desc'],
    ['channel-table', '$orderby=ChannelId'],
    ['answers', '$orderby=Survey asc'],
    ['answers', '$orderby=Comment'],
    ['answers', '$orderby=NpsScore; DROP TABLE facts'],
    ['answers', '$orderby=NpsScore sideways'],
    ['answers', '$top=51'],
    ['answers', '$top=0'],
    ['answers', '$skip=-1'],
  ])('%s?%s answers 400 (3333)', async (path, query) => {
    const response = await call({ path, query });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ Code: ErrorCode.ModelNotValid });
  });

  it('names the refused field', async () => {
    const response = await call({ path: 'answers', query: '$orderby=Survey' });
    expect(response.json()).toMatchObject({
      Details: [{ Path: '$orderby', Message: expect.stringContaining('"Survey"') }],
    });
  });
});

describe('scoped data and tenants', () => {
  it('shows a user restricted to South only South', async () => {
    const [admin] = await t.database.db.select().from(users).where(eq(users.userName, 'admin'));
    const [scoped] = await t.database.db
      .insert(users)
      .values({
        tenantId: t.tenantId,
        userName: 'tables-south',
        fullName: 'South only',
        passwordHash: admin!.passwordHash,
        transactionChannelIds: [f.channels.south],
      })
      .returning({ id: users.id });
    const token = await t.tokenFor({ userId: scoped!.id, tenantId: t.tenantId, scopes: ['report:read'] });
    const table = await page({ path: 'channel-table', token, body: channelTable(2) });
    expect(table.Items.map((row) => [row.Channel, row.Responses])).toEqual([['South', 4]]);
    // Naming North does not widen the restriction.
    const north = await page({
      path: 'answers',
      token,
      body: { ...MARCH, ChannelSet: { Ids: [f.channels.north] } },
    });
    expect(north).toMatchObject({ Items: [], Count: 0 });
    const all = await page({ path: 'answers', token, body: MARCH });
    expect(all.Items.map((row) => row.SessionId)).toEqual([s.s11, s.s9, s.s5, s.s4]);
  });

  it("shows another tenant's caller nothing of this one", async () => {
    const otherTenant = await insertTenant(t, 'Tables Other Bank');
    const [admin] = await t.database.db.select().from(users).where(eq(users.userName, 'admin'));
    const [other] = await t.database.db
      .insert(users)
      .values({
        tenantId: otherTenant,
        userName: 'tables-other',
        fullName: 'Other',
        passwordHash: admin!.passwordHash,
      })
      .returning({ id: users.id });
    const token = await t.tokenFor({
      userId: other!.id,
      tenantId: otherTenant,
      scopes: ['report:manage'],
    });
    expect(await page({ path: 'answers', token })).toMatchObject({ Items: [], Count: 0 });
    expect(await page({ path: 'channel-table', token, body: channelTable(2) })).toMatchObject({ Count: 0 });
  });
});

describe('POST {table}/export', () => {
  async function readSheet(body: Buffer): Promise<ExcelJS.Worksheet> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no worksheet');
    return sheet;
  }

  it('exports every channel row in the order asked, with English titles', async () => {
    const response = await call({
      path: 'channel-table/export',
      query: '$orderby=Nps desc',
      body: channelTable(3),
      token: exporter,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Channel table.xlsx"; filename*=UTF-8''Channel%20table.xlsx`,
    );
    const sheet = await readSheet(response.rawPayload);
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Channel',
      'Responses',
      'Promoters',
      'Neutrals',
      'Detractors',
      'NPS',
      'Average score',
    ]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).values).toEqual([undefined, 'North-2', 1, 1, 0, 0, 100, 9]);
    expect(sheet.getRow(3).values).toEqual([undefined, 'South-1', 4, 2, 1, 1, 25, 7.25]);
    expect(sheet.getRow(4).values).toEqual([undefined, 'North-1', 2, 1, 0, 1, 0, 8]);
    expect(sheet.getRow(3).getCell(7).numFmt).toBe('#,##0.0');
  });

  it('exports the answers in Turkish with the respondent type in words and real dates', async () => {
    const response = await call({
      path: 'answers/export',
      query: `$orderby=NpsScore desc&fileName=${encodeURIComponent('Yanıtlar Mart')}`,
      body: { ...MARCH, ChannelSet: { Ids: [f.channels.north] } },
      token: exporter,
      language: 'tr',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Yanitlar Mart.xlsx"; filename*=UTF-8''Yan%C4%B1tlar%20Mart.xlsx`,
    );
    const sheet = await readSheet(response.rawPayload);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Tarih',
      'Anket',
      'Kanal',
      'Ürün',
      'NPS puanı',
      'Katılımcı tipi',
      'Yorum',
      'Oturum no',
    ]);
    // s1 10, s2 9, s3 6, s10 without NPS last.
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      new Date('2026-03-01T20:00:00Z'),
      'Branch visit',
      'North-1',
      'Credit card',
      10,
      'Destekçi',
      'Harika',
      s.s1,
    ]);
    expect(sheet.getColumn(8).values).toEqual([undefined, 'Oturum no', s.s1, s.s2, s.s3, s.s10]);
    expect(sheet.getColumn(6).values).toEqual([
      undefined,
      'Katılımcı tipi',
      'Destekçi',
      'Destekçi',
      'Kötüleyen',
    ]);
  });

  it('refuses an empty selection with 11002', async () => {
    const response = await call({
      path: 'answers/export',
      body: { TimeRange: ['2025-01-01', '2025-01-31'] },
      token: exporter,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Code: ErrorCode.ExportEmpty });
  });

  it('needs report:export and report:read or report:manage', async () => {
    const withoutExport = await call({ path: 'answers/export', token: reader });
    expect(withoutExport.statusCode).toBe(403);
    const [admin] = await t.database.db.select().from(users).where(eq(users.userName, 'admin'));
    const exportOnly = await t.tokenFor({
      userId: admin!.id,
      tenantId: t.tenantId,
      scopes: ['report:export'],
    });
    const withoutRead = await call({
      path: 'channel-table/export',
      token: exportOnly,
      body: channelTable(2),
    });
    expect(withoutRead.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/widget-data/answers', payload: MARCH });
    expect(anonymous.statusCode).toBe(401);
  });
});
