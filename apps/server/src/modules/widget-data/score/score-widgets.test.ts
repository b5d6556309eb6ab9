import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardDataSchema,
  ErrorCode,
  gaugeDataSchema,
  npsGaugeDataSchema,
  segmentedGaugeDataSchema,
  type WidgetDataRequest,
} from '@loupe/contracts';
import { segments, users } from '../../../db/schema/index.js';
import { signInNewUser } from '../../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createWidgetFixture, type WidgetFixture } from '../../../test/widget-fixture.js';

/*
 * The score widgets' figures on a hand-made world (widget-fixture.ts). Demo Bank is on Europe/Istanbul (UTC+3).
 * March 2026 is the period (31 days); the previous period of equal length is 29 January - 28 February.
 *
 *          channel  transaction  answered  NPS  effort(1-5)  satisfaction  segments
 *   S1     North-1  2 Mar        2 Mar     10   5            9             gold
 *   S2     North-1  3 Mar        3 Mar      9   4            8             gold
 *   S3     North-2  4 Mar        4 Mar      8   2            5             silver
 *   S4     South-1  5 Mar        5 Mar     10   3            7             gold, silver
 *   S5     South-1  6 Mar        6 Mar      6   -            4             -
 *   S6     North-2  27 Feb       1 Mar     10   -            -             -
 *   P1     North-1  10 Feb       10 Feb     7   3            6             -
 *   P2     South-1  11 Feb       11 Feb     2   -            3             -
 *   P3     North-2  12 Feb       12 Feb     9   2            -             -
 *   O1     North-1  1 Jan        1 Jan      0   -            -             -   (outside both periods)
 *
 * By transaction date, March holds S1-S5: NPS 10, 9, 8, 10, 6 = 3 promoters, 1 neutral, 1 detractor -> NPS 40;
 * the previous period P1-P3 and S6: 7, 2, 9, 10 = 2/1/1 -> NPS 25. By answered date March also holds S6:
 * 4/1/1 of 6 -> NPS 50; the previous period P1-P3: 1/1/1 -> NPS 0.
 */

let t: TestApp;
let f: WidgetFixture;
let reader: string;
let northTwoReader: string;
let bronze: number;

const MARCH: WidgetDataRequest['TimeRange'] = ['2026-03-01', '2026-03-31'];

beforeAll(async () => {
  t = await createTestApp();
  f = await createWidgetFixture(t);
  const { nps, effort, satisfaction } = f.questions;
  const { north1, north2, south1 } = f.channels;
  const { gold, silver } = f.segments;
  const at = (day: string) => `${day}T12:00:00+03:00`;
  const sessions: {
    channelId: number;
    transaction: string;
    answered?: string;
    scores: [number, number][];
    segmentIds?: number[];
  }[] = [
    {
      channelId: north1,
      transaction: '2026-03-02',
      scores: [
        [nps, 10],
        [effort, 5],
        [satisfaction, 9],
      ],
      segmentIds: [gold],
    },
    {
      channelId: north1,
      transaction: '2026-03-03',
      scores: [
        [nps, 9],
        [effort, 4],
        [satisfaction, 8],
      ],
      segmentIds: [gold],
    },
    {
      channelId: north2,
      transaction: '2026-03-04',
      scores: [
        [nps, 8],
        [effort, 2],
        [satisfaction, 5],
      ],
      segmentIds: [silver],
    },
    {
      channelId: south1,
      transaction: '2026-03-05',
      scores: [
        [nps, 10],
        [effort, 3],
        [satisfaction, 7],
      ],
      segmentIds: [gold, silver],
    },
    {
      channelId: south1,
      transaction: '2026-03-06',
      scores: [
        [nps, 6],
        [satisfaction, 4],
      ],
    },
    { channelId: north2, transaction: '2026-02-27', answered: '2026-03-01', scores: [[nps, 10]] },
    {
      channelId: north1,
      transaction: '2026-02-10',
      scores: [
        [nps, 7],
        [effort, 3],
        [satisfaction, 6],
      ],
    },
    {
      channelId: south1,
      transaction: '2026-02-11',
      scores: [
        [nps, 2],
        [satisfaction, 3],
      ],
    },
    {
      channelId: north2,
      transaction: '2026-02-12',
      scores: [
        [nps, 9],
        [effort, 2],
      ],
    },
    { channelId: north1, transaction: '2026-01-01', scores: [[nps, 0]] },
  ];
  for (const session of sessions) {
    await f.addSession({
      channelId: session.channelId,
      transactionAt: at(session.transaction),
      answeredAt: at(session.answered ?? session.transaction),
      scores: session.scores,
      segmentIds: session.segmentIds ?? [],
    });
  }
  // A third segment of the group, without answers.
  const [row] = await t.database.db
    .insert(segments)
    .values({ tenantId: f.tenantId, groupId: f.segmentGroup, name: 'Bronze', code: 'BRONZE' })
    .returning({ id: segments.id });
  bronze = row!.id;
  await t.replica.flush();

  reader = await signInNewUser(t, {
    userName: 'score-reader',
    tenantId: f.tenantId,
    scopes: ['report:read'],
  });
  northTwoReader = await signInNewUser(t, {
    userName: 'score-north-2',
    tenantId: f.tenantId,
    scopes: ['report:read'],
  });
  await t.database.db
    .update(users)
    .set({ transactionChannelIds: [north2] })
    .where(eq(users.userName, 'score-north-2'));
});
afterAll(async () => t.close());

