import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  gridPageSchema,
  npsGaugeDataSchema,
  responseDetailSchema,
  responseListItemSchema,
  type ReportFilter,
  type ResponsesAnalyzerFilter,
  type Scope,
} from '@loupe/contracts';
import { alerts, invitations, invitees, sessions, surveys, tenants, users } from '../../db/schema/index.js';
import { signInNewUser } from '../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createWidgetFixture, type WidgetFixture } from '../../test/widget-fixture.js';
import { excerptOf } from './responses-list.js';

/*
 * The responses analyzer (docs/responses-analyzer.md) on planted sessions of the widget fixture (Demo Bank,
 * Europe/Istanbul, UTC+3). Every query names the fixture's two surveys, so the demo seed's own sessions stay out.
 *
 *   session  survey  channel  product      employee  answered (local)   NPS  comment
 *   s1       main    North-1  Credit card  Ayşe      2026-03-02 09:30   10   "Great service, very fast" (positive)
 *   s2       main    North-2  Loans        Mehmet    2026-03-03 14:00    8   –
 *   s3       main    South-1  Cards        –         2026-03-05 18:30    3   a 200-character complaint (negative)
 *   s4       main    North-1  –            –         2026-03-10 11:00    9   –
 *   s5       main    North-1  –            –         never answered       –   (started, not finished)
 *   s6       second  South-1  –            –         2026-03-04 08:00    6   –
 *   s7       main    North-1  –            –         2026-04-02 12:00    7   –   (after March)
 *
 * March (transaction = answered): s1, s2, s3, s4, s6 = 5 answered sessions; the NPS gauge: 5 responses
 * (promoters s1, s4; neutral s2; detractors s3, s6). North (North-1, North-2): s1, s2, s4 = 3. ScoreRange 0-6: s3,
 * s6 = 2.
 */

let t: TestApp;
let f: WidgetFixture;
let full: string;
let limited: string;
let masked: string;
let north: string;
let nothing: string;
let otherTenantUser: string;
const s: Record<string, number> = {};
const invitee: Record<string, number> = {};
let alertId: number;

const at = (local: string) => `${local}+03:00`;
const MARCH: ReportFilter['TimeRange'] = ['2026-03-01', '2026-03-31'];
const LONG =
  'The queue was very long and nobody told us why; the clerk was friendly but the system kept failing, ' +
  'so I had to come back the next day and wait again for another hour before anything happened at all.';

