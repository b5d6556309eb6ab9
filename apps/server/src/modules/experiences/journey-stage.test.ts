import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type GridPage, type JourneyStageRow } from '@loupe/contracts';
import { journeyStages } from '../../db/schema/index.js';
import { createMetadataFixture, expectRefusal, type MetadataFixture } from '../../test/metadata-fixture.js';

let f: MetadataFixture;
const id: Record<string, number> = {};

beforeAll(async () => {
  f = await createMetadataFixture();
  const [other] = await f.t.database.db
    .insert(journeyStages)
    .values({ tenantId: f.otherTenantId, name: 'Onboarding', order: 1 })
    .returning({ id: journeyStages.id });
  id.other = other!.id;
});
afterAll(async () => {
  await f?.close();
});

const save = (body: Record<string, unknown>, token?: string) =>
  f.call('POST', '/api/journey-stages', { body, token });
const update = (stageId: number, body: Record<string, unknown>) =>
  f.call('PUT', `/api/journey-stages/${stageId}`, { body });

async function created(body: Record<string, unknown>): Promise<JourneyStageRow> {
  const response = await save(body);
  expect(response.status, JSON.stringify(response.json())).toBe(201);
  return response.json<JourneyStageRow>();
}

describe('journey stages', () => {
  it('creates stages, a stage without an order going last', async () => {
    const first = await created({ Name: 'Onboarding' });
    expect(first).toEqual({ Id: expect.any(Number), Name: 'Onboarding', Order: 1, SurveyCount: 0 });
    const placed = await created({ Name: 'Usage', Order: 5 });
    expect(placed.Order).toBe(5);
    const last = await created({ Name: '  Renewal ' });
    expect(last).toMatchObject({ Name: 'Renewal', Order: 6 });
    id.onboarding = first.Id;
    id.usage = placed.Id;
    id.renewal = last.Id;
  });

  it('refuses a name the tenant already uses (13006), in any case', async () => {
    const body = await expectRefusal(f, () => save({ Name: 'USAGE' }), 400, ErrorCode.JourneyStageNameExists);
    expect(body.Details?.[0]?.Path).toBe('Name');
    await expectRefusal(
      f,
      () => update(id.renewal!, { Name: 'onboarding', Order: 6 }),
      400,
      ErrorCode.JourneyStageNameExists,
    );
    await expectRefusal(f, () => save({ Name: '' }), 400, ErrorCode.ModelNotValid);
    await expectRefusal(f, () => save({ Name: 'Negative', Order: -1 }), 400, ErrorCode.ModelNotValid);
    await expectRefusal(f, () => save({ Name: 'Fraction', Order: 1.5 }), 400, ErrorCode.ModelNotValid);
  });

  it('changes and removes a stage no survey uses', async () => {
    const changed = await update(id.renewal!, { Name: 'Renewal and Upsell', Order: 7 });
    expect(changed.status).toBe(200);
    expect(changed.json<JourneyStageRow>()).toEqual({
      Id: id.renewal,
      Name: 'Renewal and Upsell',
      Order: 7,
      SurveyCount: 0,
    });
    const removed = await f.call('DELETE', `/api/journey-stages/${id.renewal}`);
    expect(removed.status).toBe(204);
    expect((await f.call('GET', `/api/journey-stages/${id.renewal}`)).status).toBe(404);
  });

  it('refuses to change or remove a stage surveys use (13005); an unchanged save is accepted', async () => {
    await f.survey({ journeyStageId: id.usage! });
    const read = (await f.call('GET', `/api/journey-stages/${id.usage}`)).json<JourneyStageRow>();
    expect(read).toEqual({ Id: id.usage, Name: 'Usage', Order: 5, SurveyCount: 1 });
    await expectRefusal(
      f,
      () => update(id.usage!, { Name: 'Daily Usage', Order: 5 }),
      400,
      ErrorCode.JourneyStageInUse,
    );
    await expectRefusal(
      f,
      () => update(id.usage!, { Name: 'Usage', Order: 2 }),
      400,
      ErrorCode.JourneyStageInUse,
    );
    await expectRefusal(
      f,
      () => f.call('DELETE', `/api/journey-stages/${id.usage}`),
      400,
      ErrorCode.JourneyStageInUse,
    );
    const unchanged = await update(id.usage!, { Name: 'Usage' });
    expect(unchanged.status).toBe(200);
    expect(unchanged.json<JourneyStageRow>()).toEqual(read);
  });

  it("answers 404 for another tenant's stage, changing nothing", async () => {
    const url = `/api/journey-stages/${id.other}`;
    await expectRefusal(f, () => f.call('GET', url), 404, ErrorCode.NotFound);
    await expectRefusal(
      f,
      () => update(id.other!, { Name: 'Taken Over', Order: 1 }),
      404,
      ErrorCode.NotFound,
    );
    await expectRefusal(f, () => f.call('DELETE', url), 404, ErrorCode.NotFound);
  });

  it("lists the tenant's stages in order with their survey counts", async () => {
    const response = await f.call('GET', '/api/journey-stages?$count=true');
    expect(response.status).toBe(200);
    const page = response.json<GridPage<JourneyStageRow>>();
    expect(page.Count).toBe(2);
    expect(page.Items.map((row) => [row.Name, row.Order, row.SurveyCount])).toEqual([
      ['Onboarding', 1, 0],
      ['Usage', 5, 1],
    ]);
    const used = (await f.call('GET', '/api/journey-stages?$filter=SurveyCount gt 0')).json<
      GridPage<JourneyStageRow>
    >();
    expect(used.Items.map((row) => row.Name)).toEqual(['Usage']);
    const other = (await f.call('GET', '/api/journey-stages', { token: f.tokens.other })).json<
      GridPage<JourneyStageRow>
    >();
    expect(other.Items.map((row) => row.Id)).toEqual([id.other]);
  });

  it('needs metadata:manage and a tenant', async () => {
    for (const token of [f.tokens.viewer, f.tokens.customKpi]) {
      expect((await f.call('GET', '/api/journey-stages', { token })).status).toBe(403);
      expect((await save({ Name: 'Not Allowed' }, token)).status).toBe(403);
    }
    await expectRefusal(
      f,
      () => save({ Name: 'Tenantless' }, f.tokens.tenantless),
      403,
      ErrorCode.SameTenantRequired,
    );
  });
});
