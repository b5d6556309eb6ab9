import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BAND_COLORS,
  type MapRow,
  type PerformanceRow,
  type WidgetDataFilters,
  type WidgetDataRequest,
} from '@loupe/contracts';
import { journeyStages, transactionChannels, users } from '../../../db/schema/index.js';
import { signInNewUser } from '../../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createWidgetFixture, type WidgetFixture } from '../../../test/widget-fixture.js';

/*
 * Performance, channel-performance, journey and map endpoints against a hand-made world (test/widget-fixture.ts,
 * plus a second channel root `Online` > `Web` added here). NPS answers in 2019 (transaction time = answer time):
 *
 *   s    survey  channel   channel location  invitee location  product      type        employee  NPS  other
 *   s1   main    North-1   İstanbul          Maharashtra       Credit card  deposit     Ayşe      10   satisfaction 8, effort 4
 *   s2   main    North-1   İstanbul          İstanbul          Credit card  deposit     Ayşe       9   satisfaction 10
 *   s3   main    North-1   İstanbul          Türkiye (lvl 1)   Cards        withdrawal  Ayşe       4
 *   s4   main    North-2   Ankara            San Francisco     Loans        withdrawal  Mehmet     8
 *   s5   main    North-2   Ankara            -                 Loans        deposit     Mehmet     6
 *   s6   main    South-1   Mumbai            Mumbai            Credit card  withdrawal  Mehmet    10
 *   s7   main    South-1   Mumbai            -                 -            -           -          0
 *   s8   second  North-1   İstanbul          -                 Loans        -           -         10
 *   s9   second  South-1   Mumbai            -                 -            -           -          3
 *   s10  main    Web       -                 -                 -            -           -          9
 *
 * All ten NPS answers: promoters 5 (10, 9, 10, 10, 9), neutrals 1 (8), detractors 4 (4, 6, 0, 3): NPS 10.
 */

let t: TestApp;
let f: WidgetFixture;
let manager: string;
let scoped: string;
const ch = {} as { online: number; web: number };

const RANGE: [string, string] = ['2019-01-01', '2019-12-31'];
const TOTAL_NPS = 10;

const nps = (promoters: number, detractors: number, responses: number) =>
  (100 * (promoters - detractors)) / responses;

