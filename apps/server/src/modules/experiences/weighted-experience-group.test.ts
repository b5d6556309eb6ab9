import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  type GridPage,
  type WeightedExperienceGroupDetail,
  type WeightedExperienceGroupRow,
} from '@loupe/contracts';
import { experiences, weightedExperienceGroupItems } from '../../db/schema/index.js';
import { createMetadataFixture, expectRefusal, type MetadataFixture } from '../../test/metadata-fixture.js';

let f: MetadataFixture;
const id: Record<string, number> = {};

beforeAll(async () => {
  f = await createMetadataFixture();
  const db = f.t.database.db;
  const [own] = await db
    .insert(experiences)
    .values({ tenantId: f.tenantId, name: 'App Rating', measurementType: 1 })
    .returning({ id: experiences.id });
  id.own = own!.id;
  const [other] = await db
    .insert(experiences)
    .values({ tenantId: f.otherTenantId, name: 'Other Rating', measurementType: 2 })
    .returning({ id: experiences.id });
  id.otherExperience = other!.id;
  const otherGroup = await f.call('POST', '/api/weighted-experience-groups', {
    token: f.tokens.other,
    body: { Name: 'Service Index', Items: [{ ExperienceId: other!.id, Weight: 1 }] },
  });
  expect(otherGroup.status).toBe(201);
  id.otherGroup = otherGroup.json<WeightedExperienceGroupDetail>().Id;
});
afterAll(async () => {
  await f?.close();
});

type Item = { ExperienceId: number; Weight: number };
const save = (body: { Name: string; Items: unknown[] }, token?: string) =>
  f.call('POST', '/api/weighted-experience-groups', { body, token });
const update = (groupId: number, body: { Name: string; Items: unknown[] }) =>
  f.call('PUT', `/api/weighted-experience-groups/${groupId}`, { body });

async function created(Name: string, Items: Item[]): Promise<WeightedExperienceGroupDetail> {
  const response = await save({ Name, Items });
  expect(response.status, JSON.stringify(response.json())).toBe(201);
  return response.json<WeightedExperienceGroupDetail>();
}

