import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  profilerSchema,
  simulationSchema,
  type ProfilerRequest,
  type SimulationRequest,
} from '@loupe/contracts';
import { eq } from 'drizzle-orm';
import { licenses, tenants } from '../../db/schema/index.js';
import { signInNewUser } from '../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createWidgetFixture, type WidgetFixture } from '../../test/widget-fixture.js';

/*
 * The satisfaction profiler and the driver simulation (docs/profiler-simulation.md) on planted sessions of the
 * widget fixture's main survey: NPS (experience 101 "Net Promoter Score", 0-10), satisfaction (102 "Customer
 * Satisfaction", 0-10), effort (201 "Customer Effort", 1-5); transaction day at noon Istanbul time.
 *
 * Profiler rows (April is May's previous period: May 1-31 has 31 days -> March 31 - April 30):
 *
 *   day          NPS  satisfaction  effort
 *   2026-04-10    8    4             2
 *   2026-05-04   10    8             5      (Monday, ISO week 19)
 *   2026-05-05    6    6             3      (ISO week 19)
 *   2026-05-20    9    -             4      (ISO week 21)
 *
 * Ten scale, May, per experience (most answered first):
 *   Net Promoter Score      (10 + 6 + 9) / 3 = 25/3, 3 responses; April 8 (1) -> Deviation 25/3 - 8 = 1/3
 *   Customer Satisfaction   (8 + 6) / 2 = 7, 2 responses; April 4 (1) -> Deviation 3
 *   Total                   (10 + 6 + 9 + 8 + 6) / 5 = 7.8, 5; April (8 + 4) / 2 = 6 -> Deviation 1.8
 * Five scale, May: Customer Effort (5 + 3 + 4) / 3 = 4, 3 responses; April 2 -> Deviation 2.
 * Per question: the same figures named by the question texts.
 * Trends: April-May monthly, ten scale, all rows: 2026-04 (8 + 4) / 2 = 6 (2), 2026-05 7.8 (5).
 *   May weekly, Net Promoter Score: 2026-W19 (10 + 6) / 2 = 8 (2), 2026-W21 9 (1).
 *   May daily, Customer Satisfaction: 2026-05-04 8 (1), 2026-05-05 6 (1).
 *   March-May quarterly, ten scale: 2026-Q1 = the March NPS answers below, (20x10 + 10x3 + 10x8 + 20x9) / 60 =
 *   49/6 (60); 2026-Q2 = (8 + 4 + 10 + 6 + 9 + 8 + 6) / 7 = 51/7 (7).
 *
 * Simulation sessions (March 2026), each with an NPS answer and a comment, topic model "Service topics":
 *
 *   group  n   day          NPS  labels
 *   A      20  2026-03-05   10   Staff:4 (positive)
 *   B      10  2026-03-05    3   Waiting:0 (negative)
 *   C      10  2026-03-20    8   Waiting:0
 *   D      20  2026-03-20    9   none (a comment not analysed)
 *
 * S = 60 sessions: P 40 (A, D), D 10 (B), N 10 (C) -> NPS(S) = 100 x 30 / 60 = 50; 60 comments.
 * Staff: M = A (20 P) -> Value 100, ImpactNps 50; S \ M = 40: 20 P, 10 D -> 25, so Impact = overall(M) = 50 - 25 =
 *   25 = PositiveImpact (M+ = M); NegativeImpact 0 (M- empty); TotalImpact 25; SentimentScore 4.
 * Waiting: M = B + C = 20: 0 P, 10 D -> Value -50, ImpactNps -100; S \ M = 40: 40 P -> 100; Impact = -50 =
 *   NegativeImpact (M- = M); PositiveImpact 0; TotalImpact -50; SentimentScore 0; NegativeMentions 20.
 * Ranked by Impact: Staff, Waiting. The default what-if topic: Waiting (the most negative NegativeImpact).
 * What-if, Waiting -50 %: r = 0.5, M- = 20 (0 P, 10 D), non-mentioners N = 40 (40 P, 0 D): 10 sessions move to
 *   N's mix (all promoters): P' = 40 - 0 + 10 = 50, D' = 10 - 5 + 0 = 5 -> NPS' = 100 x 45 / 60 = 75, Change 25
 *   (= r |M-| / |S| x (NPS(N) - NPS(M-)) = 0.5 x 20/60 x 150). p' = 5/6, d' = 1/12: p' + d' - (p' - d')^2 =
 *   11/12 - 9/16 = 17/48, SE = 100 sqrt(17/48 / 60) = 100 sqrt(17/2880); interval 75 ± 1.959964 SE.
 * What-if, Staff -20 %: M- is empty -> nothing moves: NPS' = 50; p = 2/3, d = 1/6: 5/6 - 1/4 = 7/12,
 *   SE = 100 sqrt(7/720).
 * March 1-10 holds A and B only: 30 comments < 50 -> status 2. January: no session -> status 1.
 */