async function post<T>(
  endpoint: string,
  body: WidgetDataRequest,
  schema: { parse(value: unknown): T },
  token = reader,
): Promise<T> {
  const response = await t.call('POST', `/api/widget-data/${endpoint}`, { token, body });
  expect(response.statusCode, response.body).toBe(200);
  return schema.parse(response.json());
}

const nps = (body: WidgetDataRequest, token?: string) => post('nps', body, npsGaugeDataSchema, token);
const score = (body: WidgetDataRequest) => post('score', body, gaugeDataSchema);
const card = (body: WidgetDataRequest, token?: string) => post('card', body, cardDataSchema, token);

describe('POST /api/widget-data/nps', () => {
  it('counts promoters, neutrals and detractors of this period and the previous one', async () => {
    expect(await nps({ TimeRange: MARCH, DataFilters: { Deviate: true } })).toEqual({
      Value: 40,
      Promoters: 3,
      Neutrals: 1,
      Detractors: 1,
      Responses: 5,
      DeviationValue: 25,
      DeviationPromoters: 2,
      DeviationNeutrals: 1,
      DeviationDetractors: 1,
      DeviationResponses: 4,
    });
  });

  it('refuses a top-level key that is not in the request shape (400), rather than dropping it', async () => {
    // ChannelColumnLevel belongs in DataFilters; at the top it used to be dropped and the figures came out wrong.
    for (const [key, value] of [
      ['ChannelColumnLevel', 2],
      ['Deviate', true],
      ['dataFilters', { Deviate: true }],
    ] as const) {
      const response = await t.call('POST', '/api/widget-data/nps', {
        token: reader,
        body: { TimeRange: MARCH, DataFilters: {}, [key]: value },
      });
      expect(response.statusCode, key).toBe(400);
      const body = response.json<{
        Code: number;
        Message: string;
        SupportId: string;
        Details: { Message: string }[];
      }>();
      expect(body.Code).toBe(ErrorCode.ModelNotValid);
      expect(body.SupportId).toEqual(expect.any(String));
      expect(body.Details.map((detail) => detail.Message).join(' ')).toContain(key);
    }
    // Unknown keys inside DataFilters are the widget's own query keys and are kept.
    expect(await nps({ TimeRange: MARCH, DataFilters: { Deviate: true, TopicCount: 3 } })).toMatchObject({
      Value: 40,
      DeviationValue: 25,
    });
  });

  it("reads the report's ExperienceIds as the sessions that answered the experience (docs/reports.md)", async () => {
    // Effort (experience 201) was answered in March by S1-S4: NPS 10, 9, 8, 10 -> 3 promoters, 1 neutral.
    expect(await nps({ TimeRange: MARCH, ExperienceIds: [201] })).toMatchObject({
      Value: 75,
      Promoters: 3,
      Neutrals: 1,
      Detractors: 0,
      Responses: 4,
    });
    // Satisfaction (102) by S1-S5: the whole period; NPS (101) itself too.
    expect(await nps({ TimeRange: MARCH, ExperienceIds: [102] })).toMatchObject({ Value: 40, Responses: 5 });
    expect(await nps({ TimeRange: MARCH, ExperienceIds: [101] })).toMatchObject({ Value: 40, Responses: 5 });
  });

  it('dates the answers by the widget time column: S6 moves from February to March', async () => {
    const body = { TimeRange: MARCH, DataFilters: { Deviate: true, TimeColumn: 'AnsweredDateId' as const } };
    expect(await nps(body)).toEqual({
      Value: 50,
      Promoters: 4,
      Neutrals: 1,
      Detractors: 1,
      Responses: 6,
      DeviationValue: 0,
      DeviationPromoters: 1,
      DeviationNeutrals: 1,
      DeviationDetractors: 1,
      DeviationResponses: 3,
    });
  });

  it('leaves the previous period out unless Deviate is on, and without a TimeRange', async () => {
    const noDeviation = {
      DeviationValue: null,
      DeviationPromoters: null,
      DeviationNeutrals: null,
      DeviationDetractors: null,
      DeviationResponses: null,
    };
    expect(await nps({ TimeRange: MARCH })).toMatchObject({ Value: 40, Responses: 5, ...noDeviation });
    // All ten NPS answers: promoters 10, 9, 10, 10, 9; neutrals 8, 7; detractors 6, 2, 0 -> 100 × 2 / 10.
    expect(await nps({ DataFilters: { Deviate: true } })).toEqual({
      Value: 20,
      Promoters: 5,
      Neutrals: 2,
      Detractors: 3,
      Responses: 10,
      ...noDeviation,
    });
  });

  it("shows a user restricted to North-2 that channel's answers only", async () => {
    // March: S3 (8); February: P3 (9) and S6 (10).
    expect(await nps({ TimeRange: MARCH, DataFilters: { Deviate: true } }, northTwoReader)).toEqual({
      Value: 0,
      Promoters: 0,
      Neutrals: 1,
      Detractors: 0,
      Responses: 1,
      DeviationValue: 100,
      DeviationPromoters: 2,
      DeviationNeutrals: 0,
      DeviationDetractors: 0,
      DeviationResponses: 2,
    });
  });

  it('answers null and zeros for a period without answers', async () => {
    expect(await nps({ TimeRange: ['2025-06-01', '2025-06-30'], DataFilters: { Deviate: true } })).toEqual({
      Value: null,
      Promoters: 0,
      Neutrals: 0,
      Detractors: 0,
      Responses: 0,
      DeviationValue: null,
      DeviationPromoters: 0,
      DeviationNeutrals: 0,
      DeviationDetractors: 0,
      DeviationResponses: 0,
    });
  });
});

