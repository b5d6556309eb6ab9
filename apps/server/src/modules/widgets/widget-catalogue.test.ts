import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  WIDGET_KINDS,
  type ReportWidget,
  type WidgetCatalogueItem,
  type WidgetCategory,
  type WidgetType,
} from '@loupe/contracts';
import { licenses, reportWidgets, widgetTypes, widgets } from '../../db/schema/index.js';
import { expectRefusal, insertTenant } from '../../test/admin-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ensureWidgetCatalogue } from './ensure-widget-catalogue.js';

let t: TestApp;
let manager: string;
let viewer: string;
/** report:manage in a second tenant, which has no licence (so no AI module). */
let otherManager: string;
let otherTenantId: number;

const db = () => t.database.db;

async function list<T>(url: string, token = manager): Promise<T[]> {
  const response = await t.call('GET', url, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T[]>();
}

const catalogue = (token = manager) => list<WidgetCatalogueItem>('/api/widgets', token);
const byId = (items: WidgetCatalogueItem[], id: number) => items.find((item) => item.Id === id)!;
const configOf = (item: { Config: string }) => JSON.parse(item.Config) as Record<string, unknown>;

/** Every catalogue row, to prove a refused write changed nothing. */
const snapshot = async () => ({
  types: await db().select().from(widgetTypes).orderBy(asc(widgetTypes.id)),
  widgets: await db().select().from(widgets).orderBy(asc(widgets.id)),
  reportWidgets: await db().select().from(reportWidgets).orderBy(asc(reportWidgets.id)),
});

async function setAiModule(tenantId: number, active: boolean) {
  await db().update(licenses).set({ isAiModuleActive: active }).where(eq(licenses.tenantId, tenantId));
}

let titleSeed = 0;
const uniqueTitle = (prefix = 'Widget') => `${prefix} ${++titleSeed}`;

/** A tenant widget body: a Card on the NPS card endpoint in the General category, unless told. */
const widgetBody = (overrides: Record<string, unknown> = {}) => ({
  Title: uniqueTitle(),
  Description: 'Branch NPS for the board',
  WidgetTypeId: 9, // Card
  WidgetCategoryId: 1,
  IsEnabled: true,
  Config: JSON.stringify({
    dataEndpoint: 'api/widget-data/card',
    dataFilters: { TimeColumn: 'AnsweredDateId' },
  }),
  ...overrides,
});

async function createWidget(overrides: Record<string, unknown> = {}, token = manager) {
  const response = await t.call('POST', '/api/widgets', { token, body: widgetBody(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<WidgetCatalogueItem>();
}

async function createReport(): Promise<number> {
  const response = await t.call('POST', '/api/reporteditor', {
    token: manager,
    body: {
      Title: uniqueTitle('Catalogue report'),
      Config: '{}',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ Id: number }>().Id;
}

beforeAll(async () => {
  t = await createTestApp();
  manager = (await t.signIn('manager')).access_token;
  viewer = (await t.signIn('viewer')).access_token;
  otherTenantId = await insertTenant(t, 'Widget Other Co');
  const managerId = Number(JSON.parse(Buffer.from(manager.split('.')[1]!, 'base64url').toString()).sub);
  otherManager = await t.tokenFor({
    userId: managerId,
    tenantId: otherTenantId,
    scopes: ['report:read', 'report:manage'],
  });
});

afterAll(async () => {
  await t?.close();
});

describe('the system catalogue', () => {
  it('lists the 19 widget types, one per kind, with the AI kinds marked', async () => {
    const types = await list<WidgetType>('/api/widgetTypes');
    expect(types.map((type) => type.Kind)).toEqual([...WIDGET_KINDS]);
    expect(types.map((type) => type.Id)).toEqual(WIDGET_KINDS.map((_, index) => index + 1));
    expect(types[2]).toEqual({
      Id: 3,
      Name: '{{{widgetCatalogue:type.NpsGaugeChart}}}',
      Kind: 'NpsGaugeChart',
      IsAIWidgetType: false,
      IsSystem: true,
    });
    expect(types.filter((type) => type.IsAIWidgetType).map((type) => type.Kind)).toEqual([
      'ExperiencePerformanceChart',
      'TextAnalyticsBubbleChart2',
      'CommentsHighlightChart',
      'EmotionCurveChart',
      'SentimentBranchPerformanceChart',
    ]);
  });

  it('lists the six categories; 9 and 10 are the AI ones', async () => {
    const categories = await list<WidgetCategory>('/api/widget-categories', viewer);
    expect(categories).toEqual([
      { Id: 1, Name: '{{{widgetCatalogue:category.general}}}', IsAIWidgetType: false, IsSystem: true },
      { Id: 2, Name: '{{{widgetCatalogue:category.nps}}}', IsAIWidgetType: false, IsSystem: true },
      { Id: 3, Name: '{{{widgetCatalogue:category.experience}}}', IsAIWidgetType: false, IsSystem: true },
      { Id: 4, Name: '{{{widgetCatalogue:category.performance}}}', IsAIWidgetType: false, IsSystem: true },
      { Id: 9, Name: '{{{widgetCatalogue:category.textAnalytics}}}', IsAIWidgetType: true, IsSystem: true },
      { Id: 10, Name: '{{{widgetCatalogue:category.comments}}}', IsAIWidgetType: true, IsSystem: true },
    ]);
  });

  it('lists 38 system widgets across the six categories, ordered by category then id', async () => {
    const items = await catalogue(viewer);
    const system = items.filter((item) => item.IsSystem);
    expect(system).toHaveLength(38);
    const perCategory = new Map<number, number>();
    for (const item of system)
      perCategory.set(item.WidgetCategoryId, (perCategory.get(item.WidgetCategoryId) ?? 0) + 1);
    expect(Object.fromEntries(perCategory)).toEqual({ 1: 5, 2: 12, 3: 9, 4: 5, 9: 5, 10: 2 });
    const order = system.map((item) => [item.WidgetCategoryId, item.Id]);
    expect(order).toEqual([...order].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!));
    expect(order.slice(0, 5)).toEqual([
      [1, 3],
      [1, 8],
      [1, 11],
      [1, 12],
      [1, 13],
    ]);
  });

  it('gives each entry its fields and a default Config of its kind', async () => {
    const items = (await catalogue()).filter((item) => item.IsSystem);
    for (const item of items) {
      const config = configOf(item);
      expect(item.Title, `${item.Id}`).toMatch(/^\{\{\{widgetCatalogue:widget\.\w+\}\}\}$/);
      expect(item.Description).toBe(item.Title.replace(':widget.', ':widgetDescription.'));
      expect(config.type, `${item.Id}`).toBe(item.WidgetKind);
      expect(config.dataEndpoint, `${item.Id}`).toMatch(/^api\//);
      expect((config.size as { h: number }).h).toBe(2);
      expect(config.dataFilters).toHaveProperty('TimeColumn');
      expect(item.IsEnabled).toBe(true);
    }
    expect(byId(items, 1)).toEqual({
      Id: 1,
      Title: '{{{widgetCatalogue:widget.npsGauge}}}',
      Description: '{{{widgetCatalogue:widgetDescription.npsGauge}}}',
      WidgetTypeId: 3,
      WidgetCategoryId: 2,
      WidgetTypeName: '{{{widgetCatalogue:type.NpsGaugeChart}}}',
      WidgetKind: 'NpsGaugeChart',
      WidgetCategoryName: '{{{widgetCatalogue:category.nps}}}',
      IsAIWidget: false,
      IsEnabled: true,
      IsLocked: false,
      IsSystem: true,
      Config: expect.any(String) as string,
    });
    expect(configOf(byId(items, 1))).toMatchObject({
      dataEndpoint: 'api/widget-data/nps',
      size: { w: 3, h: 2 },
      gaugeBands: { redStart: -100, redEnd: 0, yellowStart: 0, yellowEnd: 30, greenStart: 30, greenEnd: 100 },
      dataFilters: { TimeColumn: 'TransactionDateId', Deviate: true },
    });
    // AI widgets count from AnsweredDateId, one of the two time columns they allow.
    expect(configOf(byId(items, 5)).dataFilters).toEqual({ TimeColumn: 'AnsweredDateId' });
  });

  it('marks widgets of the AI categories or AI types as AI widgets, and only those', async () => {
    const items = (await catalogue()).filter((item) => item.IsSystem);
    const ai = items.filter((item) => item.IsAIWidget).map((item) => item.Id);
    expect(ai.sort((a, b) => a - b)).toEqual([5, 6, 33, 35, 36, 37, 38]);
    // A `Chart` in the Experience category (the closed-ended impact chart) needs no AI module.
    expect(byId(items, 34)).toMatchObject({ WidgetKind: 'Chart', WidgetCategoryId: 3, IsAIWidget: false });
    expect(byId(items, 33)).toMatchObject({ WidgetKind: 'Chart', WidgetCategoryId: 9, IsAIWidget: true });
  });

  it('locks the AI widgets while the tenant licence has the AI module off, and only then', async () => {
    const lockedIds = (items: WidgetCatalogueItem[]) =>
      items.filter((item) => item.IsLocked).map((item) => item.Id);
    expect(lockedIds(await catalogue())).toEqual([]);
    await setAiModule(t.tenantId, false);
    try {
      const items = await catalogue();
      expect(lockedIds(items)).toEqual(items.filter((item) => item.IsAIWidget).map((item) => item.Id));
      expect(lockedIds(items).sort((a, b) => a - b)).toEqual([5, 6, 33, 35, 36, 37, 38]);
    } finally {
      await setAiModule(t.tenantId, true);
    }
    expect(lockedIds(await catalogue())).toEqual([]);
    // A tenant without a licence has no AI module.
    const other = (await catalogue(otherManager)).filter((item) => item.IsSystem);
    expect(lockedIds(other).sort((a, b) => a - b)).toEqual([5, 6, 33, 35, 36, 37, 38]);
  });

  it('is written again at start: a changed system row is restored, a dropped one disabled', async () => {
    await db()
      .update(widgets)
      .set({ config: '{}', isEnabled: false, title: 'tampered' })
      .where(eq(widgets.id, 1));
    await db().insert(widgets).values({
      id: 500,
      tenantId: null,
      title: 'retired system widget',
      widgetTypeId: 9,
      widgetCategoryId: 1,
      config: '{"dataEndpoint":"api/widget-data/card"}',
    });
    await ensureWidgetCatalogue(db());
    await ensureWidgetCatalogue(db());
    const [first] = await db().select().from(widgets).where(eq(widgets.id, 1));
    expect(first).toMatchObject({ title: '{{{widgetCatalogue:widget.npsGauge}}}', isEnabled: true });
    expect(JSON.parse(first!.config)).toMatchObject({
      type: 'NpsGaugeChart',
      dataEndpoint: 'api/widget-data/nps',
    });
    const [retired] = await db().select().from(widgets).where(eq(widgets.id, 500));
    expect(retired!.isEnabled).toBe(false);
    expect(byId(await catalogue(), 500)).toMatchObject({
      IsEnabled: false,
      IsLocked: true,
      IsAIWidget: false,
    });
    const [count] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(widgets)
      .where(isNull(widgets.tenantId));
    expect(count!.count).toBe(39);
    await db().delete(widgets).where(eq(widgets.id, 500));
  });
});

describe("a tenant's own widget types", () => {
  it('creates a type; an AI kind is always an AI type', async () => {
    const created = await t.call('POST', '/api/widgetTypes', {
      token: manager,
      body: { Name: 'Executive card', Kind: 'Card' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const type = created.json<WidgetType>();
    expect(type).toEqual({
      Id: expect.any(Number) as number,
      Name: 'Executive card',
      Kind: 'Card',
      IsAIWidgetType: false,
      IsSystem: false,
    });
    expect(type.Id).toBeGreaterThanOrEqual(10000);
    expect(
      (await t.call('GET', `/api/widgetTypes/${type.Id}`, { token: viewer })).json<WidgetType>(),
    ).toEqual(type);

    const ai = await t.call('POST', '/api/widgetTypes', {
      token: manager,
      body: {
        Name: 'Board comments',
        Kind: 'CommentsHighlightChart',
        IsAIWidgetType: false,
      },
    });
    expect(ai.json<WidgetType>()).toMatchObject({ Kind: 'CommentsHighlightChart', IsAIWidgetType: true });

    const types = await list<WidgetType>('/api/widgetTypes');
    expect(types.filter((row) => !row.IsSystem).map((row) => row.Name)).toEqual(
      expect.arrayContaining(['Executive card', 'Board comments']),
    );
  });

  it('refuses a second type of the same name in any case (409, 2503)', async () => {
    await t.call('POST', '/api/widgetTypes', {
      token: manager,
      body: { Name: 'Regional gauge', Kind: 'GaugeChart' },
    });
    const body = await expectRefusal(
      () =>
        t.call('POST', '/api/widgetTypes', {
          token: manager,
          body: { Name: 'REGIONAL gauge', Kind: 'Card' },
        }),
      { status: 409, code: ErrorCode.WidgetTypeNameExists },
      snapshot,
    );
    expect(body.Details).toEqual([{ Path: 'Name', Message: 'A widget type with this name already exists' }]);
  });

  it('renames a type; its kind cannot change while widgets use it (400, 2508)', async () => {
    const type = (
      await t.call('POST', '/api/widgetTypes', { token: manager, body: { Name: 'Score tile', Kind: 'Card' } })
    ).json<WidgetType>();
    const renamed = await t.call('PUT', `/api/widgetTypes/${type.Id}`, {
      token: manager,
      body: {
        Name: 'Score tile 2',
        Kind: 'GaugeChart',
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<WidgetType>()).toMatchObject({ Name: 'Score tile 2', Kind: 'GaugeChart' });

    await createWidget({ WidgetTypeId: type.Id });
    await expectRefusal(
      () =>
        t.call('PUT', `/api/widgetTypes/${type.Id}`, {
          token: manager,
          body: { Name: 'Score tile 2', Kind: 'Card' },
        }),
      { status: 400, code: ErrorCode.WidgetTypeInUse },
      snapshot,
    );
    const kept = await t.call('PUT', `/api/widgetTypes/${type.Id}`, {
      token: manager,
      body: {
        Name: 'Score tile 3',
        Kind: 'GaugeChart',
      },
    });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it('refuses changing a system type (403, 2504) and a type of another tenant (404)', async () => {
    await expectRefusal(
      () =>
        t.call('PUT', '/api/widgetTypes/1', {
          token: manager,
          body: { Name: 'My trend', Kind: 'TrendChart' },
        }),
      { status: 403, code: ErrorCode.WidgetSystemEntry },
      snapshot,
    );
    const theirs = (
      await t.call('POST', '/api/widgetTypes', {
        token: otherManager,
        body: { Name: 'Their card', Kind: 'Card' },
      })
    ).json<WidgetType>();
    await expectRefusal(
      () =>
        t.call('PUT', `/api/widgetTypes/${theirs.Id}`, {
          token: manager,
          body: { Name: 'Mine now', Kind: 'Card' },
        }),
      { status: 404, code: ErrorCode.NotFound },
      snapshot,
    );
    expect((await t.call('GET', `/api/widgetTypes/${theirs.Id}`, { token: manager })).statusCode).toBe(404);
    expect((await list<WidgetType>('/api/widgetTypes')).some((type) => type.Id === theirs.Id)).toBe(false);
  });

  it('refuses writes to report readers (403) and bodies that do not match the schema (3333)', async () => {
    await expectRefusal(
      () =>
        t.call('POST', '/api/widgetTypes', { token: viewer, body: { Name: 'Viewer type', Kind: 'Card' } }),
      { status: 403, code: ErrorCode.Forbidden },
      snapshot,
    );
    for (const body of [
      { Name: '', Kind: 'Card' },
      { Name: 'x'.repeat(101), Kind: 'Card' },
      { Name: 'Pie', Kind: 'PieChart' },
    ]) {
      await expectRefusal(
        () => t.call('POST', '/api/widgetTypes', { token: manager, body }),
        { status: 400, code: ErrorCode.ModelNotValid },
        snapshot,
      );
    }
  });
});

describe("a tenant's own widgets", () => {
  it('creates a widget: type set from its widget type, size normalised, listed after the system ones', async () => {
    const widget = await createWidget({
      Title: 'Board NPS card',
      Config: JSON.stringify({
        dataEndpoint: 'api/widget-data/card',
        size: { w: 9 },
        dataFilters: { TimeColumn: 'AnsweredDateId' },
      }),
    });
    expect(widget).toMatchObject({
      Title: 'Board NPS card',
      Description: 'Branch NPS for the board',
      WidgetTypeId: 9,
      WidgetKind: 'Card',
      WidgetTypeName: '{{{widgetCatalogue:type.Card}}}',
      WidgetCategoryId: 1,
      IsAIWidget: false,
      IsEnabled: true,
      IsLocked: false,
      IsSystem: false,
    });
    expect(widget.Id).toBeGreaterThanOrEqual(10000);
    expect(configOf(widget)).toEqual({
      dataEndpoint: 'api/widget-data/card',
      type: 'Card',
      size: { w: 6, h: 2 },
      dataFilters: { TimeColumn: 'AnsweredDateId' },
    });
    expect(
      (await t.call('GET', `/api/widgets/${widget.Id}`, { token: viewer })).json<WidgetCatalogueItem>(),
    ).toEqual(widget);
    const general = (await catalogue()).filter((item) => item.WidgetCategoryId === 1).map((item) => item.Id);
    expect(general.slice(0, 5)).toEqual([3, 8, 11, 12, 13]);
    expect(general).toContain(widget.Id);
  });

  it('edits its widget; a disabled widget is locked', async () => {
    const widget = await createWidget();
    const edited = await t.call('PUT', `/api/widgets/${widget.Id}`, {
      token: manager,
      body: widgetBody({ Title: 'Renamed widget', IsEnabled: false, WidgetCategoryId: 2 }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<WidgetCatalogueItem>()).toMatchObject({
      Id: widget.Id,
      Title: 'Renamed widget',
      WidgetCategoryId: 2,
      IsEnabled: false,
      IsLocked: true,
    });
  });

  it('makes a widget in an AI category, of an AI type or on a text-analytics endpoint an AI widget', async () => {
    const inCategory = await createWidget({ WidgetCategoryId: 9 });
    const aiType = await createWidget({
      WidgetTypeId: 16, // CommentsHighlightChart
      Config: JSON.stringify({ dataEndpoint: 'api/text-analytics/comments' }),
    });
    const onEndpoint = await createWidget({
      Config: JSON.stringify({ dataEndpoint: 'api/text-analytics/card' }),
    });
    for (const widget of [inCategory, aiType, onEndpoint])
      expect(widget).toMatchObject({ IsAIWidget: true, IsLocked: false });
    await setAiModule(t.tenantId, false);
    try {
      const items = await catalogue();
      for (const widget of [inCategory, aiType, onEndpoint])
        expect(byId(items, widget.Id).IsLocked).toBe(true);
    } finally {
      await setAiModule(t.tenantId, true);
    }
  });

  it('refuses a Config without an api/ dataEndpoint, of another kind or not an object (400, 2505)', async () => {
    for (const config of [
      { dataEndpoint: 'widget-data/nps' },
      { dataEndpoint: 'api/../token' },
      { dataEndpoint: 'https://example.com/api/x' },
      { dataFilters: {} },
      { dataEndpoint: 'api/widget-data/nps', type: 'GaugeChart' },
      [1, 2],
      'text',
    ]) {
      await expectRefusal(
        () =>
          t.call('POST', '/api/widgets', {
            token: manager,
            body: widgetBody({ Config: JSON.stringify(config) }),
          }),
        { status: 400, code: ErrorCode.WidgetConfigInvalid },
        snapshot,
      );
    }
    const body = await expectRefusal(
      () =>
        t.call('POST', '/api/widgets', {
          token: manager,
          body: widgetBody({ Config: '{"dataEndpoint":"api/widget-data/nps","type":"TrendChart"}' }),
        }),
      { status: 400, code: ErrorCode.WidgetConfigInvalid },
      snapshot,
    );
    expect(body.Details).toEqual([
      { Path: 'Config', Message: 'type must be Card, the kind of the widget type' },
    ]);
    await expectRefusal(
      () => t.call('POST', '/api/widgets', { token: manager, body: widgetBody({ Config: '{broken' }) }),
      { status: 400, code: ErrorCode.ModelNotValid },
      snapshot,
    );
  });

  it('refuses default dataFilters a data request would refuse (400, 2505 naming the field)', async () => {
    const body = await expectRefusal(
      () =>
        t.call('POST', '/api/widgets', {
          token: manager,
          body: widgetBody({
            Config: JSON.stringify({
              dataEndpoint: 'api/widget-data/card',
              dataFilters: { SessionStatus: 5 },
            }),
          }),
        }),
      { status: 400, code: ErrorCode.WidgetConfigInvalid },
      snapshot,
    );
    expect((body.Details as { Path: string }[]).map((detail) => detail.Path)).toEqual([
      'Config.dataFilters.SessionStatus',
    ]);
  });

  it("refuses a type or category outside the caller's catalogue (3333)", async () => {
    const theirs = (
      await t.call('POST', '/api/widgetTypes', {
        token: otherManager,
        body: { Name: 'Other tenant gauge', Kind: 'GaugeChart' },
      })
    ).json<WidgetType>();
    for (const [overrides, path] of [
      [{ WidgetTypeId: theirs.Id }, 'WidgetTypeId'],
      [{ WidgetTypeId: 99999 }, 'WidgetTypeId'],
      [{ WidgetCategoryId: 5 }, 'WidgetCategoryId'],
    ] as const) {
      const body = await expectRefusal(
        () => t.call('POST', '/api/widgets', { token: manager, body: widgetBody(overrides) }),
        { status: 400, code: ErrorCode.ModelNotValid },
        snapshot,
      );
      expect(body.Details?.[0]?.Path).toBe(path);
    }
  });

  it('refuses a second widget of the same title in any case (409, 2502), in its own tenant only', async () => {
    await createWidget({ Title: 'Weekly pulse' });
    const body = await expectRefusal(
      () => t.call('POST', '/api/widgets', { token: manager, body: widgetBody({ Title: 'weekly PULSE' }) }),
      { status: 409, code: ErrorCode.WidgetTitleExists },
      snapshot,
    );
    expect(body.Details).toEqual([{ Path: 'Title', Message: 'A widget with this title already exists' }]);
    const other = await createWidget({ Title: 'Renamed later' });
    await expectRefusal(
      () =>
        t.call('PUT', `/api/widgets/${other.Id}`, {
          token: manager,
          body: widgetBody({ Title: 'Weekly Pulse' }),
        }),
      { status: 409, code: ErrorCode.WidgetTitleExists },
      snapshot,
    );
    // Another tenant may use the title.
    await createWidget({ Title: 'Weekly pulse' }, otherManager);
  });

  it('refuses changing a system widget (403, 2504)', async () => {
    await expectRefusal(
      () =>
        t.call('PUT', '/api/widgets/1', {
          token: manager,
          body: widgetBody({ Title: 'My NPS gauge', WidgetTypeId: 3 }),
        }),
      { status: 403, code: ErrorCode.WidgetSystemEntry },
      snapshot,
    );
  });

  it("keeps each tenant's widgets to itself", async () => {
    const mine = await createWidget({ Title: 'Demo Bank only' });
    const theirs = await createWidget({ Title: 'Other Co only' }, otherManager);
    const titles = (items: WidgetCatalogueItem[]) => items.map((item) => item.Title);
    expect(titles(await catalogue())).toContain('Demo Bank only');
    expect(titles(await catalogue())).not.toContain('Other Co only');
    expect(titles(await catalogue(otherManager))).toContain('Other Co only');
    expect(titles(await catalogue(otherManager))).not.toContain('Demo Bank only');
    expect((await catalogue(otherManager)).filter((item) => item.IsSystem)).toHaveLength(38);
    expect((await t.call('GET', `/api/widgets/${mine.Id}`, { token: otherManager })).statusCode).toBe(404);
    await expectRefusal(
      () =>
        t.call('PUT', `/api/widgets/${theirs.Id}`, {
          token: manager,
          body: widgetBody({ Title: 'Taken over' }),
        }),
      { status: 404, code: ErrorCode.NotFound },
      snapshot,
    );
  });

  it('refuses writes to report readers and tenantless callers (403)', async () => {
    await expectRefusal(
      () => t.call('POST', '/api/widgets', { token: viewer, body: widgetBody() }),
      { status: 403, code: ErrorCode.Forbidden },
      snapshot,
    );
    const tenantless = await t.tokenFor({ userId: 1, tenantId: null, scopes: ['report:manage'] });
    await expectRefusal(
      () => t.call('POST', '/api/widgets', { token: tenantless, body: widgetBody() }),
      { status: 403, code: ErrorCode.SameTenantRequired },
      snapshot,
    );
    // A tenantless caller sees the system catalogue only, AI widgets locked.
    const items = await catalogue(tenantless);
    expect(items.every((item) => item.IsSystem)).toBe(true);
    expect(
      items
        .filter((item) => item.IsLocked)
        .map((item) => item.Id)
        .sort((a, b) => a - b),
    ).toEqual([5, 6, 33, 35, 36, 37, 38]);
  });
});

describe('report widgets and the catalogue', () => {
  const place = (reportId: number, widgetId: number) =>
    t.call('POST', '/api/reportWidgets', {
      token: manager,
      body: { ReportId: reportId, WidgetId: widgetId, Config: '{}' },
    });

  it("adds system and own widgets, and refuses one outside the caller's catalogue (400, 2506)", async () => {
    const reportId = await createReport();
    expect((await place(reportId, 1)).statusCode).toBe(201);
    const own = await createWidget();
    expect((await place(reportId, own.Id)).statusCode).toBe(201);
    const theirs = await createWidget({}, otherManager);
    for (const widgetId of [theirs.Id, 99999]) {
      const body = await expectRefusal(
        () => place(reportId, widgetId),
        { status: 400, code: ErrorCode.WidgetNotInCatalogue },
        snapshot,
      );
      expect(body.Details).toEqual([{ Path: 'WidgetId', Message: 'The widget is not in the catalogue' }]);
    }
  });

  it('refuses adding a locked widget (403, 2507) but keeps a placed one editable', async () => {
    const reportId = await createReport();
    const own = await createWidget();
    const placed = (await place(reportId, own.Id)).json<ReportWidget>();
    await t.call('PUT', `/api/widgets/${own.Id}`, {
      token: manager,
      body: widgetBody({ Title: own.Title, IsEnabled: false }),
    });
    await expectRefusal(
      () => place(reportId, own.Id),
      { status: 403, code: ErrorCode.WidgetLocked },
      snapshot,
    );
    const edited = await t.call('PUT', `/api/reportWidgets/${placed.Id}`, {
      token: manager,
      body: {
        ReportId: reportId,
        WidgetId: own.Id,
        Config: '{"title":"still here"}',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    await setAiModule(t.tenantId, false);
    try {
      await expectRefusal(() => place(reportId, 5), { status: 403, code: ErrorCode.WidgetLocked }, snapshot);
      expect((await place(reportId, 1)).statusCode).toBe(201);
    } finally {
      await setAiModule(t.tenantId, true);
    }
    expect((await place(reportId, 5)).statusCode).toBe(201);
  });

  it('refuses editing a placed widget whose catalogue entry the caller does not see (400, 2506)', async () => {
    const reportId = await createReport();
    const [row] = await db()
      .insert(reportWidgets)
      .values({ tenantId: t.tenantId, reportId, widgetId: 99999, config: '{}' })
      .returning({ id: reportWidgets.id });
    await expectRefusal(
      () =>
        t.call('PUT', `/api/reportWidgets/${row!.id}`, {
          token: manager,
          body: {
            ReportId: reportId,
            WidgetId: 99999,
            Config: '{}',
          },
        }),
      { status: 400, code: ErrorCode.WidgetNotInCatalogue },
      snapshot,
    );
    const [kept] = await db()
      .select({ config: reportWidgets.config })
      .from(reportWidgets)
      .where(and(eq(reportWidgets.id, row!.id), eq(reportWidgets.widgetId, 99999)));
    expect(kept!.config).toBe('{}');
  });
});
