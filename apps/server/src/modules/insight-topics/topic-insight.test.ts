import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  type TopicDiscovery,
  type TopicDiscoveryRequest,
  type TopicExplorer,
  type TopicExplorerRequest,
} from '@loupe/contracts';
import { licenses, tenants, topicModels, users } from '../../db/schema/index.js';
import { signInNewUser } from '../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createWidgetFixture, type WidgetFixture } from '../../test/widget-fixture.js';

/*
 * Topic discovery and the topic explorer on hand-labelled comments (docs/topic-insight.md). Topic model Banking
 * (tr): Bekleme > Şube kuyruğu, Personel, Ücretler; an emotion model Feelings. Nine sessions of the main survey in
 * 2026 (Europe/Istanbul local times); "labels" are Banking's with the mention's sentiment.
 *
 *   s   time          channel  NPS  comment sentiment  labels                    text
 *   s1  01-10 10:00   North-1   10   4 (translated)    Personel 4                Şubede personel çok ilgiliydi
 *   s2  01-20 11:00   North-1    3   0                 Bekleme 0, Şube kuyruğu 0 Kuyrukta çok bekledim, şube kalabalıktı
 *   s3  02-05 12:00   North-2    8   2                 Ücretler 0, Personel 4    Ücretler yüksek ama personel iyi
 *   s4  02-15 09:30   North-2    7  -1                 Personel -1               Personel ile görüştüm
 *   s5  03-01 10:00   South-1    9   4                 Bekleme 4                 Bekleme süresi kısaydı
 *   s6  03-10 14:00   South-1    2   0                 Personel 0, Ücretler 0    Ücret çok yüksek, personel ilgisiz
 *   s7  03-20 16:00   South-1    —   2                 Bekleme 2                 Bekleme normaldi
 *   s8  03-25 10:00   South-1    7   (no comment)
 *   s9  03-26 10:00   South-1   10   not analysed                                Teşekkürler
 *
 * NPS answers per month (S): January s1 P, s2 D; February s3 N, s4 N; March s5 P, s6 D, s8 N, s9 P.
 */

let t: TestApp;
let f: WidgetFixture;
let analyst: string;
let northAnalyst: string;
const s: Record<string, number> = {};
let banking: { id: number; topics: Record<string, number> };
let feelings: { id: number; topics: Record<string, number> };
let otherTenantModel: number;

const RANGE: [string, string] = ['2026-01-01', '2026-12-31'];

async function call(path: string, body: unknown, token = analyst) {
  return t.call('POST', `/api/insight/${path}`, { token, body: body as object });
}

