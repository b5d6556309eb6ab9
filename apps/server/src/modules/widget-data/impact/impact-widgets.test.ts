import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, impactRowSchema, type ImpactRow, type WidgetDataRequest } from '@loupe/contracts';
import { licenses, questionChoices } from '../../../db/schema/index.js';
import { signInNewUser } from '../../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createWidgetFixture, type WidgetFixture } from '../../../test/widget-fixture.js';

/*
 * The impact butterflies on hand-labelled comments (docs/metrics.md). March 2026, main survey; NPS answers
 * (promoter P 9-10, neutral N 7-8, detractor D 0-6), the topic labels of each session's comment (topic:sentiment)
 * of the model "Branch topics" (Staff with the sub-topic Friendliness, Waiting, Price) and the effort answer
 * (1 Very difficult .. 5 Very easy):
 *
 *   session  NPS     topics                                 effort  satisfaction
 *   a        10 P    Staff:4, Friendliness:4                5       8
 *   b        10 P    Staff:4, Friendliness:4                5       8
 *   c         9 P    Staff:4, Waiting:2                     4
 *   d         9 P    -                                      5
 *   e        10 P    -  (no comment)                        4
 *   f         8 N    Waiting:0                              3
 *   g         7 N    Staff:2                                4
 *   h         6 D    Waiting:0                              2
 *   i         3 D    Waiting:0, Staff:0                     1
 *   j         0 D    Waiting:0                              1
 *   k         5 D    Price:0                                2
 *   x         -      Staff:4 (no NPS answer: not in S)
 *   y        10      Staff:4 (February: outside the range)
 *
 * S = a..k: 11 answers, 5 P, 2 N, 4 D -> NPS(S) = 100/11.
 *
 * Staff: M = {a, b, c, g, i}: 10, 10, 9, 7, 3 -> 3 P, 1 N, 1 D -> Value = NPS(M) = 40; ImpactNps = 40 - 100/11 =
 *   340/11. S \ M = {d, e, f, h, j, k}: 9, 10, 8, 6, 0, 5 -> 2 P, 3 D of 6 -> -100/6, so the overall impact is
 *   100/11 + 100/6 = 850/33 (= |M|/|S| x (NPS(M) - NPS(S \ M)) = 5/11 x (40 + 50/3)).
 *   M+ = positive mentions {a, b, c}: S \ M+ = 8 answers, 2 P, 4 D -> -25; PositiveImpact = 100/11 + 25 = 375/11.
 *   M- = {i}: S \ M- = 10 answers, 5 P, 3 D -> 20; NegativeImpact = 100/11 - 20 = -120/11.
 *   TotalImpact = 255/11. SentimentScore = mean of 4, 4, 4, 2, 0 = 2.8. Responses 5.
 * Waiting: M = {c, f, h, i, j}: 9, 8, 6, 3, 0 -> 1 P, 3 D -> -40; ImpactNps = -40 - 100/11 = -540/11.
 *   S \ M = {a, b, d, e, g, k}: 4 P, 1 D of 6 -> 50; overall = 100/11 - 50 = -450/11.
 *   M+ = {} -> PositiveImpact 0. M- = {f, h, i, j}: S \ M- = 7 answers, 5 P, 1 D -> 400/7;
 *   NegativeImpact = 100/11 - 400/7 = -3700/77 = TotalImpact. SentimentScore = (2 + 0 + 0 + 0 + 0) / 5 = 0.4.
 * Friendliness (a sub-topic of Staff): M = {a, b} -> 100; ImpactNps = 1000/11. S \ M = 9 answers, 3 P, 4 D ->
 *   -100/9; overall = PositiveImpact = TotalImpact = 100/11 + 100/9 = 2000/99; NegativeImpact 0; SentimentScore 4.
 * Price: M = {k}, one answer: below MinimumResponseCount 2.
 *
 * Closed-ended questions of the main survey: effort (choices 1-5) and satisfaction (no choice rows: the value is
 * the label); the NPS question is left out. For a choice, M+ / M- are its promoters / detractors.
 * Very easy (5): M = {a, b, d}: 3 P -> 100; S \ M = 8 answers, 2 P, 4 D -> -25; overall = PositiveImpact =
 *   TotalImpact = 375/11; NegativeImpact 0; ImpactNps = 1000/11.
 * Easy (4): M = {c, e, g}: 2 P, 1 N -> 200/3; S \ M = {a, b, d, f, h, i, j, k}: 3 P, 4 D of 8 -> -12.5; overall =
 *   100/11 + 12.5 = 475/22. M+ = {c, e}: S \ M+ = 9 answers, 3 P, 4 D -> -100/9; PositiveImpact = 2000/99.
 *   NegativeImpact 0, TotalImpact 2000/99. ImpactNps = 200/3 - 100/11 = 1900/33.
 * Neither (3): M = {f}: one answer, dropped. Difficult (2): M = {h, k}: 2 D -> -100; S \ M = 9 answers, 5 P, 2 D
 *   -> 100/3; overall = NegativeImpact = TotalImpact = 100/11 - 100/3 = -800/33; PositiveImpact 0;
 *   ImpactNps = -1200/11. Very difficult (1): M = {i, j}: the same figures (a tie, broken by the choice order).
 * Satisfaction 8: M = {a, b} -> the same figures as Friendliness.
 */

