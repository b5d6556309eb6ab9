import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  responseDetailSchema,
  responseListPageSchema,
  type DaysOfWeekRow,
  type ReportFilter,
  type Scope,
  type WidgetDataFilters,
} from '@loupe/contracts';
import {
  alerts,
  integrationDeliveries,
  reports,
  reportWidgets,
  roleReports,
  roles,
  segmentGroups,
  segments,
  sessions,
  tenants,
} from '../../db/schema/index.js';
import { signInNewUser } from '../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createWidgetFixture, type WidgetFixture } from '../../test/widget-fixture.js';
import { seededRandom } from '../../test/seeded-random.js';

/*
 * Lineage (docs/responses-analyzer.md "Lineage", issue 23 item 4): the analyzer opened from a widget lists the
 * sessions of the facts the widget counts, and its FactCount is the widget's response count. Planted sessions of
 * the widget fixture (seeded pseudo-random: scores, channels, products, surveys, dates, some sessions never
 * answered, some answering two measured questions); ten widgets of various kinds and dataFilters with random
 * report filters are compared with their own data endpoints, and so is every bar of grouped charts, every point
 * of trends, every region of maps, every segment of per-segment gauges and every cell of days-of-week charts. The seed is printed; LINEAGE_SEED=<n> replays it.
 */

let t: TestApp;
let f: WidgetFixture;
let full: string;
let noIntegrations: string;
let otherTenantUser: string;
let otherTenantId: number;
let reportId: number;
let hiddenReportId: number;
const SEED = Number(process.env.LINEAGE_SEED ?? 4242);

const at = (day: number, hour: number) =>
  `2026-03-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:15:00+03:00`;