describe('weighted experience groups', () => {
  it('creates a group of weighted calculable experiences, weights of any step, and answers it', async () => {
    const group = await created('Branch Index', [
      { ExperienceId: 1601, Weight: 0.35 },
      { ExperienceId: 101, Weight: 2.125 },
      { ExperienceId: id.own!, Weight: 0.001 },
    ]);
    expect(group).toEqual({
      Id: expect.any(Number),
      Name: 'Branch Index',
      Items: [
        { ExperienceId: 1601, ExperienceName: 'Staff Friendliness', Weight: 0.35 },
        { ExperienceId: 101, ExperienceName: 'Net Promoter Score', Weight: 2.125 },
        { ExperienceId: id.own, ExperienceName: 'App Rating', Weight: 0.001 },
      ],
    });
    const read = await f.call('GET', `/api/weighted-experience-groups/${group.Id}`);
    expect(read.json<WeightedExperienceGroupDetail>()).toEqual(group);
  });

  it('refuses a name the tenant already uses (18001), in any case', async () => {
    const body = await expectRefusal(
      f,
      () => save({ Name: 'branch INDEX', Items: [{ ExperienceId: 101, Weight: 1 }] }),
      400,
      ErrorCode.WeightedGroupNameExists,
    );
    expect(body.Details?.[0]?.Path).toBe('Name');
    // The other tenant's 'Service Index' does not count.
    await created('Service Index', [{ ExperienceId: 102, Weight: 1 }]);
  });

  it('needs both experience and weight in each item, 1 to 50 distinct items, positive weights', async () => {
    const invalid: unknown[][] = [
      [],
      [{ ExperienceId: 101 }],
      [{ Weight: 1 }],
      [{ ExperienceId: 101, Weight: null }],
      [{ ExperienceId: 101, Weight: 0 }],
      [{ ExperienceId: 101, Weight: -1 }],
      [{ ExperienceId: 101, Weight: '1' }],
      [
        { ExperienceId: 101, Weight: 1 },
        { ExperienceId: 101, Weight: 2 },
      ],
      Array.from({ length: 51 }, (_, index) => ({ ExperienceId: index + 1, Weight: 1 })),
    ];
    for (const Items of invalid) {
      await expectRefusal(f, () => save({ Name: 'Invalid Index', Items }), 400, ErrorCode.ModelNotValid);
    }
  });

  it('weighs only calculable experiences the tenant sees', async () => {
    // 601 measures "other" questions (type 3): nothing to calculate.
    const body = await expectRefusal(
      f,
      () =>
        save({
          Name: 'Open Index',
          Items: [
            { ExperienceId: 101, Weight: 1 },
            { ExperienceId: 601, Weight: 1 },
          ],
        }),
      400,
      ErrorCode.ModelNotValid,
    );
    expect(body.Details).toEqual([{ Path: 'Items.1.ExperienceId', Message: expect.any(String) }]);
    for (const unseen of [id.otherExperience!, 987654]) {
      await expectRefusal(
        f,
        () => save({ Name: 'Foreign Index', Items: [{ ExperienceId: unseen, Weight: 1 }] }),
        400,
        ErrorCode.ExperienceNotFound,
      );
    }
  });

  it('replaces name and items on update, and keeps them when the update is refused', async () => {
    const group = await created('Digital Index', [{ ExperienceId: 1610, Weight: 1 }]);
    const updated = await update(group.Id, {
      Name: 'Digital Index 2',
      Items: [
        { ExperienceId: 201, Weight: 3 },
        { ExperienceId: 1610, Weight: 1.5 },
      ],
    });
    expect(updated.status).toBe(200);
    expect(updated.json<WeightedExperienceGroupDetail>()).toEqual({
      Id: group.Id,
      Name: 'Digital Index 2',
      Items: [
        { ExperienceId: 201, ExperienceName: 'Customer Effort', Weight: 3 },
        { ExperienceId: 1610, ExperienceName: 'Digital Ease', Weight: 1.5 },
      ],
    });
    await expectRefusal(
      f,
      () => update(group.Id, { Name: 'Branch Index', Items: [{ ExperienceId: 101, Weight: 1 }] }),
      400,
      ErrorCode.WeightedGroupNameExists,
    );
    await expectRefusal(
      f,
      () => update(group.Id, { Name: 'Digital Index 3', Items: [{ ExperienceId: 601, Weight: 1 }] }),
      400,
      ErrorCode.ModelNotValid,
    );
    // Its own name, in another case, is no clash.
    const renamed = await update(group.Id, {
      Name: 'DIGITAL index 2',
      Items: [{ ExperienceId: 201, Weight: 1 }],
    });
    expect(renamed.status).toBe(200);
  });

  it('removes a group with its items', async () => {
    const group = await created('Short Lived', [{ ExperienceId: 102, Weight: 1 }]);
    const removed = await f.call('DELETE', `/api/weighted-experience-groups/${group.Id}`);
    expect(removed.status).toBe(204);
    const items = await f.t.database.db
      .select()
      .from(weightedExperienceGroupItems)
      .where(eq(weightedExperienceGroupItems.groupId, group.Id));
    expect(items).toEqual([]);
    const gone = await f.call('GET', `/api/weighted-experience-groups/${group.Id}`);
    expect(gone.status).toBe(404);
    expect(gone.json().Code).toBe(ErrorCode.WeightedGroupMissing);
  });

  it("answers 18002 for a missing group and for another tenant's, changing nothing", async () => {
    for (const missing of [id.otherGroup!, 987654]) {
      const url = `/api/weighted-experience-groups/${missing}`;
      await expectRefusal(f, () => f.call('GET', url), 404, ErrorCode.WeightedGroupMissing);
      await expectRefusal(
        f,
        () => update(missing, { Name: 'Taken Over', Items: [{ ExperienceId: 101, Weight: 1 }] }),
        404,
        ErrorCode.WeightedGroupMissing,
      );
      await expectRefusal(f, () => f.call('DELETE', url), 404, ErrorCode.WeightedGroupMissing);
    }
  });

  it("lists the tenant's groups with their item counts", async () => {
    const response = await f.call(
      'GET',
      '/api/weighted-experience-groups?$count=true&$orderby=ItemCount desc',
    );
    expect(response.status).toBe(200);
    const page = response.json<GridPage<WeightedExperienceGroupRow>>();
    expect(page.Count).toBe(3);
    expect(page.Items.map((row) => [row.Name, row.ItemCount])).toEqual([
      ['Branch Index', 3],
      ['DIGITAL index 2', 1],
      ['Service Index', 1],
    ]);
    const other = (await f.call('GET', '/api/weighted-experience-groups', { token: f.tokens.other })).json<
      GridPage<WeightedExperienceGroupRow>
    >();
    expect(other.Items).toEqual([{ Id: id.otherGroup, Name: 'Service Index', ItemCount: 1 }]);
  });

  it('opens to metadata:manage and customKpi only', async () => {
    const kpi = await save(
      { Name: 'KPI Index', Items: [{ ExperienceId: 101, Weight: 1 }] },
      f.tokens.customKpi,
    );
    expect(kpi.status).toBe(201);
    const viewer = await f.call('GET', '/api/weighted-experience-groups', { token: f.tokens.viewer });
    expect(viewer.status).toBe(403);
    expect((await f.call('GET', '/api/experiences/calculable', { token: f.tokens.viewer })).status).toBe(403);
  });
});