async function discovery(body: Partial<TopicDiscoveryRequest>, token = analyst): Promise<TopicDiscovery> {
  const response = await call(
    'topic-discovery',
    { TimeRange: RANGE, TopicModelId: banking.id, ...body },
    token,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TopicDiscovery>();
}

async function explorer(body: Partial<TopicExplorerRequest>): Promise<TopicExplorer> {
  const response = await call('topic-explorer', { TimeRange: RANGE, TopicModelId: banking.id, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TopicExplorer>();
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createWidgetFixture(t);
  const db = t.database.db;
  banking = await f.addTopicModel({
    name: 'Banking',
    topics: [{ name: 'Bekleme', children: ['Şube kuyruğu'] }, 'Personel', 'Ücretler'],
  });
  feelings = await f.addTopicModel({ name: 'Feelings', isEmotionModel: true, topics: ['Joy'] });
  const B = banking.topics;
  const topic = (name: string, sentiment: number) => ({ topicId: B[name]!, modelId: banking.id, sentiment });
  const { north1, north2, south1 } = f.channels;
  const session = async (
    name: string,
    local: string,
    channelId: number,
    nps: number | null,
    comment?: string,
  ) => {
    s[name] = await f.addSession({
      transactionAt: `2026-${local}+03:00`,
      answeredAt: `2026-${local}+03:00`,
      channelId,
      scores: nps === null ? [] : [[f.questions.nps, nps]],
      ...(comment === undefined ? {} : { comment }),
    });
    return s[name];
  };
  const label = async (
    sessionId: number,
    sentiment: number,
    topics: { topicId: number; modelId: number; sentiment: number }[],
    translatedText?: string,
  ) =>
    f.labelComment({ sessionId, language: 'tr', sentiment, topics, translatedText: translatedText ?? null });

  await label(
    await session('s1', '01-10T10:00:00', north1, 10, 'Şubede personel çok ilgiliydi'),
    4,
    [topic('Personel', 4)],
    'The staff at the branch were very attentive',
  );
  await label(
    await session('s2', '01-20T11:00:00', north1, 3, 'Kuyrukta çok bekledim, şube kalabalıktı'),
    0,
    [topic('Bekleme', 0), topic('Şube kuyruğu', 0)],
  );
  await label(await session('s3', '02-05T12:00:00', north2, 8, 'Ücretler yüksek ama personel iyi'), 2, [
    topic('Ücretler', 0),
    topic('Personel', 4),
  ]);
  await label(await session('s4', '02-15T09:30:00', north2, 7, 'Personel ile görüştüm'), -1, [
    topic('Personel', -1),
  ]);
  await label(await session('s5', '03-01T10:00:00', south1, 9, 'Bekleme süresi kısaydı'), 4, [
    topic('Bekleme', 4),
  ]);
  await label(await session('s6', '03-10T14:00:00', south1, 2, 'Ücret çok yüksek, personel ilgisiz'), 0, [
    topic('Personel', 0),
    topic('Ücretler', 0),
  ]);
  await label(await session('s7', '03-20T16:00:00', south1, null, 'Bekleme normaldi'), 2, [
    topic('Bekleme', 2),
  ]);
  await session('s8', '03-25T10:00:00', south1, 7);
  await session('s9', '03-26T10:00:00', south1, 10, 'Teşekkürler');
  await t.replica.flush();

  const scopes = ['topicDiscovery' as const, 'topicExplorer' as const];
  analyst = await signInNewUser(t, { userName: 'topic-analyst', tenantId: t.tenantId, scopes });
  northAnalyst = await signInNewUser(t, { userName: 'topic-north', tenantId: t.tenantId, scopes });
  await db
    .update(users)
    .set({ transactionChannelIds: [f.channels.north] })
    .where(eq(users.userName, 'topic-north'));
  const [other] = await db.insert(tenants).values({ name: 'Topic Other Bank' }).returning({ id: tenants.id });
  const [model] = await db
    .insert(topicModels)
    .values({ tenantId: other!.id, name: 'Other banking', language: 'tr' })
    .returning({ id: topicModels.id });
  otherTenantModel = model!.id;
});

afterAll(async () => t.close());

const ids = (data: TopicDiscovery) =>
  data.Items.map((item) => Object.entries(s).find(([, id]) => id === item.SessionId)?.[0]);
const counts = (data: TopicDiscovery) =>
  Object.fromEntries(data.Topics.map((topic) => [topic.Name, topic.Count]));

describe('POST /api/insight/topic-discovery', () => {
  it('lists the selection’s comments newest first beside the model’s topic tree with counts', async () => {
    const data = await discovery({});
    expect(data.StatusCode).toBe(0);
    expect([data.Total, data.Count]).toEqual([8, 8]);
    expect(ids(data)).toEqual(['s9', 's7', 's6', 's5', 's4', 's3', 's2', 's1']);
    expect(data.Topics).toEqual([
      { Id: banking.topics.Bekleme, Name: 'Bekleme', ParentId: null, Count: 3 },
      {
        Id: banking.topics['Şube kuyruğu'],
        Name: 'Şube kuyruğu',
        ParentId: banking.topics.Bekleme,
        Count: 1,
      },
      { Id: banking.topics.Personel, Name: 'Personel', ParentId: null, Count: 4 },
      { Id: banking.topics.Ücretler, Name: 'Ücretler', ParentId: null, Count: 2 },
    ]);
    const s6 = data.Items[2]!;
    expect(s6).toMatchObject({
      Text: 'Ücret çok yüksek, personel ilgisiz',
      SentimentScore: 0,
      Score: 2,
      SurveyTitle: 'Branch visit',
      Topics: [
        { Id: banking.topics.Personel, Name: 'Personel', SentimentScore: 0 },
        { Id: banking.topics.Ücretler, Name: 'Ücretler', SentimentScore: 0 },
      ],
    });
    expect(s6.Date).toBe('2026-03-10T11:00:00.000Z');
    // "Ücret" and "personel" are words of the topics' names (same Turkish stems).
    expect(s6.Highlights.map((span) => [s6.Text.slice(span.Start, span.End), span.TopicId])).toEqual([
      ['Ücret', banking.topics.Ücretler],
      ['personel', banking.topics.Personel],
    ]);
    const s9 = data.Items[0]!;
    expect([s9.SentimentScore, s9.Topics, s9.Highlights]).toEqual([null, [], []]);
  });

  it('orders by oldest, highest and lowest score (no score last, then newest), and pages', async () => {
    const order = async (Order: TopicDiscoveryRequest['Order']) => ids(await discovery({ Order, Top: 50 }));
    expect(await order('oldest')).toEqual(['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's9']);
    expect(await order('highestScore')).toEqual(['s9', 's1', 's5', 's3', 's4', 's2', 's6', 's7']);
    expect(await order('lowestScore')).toEqual(['s6', 's2', 's4', 's3', 's5', 's9', 's1', 's7']);
    expect(ids(await discovery({ Top: 3, Skip: 3 }))).toEqual(['s5', 's4', 's3']);
  });

  it('filters by the comment’s own sentiment, and counts each topic’s mentions of that sentiment', async () => {
    const negative = await discovery({ Sentiment: 'negative', Top: 50 });
    expect([negative.Total, negative.Count, ids(negative)]).toEqual([8, 2, ['s6', 's2']]);
    expect(counts(negative)).toEqual({ Bekleme: 1, 'Şube kuyruğu': 1, Personel: 1, Ücretler: 2 });
    const positive = await discovery({ Sentiment: 'positive', Top: 50 });
    expect([positive.Count, ids(positive)]).toEqual([2, ['s5', 's1']]);
    expect(counts(positive)).toEqual({ Bekleme: 1, 'Şube kuyruğu': 0, Personel: 2, Ücretler: 0 });
    const neutral = await discovery({ Sentiment: 'neutral', Top: 50 });
    expect([neutral.Count, ids(neutral)]).toEqual([2, ['s7', 's3']]);
    // Unclassified (-1) and not analysed (s9) differ: only s4 is unclassified.
    const uncategorized = await discovery({ Sentiment: 'uncategorized', Top: 50 });
    expect([uncategorized.Count, ids(uncategorized), counts(uncategorized).Personel]).toEqual([1, ['s4'], 1]);
  });

  it('keeps a clicked topic’s comments; with a sentiment, the mentions of that sentiment', async () => {
    const staff = await discovery({ TopicId: banking.topics.Personel, Top: 50 });
    expect([staff.Count, ids(staff)]).toEqual([4, ['s6', 's4', 's3', 's1']]);
    // s1 was written in the model's language (Turkish): shown as written, not in its English translation.
    const s1 = staff.Items[3]!;
    expect([s1.Text, s1.TextOrig, s1.Language]).toEqual([
      'Şubede personel çok ilgiliydi',
      'Şubede personel çok ilgiliydi',
      'tr',
    ]);
    expect(s1.Highlights.map((span) => s1.Text.slice(span.Start, span.End))).toEqual(['personel']);
    // s3's own sentiment is neutral, its mention of Personel positive.
    const happyStaff = await discovery({ TopicId: banking.topics.Personel, Sentiment: 'positive', Top: 50 });
    expect([happyStaff.Count, ids(happyStaff)]).toEqual([2, ['s3', 's1']]);
    expect(happyStaff.Count).toBe(counts(await discovery({ Sentiment: 'positive' }))['Personel']);
    const queue = await discovery({ TopicId: banking.topics['Şube kuyruğu'] });
    expect(ids(queue)).toEqual(['s2']);
    const s2 = queue.Items[0]!;
    expect(s2.Highlights.map((span) => s2.Text.slice(span.Start, span.End))).toEqual(['Kuyrukta', 'şube']);
  });

  it('applies the report filter and the caller’s scoped data through the filter compiler', async () => {
    const march = await discovery({ TimeRange: ['2026-03-01', '2026-03-31'], Top: 50 });
    expect([march.Total, ids(march)]).toEqual([4, ['s9', 's7', 's6', 's5']]);
    const south = await discovery({ ChannelSet: { Ids: [f.channels.south] }, Top: 50 });
    expect(south.Total).toBe(4);
    const north = await discovery({ Top: 50 }, northAnalyst);
    expect([north.Total, ids(north)]).toEqual([4, ['s4', 's3', 's2', 's1']]);
    expect(counts(north)).toEqual({ Bekleme: 1, 'Şube kuyruğu': 1, Personel: 3, Ücretler: 1 });
  });

  it('answers status 1 (no data) for an empty selection', async () => {
    const empty = await discovery({ TimeRange: ['2025-01-01', '2025-01-31'] });
    expect([empty.StatusCode, empty.Total, empty.Items, counts(empty).Personel]).toEqual([1, 0, [], 0]);
  });
});

describe('POST /api/insight/topic-explorer', () => {
  it('gives each topic’s monthly volume, sentiment split and NPS of mentioners against the rest', async () => {
    const data = await explorer({});
    // 8 comments (< 50): figures with "insufficient data".
    expect(data.StatusCode).toBe(2);
    expect([data.Comments, data.LabelledComments, data.Responses, data.Nps]).toEqual([8, 7, 8, 12.5]);
    expect(data.Periods).toEqual([
      {
        Period: 202601,
        Label: '2026-01',
        From: '2026-01-01',
        To: '2026-01-31',
        Comments: 2,
        Responses: 2,
        Nps: 0,
      },
      {
        Period: 202602,
        Label: '2026-02',
        From: '2026-02-01',
        To: '2026-02-28',
        Comments: 2,
        Responses: 2,
        Nps: 0,
      },
      {
        Period: 202603,
        Label: '2026-03',
        From: '2026-03-01',
        To: '2026-03-31',
        Comments: 4,
        Responses: 4,
        Nps: 25,
      },
    ]);
    expect(data.Topics.map((topic) => topic.Name)).toEqual([
      'Personel',
      'Bekleme',
      'Ücretler',
      'Şube kuyruğu',
    ]);
    const [staff, waiting, fees, queue] = data.Topics;
    // Personel: s1 4, s3 4, s4 -1, s6 0; mentioners s1 P, s3 N, s4 N, s6 D; rest s2 D, s5 P, s8 N, s9 P.
    expect(staff).toMatchObject({
      Mentions: 4,
      Positive: 2,
      Neutral: 0,
      Negative: 1,
      Uncategorized: 1,
      Nps: 0,
      Responses: 4,
      NpsRest: 25,
      ResponsesRest: 4,
    });
    expect(staff!.Series).toEqual([
      point(202601, [1, 1, 0, 0, 0], [100, 1], [-100, 1]),
      point(202602, [2, 1, 0, 0, 1], [0, 2], [null, 0]),
      point(202603, [1, 0, 0, 1, 0], [-100, 1], [(100 * 2) / 3, 3]),
    ]);
    // Bekleme: s2 0, s5 4, s7 2 (no NPS answer); mentioners s2 D, s5 P; rest s1 P, s3 N, s4 N, s6 D, s8 N, s9 P.
    expect(waiting).toMatchObject({ Mentions: 3, Positive: 1, Neutral: 1, Negative: 1, Uncategorized: 0 });
    expect([waiting!.Nps, waiting!.Responses, waiting!.NpsRest, waiting!.ResponsesRest]).toEqual([
      0,
      2,
      100 / 6,
      6,
    ]);
    expect(waiting!.Series[2]).toEqual(point(202603, [2, 1, 1, 0, 0], [100, 1], [0, 3]));
    // Ücretler: s3 0, s6 0; mentioners s3 N, s6 D; rest s1 P, s2 D, s4 N, s5 P, s8 N, s9 P.
    expect([fees!.Negative, fees!.Nps, fees!.NpsRest]).toEqual([2, -50, (100 * 2) / 6]);
    // Şube kuyruğu: s2 0; rest: 7 sessions, 3 promoters, 1 detractor.
    expect([queue!.Mentions, queue!.Nps, queue!.NpsRest, queue!.ResponsesRest]).toEqual([
      1,
      -100,
      200 / 7,
      7,
    ]);
  });

  it('groups by quarter, week or day, keeps main topics on request, and applies the report filter', async () => {
    const quarter = await explorer({ Period: 'quarter', OnlyMainTopics: true });
    expect(quarter.Periods.map((p) => [p.Label, p.From, p.To, p.Comments])).toEqual([
      ['2026-Q1', '2026-01-01', '2026-03-31', 8],
    ]);
    expect(quarter.Topics.map((topic) => topic.Name)).toEqual(['Personel', 'Bekleme', 'Ücretler']);
    const week = await explorer({ Period: 'week', TimeRange: ['2026-03-01', '2026-03-31'] });
    // 1 March 2026 is a Sunday (week 9); 10, 20, 25 and 26 March fall in weeks 11, 12, 13, 13.
    expect(week.Periods.map((p) => [p.Label, p.Comments, p.Responses])).toEqual([
      ['2026-W09', 1, 1],
      ['2026-W11', 1, 1],
      ['2026-W12', 1, 0],
      ['2026-W13', 1, 2],
    ]);
    const staff = week.Topics.find((topic) => topic.Name === 'Personel')!;
    // March only: Personel s6 D; rest s5 P, s8 N, s9 P.
    expect([staff.Mentions, staff.Nps, staff.NpsRest]).toEqual([1, -100, (100 * 2) / 3]);
    const day = await explorer({ Period: 'day', TimeRange: ['2026-01-10', '2026-01-10'] });
    expect(day.Periods.map((p) => [p.Period, p.Label, p.Nps])).toEqual([[20260110, '2026-01-10', 100]]);
  });

  it('answers status 1 (no data) and no topics for an empty selection', async () => {
    const empty = await explorer({ TimeRange: ['2025-01-01', '2025-01-31'] });
    expect(empty).toEqual({
      StatusCode: 1,
      Comments: 0,
      LabelledComments: 0,
      Responses: 0,
      Nps: null,
      Periods: [],
      Topics: [],
    });
  });
});

function point(
  period: number,
  [mentions, positive, neutral, negative, uncategorized]: number[],
  [nps, responses]: [number | null, number],
  [npsRest, responsesRest]: [number | null, number],
) {
  return {
    Period: period,
    Mentions: mentions,
    Positive: positive,
    Neutral: neutral,
    Negative: negative,
    Uncategorized: uncategorized,
    Nps: nps,
    Responses: responses,
    NpsRest: npsRest,
    ResponsesRest: responsesRest,
  };
}

describe('guards and bad input', () => {
  it('needs the screen’s scope', async () => {
    const reader = await signInNewUser(t, {
      userName: 'topic-reader',
      tenantId: t.tenantId,
      scopes: ['report:read'],
    });
    expect((await call('topic-discovery', { TopicModelId: banking.id }, reader)).statusCode).toBe(403);
    expect((await call('topic-explorer', { TopicModelId: banking.id }, reader)).statusCode).toBe(403);
  });

  it('answers 403 with code 2507 while the AI module is off', async () => {
    const setAi = (active: boolean) =>
      t.database.db
        .update(licenses)
        .set({ isAiModuleActive: active })
        .where(eq(licenses.tenantId, t.tenantId));
    await setAi(false);
    try {
      for (const path of ['topic-discovery', 'topic-explorer']) {
        const response = await call(path, { TopicModelId: banking.id });
        expect([path, response.statusCode, response.json<{ Code: number }>().Code]).toEqual([
          path,
          403,
          ErrorCode.WidgetLocked,
        ]);
      }
    } finally {
      await setAi(true);
    }
  });

  it('refuses another tenant’s topic model, an emotion model and an unknown one as an invalid TopicModelId', async () => {
    for (const path of ['topic-discovery', 'topic-explorer']) {
      for (const model of [otherTenantModel, feelings.id, 2_000_000_000]) {
        const response = await call(path, { TopicModelId: model });
        expect([path, model, response.statusCode, response.json<{ Code: number }>().Code]).toEqual([
          path,
          model,
          400,
          ErrorCode.ModelNotValid,
        ]);
      }
    }
  });

  it('refuses malformed bodies with 400', async () => {
    const bad: [string, unknown][] = [
      ['topic-discovery', {}],
      ['topic-discovery', { TopicModelId: 2 ** 31 }],
      ['topic-discovery', { TopicModelId: banking.id, Top: 51 }],
      ['topic-discovery', { TopicModelId: banking.id, Skip: -1 }],
      ['topic-discovery', { TopicModelId: banking.id, Sentiment: 'angry' }],
      ['topic-discovery', { TopicModelId: banking.id, Order: 'random' }],
      ['topic-discovery', { TopicModelId: banking.id, TopicId: 'x' }],
      ['topic-discovery', { TopicModelId: banking.id, Unknown: 1 }],
      ['topic-discovery', { TopicModelId: banking.id, FreeTextFilter: 'a\u0000b' }],
      ['topic-explorer', { TopicModelId: banking.id, Period: 'year' }],
      ['topic-explorer', { TopicModelId: banking.id, OnlyMainTopics: 'yes' }],
      ['topic-explorer', { TopicModelId: '1' }],
    ];
    for (const [path, body] of bad) {
      const response = await call(path, body);
      expect([path, body, response.statusCode]).toEqual([path, body, 400]);
    }
  });
});