let t: TestApp;
let f: WidgetFixture;
let reader: string;
let model: { id: number; topics: Record<string, number> };
let emotionModel: { id: number; topics: Record<string, number> };
let emptyModel: { id: number; topics: Record<string, number> };

const MARCH: WidgetDataRequest['TimeRange'] = ['2026-03-01', '2026-03-31'];

beforeAll(async () => {
  t = await createTestApp();
  f = await createWidgetFixture(t);
  model = await f.addTopicModel({
    name: 'Branch topics',
    topics: [{ name: 'Staff', children: ['Friendliness'] }, 'Waiting', 'Price'],
  });
  emotionModel = await f.addTopicModel({ name: 'Emotions', isEmotionModel: true, topics: ['Joy'] });
  emptyModel = await f.addTopicModel({ name: 'Unused model', topics: ['Anything'] });
  const { nps, effort, satisfaction } = f.questions;
  await t.database.db.insert(questionChoices).values(
    ['Very difficult', 'Difficult', 'Neither easy nor difficult', 'Easy', 'Very easy'].map(
      (label, index) => ({
        tenantId: f.tenantId,
        questionId: effort,
        label,
        value: index + 1,
        position: index,
      }),
    ),
  );

  type Row = { day: string; nps: number | null; labels?: [string, number][]; effort?: number; sat?: number };
  const rows: Row[] = [
    {
      day: '2026-03-02',
      nps: 10,
      labels: [
        ['Staff', 4],
        ['Friendliness', 4],
      ],
      effort: 5,
      sat: 8,
    },
    {
      day: '2026-03-03',
      nps: 10,
      labels: [
        ['Staff', 4],
        ['Friendliness', 4],
      ],
      effort: 5,
      sat: 8,
    },
    {
      day: '2026-03-04',
      nps: 9,
      labels: [
        ['Staff', 4],
        ['Waiting', 2],
      ],
      effort: 4,
    },
    { day: '2026-03-05', nps: 9, labels: [], effort: 5 },
    { day: '2026-03-06', nps: 10, effort: 4 },
    { day: '2026-03-07', nps: 8, labels: [['Waiting', 0]], effort: 3 },
    { day: '2026-03-08', nps: 7, labels: [['Staff', 2]], effort: 4 },
    { day: '2026-03-09', nps: 6, labels: [['Waiting', 0]], effort: 2 },
    {
      day: '2026-03-10',
      nps: 3,
      labels: [
        ['Waiting', 0],
        ['Staff', 0],
      ],
      effort: 1,
    },
    { day: '2026-03-11', nps: 0, labels: [['Waiting', 0]], effort: 1 },
    { day: '2026-03-12', nps: 5, labels: [['Price', 0]], effort: 2 },
    { day: '2026-03-13', nps: null, labels: [['Staff', 4]], effort: 5 },
    { day: '2026-02-13', nps: 10, labels: [['Staff', 4]], effort: 5 },
  ];
  for (const row of rows) {
    const at = `${row.day}T12:00:00+03:00`;
    const scores: [number, number][] = [];
    if (row.nps !== null) scores.push([nps, row.nps]);
    if (row.effort !== undefined) scores.push([effort, row.effort]);
    if (row.sat !== undefined) scores.push([satisfaction, row.sat]);
    const sessionId = await f.addSession({
      channelId: f.channels.north1,
      transactionAt: at,
      answeredAt: at,
      scores,
      ...(row.labels ? { comment: `Comment of ${row.day}` } : {}),
    });
    if (!row.labels) continue;
    await f.labelComment({
      sessionId,
      language: 'en',
      sentiment: row.labels[0]?.[1] ?? -1,
      topics: row.labels.map(([name, sentiment]) => ({
        topicId: model.topics[name]!,
        modelId: model.id,
        sentiment,
      })),
      // Emotions are another model's labels: never an impact row.
      emotions: [{ topicId: emotionModel.topics.Joy!, modelId: emotionModel.id }],
    });
  }
  await t.replica.flush();
  reader = await signInNewUser(t, {
    userName: 'impact-reader',
    tenantId: f.tenantId,
    scopes: ['report:read'],
  });
});
afterAll(async () => t.close());

