import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BAND_COLORS,
  npsTrendColor,
  type DaysOfWeekRow,
  type TrendRow,
  type WidgetDataRequest,
} from '@loupe/contracts';
import { users } from '../../../db/schema/index.js';
import { signInNewUser } from '../../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createWidgetFixture, type WidgetFixture } from '../../../test/widget-fixture.js';

/*
 * Trend, respondent-trend and days-of-week endpoints against a hand-made world (test/widget-fixture.ts). Three
 * periods that do not overlap, each asked for with its own TimeRange:
 *
 * A (2020-12 … 2021-05), NPS answers, local times (Europe/Istanbul):
 *   a1 Mon 2020-12-28 10:00  North-1  10
 *   a2 Sun 2021-01-03 22:30  North-1   6   (ISO week 2020-W53)
 *   a3 Mon 2021-01-04 08:59  North-1   9   satisfaction 8  (2021-W01)
 *   a4 Mon 2021-01-04 12:00  South-1   7   satisfaction 5
 *   a5 Wed 2021-03-31 12:00  South-1   3   satisfaction 9, answered Thu 2021-04-01 10:00
 *   a6 Thu 2021-04-01 09:00  South-1  10   answered Sun 2021-05-02 10:00 (outside the range when by answer)
 * B (2022-01-01 … 2022-02-09): one NPS answer a day, 10 on even days from the first, 0 on odd ones (40 days).
 * C (2023-05): answers at the part-of-day edges.
 * D (2024-06-10): 10, 10, 10, 10, 8, 8, 8, 3 -> 4 promoters, 1 detractor of 8: NPS 37.5.
 */

let t: TestApp;
let f: WidgetFixture;
let manager: string;
let scoped: string;

const RANGE_A: [string, string] = ['2020-12-01', '2021-04-30'];
const RANGE_B: [string, string] = ['2022-01-01', '2022-12-31'];
const RANGE_C: [string, string] = ['2023-05-01', '2023-05-31'];

const nps = (promoters: number, detractors: number, responses: number) =>
  (100 * (promoters - detractors)) / responses;

