import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardDataSchema,
  gaugeDataSchema,
  npsGaugeDataSchema,
  performanceRowSchema,
  type WidgetDataRequest,
} from '@loupe/contracts';
import { labelsChanged } from '../../../core/labels-version.js';
import { systemConfigurations } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createWidgetFixture, type WidgetFixture } from '../../../test/widget-fixture.js';

/*
 * Confidence on the KPI widgets (issue 23 item 3, docs/metrics.md "Confidence intervals and small samples") on a
 * planted set of eleven NPS answers in June 2019:
 *
 *   North-1  10, 10, 9, 8, 6, 0   satisfaction 6, 7, 8, 9, 10 on the first five
 *   North-2  10, 9
 *   South-1  10, 9, 7
 *
 * Hand computations (z = 1.959964, interval = NPS ± z · 100 · √((p + d − (p − d)²) / n)):
 * - All 11: P 7, N 2, D 2; p = 7/11 = 0.636364, d = 2/11 = 0.181818; NPS = 500/11 = 45.4545;
 *   Var = (0.818182 − 0.454545²) / 11 = (0.818182 − 0.206612) / 11 = 0.0555973; √ = 0.235791;
 *   half = 46.2140 → [−0.7595, 91.6686].
 * - North-1: n 6, P 3, D 2; p 0.5, d 0.333333; NPS 16.6667; Var = (0.833333 − 0.027778) / 6 = 0.134259;
 *   √ = 0.366415; half = 71.8161 → [−55.1494, 88.4827].
 * - North-2: n 2, P 2: NPS 100, Var 0 → [100, 100].
 * - South-1: n 3, P 2, N 1: NPS 66.6667; Var = (0.666667 − 0.444444) / 3 = 0.0740741; √ = 0.272166;
 *   half = 53.3436 → [13.3231, 120.0103] clamped to [13.3231, 100].
 * - Satisfaction 6..10: mean 8, s² = 10 / 4 = 2.5, s = 1.581139; t(0.975, 4) = 2.776445;
 *   half = 2.776445 × 1.581139 / √5 = 1.963243 → [6.0368, 9.9632].
 */

let t: TestApp;
let f: WidgetFixture;
let manager: string;
const RANGE: [string, string] = ['2019-06-01', '2019-06-30'];

async function post<T>(endpoint: string, body: WidgetDataRequest, schema: { parse(value: unknown): T }) {
  const response = await t.call('POST', `/api/widget-data/${endpoint}`, { token: manager, body });
  expect(response.statusCode, response.body).toBe(200);
  return schema.parse(response.json());
}
const rowsSchema = { parse: (value: unknown) => performanceRowSchema.array().parse(value) };

/** Writes the tenant's Analytics section as the configuration screen's save does (which also clears the cache). */
async function setTenantMinimum(json: string | null): Promise<void> {
  const db = t.database.db;
  await db
    .delete(systemConfigurations)
    .where(and(eq(systemConfigurations.tenantId, t.tenantId), eq(systemConfigurations.section, 'Analytics')));
  if (json !== null)
    await db
      .insert(systemConfigurations)
      .values({ tenantId: t.tenantId, section: 'Analytics', jsonConfig: json });
  labelsChanged();
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createWidgetFixture(t);
  const { nps, satisfaction } = f.questions;
  const { north1, north2, south1 } = f.channels;
  const planted: [number, number, number | null][] = [
    [north1, 10, 6],
    [north1, 10, 7],
    [north1, 9, 8],
    [north1, 8, 9],
    [north1, 6, 10],
    [north1, 0, null],
    [north2, 10, null],
    [north2, 9, null],
    [south1, 10, null],
    [south1, 9, null],
    [south1, 7, null],
  ];
  let day = 1;
  for (const [channelId, score, satisfied] of planted) {
    const at = `2019-06-${String(day++).padStart(2, '0')}T10:00:00+03:00`;
    const scores: [number, number][] = [[nps, score]];
    if (satisfied !== null) scores.push([satisfaction, satisfied]);
    await f.addSession({ channelId, transactionAt: at, answeredAt: at, scores });
  }
  await t.replica.flush();
  manager = (await t.signIn('manager')).access_token;
});

afterAll(async () => {
  await t.close();
});