beforeAll(async () => {
  t = await createTestApp();
  f = await createWidgetFixture(t);
  const db = t.database.db;
  const { nps, secondNps, satisfaction } = f.questions;
  const { north1, north2, south1 } = f.channels;
  s.s1 = await f.addSession({
    channelId: north1,
    productId: f.products.creditCard,
    employeeId: f.employees.ayse,
    transactionAt: at('2026-03-02T09:30:00'),
    answeredAt: at('2026-03-02T09:30:00'),
    invitedAt: at('2026-03-01T10:00:00'),
    invitation: {
      channel: 2,
      sentAt: at('2026-03-01T10:01:00'),
      deliveredAt: at('2026-03-01T10:02:00'),
      openedAt: at('2026-03-02T09:20:00'),
    },
    scores: [
      [nps, 10],
      [satisfaction, 9],
    ],
    comment: 'Great service, very fast',
  });
  s.s2 = await f.addSession({
    channelId: north2,
    productId: f.products.loans,
    employeeId: f.employees.mehmet,
    transactionAt: at('2026-03-03T14:00:00'),
    answeredAt: at('2026-03-03T14:00:00'),
    scores: [[nps, 8]],
  });
  s.s3 = await f.addSession({
    channelId: south1,
    productId: f.products.cards,
    transactionAt: at('2026-03-05T18:30:00'),
    answeredAt: at('2026-03-05T18:30:00'),
    scores: [[nps, 3]],
    comment: LONG,
  });
  s.s4 = await f.addSession({
    channelId: north1,
    transactionAt: at('2026-03-10T11:00:00'),
    answeredAt: at('2026-03-10T11:00:00'),
    scores: [[nps, 9]],
  });
  s.s5 = await f.addSession({
    channelId: north1,
    transactionAt: at('2026-03-11T11:00:00'),
    answeredAt: null,
    completion: 2,
  });
  s.s6 = await f.addSession({
    surveyId: f.secondSurveyId,
    channelId: south1,
    transactionAt: at('2026-03-04T08:00:00'),
    answeredAt: at('2026-03-04T08:00:00'),
    scores: [[secondNps, 6]],
  });
  s.s7 = await f.addSession({
    channelId: north1,
    transactionAt: at('2026-04-02T12:00:00'),
    answeredAt: at('2026-04-02T12:00:00'),
    scores: [[nps, 7]],
  });
  for (const [name, id] of Object.entries(s)) {
    const [row] = await db
      .select({ inviteeId: sessions.inviteeId })
      .from(sessions)
      .where(eq(sessions.id, id));
    invitee[name] = row!.inviteeId;
  }
  await db
    .update(invitees)
    .set({ fullName: 'Zeynep Demir', email: 'zeynep@example.com', msisdn: '905321112233' })
    .where(eq(invitees.id, invitee.s1!));
  const [s1] = await db.select().from(sessions).where(eq(sessions.id, s.s1));
  await db
    .update(invitations)
    .set({ startedAt: new Date(at('2026-03-02T09:25:00')), completedAt: new Date(at('2026-03-02T09:30:00')) })
    .where(eq(invitations.id, s1!.invitationId!));

  const topics = await f.addTopicModel({ name: 'Banking', language: 'en', topics: ['Speed', 'Queue'] });
  const feelings = await f.addTopicModel({
    name: 'Feelings',
    isEmotionModel: true,
    topics: ['Joy', 'Anger'],
  });
  await f.labelComment({
    sessionId: s.s1,
    language: 'en',
    sentiment: 4,
    topics: [{ topicId: topics.topics.Speed!, modelId: topics.id, sentiment: 4 }],
    emotions: [{ topicId: feelings.topics.Joy!, modelId: feelings.id, intensity: 0.8 }],
  });
  await f.labelComment({
    sessionId: s.s3,
    language: 'en',
    sentiment: 0,
    topics: [{ topicId: topics.topics.Queue!, modelId: topics.id, sentiment: 0 }],
  });
  const [alert] = await db
    .insert(alerts)
    .values({ tenantId: f.tenantId, sessionId: s.s1, inviteeId: invitee.s1, surveyId: f.surveyId, status: 1 })
    .returning({ id: alerts.id });
  alertId = alert!.id;
  await t.replica.flush();

  const user = (userName: string, scopes: Scope[]) =>
    signInNewUser(t, { userName, tenantId: f.tenantId, scopes });
  full = await user('analyzer-full', ['feedbackAnalysis', 'report:read', 'alert:readall']);
  limited = await user('analyzer-limited', ['response:readlimited']);
  masked = await user('analyzer-masked', ['response:readall', 'mask:invitee']);
  north = await user('analyzer-north', ['response:readall', 'report:read']);
  nothing = await user('analyzer-nothing', ['report:read']);
  await db
    .update(users)
    .set({ transactionChannelIds: [f.channels.north] })
    .where(eq(users.userName, 'analyzer-north'));
  const [other] = await db
    .insert(tenants)
    .values({ name: 'Analyzer Other Bank' })
    .returning({ id: tenants.id });
  await db.insert(surveys).values({ tenantId: other!.id, title: 'Other survey' });
  otherTenantUser = await signInNewUser(t, {
    userName: 'analyzer-other',
    tenantId: other!.id,
    scopes: ['feedbackAnalysis', 'response:readall'],
  });
});
afterAll(async () => t.close());

const ISTANBUL = { timezoneoffset: '-180' };
const pageSchema = gridPageSchema(responseListItemSchema);

async function list(body: ResponsesAnalyzerFilter | undefined, query = '', token = full) {
  const response = await t.call('POST', `/api/responses-analyzer${query}`, {
    token,
    body,
    headers: ISTANBUL,
  });
  expect(response.statusCode, response.body).toBe(200);
  return pageSchema.parse(response.json());
}
const ours = (filter: ResponsesAnalyzerFilter = {}): ResponsesAnalyzerFilter => ({
  SurveyId: [f.surveyId, f.secondSurveyId],
  ...filter,
});
const ids = (page: { Items: { SessionId: number }[] }) => page.Items.map((item) => item.SessionId);

async function gaugeResponses(filter: ReportFilter, token = full): Promise<number> {
  const response = await t.call('POST', '/api/widget-data/nps', {
    token,
    body: { ...filter, DataFilters: {} },
  });
  expect(response.statusCode, response.body).toBe(200);
  return npsGaugeDataSchema.parse(response.json()).Responses;
}

async function detail(id: number | string, token = full) {
  return t.call('GET', `/api/responses-analyzer/${id}`, { token, headers: ISTANBUL });
}

