import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BAND_COLORS,
  CHART_PALETTE,
  ErrorCode,
  type BubbleData,
  type CommentsData,
  type EmotionCurveRow,
  type SentimentBranchRow,
  type TrendRow,
  type WidgetDataRequest,
} from '@loupe/contracts';
import { licenses, questions, sessions, users } from '../../../db/schema/index.js';
import { signInNewUser } from '../../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createWidgetFixture, type WidgetFixture } from '../../../test/widget-fixture.js';

/*
 * The text-analytics endpoints against hand-labelled comments (test/widget-fixture.ts `labelComment`). Topic
 * model Banking (tr): Waiting > Queue, Staff, Fees; topic model Other (en): Digital; emotion models Feelings (Joy,
 * Anger) and Mood (Calm). Nine sessions in 2019 (Europe/Istanbul local times); s6 and s7 answer the second survey
 * (journey stage usage), the others the main one (onboarding). "B" lists the Banking labels with the mention's
 * sentiment.
 *
 *   s   time              channel  NPS  comment sentiment  B labels          emotions     text
 *   s1  01-10 10:00       North-1   10   4 (translated)    Staff 4           Joy          Şubede personel çok ilgiliydi
 *   s2  01-20 11:00       North-1    3   0                 Waiting 0 Queue 0 Anger        Kuyrukta çok bekledim, şube …
 *   s9  01-25 10:00       North-1    —  -1                 Staff -1          Anger        Personel ile görüştüm
 *   s3  02-05 12:00       North-2    8   2                 Fees 0, Staff 4   Joy, Anger   Ücretler yüksek ama personel iyi
 *   s4  02-15 09:30       South-1    6  -1 (en)            — (Other: Digital -1) Anger    The app keeps crashing
 *   s5  03-01 10:00       South-1    9   4                 Waiting 4         Joy, Calm    Bekleme süresi kısaydı
 *   s6  03-10 14:00 (2nd) North-1   10   4                 Fees 2            Joy          Kart kullanımı kolay
 *   s7  03-20 16:00 (2nd) South-1    2   0 (translated)    Staff 0           Anger        Kartım şubede bloke oldu
 *   s8  03-25 10:00       North-2    7   not analysed      —                 —            Teşekkürler
 */

let t: TestApp;
let f: WidgetFixture;
let manager: string;
let northViewer: string;
const s: Record<string, number> = {};
let banking: { id: number; topics: Record<string, number> };
let other: { id: number; topics: Record<string, number> };
let feelings: { id: number; topics: Record<string, number> };
let mood: { id: number; topics: Record<string, number> };

const RANGE: [string, string] = ['2019-01-01', '2019-12-31'];