async function post(endpoint: string, body: WidgetDataRequest, status = 200) {
  const response = await t.call('POST', `/api/${endpoint}`, { token: reader, body });
  expect(response.statusCode, response.body).toBe(status);
  return response;
}

/** Rows with their figures rounded to 9 decimals, so hand-written fractions compare exactly. */
function rounded(rows: ImpactRow[]): ImpactRow[] {
  const round = (value: number | null) => (value === null ? null : Math.round(value * 1e9) / 1e9);
  return rows.map((row) => ({
    ...row,
    Impact: round(row.Impact),
    Value: round(row.Value),
    PositiveImpact: round(row.PositiveImpact),
    NegativeImpact: round(row.NegativeImpact),
    TotalImpact: round(row.TotalImpact),
    ImpactNps: round(row.ImpactNps),
    SentimentScore: round(row.SentimentScore),
  }));
}

async function impact(dataFilters: Record<string, unknown>, filter: Partial<WidgetDataRequest> = {}) {
  const response = await post('text-analytics/impact', {
    TimeRange: MARCH,
    ...filter,
    DataFilters: dataFilters,
  });
  return rounded(impactRowSchema.array().parse(response.json()));
}

async function closedEnd(dataFilters: Record<string, unknown>, filter: Partial<WidgetDataRequest> = {}) {
  const response = await post('widget-data/closed-end-impact', {
    TimeRange: MARCH,
    ...filter,
    DataFilters: dataFilters,
  });
  return rounded(impactRowSchema.array().parse(response.json()));
}

const row = (
  figures: Omit<ImpactRow, 'ShortCategory' | 'StatusCode'> & { ShortCategory?: string },
): ImpactRow => rounded([{ ShortCategory: figures.Category, StatusCode: 0, ...figures }])[0]!;

const staff = (impact: number) =>
  row({
    Category: 'Staff',
    Impact: impact,
    Value: 40,
    PositiveImpact: 375 / 11,
    NegativeImpact: -120 / 11,
    TotalImpact: 255 / 11,
    ImpactNps: 340 / 11,
    Responses: 5,
    SentimentScore: 2.8,
  });
const waiting = (impact: number) =>
  row({
    Category: 'Waiting',
    Impact: impact,
    Value: -40,
    PositiveImpact: 0,
    NegativeImpact: -3700 / 77,
    TotalImpact: -3700 / 77,
    ImpactNps: -540 / 11,
    Responses: 5,
    SentimentScore: 0.4,
  });
const friendliness = (impact: number) =>
  row({
    Category: 'Friendliness',
    Impact: impact,
    Value: 100,
    PositiveImpact: 2000 / 99,
    NegativeImpact: 0,
    TotalImpact: 2000 / 99,
    ImpactNps: 1000 / 11,
    Responses: 2,
    SentimentScore: 4,
  });

const statusRow = (status: number): ImpactRow => ({
  Category: '',
  ShortCategory: '',
  Impact: null,
  Value: null,
  PositiveImpact: null,
  NegativeImpact: null,
  TotalImpact: null,
  ImpactNps: null,
  Responses: 0,
  SentimentScore: null,
  StatusCode: status,
});