describe('POST /api/responses-analyzer', () => {
  it('lists the answered sessions of the filter, newest first, with names, audience and excerpt', async () => {
    const page = await list(ours({ TimeRange: MARCH }));
    expect(page.Count).toBe(5);
    expect(ids(page)).toEqual([s.s4, s.s3, s.s6, s.s2, s.s1]);
    const first = page.Items.at(-1)!;
    expect(first).toEqual({
      SessionId: s.s1,
      InviteeId: invitee.s1,
      AnsweredDate: '2026-03-02T09:30:00+03:00',
      SurveyId: f.surveyId,
      SurveyTitle: 'Branch visit',
      NpsScore: 10,
      Audience: 'promoter',
      ChannelId: f.channels.north1,
      ChannelName: 'North-1',
      ProductId: f.products.creditCard,
      ProductName: 'Credit card',
      EmployeeId: f.employees.ayse,
      EmployeeName: 'Ayşe Yılmaz',
      Comment: 'Great service, very fast',
      SentimentScore: 4,
    });
    const s3 = page.Items.find((item) => item.SessionId === s.s3)!;
    expect(s3.Audience).toBe('detractor');
    expect(s3.EmployeeName).toBeNull();
    expect([...s3.Comment!]).toHaveLength(160);
    expect(s3.Comment!.endsWith('…')).toBe(true);
    expect(page.Items.find((item) => item.SessionId === s.s2)!.Audience).toBe('passive');
  });

  it("counts the same sessions as the NPS gauge's Responses for the same filter", async () => {
    const filters: ReportFilter[] = [
      ours({ TimeRange: MARCH }),
      ours({ TimeRange: MARCH, ChannelSet: { Ids: [f.channels.north] } }),
      ours({ TimeRange: MARCH, ScoreRange: { min: 0, max: 6 } }),
      ours({ TimeRange: MARCH, SurveyId: [f.secondSurveyId] }),
      ours(),
    ];
    const expected = [5, 3, 2, 1, 6];
    for (const [i, filter] of filters.entries()) {
      const page = await list(filter);
      expect(page.Count, JSON.stringify(filter)).toBe(expected[i]);
      expect(await gaugeResponses(filter), JSON.stringify(filter)).toBe(expected[i]);
    }
    // Under the caller's data restrictions both see North only.
    expect((await list(ours({ TimeRange: MARCH }), '', north)).Count).toBe(3);
    expect(await gaugeResponses(ours({ TimeRange: MARCH }), north)).toBe(3);
  });

  it('sorts and pages on the server, the default order breaking ties', async () => {
    const byScore = await list(ours({ TimeRange: MARCH }), '?$orderby=NpsScore asc');
    expect(ids(byScore)).toEqual([s.s3, s.s6, s.s2, s.s4, s.s1]);
    const second = await list(ours({ TimeRange: MARCH }), '?$top=2&$skip=2');
    expect(second.Count).toBe(5);
    expect(ids(second)).toEqual([s.s6, s.s2]);
    const query = await t.call('POST', '/api/responses-analyzer/query?$top=1', {
      token: full,
      body: ours({ TimeRange: MARCH }),
    });
    expect(query.statusCode).toBe(200);
    expect(ids(pageSchema.parse(query.json()))).toEqual([s.s4]);
  });

  it('answers GET without a filter: the whole tenant, at most $top rows', async () => {
    const response = await t.call('GET', '/api/responses-analyzer?$top=3', { token: full });
    expect(response.statusCode).toBe(200);
    const page = pageSchema.parse(response.json());
    expect(page.Items).toHaveLength(3);
    expect(page.Count).toBeGreaterThanOrEqual(6);
  });

  it('keeps to the tenant and the caller`s restrictions', async () => {
    expect((await list(ours(), '', otherTenantUser)).Count).toBe(0);
    const northPage = await list(ours(), '', north);
    expect(ids(northPage).sort((a, b) => a - b)).toEqual([s.s1, s.s2, s.s4, s.s7]);
    // A filter cannot widen the restriction.
    expect((await list(ours({ ChannelSet: { Ids: [f.channels.south] } }), '', north)).Count).toBe(0);
  });

  it('refuses bad input with 400 and callers without a scope with 403', async () => {
    const refusal = async (query: string, body: unknown = {}) => {
      const response = await t.call('POST', `/api/responses-analyzer${query}`, { token: full, body });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ Code: number }>().Code).toBe(ErrorCode.ModelNotValid);
    };
    await refusal('?$orderby=ChannelName');
    await refusal('?$orderby=Password desc');
    await refusal(`?$filter=${encodeURIComponent('SessionId eq 1')}`);
    await refusal('?$top=1001');
    await refusal('?$skip=2147483648');
    await refusal('', { SurveyId: [2147483648] });
    await refusal('', { TimeColumn: 'Nope' });
    await refusal('', { FreeTextFilter: 'a\u0000b' });
    const forbidden = await t.call('POST', '/api/responses-analyzer', { token: nothing, body: {} });
    expect(forbidden.statusCode).toBe(403);
    expect((await t.call('GET', '/api/responses-analyzer', {})).statusCode).toBe(401);
  });
});