async function post<T>(endpoint: string, body: WidgetDataRequest, token = manager): Promise<T> {
  const response = await t.call('POST', `/api/widget-data/${endpoint}`, { token, body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const performance = (
  dataFilters: WidgetDataFilters,
  extra: Partial<WidgetDataRequest> = {},
  token?: string,
) => post<PerformanceRow[]>('performance', { TimeRange: RANGE, ...extra, DataFilters: dataFilters }, token);
const channels = (dataFilters: WidgetDataFilters, extra: Partial<WidgetDataRequest> = {}, token?: string) =>
  post<PerformanceRow[]>(
    'channel-performance',
    { TimeRange: RANGE, ...extra, DataFilters: dataFilters },
    token,
  );
const map = (dataFilters: WidgetDataFilters) =>
  post<MapRow[]>('map', { TimeRange: RANGE, DataFilters: dataFilters });

/** [Category, CategoryId, Level, Value, Responses] of each row. */
const bars = (rows: PerformanceRow[]) =>
  rows.map((row) => [row.Category, row.CategoryId, row.Level, row.Value, row.Responses]);

beforeAll(async () => {
  t = await createTestApp();
  f = await createWidgetFixture(t);
  const db = t.database.db;
  // A second root, so that a drill into Bank shows Bank's children only.
  const [online] = await db
    .insert(transactionChannels)
    .values({ tenantId: t.tenantId, name: 'Online', code: 'perf-online', level: 1, path: [] })
    .returning({ id: transactionChannels.id });
  ch.online = online!.id;
  await db
    .update(transactionChannels)
    .set({ path: [ch.online] })
    .where(eq(transactionChannels.id, ch.online));
  const [web] = await db
    .insert(transactionChannels)
    .values({ tenantId: t.tenantId, parentId: ch.online, name: 'Web', code: 'perf-web', level: 2, path: [] })
    .returning({ id: transactionChannels.id });
  ch.web = web!.id;
  await db
    .update(transactionChannels)
    .set({ path: [ch.online, ch.web] })
    .where(eq(transactionChannels.id, ch.web));

  const q = f.questions;
  const { north1, north2, south1 } = f.channels;
  const { cards, creditCard, loans } = f.products;
  const { deposit, withdrawal } = f.transactionTypes;
  const { ayse, mehmet } = f.employees;
  const L = f.locations;
  let day = 1;
  const s = (input: Omit<Parameters<WidgetFixture['addSession']>[0], 'transactionAt' | 'answeredAt'>) => {
    const at = `2019-06-${String(day++).padStart(2, '0')}T10:00:00+03:00`;
    return f.addSession({ transactionAt: at, answeredAt: at, ...input });
  };
  // prettier-ignore
  {
    await s({ channelId: north1, locationId: L.maharashtra, productId: creditCard, transactionTypeId: deposit, employeeId: ayse, scores: [[q.nps, 10], [q.satisfaction, 8], [q.effort, 4]] });
    await s({ channelId: north1, locationId: L.istanbul, productId: creditCard, transactionTypeId: deposit, employeeId: ayse, scores: [[q.nps, 9], [q.satisfaction, 10]] });
    await s({ channelId: north1, locationId: L.turkey, productId: cards, transactionTypeId: withdrawal, employeeId: ayse, scores: [[q.nps, 4]] });
    await s({ channelId: north2, locationId: L.sanFrancisco, productId: loans, transactionTypeId: withdrawal, employeeId: mehmet, scores: [[q.nps, 8]] });
    await s({ channelId: north2, productId: loans, transactionTypeId: deposit, employeeId: mehmet, scores: [[q.nps, 6]] });
    await s({ channelId: south1, locationId: L.mumbai, productId: creditCard, transactionTypeId: withdrawal, employeeId: mehmet, scores: [[q.nps, 10]] });
    await s({ channelId: south1, scores: [[q.nps, 0]] });
    await s({ surveyId: f.secondSurveyId, channelId: north1, productId: loans, scores: [[q.secondNps, 10]] });
    await s({ surveyId: f.secondSurveyId, channelId: south1, scores: [[q.secondNps, 3]] });
    await s({ channelId: ch.web, scores: [[q.nps, 9]] });
  }
  await t.replica.flush();

  manager = (await t.signIn('manager')).access_token;
  scoped = await signInNewUser(t, {
    userName: 'north-manager',
    tenantId: t.tenantId,
    scopes: ['report:read'],
  });
  await db
    .update(users)
    .set({ transactionChannelIds: [f.channels.north] })
    .where(eq(users.userName, 'north-manager'));
});

afterAll(async () => t.close());

describe('POST /api/widget-data/performance', () => {
  it('groups by product at ParentCategoryLevel, with the NPS of the whole selection as TotalNps', async () => {
    const rows = await performance({ GroupBy: 'product', ParentCategoryLevel: 1 });
    expect(rows).toEqual([
      {
        Category: 'Cards',
        CategoryId: f.products.cards,
        Level: 1,
        Value: nps(3, 1, 4),
        Promoters: 3,
        Neutrals: 0,
        Detractors: 1,
        Responses: 4,
        FillColor: BAND_COLORS.green,
        TotalNps: TOTAL_NPS,
        Location: null,
      },
      {
        Category: 'Loans',
        CategoryId: f.products.loans,
        Level: 1,
        Value: 0,
        Promoters: 1,
        Neutrals: 1,
        Detractors: 1,
        Responses: 3,
        FillColor: BAND_COLORS.yellow,
        TotalNps: TOTAL_NPS,
        Location: null,
      },
    ]);
    expect(bars(await performance({ GroupBy: 'product', ParentCategoryLevel: 2 }))).toEqual([
      ['Credit card', f.products.creditCard, 2, 100, 3],
    ]);
  });

  it('groups by transaction type, journey stage, survey and employee', async () => {
    const { deposit, withdrawal } = f.transactionTypes;
    expect(bars(await performance({ GroupBy: 'transactionType' }))).toEqual([
      ['Deposit', deposit, null, nps(2, 1, 3), 3],
      ['Withdrawal', withdrawal, null, 0, 3],
    ]);
    const stages = await t.database.db
      .select({ id: journeyStages.id, name: journeyStages.name })
      .from(journeyStages)
      .where(inArray(journeyStages.id, [f.journeyStages.onboarding, f.journeyStages.usage]));
    const stageName = new Map(stages.map((stage) => [stage.id, stage.name]));
    expect(bars(await performance({ GroupBy: 'journeyStage' }))).toEqual([
      [stageName.get(f.journeyStages.onboarding), f.journeyStages.onboarding, null, nps(4, 3, 8), 8],
      [stageName.get(f.journeyStages.usage), f.journeyStages.usage, null, 0, 2],
    ]);
    expect(bars(await performance({ GroupBy: 'survey' }))).toEqual([
      ['Branch visit', f.surveyId, null, nps(4, 3, 8), 8],
      ['Card usage', f.secondSurveyId, null, 0, 2],
    ]);
    const employees = await performance({ GroupBy: 'employee' });
    expect(bars(employees)).toEqual([
      ['Ayşe Yılmaz', f.employees.ayse, null, nps(2, 1, 3), 3],
      ['Mehmet Kaya', f.employees.mehmet, null, 0, 3],
    ]);
    expect(employees.map((row) => row.TotalNps)).toEqual([TOTAL_NPS, TOTAL_NPS]);
  });

  it('groups by experience over the facts on the 0-10 scale', async () => {
    const rows = await performance({ GroupBy: 'experience' });
    // Satisfaction (102): 8 and 10. NPS (101): the ten answers. Effort (scale 5) is left out.
    expect(bars(rows)).toEqual([
      ['Customer Satisfaction', 102, null, nps(1, 0, 2), 2],
      ['Net Promoter Score', 101, null, TOTAL_NPS, 10],
    ]);
    expect(rows[0]!.TotalNps).toBe(nps(6, 4, 12));
  });

  it('drops groups below MinimumResponseCount and keeps the top N by Value', async () => {
    expect(bars(await performance({ GroupBy: 'survey', MinimumResponseCount: 3 }))).toEqual([
      ['Branch visit', f.surveyId, null, nps(4, 3, 8), 8],
    ]);
    expect(bars(await performance({ GroupBy: 'employee', TopNToggle: true, TopNCount: 1 }))).toEqual([
      ['Ayşe Yılmaz', f.employees.ayse, null, nps(2, 1, 3), 3],
    ]);
    // The toggle off: TopNCount alone does not cut.
    expect(await performance({ GroupBy: 'employee', TopNToggle: false, TopNCount: 1 })).toHaveLength(2);
  });

  it('shows a survey renamed in the wizard under its new title at once (no stale cached label)', async () => {
    const before = await performance({ GroupBy: 'survey' });
    expect(before.map((row) => row.Category)).toContain('Branch visit');
    const admin = (await t.signIn('admin')).access_token;
    const rename = (Title: string) =>
      t.call('PUT', `/api/surveys/${f.surveyId}`, {
        token: admin,
        body: { Step: 'General', Title, Language: 'tr', JourneyStageId: f.journeyStages.onboarding },
      });
    expect((await rename('Branch visit, renamed')).statusCode).toBe(200);
    const after = await performance({ GroupBy: 'survey' });
    expect(after.map((row) => row.Category)).toContain('Branch visit, renamed');
    expect((await rename('Branch visit')).statusCode).toBe(200);
  });

  it("limits a scoped user to the user's channels, TotalNps included", async () => {
    const rows = await performance({ GroupBy: 'survey' }, {}, scoped);
    // North: s1-s5 (10, 9, 4, 8, 6) and s8 (10).
    expect(bars(rows)).toEqual([
      ['Card usage', f.secondSurveyId, null, 100, 1],
      ['Branch visit', f.surveyId, null, 0, 5],
    ]);
    expect(rows[0]!.TotalNps).toBe(nps(3, 2, 6));
  });
});

describe('POST /api/widget-data/channel-performance', () => {
  it('shows the channels of ChannelColumnLevel with their location, larger NPS first', async () => {
    const rows = await channels({ ParentChannelLevel: 1, ChannelColumnLevel: 3 });
    expect(rows).toEqual([
      {
        Category: 'North-1',
        CategoryId: f.channels.north1,
        Level: 3,
        Value: nps(3, 1, 4),
        Promoters: 3,
        Neutrals: 0,
        Detractors: 1,
        Responses: 4,
        FillColor: BAND_COLORS.green,
        TotalNps: TOTAL_NPS,
        Location: 'İstanbul',
      },
      {
        Category: 'South-1',
        CategoryId: f.channels.south1,
        Level: 3,
        Value: nps(1, 2, 3),
        Promoters: 1,
        Neutrals: 0,
        Detractors: 2,
        Responses: 3,
        FillColor: BAND_COLORS.red,
        TotalNps: TOTAL_NPS,
        Location: 'Mumbai',
      },
      {
        Category: 'North-2',
        CategoryId: f.channels.north2,
        Level: 3,
        Value: nps(0, 1, 2),
        Promoters: 0,
        Neutrals: 1,
        Detractors: 1,
        Responses: 2,
        FillColor: BAND_COLORS.red,
        TotalNps: TOTAL_NPS,
        Location: 'Ankara',
      },
    ]);
    expect(bars(await channels({ ParentChannelLevel: 1, ChannelColumnLevel: 2 }))).toEqual(
      [
        ['North', f.channels.north, 2, nps(3, 2, 6), 6],
        ['Web', ch.web, 2, 100, 1],
        ['South', f.channels.south, 2, nps(1, 2, 3), 3],
      ].sort((a, b) => (b[3] as number) - (a[3] as number)),
    );
    expect(bars(await channels({ ChannelColumnLevel: 1 }))).toEqual([
      ['Online', ch.online, 1, 100, 1],
      ['Bank', f.channels.bank, 1, nps(4, 4, 9), 9],
    ]);
  });

  it('drills down: a ChannelSet node at level 1 shows its level-2 children only, one at level 2 its level 3', async () => {
    const intoBank = await channels(
      { ParentChannelLevel: 1, ChannelColumnLevel: 1 },
      { ChannelSet: { Ids: [f.channels.bank] } },
    );
    expect(bars(intoBank)).toEqual([
      ['North', f.channels.north, 2, nps(3, 2, 6), 6],
      ['South', f.channels.south, 2, nps(1, 2, 3), 3],
    ]);
    // TotalNps is the drilled node's.
    expect(intoBank.map((row) => row.TotalNps)).toEqual([nps(4, 4, 9), nps(4, 4, 9)]);
    const intoNorth = await channels({ ChannelColumnLevel: 2 }, { ChannelSet: { Ids: [f.channels.north] } });
    expect(bars(intoNorth)).toEqual([
      ['North-1', f.channels.north1, 3, nps(3, 1, 4), 4],
      ['North-2', f.channels.north2, 3, nps(0, 1, 2), 2],
    ]);
    // The widget's own ChannelSet counts as well; ChannelColumnLevel deeper than the drill wins.
    expect(bars(await channels({ ChannelColumnLevel: 3, ChannelSet: { Ids: [f.channels.bank] } }))).toEqual([
      ['North-1', f.channels.north1, 3, nps(3, 1, 4), 4],
      ['South-1', f.channels.south1, 3, nps(1, 2, 3), 3],
      ['North-2', f.channels.north2, 3, nps(0, 1, 2), 2],
    ]);
  });

  it('cuts by MinimumResponseCount and TopN', async () => {
    expect(bars(await channels({ ChannelColumnLevel: 3, MinimumResponseCount: 3 }))).toEqual([
      ['North-1', f.channels.north1, 3, nps(3, 1, 4), 4],
      ['South-1', f.channels.south1, 3, nps(1, 2, 3), 3],
    ]);
    expect(bars(await channels({ ChannelColumnLevel: 3, TopNToggle: true, TopNCount: 2 }))).toEqual([
      ['North-1', f.channels.north1, 3, nps(3, 1, 4), 4],
      ['South-1', f.channels.south1, 3, nps(1, 2, 3), 3],
    ]);
  });

  it("shows a scoped user the user's channels only", async () => {
    const rows = await channels({ ParentChannelLevel: 1, ChannelColumnLevel: 2 }, {}, scoped);
    expect(bars(rows)).toEqual([['North', f.channels.north, 2, nps(3, 2, 6), 6]]);
    expect(rows[0]!.TotalNps).toBe(nps(3, 2, 6));
  });
});

describe('POST /api/widget-data/journey', () => {
  const configs = () => [
    { SurveyId: f.secondSurveyId, JourneyId: 2, JourneyName: 'Use', JourneyOrder: 2 },
    { SurveyId: 2_000_000, JourneyId: 3, JourneyName: 'Leave', JourneyOrder: 3 },
    { SurveyId: f.surveyId, JourneyId: 1, JourneyName: 'Visit', JourneyOrder: 1 },
  ];

  it('gives one row per journey config in JourneyOrder; TotalNps the NPS of all their answers', async () => {
    const rows = await post<PerformanceRow[]>('journey', {
      TimeRange: RANGE,
      DataFilters: { JourneyConfigs: configs() },
    });
    expect(rows).toEqual([
      {
        Category: 'Visit',
        CategoryId: 1,
        Level: null,
        Value: nps(4, 3, 8),
        Promoters: 4,
        Neutrals: 1,
        Detractors: 3,
        Responses: 8,
        FillColor: BAND_COLORS.yellow,
        TotalNps: TOTAL_NPS,
        Location: null,
      },
      {
        Category: 'Use',
        CategoryId: 2,
        Level: null,
        Value: 0,
        Promoters: 1,
        Neutrals: 0,
        Detractors: 1,
        Responses: 2,
        FillColor: BAND_COLORS.yellow,
        TotalNps: TOTAL_NPS,
        Location: null,
      },
      {
        Category: 'Leave',
        CategoryId: 3,
        Level: null,
        Value: null,
        Promoters: 0,
        Neutrals: 0,
        Detractors: 0,
        Responses: 0,
        FillColor: BAND_COLORS.red,
        TotalNps: TOTAL_NPS,
        Location: null,
      },
    ]);
  });

  it("weights TotalNps by the surveys' journey stages (others weigh 1)", async () => {
    const [stage] = await t.database.db
      .select({ name: journeyStages.name })
      .from(journeyStages)
      .where(eq(journeyStages.id, f.journeyStages.onboarding));
    const rows = await post<PerformanceRow[]>('journey', {
      TimeRange: RANGE,
      DataFilters: {
        JourneyConfigs: configs(),
        JourneyStageWeights: [{ JourneyStageName: stage!.name, Weight: 3 }],
      },
    });
    // Visit 12.5 × 3 + Use 0 × 1, over 4; Leave has no answers.
    expect(rows.map((row) => row.TotalNps)).toEqual([9.375, 9.375, 9.375]);
  });

  it('answers no rows without configs', async () => {
    expect(await post<PerformanceRow[]>('journey', { TimeRange: RANGE, DataFilters: {} })).toEqual([]);
  });
});

describe('POST /api/widget-data/map', () => {
  it("groups Turkey by the channel's province (level 3)", async () => {
    expect(await map({ Map: 'TR' })).toEqual([
      {
        LocationId: f.locations.istanbul,
        Location: 'İstanbul',
        MapCode: 'TR-34',
        Value: nps(3, 1, 4),
        Responses: 4,
        Promoters: 3,
        Neutrals: 0,
        Detractors: 1,
        Color: BAND_COLORS.green,
      },
      {
        LocationId: f.locations.ankara,
        Location: 'Ankara',
        MapCode: 'TR-06',
        Value: nps(0, 1, 2),
        Responses: 2,
        Promoters: 0,
        Neutrals: 1,
        Detractors: 1,
        Color: BAND_COLORS.red,
      },
    ]);
  });

  it('groups India and the USA by state (level 2); a map without answers is empty', async () => {
    expect(await map({ Map: 'IN' })).toEqual([
      {
        LocationId: f.locations.maharashtra,
        Location: 'Maharashtra',
        MapCode: 'IN-MH',
        Value: nps(1, 2, 3),
        Responses: 3,
        Promoters: 1,
        Neutrals: 0,
        Detractors: 2,
        Color: BAND_COLORS.red,
      },
    ]);
    expect(await map({ Map: 'US' })).toEqual([]);
  });

  it("uses the invitee's location with UseInviteeLocation", async () => {
    const row = (map: MapRow[]) =>
      map.map((item) => [item.Location, item.MapCode, item.Value, item.Responses]);
    // s1 (Maharashtra, 10) and s6 (Mumbai, in Maharashtra, 10).
    expect(row(await map({ Map: 'IN', UseInviteeLocation: true }))).toEqual([
      ['Maharashtra', 'IN-MH', 100, 2],
    ]);
    // s4 (San Francisco, in California, 8).
    expect(row(await map({ Map: 'US', UseInviteeLocation: true }))).toEqual([['California', 'US-CA', 0, 1]]);
    // s2 (İstanbul, 9); s3's invitee is at country level and has no province.
    expect(row(await map({ Map: 'TR', UseInviteeLocation: true }))).toEqual([['İstanbul', 'TR-34', 100, 1]]);
  });
});