let t: TestApp;
let f: WidgetFixture;
let profilerUser: string;
let simulationUser: string;
let noScope: string;
let otherTenantUser: string;
let model: { id: number; topics: Record<string, number> };
let emotionModel: { id: number; topics: Record<string, number> };

const MAY: [string, string] = ['2026-05-01', '2026-05-31'];
const MARCH: [string, string] = ['2026-03-01', '2026-03-31'];

beforeAll(async () => {
  t = await createTestApp();
  f = await createWidgetFixture(t);
  const { nps, satisfaction, effort } = f.questions;
  const profilerRows: [string, number, number | null, number][] = [
    ['2026-04-10', 8, 4, 2],
    ['2026-05-04', 10, 8, 5],
    ['2026-05-05', 6, 6, 3],
    ['2026-05-20', 9, null, 4],
  ];
  for (const [day, npsScore, sat, eff] of profilerRows) {
    const at = `${day}T12:00:00+03:00`;
    const scores: [number, number][] = [
      [nps, npsScore],
      [effort, eff],
    ];
    if (sat !== null) scores.push([satisfaction, sat]);
    await f.addSession({ channelId: f.channels.north1, transactionAt: at, answeredAt: at, scores });
  }

  model = await f.addTopicModel({ name: 'Service topics', language: 'en', topics: ['Staff', 'Waiting'] });
  emotionModel = await f.addTopicModel({ name: 'Feelings', isEmotionModel: true, topics: ['Joy'] });
  const groups: { n: number; day: string; nps: number; label: [string, number] | null }[] = [
    { n: 20, day: '2026-03-05', nps: 10, label: ['Staff', 4] },
    { n: 10, day: '2026-03-05', nps: 3, label: ['Waiting', 0] },
    { n: 10, day: '2026-03-20', nps: 8, label: ['Waiting', 0] },
    { n: 20, day: '2026-03-20', nps: 9, label: null },
  ];
  for (const group of groups) {
    for (let i = 0; i < group.n; i += 1) {
      const at = `${group.day}T12:00:00+03:00`;
      const sessionId = await f.addSession({
        channelId: f.channels.north1,
        transactionAt: at,
        answeredAt: at,
        scores: [[nps, group.nps]],
        comment: `Comment ${group.day} ${group.nps} ${i}`,
      });
      if (!group.label) continue;
      const [name, sentiment] = group.label;
      await f.labelComment({
        sessionId,
        language: 'en',
        sentiment,
        topics: [{ topicId: model.topics[name]!, modelId: model.id, sentiment }],
      });
    }
  }
  await t.replica.flush();

  profilerUser = await signInNewUser(t, {
    userName: 'profiler-user',
    tenantId: f.tenantId,
    scopes: ['satisfactionProfiler'],
  });
  simulationUser = await signInNewUser(t, {
    userName: 'simulation-user',
    tenantId: f.tenantId,
    scopes: ['driverSimulation'],
  });
  noScope = await signInNewUser(t, {
    userName: 'insight-none',
    tenantId: f.tenantId,
    scopes: ['report:read'],
  });
  const [other] = await t.database.db
    .insert(tenants)
    .values({ name: 'Profiler Other Bank' })
    .returning({ id: tenants.id });
  await t.database.db.insert(licenses).values({
    tenantId: other!.id,
    validFrom: new Date('2026-01-01T00:00:00Z'),
    validUntil: new Date('2036-01-01T00:00:00Z'),
  });
  otherTenantUser = await signInNewUser(t, {
    userName: 'insight-other',
    tenantId: other!.id,
    scopes: ['satisfactionProfiler', 'driverSimulation'],
  });
});
afterAll(async () => t.close());