async function addWidget(report: number, dataEndpoint: string, dataFilters: WidgetDataFilters) {
  const [row] = await t.database.db
    .insert(reportWidgets)
    .values({
      tenantId: f.tenantId,
      reportId: report,
      widgetId: 1,
      config: JSON.stringify({ type: 'NpsGaugeChart', dataEndpoint, dataFilters }),
    })
    .returning({ id: reportWidgets.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  f = await createWidgetFixture(t);
  const db = t.database.db;
  const { nps, satisfaction, effort, secondNps } = f.questions;
  const random = seededRandom(SEED);
  const channels = [f.channels.north1, f.channels.north2, f.channels.south1];
  const products = [f.products.creditCard, f.products.loans, f.products.cards, null];
  for (let i = 0; i < 60; i += 1) {
    const second = random.next() < 0.25;
    const day = 1 + random.int(14);
    const answered = random.next() < 0.9;
    const scores: [number, number][] = second
      ? [[secondNps, random.int(11)]]
      : [
          ...(random.next() < 0.85 ? [[nps, random.int(11)] as [number, number]] : []),
          ...(random.next() < 0.7 ? [[satisfaction, random.int(11)] as [number, number]] : []),
          ...(random.next() < 0.6 ? [[effort, 1 + random.int(5)] as [number, number]] : []),
        ];
    await f.addSession({
      surveyId: second ? f.secondSurveyId : f.surveyId,
      channelId: random.pick(channels),
      productId: random.pick(products),
      transactionAt: at(day, 9 + random.int(8)),
      // Answers arrive up to three days after the transaction: the time columns differ.
      answeredAt: answered ? at(day + random.int(4), 18) : null,
      completion: answered ? 1 : 2,
      scores,
    });
  }

  const user = (userName: string, scopes: Scope[]) =>
    signInNewUser(t, { userName, tenantId: f.tenantId, scopes });
  full = await user('lineage-full', ['feedbackAnalysis', 'report:read', 'alert:readall', 'integration:read']);
  noIntegrations = await user('lineage-plain', ['response:readall', 'report:read', 'alert:readall']);
  const [report, hidden] = await db
    .insert(reports)
    .values([
      { tenantId: f.tenantId, title: 'Lineage report' },
      { tenantId: f.tenantId, title: 'Lineage hidden report' },
    ])
    .returning({ id: reports.id });
  reportId = report!.id;
  hiddenReportId = hidden!.id;
  for (const name of ['lineage-full role', 'lineage-plain role']) {
    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
    await db.insert(roleReports).values({ tenantId: f.tenantId, reportId, roleId: role!.id });
  }
  const [other] = await db
    .insert(tenants)
    .values({ name: 'Lineage Other Bank' })
    .returning({ id: tenants.id });
  otherTenantId = other!.id;
  otherTenantUser = await signInNewUser(t, {
    userName: 'lineage-other',
    tenantId: otherTenantId,
    scopes: ['feedbackAnalysis', 'report:read', 'integration:read', 'alert:readall'],
  });
  await t.replica.flush();
});
afterAll(async () => t.close());

/**
 * A draw's report filter: both surveys over `days` + 1 days of a month of 2026 starting at a drawn day among the
 * first `starts`, in a drawn scope. The start is drawn before the scope, so a seeded stream draws what it always drew.
 */
function monthFilter(
  random: ReturnType<typeof seededRandom>,
  { month, starts, days, scopes }: { month: number; starts: number; days: number; scopes: ReportFilter[] },
): ReportFilter {
  const from = 1 + random.int(starts);
  const date = (day: number) => `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return {
    SurveyId: [f.surveyId, f.secondSurveyId],
    TimeRange: [date(from), date(from + days)],
    ...random.pick(scopes),
  };
}

async function analyzer(body: unknown, token = full) {
  return t.call('POST', '/api/responses-analyzer?$top=1000', {
    token,
    body,
    headers: { timezoneoffset: '-180' },
  });
}

/** What a widget's figure shows of one part (a bar, a point, a region...), or of the widget as a whole. */
interface FigurePart {
  /** The part as the analyzer's `Widget.Group` names it; the widget as a whole has none. */
  group?: Record<string, string | number>;
  responses: number;
}

/**
 * Adds each widget of the table in turn, with its own drawn report filter, reads the parts of its figure from its
 * data endpoint and opens the analyzer on each: the analyzer's FactCount is the part's Responses, and it lists at
 * most one session per fact. At least `minimum` parts must have responses, so that the draws are not vacuous.
 * A failure names the part by its kind and its group's values (`bar 12`, `cell 3 09-12`).
 */
async function comparePartsWithAnalyzer<Figure>({
  widgets,
  drawFilter,
  part = '',
  parts,
  minimum,
  listsEverySession = false,
}: {
  widgets: [endpoint: string, dataFilters: WidgetDataFilters][];
  /** Called once per widget, in the table's order, before the widget is added. */
  drawFilter: () => ReportFilter;
  /** What a part of these figures is called: `bar`, `point`...; none for the widget as a whole. */
  part?: string;
  parts: (figure: Figure) => FigurePart[];
  minimum: number;
  /** Also expect the page to hold every session listed (Items has Count rows). */
  listsEverySession?: boolean;
}) {
  let nonEmpty = 0;
  for (const [draw, [endpoint, dataFilters]] of widgets.entries()) {
    const filter = drawFilter();
    const widgetId = await addWidget(reportId, `api/${endpoint}`, dataFilters);
    const label = `seed ${SEED} draw ${draw}: ${endpoint} ${JSON.stringify(dataFilters)} ${JSON.stringify(filter)}`;
    const figure = await t.call('POST', `/api/${endpoint}`, {
      token: full,
      body: { ...filter, ReportId: reportId, DataFilters: dataFilters },
    });
    expect(figure.statusCode, label).toBe(200);
    for (const { group, responses } of parts(figure.json<Figure>())) {
      const listed = await analyzer({
        ...filter,
        Widget: { WidgetId: widgetId, ...(group === undefined ? {} : { Group: group }) },
      });
      expect(listed.statusCode, `${label} ${listed.body}`).toBe(200);
      const page = responseListPageSchema.parse(listed.json());
      const named = group === undefined ? label : `${label} ${part} ${Object.values(group).join(' ')}`;
      expect(page.FactCount, named).toBe(responses);
      expect(page.Count, label).toBeLessThanOrEqual(responses);
      if (listsEverySession) expect(page.Items).toHaveLength(page.Count);
      if (responses > 0) nonEmpty += 1;
    }
  }
  expect(nonEmpty, `seed ${SEED}`).toBeGreaterThanOrEqual(minimum);
}

describe('lineage: the analyzer opened from a widget', () => {
  it(`counts the widget's responses for ten random widgets and filters (seed ${SEED})`, async () => {
    console.log(`responses lineage seed: ${SEED} (replay with LINEAGE_SEED=${SEED})`);
    const { nps, satisfaction, effort, secondNps } = f.questions;
    const kinds: [string, WidgetDataFilters][] = [
      ['widget-data/nps', {}],
      ['widget-data/nps', { TimeColumn: 'AnsweredDateId' }],
      ['widget-data/nps', { NpsQuestionId: secondNps }],
      ['widget-data/score', { MeasurementType: 1 }],
      ['widget-data/score', { QuestionId: [satisfaction, effort] }],
      ['widget-data/score', { Scale: 5, QuestionId: [effort] }],
      ['widget-data/card', {}],
      ['widget-data/card', { MeasurementType: 2, TimeColumn: 'AnsweredDateId' }],
      ['widget-data/card', { ExperienceId: [101, 102] }],
      ['widget-data/score', { QuestionId: [nps, satisfaction], SurveyId: [f.surveyId] }],
    ];
    const random = seededRandom(SEED + 1);
    const scopes: ReportFilter[] = [
      {},
      { ChannelSet: { Ids: [f.channels.north] } },
      { ChannelSet: { Ids: [random.pick([f.channels.north1, f.channels.south1])] } },
      { ProductSet: { Ids: [f.products.cards] } },
      { SurveyId: [f.secondSurveyId] },
      { ScoreRange: { min: 0, max: 6 } },
    ];
    // Each of the ten widgets once, in a seeded order, each with its own random report filter.
    const order = kinds.map((kind) => ({ kind, key: random.next() })).sort((a, b) => a.key - b.key);
    await comparePartsWithAnalyzer({
      widgets: order.map(({ kind }) => kind),
      drawFilter: () => monthFilter(random, { month: 3, starts: 8, days: 8, scopes }),
      parts: ({ Responses }: { Responses: number }) => [{ responses: Responses }],
      listsEverySession: true,
      // Most figures have responses.
      minimum: 5,
    });
  });

  it('lists one row per session whatever the number of facts, and none of the unanswered', async () => {
    // April holds only these three sessions: A answers both questions, B one, C both but never finished.
    const { nps, satisfaction } = f.questions;
    const april = (day: number) => `2026-04-${String(day).padStart(2, '0')}T10:00:00+03:00`;
    const a = await f.addSession({
      transactionAt: april(10),
      answeredAt: april(10),
      scores: [
        [nps, 9],
        [satisfaction, 8],
      ],
    });
    const b = await f.addSession({ transactionAt: april(11), answeredAt: april(11), scores: [[nps, 4]] });
    await f.addSession({
      transactionAt: april(11),
      answeredAt: null,
      completion: 2,
      scores: [
        [nps, 6],
        [satisfaction, 5],
      ],
    });
    await t.replica.flush();
    const widgetId = await addWidget(reportId, 'api/widget-data/score', { QuestionId: [nps, satisfaction] });
    const filter: ReportFilter = { SurveyId: [f.surveyId], TimeRange: ['2026-04-09', '2026-04-12'] };
    const figure = await t.call('POST', '/api/widget-data/score', {
      token: full,
      body: { ...filter, ReportId: reportId, DataFilters: { QuestionId: [nps, satisfaction] } },
    });
    expect(figure.json<{ Responses: number }>().Responses).toBe(5);
    const page = responseListPageSchema.parse(
      (await analyzer({ ...filter, Widget: { WidgetId: widgetId } })).json(),
    );
    expect(page.FactCount).toBe(5);
    expect(page.Count).toBe(2);
    expect(page.Items.map((item) => item.SessionId).sort((x, y) => x - y)).toEqual(
      [a, b].sort((x, y) => x - y),
    );
    // Without a widget there is no FactCount.
    expect(responseListPageSchema.parse((await analyzer(filter)).json()).FactCount).toBeUndefined();
  });

  it(`counts each bar's responses of grouped widgets under random filters (seed ${SEED})`, async () => {
    const { satisfaction } = f.questions;
    const kinds: [string, WidgetDataFilters][] = [
      ['widget-data/performance', {}],
      [
        'widget-data/performance',
        { GroupBy: 'product', ParentCategoryLevel: 2, TimeColumn: 'AnsweredDateId' },
      ],
      ['widget-data/performance', { GroupBy: 'experience' }],
      ['widget-data/performance', { GroupBy: 'survey', MeasurementType: 2, TopNToggle: true, TopNCount: 1 }],
      ['widget-data/performance', { GroupBy: 'experience', QuestionId: [satisfaction] }],
      ['widget-data/channel-performance', { ChannelColumnLevel: 2 }],
      ['widget-data/channel-performance', { ChannelColumnLevel: 3, MinimumResponseCount: 2 }],
      ['widget-data/channel-performance', { ShowConfidence: true }],
    ];
    const random = seededRandom(SEED + 2);
    // The report filter with a master widget's drill-down (a ChannelSet node) or without.
    const scopes: ReportFilter[] = [
      {},
      {},
      { ChannelSet: { Ids: [f.channels.north] } },
      { ChannelSet: { Ids: [f.channels.bank] } },
      { ProductSet: { Ids: [f.products.cards] } },
      { ScoreRange: { min: 0, max: 8 } },
    ];
    await comparePartsWithAnalyzer({
      widgets: kinds,
      drawFilter: () => monthFilter(random, { month: 3, starts: 6, days: 10, scopes }),
      part: 'bar',
      parts: (rows: { CategoryId: number; Responses: number }[]) =>
        rows.map(({ CategoryId, Responses }) => ({ group: { CategoryId }, responses: Responses })),
      // Many bars with responses.
      minimum: 10,
    });
  });

  it(`counts each point's responses of trend widgets under random filters (seed ${SEED})`, async () => {
    const { satisfaction, effort, secondNps } = f.questions;
    const kinds: [string, WidgetDataFilters][] = [
      ['widget-data/trend', {}],
      ['widget-data/trend', { CategoryType: 'DD' }],
      ['widget-data/trend', { CategoryType: 'WW', TimeColumn: 'AnsweredDateId' }],
      ['widget-data/trend', { CategoryType: 'DD', MeasurementType: 1, QuestionId: [satisfaction, effort] }],
      ['widget-data/trend', { CategoryType: 'QQ', MeasurementType: 2 }],
      ['widget-data/respondent-trend', { CategoryType: 'DD', TimeColumn: 'AnsweredDateId' }],
      ['widget-data/respondent-trend', { CategoryType: 'WW', NpsQuestionId: secondNps }],
    ];
    const random = seededRandom(SEED + 3);
    const scopes: ReportFilter[] = [
      {},
      {},
      { ChannelSet: { Ids: [f.channels.north] } },
      { ProductSet: { Ids: [f.products.cards] } },
      { ScoreRange: { min: 0, max: 8 } },
    ];
    await comparePartsWithAnalyzer({
      widgets: kinds,
      drawFilter: () => monthFilter(random, { month: 3, starts: 6, days: 10, scopes }),
      part: 'point',
      // A respondent trend has three rows per point (its series), each with the point's Responses.
      parts: (rows: { Category: string; Responses: number }[]) =>
        [...new Map(rows.map((row) => [row.Category, row.Responses]))].map(([Category, responses]) => ({
          group: { Category },
          responses,
        })),
      // Many points with responses.
      minimum: 20,
    });
  });

  it('refuses a point of a widget without points, and bad points (400 / 3333); no point counts 0', async () => {
    const trend = await addWidget(reportId, 'api/widget-data/trend', {});
    const chart = await addWidget(reportId, 'api/widget-data/channel-performance', {});
    const gauge = await addWidget(reportId, 'api/widget-data/nps', {});
    const days = await addWidget(reportId, 'api/widget-data/days-of-week', {});
    for (const widget of [
      { WidgetId: chart, Group: { Category: '2026-03' } },
      { WidgetId: gauge, Group: { Category: '2026-03' } },
      { WidgetId: days, Group: { Category: '2026-03' } },
      { WidgetId: trend, Group: { CategoryId: f.channels.north } },
      { WidgetId: trend, Group: { Category: '2026-03', CategoryId: 1 } },
      { WidgetId: trend, Group: { Category: 'March' } },
      { WidgetId: trend, Group: { Category: '2026-03\u0000' } },
      { WidgetId: trend, Group: { Category: '2026-03'.repeat(200) } },
      { WidgetId: trend, Group: { Category: 202603 } },
      { WidgetId: trend, Group: '2026-03' },
    ]) {
      const response = await analyzer({ Widget: widget });
      expect(response.statusCode, JSON.stringify(widget)).toBe(400);
      expect(response.json<{ Code: number }>().Code).toBe(ErrorCode.ModelNotValid);
    }
    // A month without answers, and a week's label on a month trend, are no point: no facts.
    const filter: ReportFilter = { SurveyId: [f.surveyId], TimeRange: ['2026-03-01', '2026-03-31'] };
    for (const category of ['2026-02', '2026-W10']) {
      const listed = await analyzer({
        ...filter,
        Widget: { WidgetId: trend, Group: { Category: category } },
      });
      expect(listed.statusCode, listed.body).toBe(200);
      expect(responseListPageSchema.parse(listed.json())).toMatchObject({ FactCount: 0, Count: 0 });
    }
    // A point of a trend on a report the caller does not see, or of another tenant: 404, as the widget.
    const hidden = await addWidget(hiddenReportId, 'api/widget-data/trend', {});
    const point = { Group: { Category: '2026-03' } };
    expect((await analyzer({ Widget: { WidgetId: hidden, ...point } })).statusCode).toBe(404);
    expect((await analyzer({ Widget: { WidgetId: trend, ...point } }, otherTenantUser)).statusCode).toBe(404);
  });

  it(`counts each region's responses of map widgets under random filters (seed ${SEED})`, async () => {
    // May: sessions whose invitees live at every level of the three maps' countries (or nowhere), their channels
    // in İstanbul, Ankara and Mumbai; seeded apart from the March draws so those stay as they were.
    const { nps, satisfaction } = f.questions;
    const { turkey, marmara, istanbul, ankara, maharashtra, mumbai, usa, california, sanFrancisco } =
      f.locations;
    const invitees = [
      turkey,
      marmara,
      istanbul,
      ankara,
      maharashtra,
      mumbai,
      usa,
      california,
      sanFrancisco,
      null,
    ];
    const channels = [f.channels.north1, f.channels.north2, f.channels.south1];
    const plant = seededRandom(SEED + 4);
    const may = (day: number, hour: number) =>
      `2026-05-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:30:00+03:00`;
    for (let i = 0; i < 50; i += 1) {
      const day = 1 + plant.int(14);
      const answered = plant.next() < 0.9;
      await f.addSession({
        surveyId: plant.next() < 0.2 ? f.secondSurveyId : f.surveyId,
        channelId: plant.pick(channels),
        productId: plant.pick([f.products.creditCard, f.products.loans, null]),
        locationId: plant.pick(invitees),
        transactionAt: may(day, 9 + plant.int(8)),
        answeredAt: answered ? may(day + plant.int(3), 18) : null,
        completion: answered ? 1 : 2,
        scores: [
          ...(plant.next() < 0.85 ? [[nps, plant.int(11)] as [number, number]] : []),
          ...(plant.next() < 0.6 ? [[satisfaction, plant.int(11)] as [number, number]] : []),
        ],
      });
    }
    await t.replica.flush();

    const kinds: WidgetDataFilters[] = [
      {},
      { UseInviteeLocation: true },
      { Map: 'IN' },
      { Map: 'IN', UseInviteeLocation: true, MeasurementType: 1 },
      { Map: 'US', UseInviteeLocation: true },
      { Map: 'TR', UseInviteeLocation: true, TimeColumn: 'AnsweredDateId' },
      { Map: 'TR', QuestionId: [satisfaction] },
    ];
    const random = seededRandom(SEED + 5);
    const scopes: ReportFilter[] = [
      {},
      {},
      { ChannelSet: { Ids: [f.channels.north] } },
      { ProductSet: { Ids: [f.products.loans] } },
      { ScoreRange: { min: 0, max: 8 } },
    ];
    await comparePartsWithAnalyzer({
      widgets: kinds.map((dataFilters) => ['widget-data/map', dataFilters]),
      drawFilter: () => monthFilter(random, { month: 5, starts: 5, days: 12, scopes }),
      part: 'region',
      parts: (rows: { LocationId: number; Responses: number }[]) =>
        rows.map(({ LocationId, Responses }) => ({ group: { LocationId }, responses: Responses })),
      // Most of the eleven regions the seven maps can draw have responses.
      minimum: 6,
    });
  });

  it('refuses a region of a widget without regions, and bad regions (400 / 3333); no region counts 0', async () => {
    const map = await addWidget(reportId, 'api/widget-data/map', {});
    const chart = await addWidget(reportId, 'api/widget-data/channel-performance', {});
    const trend = await addWidget(reportId, 'api/widget-data/trend', {});
    const gauge = await addWidget(reportId, 'api/widget-data/nps', {});
    const { istanbul } = f.locations;
    for (const widget of [
      { WidgetId: chart, Group: { LocationId: istanbul } },
      { WidgetId: trend, Group: { LocationId: istanbul } },
      { WidgetId: gauge, Group: { LocationId: istanbul } },
      { WidgetId: map, Group: { CategoryId: istanbul } },
      { WidgetId: map, Group: { Category: '2026-03' } },
      { WidgetId: map, Group: { LocationId: istanbul, CategoryId: istanbul } },
      { WidgetId: map, Group: { LocationId: 0 } },
      { WidgetId: map, Group: { LocationId: 2147483648 } },
      { WidgetId: map, Group: { LocationId: '34' } },
      { WidgetId: map, Group: istanbul },
    ]) {
      const response = await analyzer({ Widget: widget });
      expect(response.statusCode, JSON.stringify(widget)).toBe(400);
      expect(response.json<{ Code: number }>().Code).toBe(ErrorCode.ModelNotValid);
    }
    // A location that is no region of the map (a country, a region of another map, an unknown id): no facts.
    const filter: ReportFilter = { SurveyId: [f.surveyId], TimeRange: ['2026-03-01', '2026-03-31'] };
    for (const locationId of [f.locations.turkey, f.locations.maharashtra, 2_000_000_000]) {
      const listed = await analyzer({
        ...filter,
        Widget: { WidgetId: map, Group: { LocationId: locationId } },
      });
      expect(listed.statusCode, listed.body).toBe(200);
      expect(responseListPageSchema.parse(listed.json())).toMatchObject({ FactCount: 0, Count: 0 });
    }
    // A region of a map on a report the caller does not see, or of another tenant: 404, as the widget.
    const hidden = await addWidget(hiddenReportId, 'api/widget-data/map', {});
    const region = { Group: { LocationId: istanbul } };
    expect((await analyzer({ Widget: { WidgetId: hidden, ...region } })).statusCode).toBe(404);
    expect((await analyzer({ Widget: { WidgetId: map, ...region } }, otherTenantUser)).statusCode).toBe(404);
  });

  it(`counts each segment's responses of per-segment gauges under random filters (seed ${SEED})`, async () => {
    // June: sessions in none, one or several segments of two groups (Tier: Gold, Silver, Bronze; Region: East),
    // seeded apart from the March draws so those stay as they were.
    const db = t.database.db;
    const { nps, satisfaction, secondNps } = f.questions;
    const [bronze] = await db
      .insert(segments)
      .values({ tenantId: f.tenantId, groupId: f.segmentGroup, name: 'Bronze', code: 'LINEAGE-BRONZE' })
      .returning({ id: segments.id });
    const [regionGroup] = await db
      .insert(segmentGroups)
      .values({ tenantId: f.tenantId, name: 'Lineage region', code: 'LINEAGE-REGION' })
      .returning({ id: segmentGroups.id });
    const [east] = await db
      .insert(segments)
      .values({ tenantId: f.tenantId, groupId: regionGroup!.id, name: 'East', code: 'LINEAGE-EAST' })
      .returning({ id: segments.id });
    const { gold, silver } = f.segments;
    const plant = seededRandom(SEED + 6);
    const june = (day: number, hour: number) =>
      `2026-06-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:45:00+03:00`;
    for (let i = 0; i < 50; i += 1) {
      const day = 1 + plant.int(14);
      const answered = plant.next() < 0.9;
      const second = plant.next() < 0.2;
      await f.addSession({
        surveyId: second ? f.secondSurveyId : f.surveyId,
        channelId: plant.pick([f.channels.north1, f.channels.north2, f.channels.south1]),
        segmentIds: [gold, silver, east!.id].filter(() => plant.next() < 0.5),
        transactionAt: june(day, 9 + plant.int(8)),
        answeredAt: answered ? june(day + plant.int(3), 18) : null,
        completion: answered ? 1 : 2,
        scores: second
          ? [[secondNps, plant.int(11)]]
          : [
              ...(plant.next() < 0.85 ? [[nps, plant.int(11)] as [number, number]] : []),
              ...(plant.next() < 0.6 ? [[satisfaction, plant.int(11)] as [number, number]] : []),
            ],
      });
    }
    await t.replica.flush();

    const kinds: WidgetDataFilters[] = [
      { SegmentGroupId: f.segmentGroup },
      { SegmentGroupId: f.segmentGroup, TimeColumn: 'AnsweredDateId' },
      { SegmentGroupId: f.segmentGroup, NpsQuestionId: secondNps },
      { SegmentGroupId: f.segmentGroup, MeasurementType: 1 },
      { SegmentGroupId: regionGroup!.id },
    ];
    const random = seededRandom(SEED + 7);
    const scopes: ReportFilter[] = [
      {},
      {},
      { ChannelSet: { Ids: [f.channels.north] } },
      { ScoreRange: { min: 0, max: 8 } },
    ];
    await comparePartsWithAnalyzer({
      widgets: kinds.map((dataFilters) => ['widget-data/segments', dataFilters]),
      drawFilter: () => monthFilter(random, { month: 6, starts: 5, days: 12, scopes }),
      part: 'segment',
      parts: ({ SegmentData }: { SegmentData: { SegmentId: number; SegmentResponseCount: number }[] }) =>
        SegmentData.map(({ SegmentId, SegmentResponseCount }) => ({
          group: { SegmentId },
          responses: SegmentResponseCount,
        })),
      // Most of the thirteen segments the five gauges draw have responses.
      minimum: 7,
    });

    // A segment of another group than the widget's has no row: no facts, though its facts exist.
    const tier = await addWidget(reportId, 'api/widget-data/segments', { SegmentGroupId: f.segmentGroup });
    const june1to15: ReportFilter = { TimeRange: ['2026-06-01', '2026-06-15'] };
    const outside = await analyzer({
      ...june1to15,
      Widget: { WidgetId: tier, Group: { SegmentId: east!.id } },
    });
    expect(outside.statusCode, outside.body).toBe(200);
    expect(responseListPageSchema.parse(outside.json())).toMatchObject({ FactCount: 0, Count: 0 });
    const empty = await analyzer({
      ...june1to15,
      Widget: { WidgetId: tier, Group: { SegmentId: bronze!.id } },
    });
    expect(responseListPageSchema.parse(empty.json())).toMatchObject({ FactCount: 0, Count: 0 });
  });

  it('refuses a segment of a widget without segments, and bad segments (400 / 3333)', async () => {
    const gauge = await addWidget(reportId, 'api/widget-data/segments', { SegmentGroupId: f.segmentGroup });
    const map = await addWidget(reportId, 'api/widget-data/map', {});
    const nps = await addWidget(reportId, 'api/widget-data/nps', {});
    const { gold } = f.segments;
    for (const widget of [
      { WidgetId: map, Group: { SegmentId: gold } },
      { WidgetId: nps, Group: { SegmentId: gold } },
      { WidgetId: gauge, Group: { CategoryId: gold } },
      { WidgetId: gauge, Group: { LocationId: gold } },
      { WidgetId: gauge, Group: { SegmentId: gold, LocationId: gold } },
      { WidgetId: gauge, Group: { SegmentId: -1 } },
      { WidgetId: gauge, Group: { SegmentId: 2147483648 } },
      { WidgetId: gauge, Group: { SegmentId: 'gold' } },
    ]) {
      const response = await analyzer({ Widget: widget });
      expect(response.statusCode, JSON.stringify(widget)).toBe(400);
      expect(response.json<{ Code: number }>().Code).toBe(ErrorCode.ModelNotValid);
    }
    const hidden = await addWidget(hiddenReportId, 'api/widget-data/segments', {
      SegmentGroupId: f.segmentGroup,
    });
    const segment = { Group: { SegmentId: gold } };
    expect((await analyzer({ Widget: { WidgetId: hidden, ...segment } })).statusCode).toBe(404);
    expect((await analyzer({ Widget: { WidgetId: gauge, ...segment } }, otherTenantUser)).statusCode).toBe(
      404,
    );
  });

  it(`counts each cell's responses of days-of-week widgets under random filters (seed ${SEED})`, async () => {
    // July: transactions and answers at every hour of the day (so every part of day has cells), seeded apart from
    // the March draws so those stay as they were.
    const { nps, satisfaction, effort, secondNps } = f.questions;
    const plant = seededRandom(SEED + 8);
    const july = (day: number, hour: number) =>
      `2026-07-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:20:00+03:00`;
    for (let i = 0; i < 60; i += 1) {
      const day = 1 + plant.int(14);
      const answered = plant.next() < 0.9;
      const second = plant.next() < 0.2;
      await f.addSession({
        surveyId: second ? f.secondSurveyId : f.surveyId,
        channelId: plant.pick([f.channels.north1, f.channels.north2, f.channels.south1]),
        productId: plant.pick([f.products.creditCard, f.products.loans, f.products.cards, null]),
        transactionAt: july(day, plant.int(24)),
        answeredAt: answered ? july(day + plant.int(3), plant.int(24)) : null,
        completion: answered ? 1 : 2,
        scores: second
          ? [[secondNps, plant.int(11)]]
          : [
              ...(plant.next() < 0.85 ? [[nps, plant.int(11)] as [number, number]] : []),
              ...(plant.next() < 0.6 ? [[satisfaction, plant.int(11)] as [number, number]] : []),
              ...(plant.next() < 0.5 ? [[effort, 1 + plant.int(5)] as [number, number]] : []),
            ],
      });
    }
    await t.replica.flush();

    const kinds: WidgetDataFilters[] = [
      {},
      { TimeColumn: 'AnsweredDateId' },
      { NpsQuestionId: secondNps },
      { MeasurementType: 1, QuestionId: [satisfaction, effort] },
      { MeasurementType: 2, TimeColumn: 'AnsweredDateId' },
    ];
    const random = seededRandom(SEED + 9);
    const scopes: ReportFilter[] = [
      {},
      {},
      { ChannelSet: { Ids: [f.channels.north] } },
      { ProductSet: { Ids: [f.products.loans] } },
      { ScoreRange: { min: 0, max: 8 } },
    ];
    await comparePartsWithAnalyzer({
      widgets: kinds.map((dataFilters) => ['widget-data/days-of-week', dataFilters]),
      drawFilter: () => monthFilter(random, { month: 7, starts: 5, days: 12, scopes }),
      part: 'cell',
      parts: (rows: DaysOfWeekRow[]) =>
        rows.map(({ WeekOfDay, PartOfDay, Responses }) => ({
          group: { WeekOfDay, PartOfDay },
          responses: Responses,
        })),
      // Many cells with responses, over every part of day.
      minimum: 40,
    });
  });

  it('refuses a cell of a widget without cells, and bad cells (400 / 3333); no cell counts 0', async () => {
    const days = await addWidget(reportId, 'api/widget-data/days-of-week', {});
    const trend = await addWidget(reportId, 'api/widget-data/trend', {});
    const map = await addWidget(reportId, 'api/widget-data/map', {});
    const gauge = await addWidget(reportId, 'api/widget-data/nps', {});
    const cell = { WeekOfDay: 1, PartOfDay: '09-12' };
    for (const widget of [
      { WidgetId: trend, Group: cell },
      { WidgetId: map, Group: cell },
      { WidgetId: gauge, Group: cell },
      { WidgetId: days, Group: { Category: '2026-03' } },
      { WidgetId: days, Group: { CategoryId: 1 } },
      { WidgetId: days, Group: { ...cell, CategoryId: 1 } },
      { WidgetId: days, Group: { WeekOfDay: 1 } },
      { WidgetId: days, Group: { PartOfDay: '09-12' } },
      { WidgetId: days, Group: { WeekOfDay: 0, PartOfDay: '09-12' } },
      { WidgetId: days, Group: { WeekOfDay: 8, PartOfDay: '09-12' } },
      { WidgetId: days, Group: { WeekOfDay: 1.5, PartOfDay: '09-12' } },
      { WidgetId: days, Group: { WeekOfDay: '1', PartOfDay: '09-12' } },
      { WidgetId: days, Group: { WeekOfDay: 1, PartOfDay: '09-13' } },
      { WidgetId: days, Group: { WeekOfDay: 1, PartOfDay: 1 } },
      { WidgetId: days, Group: { WeekOfDay: 1, PartOfDay: '09-12\u0000' } },
    ]) {
      const response = await analyzer({ Widget: widget });
      expect(response.statusCode, JSON.stringify(widget)).toBe(400);
      expect(response.json<{ Code: number }>().Code).toBe(ErrorCode.ModelNotValid);
    }
    // March's transactions are all between 09:00 and 17:00: a night cell has no row, and no facts.
    const filter: ReportFilter = { SurveyId: [f.surveyId], TimeRange: ['2026-03-01', '2026-03-31'] };
    for (const PartOfDay of ['00-09', '21-00']) {
      const listed = await analyzer({
        ...filter,
        Widget: { WidgetId: days, Group: { WeekOfDay: 3, PartOfDay } },
      });
      expect(listed.statusCode, listed.body).toBe(200);
      expect(responseListPageSchema.parse(listed.json())).toMatchObject({ FactCount: 0, Count: 0 });
    }
    // A cell of a chart on a report the caller does not see, or of another tenant: 404, as the widget.
    const hidden = await addWidget(hiddenReportId, 'api/widget-data/days-of-week', {});
    expect((await analyzer({ Widget: { WidgetId: hidden, Group: cell } })).statusCode).toBe(404);
    expect((await analyzer({ Widget: { WidgetId: days, Group: cell } }, otherTenantUser)).statusCode).toBe(
      404,
    );
  });

  it('refuses a bar of a widget without bars, and bad bars (400 / 3333)', async () => {
    const gauge = await addWidget(reportId, 'api/widget-data/nps', {});
    const journey = await addWidget(reportId, 'api/widget-data/journey', {});
    const chart = await addWidget(reportId, 'api/widget-data/channel-performance', {});
    for (const widget of [
      { WidgetId: gauge, Group: { CategoryId: f.channels.north } },
      { WidgetId: journey, Group: { CategoryId: 1 } },
      { WidgetId: chart, Group: { CategoryId: 0 } },
      { WidgetId: chart, Group: { CategoryId: 2147483648 } },
      { WidgetId: chart, Group: { CategoryId: f.channels.north, Level: 2 } },
      { WidgetId: chart, Group: 'north' },
    ]) {
      const response = await analyzer({ Widget: widget });
      expect(response.statusCode, JSON.stringify(widget)).toBe(400);
      expect(response.json<{ Code: number }>().Code).toBe(ErrorCode.ModelNotValid);
    }
    // A bar of a grouped widget on a report the caller does not see: 404, as the widget.
    const hidden = await addWidget(hiddenReportId, 'api/widget-data/channel-performance', {});
    const response = await analyzer({
      Widget: { WidgetId: hidden, Group: { CategoryId: f.channels.north } },
    });
    expect(response.statusCode).toBe(404);
  });

  it('refuses bad input (400 / 3333), widgets without a response count, and unseen widgets (404)', async () => {
    for (const body of [
      { Widget: { WidgetId: 0 } },
      { Widget: { WidgetId: 2147483648 } },
      { Widget: { WidgetId: 'x' } },
      { Widget: { WidgetId: 1, Extra: 1 } },
      { Widget: 5 },
    ]) {
      const response = await analyzer(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ Code: number }>().Code).toBe(ErrorCode.ModelNotValid);
    }
    const map = await addWidget(reportId, 'api/widget-data/map', {});
    const ranking = await addWidget(reportId, 'api/widget-data/card', { ChannelColumnLevel: 2 });
    for (const widgetId of [map, ranking]) {
      const response = await analyzer({ Widget: { WidgetId: widgetId } });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ Code: number }>().Code).toBe(ErrorCode.ModelNotValid);
    }
    const hidden = await addWidget(hiddenReportId, 'api/widget-data/nps', {});
    const mine = await addWidget(reportId, 'api/widget-data/nps', {});
    expect((await analyzer({ Widget: { WidgetId: hidden } })).statusCode).toBe(404);
    expect((await analyzer({ Widget: { WidgetId: mine } }, otherTenantUser)).statusCode).toBe(404);
    expect((await analyzer({ Widget: { WidgetId: 2_000_000_000 } })).statusCode).toBe(404);
  });
});