describe('POST /api/widget-data/score', () => {
  it('averages an experience on the 0-10 scale against the previous period', async () => {
    // Satisfaction: March 9, 8, 5, 7, 4 -> 6.6; February 6, 3 -> 4.5.
    const gauge = await score({
      TimeRange: MARCH,
      DataFilters: { ExperienceId: 102, Scale: 11, Deviate: true },
    });
    expect(gauge).toEqual({
      Value: expect.closeTo(6.6, 10),
      Responses: 5,
      Deviation: expect.closeTo(2.1, 10),
      DeviationValue: 4.5,
    });
  });

  it('averages a 1-5 experience on its own scale', async () => {
    // Effort: March 5, 4, 2, 3 -> 3.5; February 3, 2 -> 2.5.
    const gauge = await score({
      TimeRange: MARCH,
      DataFilters: { ExperienceId: 201, Scale: 5, Deviate: true },
    });
    expect(gauge).toEqual({ Value: 3.5, Responses: 4, Deviation: 1, DeviationValue: 2.5 });
    // The 1-5 experience has no answers on the 0-10 scale.
    expect(await score({ TimeRange: MARCH, DataFilters: { ExperienceId: 201, Scale: 11 } })).toEqual({
      Value: null,
      Responses: 0,
      Deviation: null,
      DeviationValue: null,
    });
  });

  it('averages the NPS answers when no experience is named', async () => {
    // 10 + 9 + 8 + 10 + 6 = 43 / 5.
    expect(await score({ TimeRange: MARCH })).toEqual({
      Value: 8.6,
      Responses: 5,
      Deviation: null,
      DeviationValue: null,
    });
  });
});