async function post<T>(endpoint: string, body: WidgetDataRequest, token = manager): Promise<T> {
  const response = await t.call('POST', `/api/widget-data/${endpoint}`, { token, body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const trend = (body: WidgetDataRequest, token?: string) => post<TrendRow[]>('trend', body, token);

/** The trend rows of period A without their colour, as [Category, Value, Responses, Rate]. */
const figures = (rows: TrendRow[]) => rows.map((row) => [row.Category, row.Value, row.Responses, row.Rate]);

beforeAll(async () => {
  t = await createTestApp();
  f = await createWidgetFixture(t);
  const q = f.questions;
  const at = (local: string) => `${local}+03:00`;
  const a = async (local: string, channelId: number, scores: [number, number][], answered: string = local) =>
    f.addSession({ transactionAt: at(local), answeredAt: at(answered), channelId, scores });
  const { north1, south1 } = f.channels;
  await a('2020-12-28T10:00:00', north1, [[q.nps, 10]]);
  await a('2021-01-03T22:30:00', north1, [[q.nps, 6]]);
  await a('2021-01-04T08:59:00', north1, [
    [q.nps, 9],
    [q.satisfaction, 8],
  ]);
  await a('2021-01-04T12:00:00', south1, [
    [q.nps, 7],
    [q.satisfaction, 5],
  ]);
  await a(
    '2021-03-31T12:00:00',
    south1,
    [
      [q.nps, 3],
      [q.satisfaction, 9],
      [q.effort, 2],
    ],
    '2021-04-01T10:00:00',
  );
  await a('2021-04-01T09:00:00', south1, [[q.nps, 10]], '2021-05-02T10:00:00');

  for (let day = 0; day < 40; day += 1) {
    const date = new Date(Date.UTC(2022, 0, 1 + day)).toISOString().slice(0, 10);
    await a(`${date}T11:00:00`, north1, [[q.nps, day % 2 === 0 ? 10 : 0]]);
  }

  const c = (local: string, score: number, answered: string = local) =>
    f.addSession({ transactionAt: at(local), answeredAt: at(answered), scores: [[q.nps, score]] });
  await c('2023-05-01T08:59:59', 10);
  await c('2023-05-01T00:00:00', 0);
  await c('2023-05-01T09:00:00', 9);
  await c('2023-05-07T21:00:00', 6);
  await c('2023-05-07T23:59:00', 9, '2023-05-08T12:00:00');
  await c('2023-05-03T20:59:00', 8);
  // 22:30 UTC on Tuesday is Wednesday 01:30 in Istanbul.
  await f.addSession({
    transactionAt: '2023-05-02T22:30:00Z',
    answeredAt: '2023-05-02T22:30:00Z',
    scores: [[q.nps, 10]],
  });

  for (const score of [10, 10, 10, 10, 8, 8, 8, 3]) await c('2024-06-10T12:00:00', score);

  await t.replica.flush();
  manager = (await t.signIn('manager')).access_token;
  scoped = await signInNewUser(t, {
    userName: 'north-viewer',
    tenantId: t.tenantId,
    scopes: ['report:read'],
  });
  await t.database.db
    .update(users)
    .set({ transactionChannelIds: [f.channels.north] })
    .where(eq(users.userName, 'north-viewer'));
});

afterAll(async () => t.close());

describe('POST /api/widget-data/trend', () => {
  it('buckets NPS by month, oldest first, with each bucket share of all responses and its band colour', async () => {
    const rows = await trend({ TimeRange: RANGE_A, DataFilters: { CategoryType: 'MM' } });
    expect(rows).toEqual([
      {
        Category: '2020-12',
        SubCategory: null,
        Value: 100,
        Responses: 1,
        Rate: (100 * 1) / 6,
        ValuePercent: null,
        Color: BAND_COLORS.green,
      },
      {
        Category: '2021-01',
        SubCategory: null,
        Value: 0,
        Responses: 3,
        Rate: 50,
        ValuePercent: null,
        Color: BAND_COLORS.yellow,
      },
      {
        Category: '2021-03',
        SubCategory: null,
        Value: -100,
        Responses: 1,
        Rate: (100 * 1) / 6,
        ValuePercent: null,
        Color: BAND_COLORS.red,
      },
      {
        Category: '2021-04',
        SubCategory: null,
        Value: 100,
        Responses: 1,
        Rate: (100 * 1) / 6,
        ValuePercent: null,
        Color: BAND_COLORS.green,
      },
    ]);
  });

  it('colours an NPS by the NPS gauge bands the chart draws its line in (37.5: green, 30 and above)', async () => {
    const [row] = await trend({
      TimeRange: ['2024-06-01', '2024-06-30'],
      DataFilters: { CategoryType: 'MM' },
    });
    expect(row).toMatchObject({ Category: '2024-06', Value: 37.5, Responses: 8 });
    expect(row!.Color).toBe(BAND_COLORS.green);
    expect(row!.Color).toBe(npsTrendColor(37.5));
  });

  it('buckets by ISO week across the year end (2020-W53, 2021-W01) and by day and quarter', async () => {
    expect(figures(await trend({ TimeRange: RANGE_A, DataFilters: { CategoryType: 'WW' } }))).toEqual([
      ['2020-W53', 0, 2, (100 * 2) / 6],
      ['2021-W01', 50, 2, (100 * 2) / 6],
      ['2021-W13', 0, 2, (100 * 2) / 6],
    ]);
    expect(figures(await trend({ TimeRange: RANGE_A, DataFilters: { CategoryType: 'DD' } }))).toEqual([
      ['2020-12-28', 100, 1, (100 * 1) / 6],
      ['2021-01-03', -100, 1, (100 * 1) / 6],
      ['2021-01-04', 50, 2, (100 * 2) / 6],
      ['2021-03-31', -100, 1, (100 * 1) / 6],
      ['2021-04-01', 100, 1, (100 * 1) / 6],
    ]);
    expect(figures(await trend({ TimeRange: RANGE_A, DataFilters: { CategoryType: 'QQ' } }))).toEqual([
      ['2020-Q4', 100, 1, (100 * 1) / 6],
      ['2021-Q1', nps(1, 2, 4), 4, (100 * 4) / 6],
      ['2021-Q2', 100, 1, (100 * 1) / 6],
    ]);
  });

  it('buckets and ranges on the chosen time column', async () => {
    const rows = await trend({
      TimeRange: RANGE_A,
      DataFilters: { CategoryType: 'MM', TimeColumn: 'AnsweredDateId' },
    });
    // a5 was answered in April; a6 in May, outside the range.
    expect(figures(rows)).toEqual([
      ['2020-12', 100, 1, (100 * 1) / 5],
      ['2021-01', 0, 3, (100 * 3) / 5],
      ['2021-04', -100, 1, (100 * 1) / 5],
    ]);
  });

  it('shows the average score with its gauge band colour for measurement type 2', async () => {
    const rows = await trend({
      TimeRange: RANGE_A,
      DataFilters: { CategoryType: 'MM', MeasurementType: 2, Scale: 11 },
    });
    expect(rows.map((row) => [row.Category, row.Value, row.Responses, row.Rate, row.Color])).toEqual([
      ['2021-01', 6.5, 2, (100 * 2) / 3, BAND_COLORS.yellow],
      ['2021-03', 9, 1, (100 * 1) / 3, BAND_COLORS.green],
    ]);
  });

  it('keeps only the last 35 buckets that have answers; Rate stays a share of all responses', async () => {
    const rows = await trend({ TimeRange: RANGE_B, DataFilters: { CategoryType: 'DD' } });
    expect(rows).toHaveLength(35);
    // Days 5 (2022-01-06) to 39 (2022-02-09); odd days scored 0.
    expect(rows[0]).toMatchObject({ Category: '2022-01-06', Value: -100, Responses: 1, Rate: 2.5 });
    expect(rows[1]).toMatchObject({ Category: '2022-01-07', Value: 100, Rate: 2.5 });
    expect(rows.at(-1)).toMatchObject({ Category: '2022-02-09', Value: -100, Rate: 2.5 });
    // Weeks: 1-2 January are ISO week 2021-W52.
    const weeks = await trend({ TimeRange: RANGE_B, DataFilters: { CategoryType: 'WW' } });
    expect(weeks.map((row) => [row.Category, row.Responses])).toEqual([
      ['2021-W52', 2],
      ['2022-W01', 7],
      ['2022-W02', 7],
      ['2022-W03', 7],
      ['2022-W04', 7],
      ['2022-W05', 7],
      ['2022-W06', 3],
    ]);
  });

  it("limits a scoped user to the answers of the user's channels", async () => {
    const rows = await trend({ TimeRange: RANGE_A, DataFilters: { CategoryType: 'MM' } }, scoped);
    expect(figures(rows)).toEqual([
      ['2020-12', 100, 1, (100 * 1) / 3],
      ['2021-01', 0, 2, (100 * 2) / 3],
    ]);
  });

  it('returns no rows without answers', async () => {
    expect(
      await trend({ TimeRange: ['2010-01-01', '2010-12-31'], DataFilters: { CategoryType: 'MM' } }),
    ).toEqual([]);
  });
});

describe('POST /api/widget-data/respondent-trend', () => {
  it('gives per bucket the promoter, neutral and detractor counts and shares', async () => {
    const rows = await post<TrendRow[]>('respondent-trend', {
      TimeRange: RANGE_A,
      DataFilters: { CategoryType: 'MM', TrendSeriesValue: 'percentage' },
    });
    const third = (100 * 1) / 3;
    expect(
      rows.map((row) => [row.Category, row.SubCategory, row.Value, row.Responses, row.ValuePercent]),
    ).toEqual([
      ['2020-12', 'Promoter', 1, 1, 100],
      ['2020-12', 'Neutral', 0, 1, 0],
      ['2020-12', 'Detractor', 0, 1, 0],
      ['2021-01', 'Promoter', 1, 3, third],
      ['2021-01', 'Neutral', 1, 3, third],
      ['2021-01', 'Detractor', 1, 3, third],
      ['2021-03', 'Promoter', 0, 1, 0],
      ['2021-03', 'Neutral', 0, 1, 0],
      ['2021-03', 'Detractor', 1, 1, 100],
      ['2021-04', 'Promoter', 1, 1, 100],
      ['2021-04', 'Neutral', 0, 1, 0],
      ['2021-04', 'Detractor', 0, 1, 0],
    ]);
    expect(rows.every((row) => row.Rate === row.ValuePercent)).toBe(true);
    expect(rows.slice(0, 3).map((row) => row.Color)).toEqual([
      BAND_COLORS.green,
      BAND_COLORS.yellow,
      BAND_COLORS.red,
    ]);
  });

  it('shows the last 35 buckets only', async () => {
    const rows = await post<TrendRow[]>('respondent-trend', {
      TimeRange: RANGE_B,
      DataFilters: { CategoryType: 'DD' },
    });
    expect(rows).toHaveLength(3 * 35);
    expect(rows[0]).toMatchObject({ Category: '2022-01-06', SubCategory: 'Promoter', Value: 0 });
    expect(rows[2]).toMatchObject({ Category: '2022-01-06', SubCategory: 'Detractor', Value: 1, Rate: 100 });
  });
});

describe('POST /api/widget-data/days-of-week', () => {
  const cells = (rows: DaysOfWeekRow[]) =>
    rows.map((row) => [row.WeekOfDay, row.PartOfDay, row.Value, row.Responses]);

  it('buckets by ISO day of week and part of day, including the 00-09 and 21-00 edges', async () => {
    const rows = await post<DaysOfWeekRow[]>('days-of-week', { TimeRange: RANGE_C });
    expect(cells(rows)).toEqual([
      // 00:00 and 08:59:59: 10 and 0.
      [1, '00-09', 0, 2],
      [1, '09-12', 100, 1],
      // Tuesday 22:30 UTC = Wednesday 01:30 local.
      [3, '00-09', 100, 1],
      [3, '18-21', 0, 1],
      // 21:00 and 23:59: 6 and 9.
      [7, '21-00', 0, 2],
    ]);
  });

  it('uses the chosen time column', async () => {
    const rows = await post<DaysOfWeekRow[]>('days-of-week', {
      TimeRange: RANGE_C,
      DataFilters: { TimeColumn: 'AnsweredDateId' },
    });
    expect(cells(rows)).toEqual([
      [1, '00-09', 0, 2],
      [1, '09-12', 100, 1],
      [1, '12-15', 100, 1],
      [3, '00-09', 100, 1],
      [3, '18-21', 0, 1],
      [7, '21-00', -100, 1],
    ]);
  });
});