describe('GET /api/responses-analyzer/{inviteeId}', () => {
  it('shows every answer, the analysis, the invitation path and the alerts', async () => {
    const response = await detail(invitee.s1!);
    expect(response.statusCode, response.body).toBe(200);
    const body = responseDetailSchema.parse(response.json());
    expect(body).toMatchObject({
      InviteeId: invitee.s1,
      SessionId: s.s1,
      OtherSessionIds: [],
      SurveyTitle: 'Branch visit',
      AnsweredDate: '2026-03-02T09:30:00+03:00',
      NpsScore: 10,
      Audience: 'promoter',
      Channel: { Id: f.channels.north1, Name: 'North-1' },
      Product: { Id: f.products.creditCard, Name: 'Credit card' },
      Employee: { Id: f.employees.ayse, Name: 'Ayşe Yılmaz' },
      Masked: false,
      Invitee: { FullName: 'Zeynep Demir', Email: 'zeynep@example.com', Msisdn: '905321112233' },
      Invitation: {
        Channel: 2,
        InvitedDate: '2026-03-01T10:00:00+03:00',
        SentDate: '2026-03-01T10:01:00+03:00',
        DeliveredDate: '2026-03-01T10:02:00+03:00',
        OpenedDate: '2026-03-02T09:20:00+03:00',
        StartedDate: '2026-03-02T09:25:00+03:00',
        CompletedDate: '2026-03-02T09:30:00+03:00',
        FailedDate: null,
      },
      Alerts: [{ Id: alertId, Status: 1 }],
    });
    expect(body.Answers.map((answer) => [answer.Question, answer.Answer])).toEqual([
      ['How likely are you to recommend us?', '10'],
      ['How satisfied are you?', '9'],
      ['Tell us more', 'Great service, very fast'],
    ]);
    expect(body.Comments).toEqual([
      {
        QuestionId: f.questions.comment,
        Question: 'Tell us more',
        Text: 'Great service, very fast',
        TranslatedText: null,
        Language: 'en',
        SentimentScore: 4,
        Topics: [{ Id: expect.any(Number), Name: 'Speed', SentimentScore: 4 }],
        Emotions: [{ Id: expect.any(Number), Name: 'Joy', Intensity: 0.8 }],
      },
    ]);
  });

  it('masks the invitee for mask:invitee and for response:readlimited alone', async () => {
    for (const token of [masked, limited]) {
      const response = await detail(invitee.s1!, token);
      expect(response.statusCode, response.body).toBe(200);
      const body = responseDetailSchema.parse(response.json());
      expect(body.Masked).toBe(true);
      expect(body.Invitee).toEqual({ FullName: '***', Email: '***', Msisdn: '***' });
      // Alerts are listed as the alert list shows them: none for a caller who sees no alert.
      expect(body.Alerts).toEqual([]);
    }
  });

  it("answers 404 outside the caller's tenant and data restrictions", async () => {
    expect((await detail(invitee.s1!, otherTenantUser)).statusCode).toBe(404);
    expect((await detail(invitee.s3!, north)).statusCode).toBe(404);
    expect((await detail(invitee.s2!, north)).statusCode).toBe(200);
    // An invitee who never answered is shown with the session started.
    const started = responseDetailSchema.parse((await detail(invitee.s5!)).json());
    expect(started).toMatchObject({ SessionId: s.s5, AnsweredDate: null, Completion: 2, NpsScore: null });
    expect((await detail(2_000_000_000)).statusCode).toBe(404);
  });

  it('refuses ids that are not int32 ids (400) and callers without a scope (403)', async () => {
    for (const id of ['0', '-1', '2147483648', 'abc', '1.5']) {
      expect((await detail(id)).statusCode, id).toBe(400);
    }
    expect((await detail(invitee.s1!, nothing)).statusCode).toBe(403);
  });
});

describe('excerptOf', () => {
  it('folds whitespace and cuts long texts with an ellipsis', () => {
    expect(excerptOf('  a\n\n b  ')).toBe('a b');
    expect(excerptOf('x'.repeat(160))).toBe('x'.repeat(160));
    expect(excerptOf('x'.repeat(161))).toBe(`${'x'.repeat(159)}…`);
  });
});