const round = (value: number | null) => (value === null ? null : Math.round(value * 1e9) / 1e9);

async function profiler(body: ProfilerRequest, token = profilerUser) {
  const response = await t.call('POST', '/api/insight/satisfaction-profiler', { token, body });
  expect(response.statusCode, response.body).toBe(200);
  return profilerSchema.parse(response.json());
}

async function simulation(body: SimulationRequest, token = simulationUser) {
  const response = await t.call('POST', '/api/insight/simulation', { token, body });
  expect(response.statusCode, response.body).toBe(200);
  return simulationSchema.parse(response.json());
}

const figures = (row: {
  Score: number | null;
  Responses: number;
  PreviousScore: number | null;
  PreviousResponses: number | null;
  Deviation: number | null;
}) => ({
  Score: round(row.Score),
  Responses: row.Responses,
  PreviousScore: round(row.PreviousScore),
  PreviousResponses: row.PreviousResponses,
  Deviation: round(row.Deviation),
});

describe('POST /api/insight/satisfaction-profiler', () => {
  it('scores each experience on the ten scale against the previous period', async () => {
    const answer = await profiler({ TimeRange: MAY });
    expect(answer.Rows.map((row) => [row.Id, row.Name, figures(row)])).toEqual([
      [
        101,
        'Net Promoter Score',
        {
          Score: round(25 / 3),
          Responses: 3,
          PreviousScore: 8,
          PreviousResponses: 1,
          Deviation: round(1 / 3),
        },
      ],
      [
        102,
        'Customer Satisfaction',
        { Score: 7, Responses: 2, PreviousScore: 4, PreviousResponses: 1, Deviation: 3 },
      ],
    ]);
    expect(figures(answer.Total)).toEqual({
      Score: 7.8,
      Responses: 5,
      PreviousScore: 6,
      PreviousResponses: 2,
      Deviation: 1.8,
    });
    expect(answer.Trend).toEqual([{ Category: '2026-05', Value: 7.8, Responses: 5 }]);
  });

  it('scores the five-scale questions per question', async () => {
    const answer = await profiler({ TimeRange: MAY, Scale: 5, GroupBy: 'question' });
    expect(answer.Rows.map((row) => [row.Id, row.Name, figures(row)])).toEqual([
      [
        f.questions.effort,
        'How easy was it?',
        { Score: 4, Responses: 3, PreviousScore: 2, PreviousResponses: 1, Deviation: 2 },
      ],
    ]);
    const ten = await profiler({ TimeRange: MAY, GroupBy: 'question' });
    expect(ten.Rows.map((row) => [row.Id, row.Name, round(row.Score)])).toEqual([
      [f.questions.nps, 'How likely are you to recommend us?', round(25 / 3)],
      [f.questions.satisfaction, 'How satisfied are you?', 7],
    ]);
  });

  it('draws the trend by month, week, day and quarter, for all rows or one', async () => {
    const monthly = await profiler({ TimeRange: ['2026-04-01', '2026-05-31'] });
    expect(monthly.Trend).toEqual([
      { Category: '2026-04', Value: 6, Responses: 2 },
      { Category: '2026-05', Value: 7.8, Responses: 5 },
    ]);
    const weekly = await profiler({ TimeRange: MAY, Period: 'WW', TrendId: 101 });
    expect(weekly.TrendId).toBe(101);
    expect(weekly.Trend).toEqual([
      { Category: '2026-W19', Value: 8, Responses: 2 },
      { Category: '2026-W21', Value: 9, Responses: 1 },
    ]);
    const daily = await profiler({ TimeRange: MAY, Period: 'DD', TrendId: 102 });
    expect(daily.Trend).toEqual([
      { Category: '2026-05-04', Value: 8, Responses: 1 },
      { Category: '2026-05-05', Value: 6, Responses: 1 },
    ]);
    const quarterly = await profiler({ TimeRange: ['2026-03-01', '2026-05-31'], Period: 'QQ' });
    expect(quarterly.Trend.map((point) => ({ ...point, Value: round(point.Value) }))).toEqual([
      { Category: '2026-Q1', Value: round(49 / 6), Responses: 60 },
      { Category: '2026-Q2', Value: round(51 / 7), Responses: 7 },
    ]);
  });

  it('keeps the last 35 periods', async () => {
    // March 5 .. May 20 daily: the March, April and May answer days are 5 days; weekly 7 (W10, W12, W15, W19, W21).
    const daily = await profiler({ TimeRange: ['2026-01-01', '2026-06-30'], Period: 'DD' });
    expect(daily.Trend.map((point) => point.Category)).toEqual([
      '2026-03-05',
      '2026-03-20',
      '2026-04-10',
      '2026-05-04',
      '2026-05-05',
      '2026-05-20',
    ]);
    expect(daily.Trend.length).toBeLessThanOrEqual(35);
  });

  it('has no previous period without a time range, and an empty table for a period without answers', async () => {
    const all = await profiler({});
    expect(all.Total.PreviousScore).toBeNull();
    expect(all.Total.Deviation).toBeNull();
    const empty = await profiler({ TimeRange: ['2025-01-01', '2025-01-31'] });
    expect(empty.Rows).toEqual([]);
    expect(empty.Total.Score).toBeNull();
    expect(empty.Trend).toEqual([]);
  });

  it('applies the report filter (another channel has no answers)', async () => {
    const answer = await profiler({ TimeRange: MAY, ChannelSet: { Ids: [f.channels.south1] } });
    expect(answer.Rows).toEqual([]);
  });

  it('is confined to the caller tenant and its scope', async () => {
    const other = await profiler({ TimeRange: MAY }, otherTenantUser);
    expect(other.Rows).toEqual([]);
    expect(other.Total.Responses).toBe(0);
    const refused = await t.call('POST', '/api/insight/satisfaction-profiler', {
      token: noScope,
      body: { TimeRange: MAY },
    });
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.call('POST', '/api/insight/satisfaction-profiler', { body: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each([
    [{ Scale: 7 }],
    [{ GroupBy: 'channel' }],
    [{ Period: 'YY' }],
    [{ TrendId: 2 ** 31 }],
    [{ TrendId: 0 }],
    [{ Unknown: 1 }],
    [{ TimeRange: ['2026-05-01\u0000', '2026-05-31'] }],
  ])('refuses bad input %j with 400 3333', async (body: object) => {
    const response = await t.call('POST', '/api/insight/satisfaction-profiler', {
      token: profilerUser,
      body,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().Code).toBe(ErrorCode.ModelNotValid);
  });
});

describe('POST /api/insight/simulation', () => {
  it("ranks the topics by the impact chart's figures and projects the what-if on the worst topic", async () => {
    const answer = await simulation({ TimeRange: MARCH, TopicModelId: model.id, Reduction: 50 });
    expect(answer.StatusCode).toBe(0);
    expect(answer.Nps).toBe(50);
    expect(answer.Responses).toBe(60);
    expect(answer.Comments).toBe(60);
    expect(
      answer.Topics.map((topic) => ({
        TopicId: topic.TopicId,
        Category: topic.Category,
        Impact: round(topic.Impact),
        Value: round(topic.Value),
        ImpactNps: round(topic.ImpactNps),
        PositiveImpact: round(topic.PositiveImpact),
        NegativeImpact: round(topic.NegativeImpact),
        TotalImpact: round(topic.TotalImpact),
        Responses: topic.Responses,
        NegativeMentions: topic.NegativeMentions,
        SentimentScore: topic.SentimentScore,
      })),
    ).toEqual([
      {
        TopicId: model.topics.Staff,
        Category: 'Staff',
        Impact: 25,
        Value: 100,
        ImpactNps: 50,
        PositiveImpact: 25,
        NegativeImpact: 0,
        TotalImpact: 25,
        Responses: 20,
        NegativeMentions: 0,
        SentimentScore: 4,
      },
      {
        TopicId: model.topics.Waiting,
        Category: 'Waiting',
        Impact: -50,
        Value: -50,
        ImpactNps: -100,
        PositiveImpact: 0,
        NegativeImpact: -50,
        TotalImpact: -50,
        Responses: 20,
        NegativeMentions: 20,
        SentimentScore: 0,
      },
    ]);
    const se = 100 * Math.sqrt(17 / 2880);
    const whatIf = answer.WhatIf!;
    expect(whatIf.TopicId).toBe(model.topics.Waiting);
    expect(whatIf.Topic).toBe('Waiting');
    expect(whatIf.Reduction).toBe(50);
    expect(whatIf.Moved).toBe(10);
    expect(round(whatIf.CurrentNps)).toBe(50);
    expect(round(whatIf.ProjectedNps)).toBe(75);
    expect(round(whatIf.Change)).toBe(25);
    expect(round(whatIf.StandardError)).toBe(round(se));
    expect(round(whatIf.Low)).toBe(round(75 - 1.959964 * se));
    expect(round(whatIf.High)).toBe(round(75 + 1.959964 * se));
  });

  it('projects the chosen topic (nothing moves without negative mentions)', async () => {
    const answer = await simulation({
      TimeRange: MARCH,
      TopicModelId: model.id,
      TopicId: model.topics.Staff,
    });
    const whatIf = answer.WhatIf!;
    const se = 100 * Math.sqrt(7 / 720);
    expect(whatIf.TopicId).toBe(model.topics.Staff);
    expect(whatIf.Reduction).toBe(20);
    expect(whatIf.Moved).toBe(0);
    expect(round(whatIf.ProjectedNps)).toBe(50);
    expect(round(whatIf.Change)).toBe(0);
    expect(round(whatIf.Low)).toBe(round(50 - 1.959964 * se));
    expect(round(whatIf.High)).toBe(round(50 + 1.959964 * se));
  });

  it('answers status 3 without a topic model or a date range, or for a model it cannot read', async () => {
    for (const body of [
      { TimeRange: MARCH },
      { TopicModelId: model.id },
      { TimeRange: MARCH, TopicModelId: emotionModel.id },
      { TimeRange: MARCH, TopicModelId: 2_000_000 },
    ]) {
      const answer = await simulation(body);
      expect(answer).toEqual({
        StatusCode: 3,
        Nps: null,
        Responses: 0,
        Comments: 0,
        Topics: [],
        WhatIf: null,
      });
    }
  });

  it('answers status 1 without data and 2 with fewer than 50 comments', async () => {
    const none = await simulation({ TimeRange: ['2026-01-01', '2026-01-31'], TopicModelId: model.id });
    expect(none.StatusCode).toBe(1);
    expect(none.Topics).toEqual([]);
    const few = await simulation({ TimeRange: ['2026-03-01', '2026-03-10'], TopicModelId: model.id });
    expect(few).toMatchObject({ StatusCode: 2, Responses: 30, Comments: 30, Topics: [], WhatIf: null });
  });

  it('is confined to the caller tenant, its scope and the AI module', async () => {
    // Another tenant cannot read this tenant's model: to it the model does not exist.
    const other = await simulation({ TimeRange: MARCH, TopicModelId: model.id }, otherTenantUser);
    expect(other.StatusCode).toBe(3);
    const refused = await t.call('POST', '/api/insight/simulation', {
      token: noScope,
      body: { TimeRange: MARCH, TopicModelId: model.id },
    });
    expect(refused.statusCode).toBe(403);
    await t.database.db
      .update(licenses)
      .set({ isAiModuleActive: false })
      .where(eq(licenses.tenantId, f.tenantId));
    try {
      const locked = await t.call('POST', '/api/insight/simulation', {
        token: simulationUser,
        body: { TimeRange: MARCH, TopicModelId: model.id },
      });
      expect(locked.statusCode).toBe(403);
      expect(locked.json().Code).toBe(ErrorCode.WidgetLocked);
    } finally {
      await t.database.db
        .update(licenses)
        .set({ isAiModuleActive: true })
        .where(eq(licenses.tenantId, f.tenantId));
    }
  });

  it.each([
    [{ Reduction: 0 }],
    [{ Reduction: 101 }],
    [{ Reduction: 2.5 }],
    [{ TopicModelId: 2 ** 31 }],
    [{ TopicId: -1 }],
    [{ TopicModelId: '1' }],
    [{ Extra: true }],
  ])('refuses bad input %j with 400 3333', async (body: object) => {
    const response = await t.call('POST', '/api/insight/simulation', { token: simulationUser, body });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().Code).toBe(ErrorCode.ModelNotValid);
  });
});