describe('lineage: a response with its invitation, alerts and integration deliveries', () => {
  it("shows them, and not another tenant's", async () => {
    const db = t.database.db;
    const sessionId = await f.addSession({
      transactionAt: at(12, 10),
      answeredAt: at(12, 11),
      invitedAt: at(11, 9),
      invitation: { channel: 1, sentAt: at(11, 9), openedAt: at(12, 10) },
      scores: [[f.questions.nps, 2]],
    });
    const [session] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
    const inviteeId = session!.inviteeId;
    const [alert] = await db
      .insert(alerts)
      .values({ tenantId: f.tenantId, sessionId, inviteeId, surveyId: f.surveyId, status: 1 })
      .returning({ id: alerts.id });
    const delivery = (tenantId: number, event: string, key: string) => ({
      tenantId,
      outboxId: 1,
      workflowName: 'CRM',
      sourceName: 'Webhook',
      event,
      action: 'webhook',
      status: 'failed',
      attempt: 3,
      idempotencyKey: `${key}-${sessionId}`,
      eventData: { SessionId: sessionId, SurveyId: f.surveyId },
      occurredAt: new Date(at(12, 12)),
    });
    const [mine] = await db
      .insert(integrationDeliveries)
      .values([delivery(f.tenantId, 'SessionCompleted', 'lineage-mine')])
      .returning({ id: integrationDeliveries.id });
    // Another tenant's delivery naming the same session id must not show.
    await db.insert(integrationDeliveries).values([delivery(otherTenantId, 'AlertCreated', 'lineage-other')]);
    await t.replica.flush();

    const response = await t.call('GET', `/api/responses-analyzer/${inviteeId}`, {
      token: full,
      headers: { timezoneoffset: '-180' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = responseDetailSchema.parse(response.json());
    expect(body.Invitation).toMatchObject({
      Channel: 1,
      Status: 'opened',
      SentDate: '2026-03-11T09:15:00+03:00',
    });
    expect(body.Alerts.map((item) => item.Id)).toEqual([alert!.id]);
    expect(body.Deliveries).toEqual([
      {
        Id: mine!.id,
        Event: 'SessionCompleted',
        Action: 'webhook',
        WorkflowName: 'CRM',
        Status: 'failed',
        Attempts: 3,
        OccurredDate: '2026-03-12T12:15:00+03:00',
      },
    ]);
    // Without integration:read the deliveries are not the caller's to see.
    const plain = responseDetailSchema.parse(
      (await t.call('GET', `/api/responses-analyzer/${inviteeId}`, { token: noIntegrations })).json(),
    );
    expect(plain.Deliveries).toBeNull();
    expect(plain.Alerts.map((item) => item.Id)).toEqual([alert!.id]);
    // The other tenant does not reach the response at all.
    expect(
      (await t.call('GET', `/api/responses-analyzer/${inviteeId}`, { token: otherTenantUser })).statusCode,
    ).toBe(404);
  });
});