describe('confidence on the KPI widgets', () => {
  it('answers nothing new without ShowConfidence', async () => {
    const gauge = await post('nps', { TimeRange: RANGE }, npsGaugeDataSchema);
    expect(gauge).not.toHaveProperty('Ci');
    expect(gauge).not.toHaveProperty('SmallSample');
    const rows = await post(
      'channel-performance',
      { TimeRange: RANGE, DataFilters: { ChannelColumnLevel: 3 } },
      rowsSchema,
    );
    // Without the setting North-2 (100, two answers) ranks first, as before.
    expect(rows.map((row) => row.Category)).toEqual(['North-2', 'South-1', 'North-1']);
    expect(rows[0]).not.toHaveProperty('SmallSample');
  });

  it('gives the NPS gauge its interval; the tenant default minimum of 30 makes 11 answers a small sample', async () => {
    await setTenantMinimum(null);
    const gauge = await post(
      'nps',
      { TimeRange: RANGE, DataFilters: { ShowConfidence: true } },
      npsGaugeDataSchema,
    );
    expect(gauge.Value).toBeCloseTo(45.4545, 3);
    expect(gauge.Ci!.Low).toBeCloseTo(-0.7595, 3);
    expect(gauge.Ci!.High).toBeCloseTo(91.6686, 3);
    expect(gauge).toMatchObject({ SmallSample: true, MinimumSampleSize: 30, Responses: 11 });
  });

  it("takes the tenant's Analytics MinimumSampleSize, and the widget's MinimumResponseCount over it", async () => {
    await setTenantMinimum('{"MinimumSampleSize": 3}');
    const gauge = await post(
      'nps',
      { TimeRange: RANGE, DataFilters: { ShowConfidence: true } },
      npsGaugeDataSchema,
    );
    expect(gauge).toMatchObject({ SmallSample: false, MinimumSampleSize: 3 });
    const own = await post(
      'nps',
      { TimeRange: RANGE, DataFilters: { ShowConfidence: true, MinimumResponseCount: 20 } },
      npsGaugeDataSchema,
    );
    expect(own).toMatchObject({ SmallSample: true, MinimumSampleSize: 20 });
    // A stored value that is no whole number from 1 counts as not set.
    await setTenantMinimum('{"MinimumSampleSize": "many"}');
    expect(
      await post('nps', { TimeRange: RANGE, DataFilters: { ShowConfidence: true } }, npsGaugeDataSchema),
    ).toMatchObject({ MinimumSampleSize: 30 });
  });

  it('gives an average its t interval (score gauge and average card)', async () => {
    await setTenantMinimum('{"MinimumSampleSize": 3}');
    const filters = { ExperienceId: 102, Scale: 11 as const, ShowConfidence: true };
    const gauge = await post('score', { TimeRange: RANGE, DataFilters: filters }, gaugeDataSchema);
    expect(gauge.Value).toBe(8);
    expect(gauge.Ci!.Low).toBeCloseTo(6.0368, 3);
    expect(gauge.Ci!.High).toBeCloseTo(9.9632, 3);
    expect(gauge).toMatchObject({ Responses: 5, SmallSample: false });
    const card = await post(
      'card',
      { TimeRange: RANGE, DataFilters: { ...filters, MeasurementType: 2 } },
      cardDataSchema,
    );
    expect(card.Ci!.Low).toBeCloseTo(6.0368, 3);
  });

  it('lists small-sample branches after the ranked ones, flagged, and keeps them out of Top-N', async () => {
    await setTenantMinimum('{"MinimumSampleSize": 3}');
    const rows = await post(
      'channel-performance',
      { TimeRange: RANGE, DataFilters: { ChannelColumnLevel: 3, ShowConfidence: true } },
      rowsSchema,
    );
    expect(rows.map((row) => [row.Category, row.Responses, row.SmallSample])).toEqual([
      ['South-1', 3, false],
      ['North-1', 6, false],
      ['North-2', 2, true],
    ]);
    expect(rows[0]!.Ci!.Low).toBeCloseTo(13.3231, 3);
    expect(rows[0]!.Ci!.High).toBe(100);
    expect(rows[1]!.Ci!.Low).toBeCloseTo(-55.1494, 3);
    expect(rows[1]!.Ci!.High).toBeCloseTo(88.4827, 3);
    expect(rows[2]!.Ci).toEqual({ Low: 100, High: 100 });
    const top = await post(
      'channel-performance',
      {
        TimeRange: RANGE,
        DataFilters: { ChannelColumnLevel: 3, ShowConfidence: true, TopNToggle: true, TopNCount: 1 },
      },
      rowsSchema,
    );
    expect(top.map((row) => row.Category)).toEqual(['South-1', 'North-2']);
  });

  it('does not rank a small-sample channel on a ranking card, nor count it', async () => {
    await setTenantMinimum('{"MinimumSampleSize": 3}');
    const card = await post(
      'card',
      {
        TimeRange: RANGE,
        ChannelSet: { Ids: [f.channels.north2] },
        DataFilters: { ChannelColumnLevel: 3, ShowConfidence: true },
      },
      cardDataSchema,
    );
    // North-2 has 2 answers (< 3): not ranked, and only North-1 and South-1 are counted.
    expect(card).toMatchObject({ Value: 100, Ranking: null, TotalCount: 2, SmallSample: true });
    const before = await post(
      'card',
      { TimeRange: RANGE, ChannelSet: { Ids: [f.channels.north2] }, DataFilters: { ChannelColumnLevel: 3 } },
      cardDataSchema,
    );
    expect(before).toMatchObject({ Value: 100, Ranking: 1, TotalCount: 3 });
  });
});