describe('POST /api/text-analytics/impact', () => {
  it('computes each topic’s overall impact, sorted by it (impact type 3, value type 2)', async () => {
    expect(
      await impact({ TopicModelId: model.id, ImpactType: 3, ImpactValueType: 2, MinimumResponseCount: 2 }),
    ).toEqual([staff(850 / 33), friendliness(2000 / 99), waiting(-450 / 11)]);
  });

  it('answers the NPS among the mentions as Impact for the individual value type', async () => {
    expect(
      await impact({ TopicModelId: model.id, ImpactType: 3, ImpactValueType: 1, MinimumResponseCount: 2 }),
    ).toEqual([friendliness(1000 / 11), staff(340 / 11), waiting(-540 / 11)]);
  });

  it('sorts by positive impact (type 1) or by negative impact, most negative first (type 2)', async () => {
    const positive = await impact({ TopicModelId: model.id, ImpactType: 1, MinimumResponseCount: 2 });
    expect(positive.map((r) => [r.Category, r.PositiveImpact])).toEqual([
      ['Staff', Math.round((375 / 11) * 1e9) / 1e9],
      ['Friendliness', Math.round((2000 / 99) * 1e9) / 1e9],
      ['Waiting', 0],
    ]);
    const negative = await impact({ TopicModelId: model.id, ImpactType: '2', MinimumResponseCount: 2 });
    expect(negative.map((r) => r.Category)).toEqual(['Waiting', 'Staff', 'Friendliness']);
  });

  it('keeps main topics only with OnlyMainTopics, and Price once the minimum allows a single answer', async () => {
    expect(
      (await impact({ TopicModelId: model.id, MinimumResponseCount: 2, OnlyMainTopics: true })).map(
        (r) => r.Category,
      ),
    ).toEqual(['Staff', 'Waiting']);
    // Price: M = {k} (5, D): S \ M = 10 answers, 5 P, 3 D -> 20; overall = 100/11 - 20 = -120/11.
    const all = await impact({ TopicModelId: model.id, MinimumResponseCount: 1 });
    expect(all.find((r) => r.Category === 'Price')).toEqual(
      row({
        Category: 'Price',
        Impact: -120 / 11,
        Value: -100,
        PositiveImpact: 0,
        NegativeImpact: -120 / 11,
        TotalImpact: -120 / 11,
        ImpactNps: -1200 / 11,
        Responses: 1,
        SentimentScore: 0,
      }),
    );
  });

  it('applies the report filter to S and to the mentions', async () => {
    // Only the Staff-labelled comments: S is still every session with an NPS answer whose comments mention Staff
    // (the session's own topics), the mentions are those comments' labels.
    const rows = await impact(
      { TopicModelId: model.id, MinimumResponseCount: 1 },
      { UserDimensionFilters2: [{ TopicModelId: model.id, TopicIds: [model.topics.Staff!] }] },
    );
    // S = {a, b, c, g, i} (NPS 40): every one mentions Staff, so S \ M is empty and the overall impact is null.
    // M+ = {a, b, c}: S \ M+ = {g, i} (7, 3) -> -50, PositiveImpact 90; M- = {i}: S \ M- = 3 P, 1 N -> 75,
    // NegativeImpact -35.
    expect(rows.find((r) => r.Category === 'Staff')).toMatchObject({
      Responses: 5,
      Value: 40,
      Impact: null,
      ImpactNps: 0,
      PositiveImpact: 90,
      NegativeImpact: -35,
      TotalImpact: 55,
    });
  });

  it('answers status 1 without answers, without mentions or without a (topic) model', async () => {
    expect(await impact({ TopicModelId: model.id }, { TimeRange: ['2026-05-01', '2026-05-31'] })).toEqual([
      statusRow(1),
    ]);
    expect(await impact({ TopicModelId: emptyModel.id })).toEqual([statusRow(1)]);
    expect(await impact({ TopicModelId: emotionModel.id })).toEqual([statusRow(1)]);
    expect(await impact({})).toEqual([statusRow(1)]);
  });

  it('answers status 2 when no topic reaches the minimum (10 by default)', async () => {
    expect(await impact({ TopicModelId: model.id })).toEqual([statusRow(2)]);
    expect(await impact({ TopicModelId: model.id, MinimumResponseCount: 6 })).toEqual([statusRow(2)]);
  });

  it('refuses an impact type or value type out of range', async () => {
    for (const dataFilters of [{ ImpactType: 4 }, { ImpactValueType: 3 }, { ImpactType: 'positive' }]) {
      const response = await post(
        'text-analytics/impact',
        { TimeRange: MARCH, DataFilters: { TopicModelId: model.id, ...dataFilters } },
        400,
      );
      expect(response.json().Code).toBe(ErrorCode.ModelNotValid);
    }
  });

  it('is locked (403, 2507) without the AI module; the closed-ended impact is not', async () => {
    const setAi = (active: boolean) =>
      t.database.db
        .update(licenses)
        .set({ isAiModuleActive: active })
        .where(eq(licenses.tenantId, f.tenantId));
    await setAi(false);
    try {
      const response = await post(
        'text-analytics/impact',
        { TimeRange: MARCH, DataFilters: { TopicModelId: model.id } },
        403,
      );
      expect(response.json().Code).toBe(ErrorCode.WidgetLocked);
      await post('widget-data/closed-end-impact', {
        TimeRange: MARCH,
        DataFilters: { ClosedEndSurveyId: f.surveyId },
      });
    } finally {
      await setAi(true);
    }
  });

  it('needs report:read or report:manage', async () => {
    const response = await t.call('POST', '/api/text-analytics/impact', {
      body: { TimeRange: MARCH, DataFilters: { TopicModelId: model.id } },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/widget-data/closed-end-impact', () => {
  const effort = 'How easy was it?';
  const choice = (label: string, figures: Omit<ImpactRow, 'Category' | 'ShortCategory' | 'StatusCode'>) =>
    row({ Category: label, ShortCategory: label, ...figures });
  const difficult = (label: string, short: string) => ({
    ...choice(`${effort}: ${label}`, {
      Impact: -800 / 33,
      Value: -100,
      PositiveImpact: 0,
      NegativeImpact: -800 / 33,
      TotalImpact: -800 / 33,
      ImpactNps: -1200 / 11,
      Responses: 2,
      SentimentScore: null,
    }),
    ShortCategory: short,
  });
  const veryEasy = {
    ...choice(`${effort}: Very easy`, {
      Impact: 375 / 11,
      Value: 100,
      PositiveImpact: 375 / 11,
      NegativeImpact: 0,
      TotalImpact: 375 / 11,
      ImpactNps: 1000 / 11,
      Responses: 3,
      SentimentScore: null,
    }),
    ShortCategory: 'Very easy (How easy…',
  };
  const easy = {
    ...choice(`${effort}: Easy`, {
      Impact: 475 / 22,
      Value: 200 / 3,
      PositiveImpact: 2000 / 99,
      NegativeImpact: 0,
      TotalImpact: 2000 / 99,
      ImpactNps: 1900 / 33,
      Responses: 3,
      SentimentScore: null,
    }),
    ShortCategory: 'Easy (How easy was i…',
  };
  const satisfied = {
    ...choice('How satisfied are you?: 8', {
      Impact: 2000 / 99,
      Value: 100,
      PositiveImpact: 2000 / 99,
      NegativeImpact: 0,
      TotalImpact: 2000 / 99,
      ImpactNps: 1000 / 11,
      Responses: 2,
      SentimentScore: null,
    }),
    ShortCategory: '8 (How satisfied are…',
  };

  it('computes each choice’s impact, the NPS question left out, ties in the choices’ order', async () => {
    expect(
      await closedEnd({ ClosedEndSurveyId: f.surveyId, ImpactType: 3, MinimumResponseCount: 2 }),
    ).toEqual([
      veryEasy,
      easy,
      satisfied,
      difficult('Very difficult', 'Very difficult (How…'),
      difficult('Difficult', 'Difficult (How easy…'),
    ]);
  });

  it('keeps the OrderedQuestionIds only (comma-joined or a list)', async () => {
    const { satisfaction, effort: effortId } = f.questions;
    expect(
      await closedEnd({
        ClosedEndSurveyId: f.surveyId,
        OrderedQuestionIds: `${satisfaction}`,
        MinimumResponseCount: 2,
      }),
    ).toEqual([satisfied]);
    const both = await closedEnd({
      ClosedEndSurveyId: f.surveyId,
      OrderedQuestionIds: [effortId, satisfaction],
      ImpactType: 2,
      MinimumResponseCount: 2,
    });
    expect(both.map((r) => r.Category)).toEqual([
      `${effort}: Very difficult`,
      `${effort}: Difficult`,
      // NegativeImpact 0 for the rest: more answers first, then the questions' and choices' order.
      `${effort}: Easy`,
      `${effort}: Very easy`,
      'How satisfied are you?: 8',
    ]);
  });

  it('answers status 1 without a survey or answers, 2 when no choice reaches the minimum', async () => {
    expect(await closedEnd({})).toEqual([statusRow(1)]);
    expect(await closedEnd({ ClosedEndSurveyId: f.secondSurveyId })).toEqual([statusRow(1)]);
    expect(
      await closedEnd({ ClosedEndSurveyId: f.surveyId }, { TimeRange: ['2026-05-01', '2026-05-31'] }),
    ).toEqual([statusRow(1)]);
    expect(await closedEnd({ ClosedEndSurveyId: f.surveyId })).toEqual([statusRow(2)]);
  });

  it('refuses a malformed survey id', async () => {
    const response = await post(
      'widget-data/closed-end-impact',
      { TimeRange: MARCH, DataFilters: { ClosedEndSurveyId: 'abc' } },
      400,
    );
    expect(response.json().Code).toBe(ErrorCode.ModelNotValid);
  });
});