async function post<T>(endpoint: string, body: WidgetDataRequest, token = manager): Promise<T> {
  const response = await t.call('POST', `/api/text-analytics/${endpoint}`, { token, body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const bubble = (body: WidgetDataRequest) => post<BubbleData>('bubble', body);
const comments = (body: WidgetDataRequest, query = '') => post<CommentsData>(`comments${query}`, body);
const emotionCurve = (body: WidgetDataRequest) => post<EmotionCurveRow[]>('emotion-curve', body);
const branch = (body: WidgetDataRequest, token?: string) =>
  post<SentimentBranchRow[]>('sentiment-branch', body, token);
const trend = (body: WidgetDataRequest) => post<TrendRow[]>('trend', body);

beforeAll(async () => {
  t = await createTestApp();
  f = await createWidgetFixture(t);
  const db = t.database.db;
  const [secondComment] = await db
    .insert(questions)
    .values({
      tenantId: f.tenantId,
      surveyId: f.secondSurveyId,
      text: 'Why?',
      type: 'OETX',
      experienceId: 601,
      position: 2,
    })
    .returning({ id: questions.id });

  banking = await f.addTopicModel({
    name: 'Banking',
    topics: [{ name: 'Waiting', children: ['Queue'] }, 'Staff', 'Fees'],
  });
  other = await f.addTopicModel({ name: 'Other', language: 'en', topics: ['Digital'] });
  feelings = await f.addTopicModel({ name: 'Feelings', isEmotionModel: true, topics: ['Joy', 'Anger'] });
  mood = await f.addTopicModel({ name: 'Mood', isEmotionModel: true, topics: ['Calm'] });
  const B = banking.topics;
  const topic = (name: string, sentiment: number) => ({ topicId: B[name]!, modelId: banking.id, sentiment });
  const emotion = (name: string) =>
    name === 'Calm'
      ? { topicId: mood.topics.Calm!, modelId: mood.id }
      : { topicId: feelings.topics[name]!, modelId: feelings.id };

  const { north1, north2, south1 } = f.channels;
  const q = f.questions;
  const session = async (
    name: string,
    local: string,
    channelId: number,
    nps: number | null,
    comment: string,
    second = false,
  ) => {
    s[name] = await f.addSession({
      surveyId: second ? f.secondSurveyId : f.surveyId,
      transactionAt: `2019-${local}+03:00`,
      answeredAt: `2019-${local}+03:00`,
      channelId,
      scores: nps === null ? [] : [[second ? q.secondNps : q.nps, nps]],
      comment,
      ...(second ? { commentQuestionId: secondComment!.id } : {}),
    });
    return s[name];
  };

  await f.labelComment({
    sessionId: await session('s1', '01-10T10:00:00', north1, 10, 'Şubede personel çok ilgiliydi'),
    language: 'tr',
    translatedText: 'The staff at the branch were very attentive',
    sentiment: 4,
    topics: [topic('Staff', 4)],
    emotions: [emotion('Joy')],
  });
  await f.labelComment({
    sessionId: await session('s2', '01-20T11:00:00', north1, 3, 'Kuyrukta çok bekledim, şube kalabalıktı'),
    language: 'tr',
    sentiment: 0,
    topics: [topic('Waiting', 0), topic('Queue', 0)],
    emotions: [emotion('Anger')],
  });
  await f.labelComment({
    sessionId: await session('s9', '01-25T10:00:00', north1, null, 'Personel ile görüştüm'),
    language: 'tr',
    sentiment: -1,
    topics: [topic('Staff', -1)],
    emotions: [emotion('Anger')],
  });
  await f.labelComment({
    sessionId: await session('s3', '02-05T12:00:00', north2, 8, 'Ücretler yüksek ama personel iyi'),
    language: 'tr',
    sentiment: 2,
    topics: [topic('Fees', 0), topic('Staff', 4)],
    emotions: [emotion('Joy'), emotion('Anger')],
  });
  await f.labelComment({
    sessionId: await session('s4', '02-15T09:30:00', south1, 6, 'The app keeps crashing'),
    language: 'en',
    translatedText: 'Uygulama sürekli çöküyor',
    sentiment: -1,
    topics: [{ topicId: other.topics.Digital!, modelId: other.id, sentiment: -1 }],
    emotions: [emotion('Anger')],
  });
  await f.labelComment({
    sessionId: await session('s5', '03-01T10:00:00', south1, 9, 'Bekleme süresi kısaydı'),
    language: 'tr',
    sentiment: 4,
    topics: [topic('Waiting', 4)],
    emotions: [emotion('Joy'), emotion('Calm')],
  });
  await f.labelComment({
    sessionId: await session('s6', '03-10T14:00:00', north1, 10, 'Kart kullanımı kolay', true),
    language: 'tr',
    sentiment: 4,
    topics: [topic('Fees', 2)],
    emotions: [emotion('Joy')],
  });
  await f.labelComment({
    sessionId: await session('s7', '03-20T16:00:00', south1, 2, 'Kartım şubede bloke oldu', true),
    language: 'tr',
    translatedText: 'My card was blocked at the branch',
    sentiment: 0,
    topics: [topic('Staff', 0)],
    emotions: [emotion('Anger')],
  });
  await session('s8', '03-25T10:00:00', north2, 7, 'Teşekkürler');

  await t.replica.flush();
  manager = (await t.signIn('manager')).access_token;
  northViewer = await signInNewUser(t, {
    userName: 'ta-north-viewer',
    tenantId: t.tenantId,
    scopes: ['report:read'],
  });
  await db
    .update(users)
    .set({ transactionChannelIds: [f.channels.north] })
    .where(eq(users.userName, 'ta-north-viewer'));
});

afterAll(async () => t.close());

const staffDrill = (sentiments?: (4 | 2 | 0 | -1)[]): WidgetDataRequest => ({
  TimeRange: RANGE,
  UserDimensionFilters2: [{ TopicModelId: banking.id, TopicIds: [banking.topics.Staff!] }],
  ...(sentiments ? { SentimentFilter: sentiments } : {}),
});

describe('POST /api/text-analytics/bubble', () => {
  it('counts each topic of the model by the mention sentiment, as a share of the comments the model analysed', async () => {
    const B = banking.topics;
    const data = await bubble({ TimeRange: RANGE, DataFilters: { TopicModelId: banking.id } });
    // Seven comments carry a Banking label (s4 is labelled by Other only, s8 not analysed).
    expect(data.CategorySummaryDataResults).toEqual([
      node(B.Staff!, 'Staff', [2, 0, 1, 1], 4, 7),
      node(B.Fees!, 'Fees', [0, 1, 1, 0], 2, 7),
      node(B.Waiting!, 'Waiting', [1, 0, 1, 0], 2, 7),
      node(B.Queue!, 'Queue', [0, 0, 1, 0], 1, 7),
    ]);
  });

  it('keeps main topics with OnlyMainTopics and the most mentioned with TopicCount', async () => {
    const labels = async (dataFilters: WidgetDataRequest['DataFilters']) =>
      (await bubble({ TimeRange: RANGE, DataFilters: dataFilters })).CategorySummaryDataResults.map(
        (row) => row.CategoryLabel,
      );
    expect(await labels({ TopicModelId: banking.id, OnlyMainTopics: true })).toEqual([
      'Staff',
      'Fees',
      'Waiting',
    ]);
    expect(await labels({ TopicModelId: banking.id, TopicCount: 2 })).toEqual(['Staff', 'Fees']);
    expect(await labels({ TopicModelId: other.id })).toEqual(['Digital']);
  });

  it('answers no nodes without a topic model, and for a model of nothing in the selection', async () => {
    expect(await bubble({ TimeRange: RANGE })).toEqual({ CategorySummaryDataResults: [] });
    expect(
      await bubble({ TimeRange: ['2018-01-01', '2018-12-31'], DataFilters: { TopicModelId: banking.id } }),
    ).toEqual({
      CategorySummaryDataResults: [],
    });
  });

  it('applies a Turkish FreeTextFilter to inflected forms: "şube" finds "şubede" and "şube"', async () => {
    const B = banking.topics;
    // s1 "Şubede …", s2 "… şube …", s7 "… şubede …": all three analysed by Banking.
    const data = await bubble({
      TimeRange: RANGE,
      FreeTextFilter: 'şube',
      DataFilters: { TopicModelId: banking.id },
    });
    expect(data.CategorySummaryDataResults).toEqual([
      node(B.Staff!, 'Staff', [1, 0, 1, 0], 2, 3),
      node(B.Queue!, 'Queue', [0, 0, 1, 0], 1, 3),
      node(B.Waiting!, 'Waiting', [0, 0, 1, 0], 1, 3),
    ]);
  });
});

function node(
  topicId: number,
  label: string,
  [positive, neutral, negative, unclassified]: [number, number, number, number],
  total: number,
  analysed: number,
) {
  return {
    Category: String(topicId),
    CategoryLabel: label,
    TopicId: topicId,
    Positive: positive,
    Neutral: neutral,
    Negative: negative,
    Unclassified: unclassified,
    Percent: (100 * total) / analysed,
    TotalCount: total,
  };
}

describe('POST /api/text-analytics/comments', () => {
  const texts = (data: CommentsData) => data.Items.map((item) => item.TextOrig);

  it('pages the comments newest first, 10 by default, with Count of all', async () => {
    const data = await comments({ TimeRange: RANGE, DataFilters: { TopicModelId: banking.id } });
    expect(data.Count).toBe(9);
    expect(texts(data)).toEqual([
      'Teşekkürler',
      'Kartım şubede bloke oldu',
      'Kart kullanımı kolay',
      'Bekleme süresi kısaydı',
      'The app keeps crashing',
      'Ücretler yüksek ama personel iyi',
      'Personel ile görüştüm',
      'Kuyrukta çok bekledim, şube kalabalıktı',
      'Şubede personel çok ilgiliydi',
    ]);
    const page = await comments({ TimeRange: RANGE }, '?$top=2&$skip=3');
    expect(page.Count).toBe(9);
    expect(texts(page)).toEqual(['Bekleme süresi kısaydı', 'The app keeps crashing']);
  });

  it('answers each item with its translation, labels of the chosen model, emotions and survey', async () => {
    const [s7] = await t.database.db
      .select({ inviteeId: sessions.inviteeId })
      .from(sessions)
      .where(eq(sessions.id, s.s7!));
    const data = await comments(
      { TimeRange: RANGE, DataFilters: { TopicModelId: banking.id } },
      '?$top=2&$skip=1',
    );
    expect(data.Items[0]).toEqual({
      Text: 'My card was blocked at the branch',
      TextOrig: 'Kartım şubede bloke oldu',
      Language: null,
      LanguageOrig: 'tr',
      Topics: [{ Id: banking.topics.Staff, Name: 'Staff', SentimentScore: 0 }],
      Emotions: [{ Id: feelings.topics.Anger, Name: 'Anger' }],
      SentimentScore: 0,
      // 16:00 in Istanbul, shown to a caller without a TimezoneOffset: in UTC.
      CreatedDate: '2019-03-20T13:00:00+00:00',
      InviteeId: s7!.inviteeId,
      Source: 'survey',
      SurveyTitle: 'Card usage',
    });
    // Not translated: the original text, in its language.
    expect(data.Items[1]).toMatchObject({
      Text: 'Kart kullanımı kolay',
      Language: 'tr',
      LanguageOrig: 'tr',
      Topics: [{ Id: banking.topics.Fees, Name: 'Fees', SentimentScore: 2 }],
      SentimentScore: 4,
      SurveyTitle: 'Card usage',
    });
  });

  it('shows the labels of every topic model without TopicModelId; a comment not analysed has none', async () => {
    const data = await comments({ TimeRange: RANGE }, '?$top=5');
    expect(data.Items[0]).toMatchObject({
      TextOrig: 'Teşekkürler',
      Text: 'Teşekkürler',
      Language: null,
      LanguageOrig: null,
      Topics: [],
      Emotions: [],
      SentimentScore: null,
      SurveyTitle: 'Branch visit',
    });
    expect(data.Items[4]).toMatchObject({
      TextOrig: 'The app keeps crashing',
      Text: 'Uygulama sürekli çöküyor',
      Topics: [{ Id: other.topics.Digital, Name: 'Digital', SentimentScore: -1 }],
    });
    const banked = await comments({ TimeRange: RANGE, DataFilters: { TopicModelId: banking.id } }, '?$top=5');
    expect(banked.Items[4]!.Topics).toEqual([]);
    // s5's emotions come from two emotion models.
    expect(data.Items[3]!.Emotions).toEqual([
      { Id: feelings.topics.Joy, Name: 'Joy' },
      { Id: mood.topics.Calm, Name: 'Calm' },
    ]);
  });

  it('is narrowed by a bubble drill-down (topic, then its sentiment slice)', async () => {
    expect(texts(await comments(staffDrill()))).toEqual([
      'Kartım şubede bloke oldu',
      'Ücretler yüksek ama personel iyi',
      'Personel ile görüştüm',
      'Şubede personel çok ilgiliydi',
    ]);
    // Unclassified is sentimentScore [* TO -1]; Negative 0 (the comment's own sentiment).
    const unclassified = await comments(staffDrill([-1]));
    expect([unclassified.Count, texts(unclassified)]).toEqual([1, ['Personel ile görüştüm']]);
    expect(texts(await comments(staffDrill([0])))).toEqual(['Kartım şubede bloke oldu']);
  });

  it('finds inflected Turkish forms with FreeTextFilter', async () => {
    const data = await comments({ TimeRange: RANGE, FreeTextFilter: 'şube' });
    expect([data.Count, texts(data)]).toEqual([
      3,
      [
        'Kartım şubede bloke oldu',
        'Kuyrukta çok bekledim, şube kalabalıktı',
        'Şubede personel çok ilgiliydi',
      ],
    ]);
    expect((await comments({ TimeRange: RANGE, FreeTextFilter: 'ŞUBELERDE' })).Count).toBe(3);
    expect((await comments({ TimeRange: RANGE, FreeTextFilter: 'şube personel' })).Count).toBe(1);
  });

  it('refuses a page larger than 50', async () => {
    const response = await t.call('POST', '/api/text-analytics/comments?$top=51', {
      token: manager,
      body: { TimeRange: RANGE },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST /api/text-analytics/emotion-curve', () => {
  const onboarding = () => ({
    Stage: expect.stringMatching(/^Onboarding/),
    StageId: f.journeyStages.onboarding,
  });
  const usage = () => ({ Stage: expect.stringMatching(/^Usage/), StageId: f.journeyStages.usage });

  it('answers per emotion and journey stage the NPS of the sessions whose comments carry the emotion', async () => {
    const rows = await emotionCurve({ TimeRange: RANGE, DataFilters: { TopicModelId: feelings.id } });
    expect(rows).toEqual([
      // Onboarding Joy: s1 10, s3 8, s5 9 -> (2 - 0) / 3.
      { Category: 'Joy', ...onboarding(), Value: 200 / 3 },
      { Category: 'Joy', ...usage(), Value: 100 },
      // Onboarding Anger: s2 3, s3 8, s4 6 (s9 has no NPS answer) -> (0 - 2) / 3.
      { Category: 'Anger', ...onboarding(), Value: -200 / 3 },
      { Category: 'Anger', ...usage(), Value: -100 },
    ]);
  });

  it('reads every emotion model when TopicModelId is not an emotion model; null where no carrier answered', async () => {
    const rows = await emotionCurve({ TimeRange: RANGE, DataFilters: { TopicModelId: banking.id } });
    expect(rows.map((row) => [row.Category, row.StageId, row.Value])).toEqual([
      ['Joy', f.journeyStages.onboarding, 200 / 3],
      ['Joy', f.journeyStages.usage, 100],
      ['Anger', f.journeyStages.onboarding, -200 / 3],
      ['Anger', f.journeyStages.usage, -100],
      ['Calm', f.journeyStages.onboarding, 100],
      ['Calm', f.journeyStages.usage, null],
    ]);
    const second = await emotionCurve({ TimeRange: RANGE, DataFilters: { SurveyId: [f.secondSurveyId] } });
    expect(second.map((row) => [row.Category, row.StageId, row.Value])).toEqual([
      ['Joy', f.journeyStages.usage, 100],
      ['Anger', f.journeyStages.usage, -100],
      ['Calm', f.journeyStages.usage, null],
    ]);
  });
});

describe('POST /api/text-analytics/emotion-curve with JourneyConfigs', () => {
  it("takes the stages from JourneyConfigs (JourneyName, JourneyId, in JourneyOrder), each its survey's comments only", async () => {
    const journey = [
      { SurveyId: f.surveyId, JourneyId: 2, JourneyName: 'Şube', JourneyOrder: 2 },
      { SurveyId: f.secondSurveyId, JourneyId: 1, JourneyName: 'Kart', JourneyOrder: 1 },
    ];
    const rows = await emotionCurve({
      TimeRange: RANGE,
      DataFilters: { TopicModelId: feelings.id, JourneyConfigs: journey },
    });
    expect(rows).toEqual([
      { Category: 'Joy', Stage: 'Kart', StageId: 1, Value: 100 },
      { Category: 'Joy', Stage: 'Şube', StageId: 2, Value: 200 / 3 },
      { Category: 'Anger', Stage: 'Kart', StageId: 1, Value: -100 },
      { Category: 'Anger', Stage: 'Şube', StageId: 2, Value: -200 / 3 },
    ]);
    // A survey not in the configs is left out, with its journey stage.
    const second = await emotionCurve({
      TimeRange: RANGE,
      DataFilters: { TopicModelId: feelings.id, JourneyConfigs: [journey[1]!] },
    });
    expect(second).toEqual([
      { Category: 'Joy', Stage: 'Kart', StageId: 1, Value: 100 },
      { Category: 'Anger', Stage: 'Kart', StageId: 1, Value: -100 },
    ]);
  });
});

describe('POST /api/text-analytics/sentiment-branch', () => {
  it('answers per level-2 channel its classified comments and 100 × (positive − negative) / classified', async () => {
    expect(await branch({ TimeRange: RANGE, DataFilters: {} })).toEqual([
      // North: s1 4, s2 0, s3 2, s6 4 (s9 unclassified and s8 not analysed are left out).
      {
        Category: 'North',
        CategoryId: f.channels.north,
        Value: 25,
        Positive: 2,
        Neutral: 1,
        Negative: 1,
        Location: null,
      },
      // South: s5 4, s7 0 (s4 unclassified).
      {
        Category: 'South',
        CategoryId: f.channels.south,
        Value: 0,
        Positive: 1,
        Neutral: 0,
        Negative: 1,
        Location: null,
      },
    ]);
  });

  it('goes one level below a drilled channel, names locations and keeps the top N', async () => {
    const level3 = await branch({ TimeRange: RANGE, DataFilters: { ChannelColumnLevel: 3 } });
    expect(level3.map((row) => [row.Category, row.Value, row.Location])).toEqual([
      ['North-1', 100 / 3, 'İstanbul'],
      ['South-1', 0, 'Mumbai'],
      ['North-2', 0, 'Ankara'],
    ]);
    const top = await branch({
      TimeRange: RANGE,
      DataFilters: { ChannelColumnLevel: 3, TopNToggle: true, TopNCount: 2 },
    });
    expect(top.map((row) => row.Category)).toEqual(['North-1', 'South-1']);
    const drilled = await branch({ TimeRange: RANGE, ChannelSet: { Ids: [f.channels.north] } });
    expect(drilled.map((row) => row.Category)).toEqual(['North-1', 'North-2']);
  });

  it("keeps a scoped user's data to their channels", async () => {
    const rows = await branch({ TimeRange: RANGE }, northViewer);
    expect(rows.map((row) => row.Category)).toEqual(['North']);
  });
});

describe('POST /api/text-analytics/trend', () => {
  const figures = (rows: TrendRow[]) =>
    rows.map((row) => [row.Category, row.SubCategory, row.Value, row.Responses, row.ValuePercent]);

  it('follows the five most mentioned topics per month, as a share of the comments the model analysed', async () => {
    const rows = await trend({
      TimeRange: RANGE,
      DataFilters: { TopicModelId: banking.id, CategoryType: 'MM' },
    });
    // Analysed by Banking: January s1, s2, s9; February s3; March s5, s6, s7.
    expect(figures(rows)).toEqual([
      ['2019-01', 'Staff', 2, 3, 200 / 3],
      ['2019-01', 'Fees', 0, 3, 0],
      ['2019-01', 'Waiting', 1, 3, 100 / 3],
      ['2019-01', 'Queue', 1, 3, 100 / 3],
      ['2019-02', 'Staff', 1, 1, 100],
      ['2019-02', 'Fees', 1, 1, 100],
      ['2019-02', 'Waiting', 0, 1, 0],
      ['2019-02', 'Queue', 0, 1, 0],
      ['2019-03', 'Staff', 1, 3, 100 / 3],
      ['2019-03', 'Fees', 1, 3, 100 / 3],
      ['2019-03', 'Waiting', 1, 3, 100 / 3],
      ['2019-03', 'Queue', 0, 3, 0],
    ]);
    expect(rows.every((row) => row.Rate === row.ValuePercent)).toBe(true);
    expect(rows.slice(0, 4).map((row) => row.Color)).toEqual(CHART_PALETTE.slice(0, 4));
    const quarter = await trend({
      TimeRange: RANGE,
      DataFilters: { TopicModelId: banking.id, CategoryType: 'QQ' },
    });
    expect(figures(quarter)[0]).toEqual(['2019-Q1', 'Staff', 4, 7, 400 / 7]);
  });

  it('follows the sentiment classes of the analysed comments', async () => {
    const rows = await trend({ TimeRange: RANGE, DataFilters: { TrendTypeField: 'sentimentScore' } });
    // January s1 4, s2 0, s9 -1; February s3 2, s4 -1; March s5 4, s6 4, s7 0 (s8 not analysed).
    expect(figures(rows)).toEqual([
      ['2019-01', 'Positive', 1, 3, 100 / 3],
      ['2019-01', 'Neutral', 0, 3, 0],
      ['2019-01', 'Negative', 1, 3, 100 / 3],
      ['2019-01', 'Unclassified', 1, 3, 100 / 3],
      ['2019-02', 'Positive', 0, 2, 0],
      ['2019-02', 'Neutral', 1, 2, 50],
      ['2019-02', 'Negative', 0, 2, 0],
      ['2019-02', 'Unclassified', 1, 2, 50],
      ['2019-03', 'Positive', 2, 3, 200 / 3],
      ['2019-03', 'Neutral', 0, 3, 0],
      ['2019-03', 'Negative', 1, 3, 100 / 3],
      ['2019-03', 'Unclassified', 0, 3, 0],
    ]);
    expect(rows.slice(0, 3).map((row) => row.Color)).toEqual([
      BAND_COLORS.green,
      BAND_COLORS.yellow,
      BAND_COLORS.red,
    ]);
  });

  it('follows the emotions of the emotion models', async () => {
    const rows = await trend({
      TimeRange: RANGE,
      DataFilters: { TrendTypeField: 'emotions', CategoryType: 'MM' },
    });
    expect(figures(rows)).toEqual([
      ['2019-01', 'Joy', 1, 3, 100 / 3],
      ['2019-01', 'Anger', 2, 3, 200 / 3],
      ['2019-01', 'Calm', 0, 3, 0],
      ['2019-02', 'Joy', 1, 2, 50],
      ['2019-02', 'Anger', 2, 2, 100],
      ['2019-02', 'Calm', 0, 2, 0],
      ['2019-03', 'Joy', 2, 3, 200 / 3],
      ['2019-03', 'Anger', 1, 3, 100 / 3],
      ['2019-03', 'Calm', 1, 3, 100 / 3],
    ]);
  });

  it('answers no rows for a topic trend without a topic model', async () => {
    expect(await trend({ TimeRange: RANGE, DataFilters: { TrendTypeField: 'topics' } })).toEqual([]);
  });
});

describe('AI module gating', () => {
  const setAi = (active: boolean) =>
    t.database.db.update(licenses).set({ isAiModuleActive: active }).where(eq(licenses.tenantId, t.tenantId));

  it('answers 403 with code 2507 on every endpoint while the AI module is off', async () => {
    await setAi(false);
    try {
      for (const endpoint of ['bubble', 'comments', 'emotion-curve', 'sentiment-branch', 'trend']) {
        const response = await t.call('POST', `/api/text-analytics/${endpoint}`, {
          token: manager,
          body: { TimeRange: RANGE, DataFilters: { TopicModelId: banking.id } },
        });
        expect([endpoint, response.statusCode, response.json<{ Code: number }>().Code]).toEqual([
          endpoint,
          403,
          ErrorCode.WidgetLocked,
        ]);
      }
    } finally {
      await setAi(true);
    }
    expect(
      (await bubble({ TimeRange: RANGE, DataFilters: { TopicModelId: banking.id } }))
        .CategorySummaryDataResults,
    ).toHaveLength(4);
  });
});