describe('POST /api/widget-data/card', () => {
  it('shows NPS with its previous-period origin and deviation', async () => {
    expect(await card({ TimeRange: MARCH, DataFilters: { Deviate: true } })).toEqual({
      Value: 40,
      ValueOrigin: 25,
      Responses: 5,
      ResponsesOrigin: 4,
      Deviation: 15,
      Ranking: null,
      TotalCount: null,
      RankedChannel: null,
    });
  });

  it('shows the average for average-score measurements', async () => {
    const data = await card({
      TimeRange: MARCH,
      DataFilters: { MeasurementType: 2, Scale: 11, ExperienceId: 102, Deviate: true },
    });
    expect(data).toEqual({
      Value: expect.closeTo(6.6, 10),
      ValueOrigin: 4.5,
      Responses: 5,
      ResponsesOrigin: expect.any(Number),
      Deviation: expect.closeTo(2.1, 10),
      Ranking: null,
      TotalCount: null,
      RankedChannel: null,
    });
  });

  it("ranks the restricted user's branch among all branches, ties sharing the better rank", async () => {
    // Branches in March: North-1 10, 9 -> 100; North-2 8 -> 0; South-1 10, 6 -> 0. North-2 shares place 2.
    expect(await card({ TimeRange: MARCH, DataFilters: { ChannelColumnLevel: 3 } }, northTwoReader)).toEqual({
      Value: 0,
      ValueOrigin: null,
      Responses: 1,
      ResponsesOrigin: null,
      Deviation: null,
      Ranking: 2,
      TotalCount: 3,
      RankedChannel: 'North-2',
    });
    // Regions: North 10, 9, 8 -> 66.7; South 10, 6 -> 0. North-2 is in North.
    expect(
      await card({ TimeRange: MARCH, DataFilters: { ChannelColumnLevel: 2 } }, northTwoReader),
    ).toMatchObject({
      Ranking: 1,
      TotalCount: 2,
      RankedChannel: 'North',
    });
  });

  it("ranks the filter's channel for an unrestricted user", async () => {
    const southOne = await card({
      TimeRange: MARCH,
      DataFilters: { ChannelColumnLevel: 3, ChannelSet: { Ids: [f.channels.south1] } },
    });
    expect(southOne).toEqual({
      Value: 0,
      ValueOrigin: null,
      Responses: 2,
      ResponsesOrigin: null,
      Deviation: null,
      Ranking: 2,
      TotalCount: 3,
      RankedChannel: 'South-1',
    });
    expect(
      await card({
        TimeRange: MARCH,
        ChannelSet: { Ids: [f.channels.north1] },
        DataFilters: { ChannelColumnLevel: 3 },
      }),
    ).toMatchObject({ Value: 100, Ranking: 1, TotalCount: 3, RankedChannel: 'North-1' });
  });

  it('ranks the best channel of the selection when the caller has no channel of their own', async () => {
    // No channel named: the best branch of all, with its own figures (North-1: 10, 9 -> 100), not "no data".
    expect(await card({ TimeRange: MARCH, DataFilters: { ChannelColumnLevel: 3, Deviate: true } })).toEqual({
      Value: 100,
      ValueOrigin: 0,
      Responses: 2,
      ResponsesOrigin: 1,
      Deviation: 100,
      Ranking: 1,
      TotalCount: 3,
      RankedChannel: 'North-1',
    });
    // A region names several branches: the best of them. South's best branch is South-1 (0), second of three.
    expect(
      await card({
        TimeRange: MARCH,
        ChannelSet: { Ids: [f.channels.north] },
        DataFilters: { ChannelColumnLevel: 3 },
      }),
    ).toMatchObject({ Value: 100, Responses: 2, Ranking: 1, TotalCount: 3, RankedChannel: 'North-1' });
    expect(
      await card({
        TimeRange: MARCH,
        ChannelSet: { Ids: [f.channels.south] },
        DataFilters: { ChannelColumnLevel: 3 },
      }),
    ).toMatchObject({ Value: 0, Responses: 2, Ranking: 2, TotalCount: 3, RankedChannel: 'South-1' });
    // A user restricted to the North region: the best of its branches, ranked among all branches.
    const northReader = await signInNewUser(t, {
      userName: 'score-north',
      tenantId: f.tenantId,
      scopes: ['report:read'],
    });
    await t.database.db
      .update(users)
      .set({ transactionChannelIds: [f.channels.north] })
      .where(eq(users.userName, 'score-north'));
    expect(
      await card({ TimeRange: MARCH, DataFilters: { ChannelColumnLevel: 3 } }, northReader),
    ).toMatchObject({ Value: 100, Responses: 2, Ranking: 1, TotalCount: 3, RankedChannel: 'North-1' });
  });

  it("does not rank a channel outside the caller's restriction", async () => {
    // North-2's user naming South-1 sees no answers; the own branch stays North-2.
    const data = await card(
      { TimeRange: MARCH, DataFilters: { ChannelColumnLevel: 3, ChannelSet: { Ids: [f.channels.south1] } } },
      northTwoReader,
    );
    expect(data).toEqual({
      Value: null,
      ValueOrigin: null,
      Responses: 0,
      ResponsesOrigin: null,
      Deviation: null,
      Ranking: 2,
      TotalCount: 3,
      RankedChannel: 'North-2',
    });
  });

  it('answers null and zeros for a period without answers', async () => {
    expect(
      await card(
        { TimeRange: ['2025-06-01', '2025-06-30'], DataFilters: { Deviate: true, ChannelColumnLevel: 3 } },
        northTwoReader,
      ),
    ).toEqual({
      Value: null,
      ValueOrigin: null,
      Responses: 0,
      ResponsesOrigin: 0,
      Deviation: null,
      Ranking: null,
      TotalCount: 0,
      RankedChannel: null,
    });
  });
});

describe('POST /api/widget-data/segments', () => {
  it('computes NPS per segment of the group, in segment order, empty segments included', async () => {
    // Gold: S1 10, S2 9, S4 10 -> 100. Silver: S3 8, S4 10 -> 50. Bronze: none.
    const data = await post(
      'segments',
      { TimeRange: MARCH, DataFilters: { SegmentGroupId: f.segmentGroup } },
      segmentedGaugeDataSchema,
    );
    expect(data.SegmentData).toEqual([
      { SegmentId: f.segments.gold, SegmentName: 'Gold', SegmentValue: 100, SegmentResponseCount: 3 },
      { SegmentId: f.segments.silver, SegmentName: 'Silver', SegmentValue: 50, SegmentResponseCount: 2 },
      { SegmentId: bronze, SegmentName: 'Bronze', SegmentValue: null, SegmentResponseCount: 0 },
    ]);
    expect(bronze).toBeGreaterThan(f.segments.silver);
  });

  it('follows the restriction and the time column', async () => {
    // North-2 by answered date: S3 (silver, 8); S6 has no segment.
    const data = await post(
      'segments',
      { TimeRange: MARCH, DataFilters: { SegmentGroupId: f.segmentGroup, TimeColumn: 'AnsweredDateId' } },
      segmentedGaugeDataSchema,
      northTwoReader,
    );
    expect(data.SegmentData).toEqual([
      { SegmentId: f.segments.gold, SegmentName: 'Gold', SegmentValue: null, SegmentResponseCount: 0 },
      { SegmentId: f.segments.silver, SegmentName: 'Silver', SegmentValue: 0, SegmentResponseCount: 1 },
      { SegmentId: bronze, SegmentName: 'Bronze', SegmentValue: null, SegmentResponseCount: 0 },
    ]);
  });

  it('needs a segment group', async () => {
    const response = await t.call('POST', '/api/widget-data/segments', {
      token: reader,
      body: { TimeRange: MARCH, DataFilters: {} },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Code).toBe(ErrorCode.ModelNotValid);
  });
});

describe('POST /api/widget-data/weighted-experience', () => {
  const weights = [
    { ExperienceId: 102, Weight: 2 },
    { ExperienceId: 201, Weight: 1 },
    // Staff friendliness has no answers: its weight does not count.
    { ExperienceId: 1601, Weight: 5 },
  ];

  it('weights the experiences on 0-10, a 1-5 experience mapped 1 -> 0, 5 -> 10', async () => {
    // March: satisfaction 6.6; effort 5, 4, 2, 3 -> 10, 7.5, 2.5, 5 -> 6.25; (2 × 6.6 + 6.25) / 3 = 6.48333.
    // February: satisfaction 4.5; effort 3, 2 -> 5, 2.5 -> 3.75; (2 × 4.5 + 3.75) / 3 = 4.25.
    const data = await post(
      'weighted-experience',
      { TimeRange: MARCH, DataFilters: { ExperienceWeights: weights, Deviate: true } },
      gaugeDataSchema,
    );
    expect(data).toEqual({
      Value: expect.closeTo(19.45 / 3, 10),
      Responses: 5,
      Deviation: expect.closeTo(19.45 / 3 - 4.25, 10),
      DeviationValue: 4.25,
    });
  });

  it('counts the same sessions per session as over the facts, and the facts when a filter picks within a session', async () => {
    // Per session (the sessions' experience_ids): North-1 holds S1 and S2, promoters S1, S2, S4.
    const north = await post(
      'weighted-experience',
      {
        TimeRange: MARCH,
        ChannelSet: { Ids: [f.channels.north1] },
        DataFilters: { ExperienceWeights: weights },
      },
      gaugeDataSchema,
    );
    expect(north).toMatchObject({ Value: expect.closeTo((2 * 8.5 + 8.75) / 3, 10), Responses: 2 });
    const promoters = await post(
      'weighted-experience',
      { TimeRange: MARCH, RespondentType: [0], DataFilters: { ExperienceWeights: weights } },
      gaugeDataSchema,
    );
    expect(promoters.Responses).toBe(3);
    // QuestionId keeps the facts of the question: the NPS question has neither experience, so nothing counts,
    // although every session has a fact of it and of both experiences.
    const npsOnly = await post(
      'weighted-experience',
      { TimeRange: MARCH, QuestionId: f.questions.nps, DataFilters: { ExperienceWeights: weights } },
      gaugeDataSchema,
    );
    expect(npsOnly).toMatchObject({ Value: null, Responses: 0 });
    // The effort question: its facts in S1-S4 (5, 4, 2, 3 -> 6.25 on 0-10).
    const effortOnly = await post(
      'weighted-experience',
      { TimeRange: MARCH, DataFilters: { ExperienceWeights: weights, QuestionId: f.questions.effort } },
      gaugeDataSchema,
    );
    expect(effortOnly).toMatchObject({ Value: expect.closeTo(6.25, 10), Responses: 4 });
  });

  it('answers null and zero for a period without answers, and needs weights', async () => {
    const data = await post(
      'weighted-experience',
      { TimeRange: ['2025-06-01', '2025-06-30'], DataFilters: { ExperienceWeights: weights, Deviate: true } },
      gaugeDataSchema,
    );
    expect(data).toEqual({ Value: null, Responses: 0, Deviation: null, DeviationValue: null });
    const response = await t.call('POST', '/api/widget-data/weighted-experience', {
      token: reader,
      body: { TimeRange: MARCH, DataFilters: { ExperienceWeights: [] } },
    });
    expect(response.statusCode).toBe(400);
  });
});
