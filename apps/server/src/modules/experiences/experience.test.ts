import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  PRESERVED_EXPERIENCE_IDS,
  type CalculableExperience,
  type ExperienceDetail,
  type ExperienceGroupOption,
  type ExperienceRow,
  type GridPage,
} from '@loupe/contracts';
import {
  experienceGroups,
  experiences,
  weightedExperienceGroupItems,
  weightedExperienceGroups,
} from '../../db/schema/index.js';
import { createMetadataFixture, expectRefusal, type MetadataFixture } from '../../test/metadata-fixture.js';

let f: MetadataFixture;
const id: Record<string, number> = {};

beforeAll(async () => {
  f = await createMetadataFixture();
  const db = f.t.database.db;
  // NPS (101) is measured by one question of the demo tenant and two of the other tenant.
  await f.question(101);
  await f.question(101, f.otherTenantId);
  await f.question(101, f.otherTenantId);
  const [otherGroup] = await db
    .insert(experienceGroups)
    .values({ tenantId: f.otherTenantId, name: 'Other group' })
    .returning({ id: experienceGroups.id });
  id.otherGroup = otherGroup!.id;
  const [otherExperience] = await db
    .insert(experiences)
    .values({
      tenantId: f.otherTenantId,
      name: 'Branch Cleanliness',
      measurementType: 2,
      groupId: otherGroup!.id,
    })
    .returning({ id: experiences.id });
  id.otherExperience = otherExperience!.id;
});
afterAll(async () => {
  await f?.close();
});

const save = (body: Record<string, unknown>, token?: string) =>
  f.call('POST', '/api/experiences', { body, token });
const update = (experienceId: number, body: Record<string, unknown>, token?: string) =>
  f.call('PUT', `/api/experiences/${experienceId}`, { body, token });
const remove = (experienceId: number, token?: string) =>
  f.call('DELETE', `/api/experiences/${experienceId}`, { token });

async function created(body: Record<string, unknown>): Promise<ExperienceDetail> {
  const response = await save(body);
  expect(response.status, JSON.stringify(response.json())).toBe(201);
  return response.json<ExperienceDetail>();
}

describe('experiences', () => {
  it('creates an experience and answers the saved record, numbered from 10000', async () => {
    const experience = await created({ Name: '  Branch Comfort ', GroupId: 2, MeasurementType: 2 });
    expect(experience).toEqual({
      Id: expect.any(Number),
      Name: 'Branch Comfort',
      GroupId: 2,
      GroupName: 'Transactional',
      MeasurementType: 2,
      IsPreserved: false,
      QuestionCount: 0,
      WeightedGroupCount: 0,
    });
    expect(experience.Id).toBeGreaterThanOrEqual(10000);
    const read = await f.call('GET', `/api/experiences/${experience.Id}`);
    expect(read.json<ExperienceDetail>()).toEqual(experience);
  });

  it('joins an existing group by name (any case) or creates the tenant a new one', async () => {
    const joined = await created({
      Name: 'Advisor Knowledge',
      GroupName: 'relationship',
      MeasurementType: 1,
    });
    expect(joined).toMatchObject({ GroupId: 1, GroupName: 'Relationship' });

    const fresh = await created({ Name: 'Card Delivery', GroupName: 'Logistics', MeasurementType: 2 });
    expect(fresh.GroupName).toBe('Logistics');
    const [group] = await f.t.database.db
      .select()
      .from(experienceGroups)
      .where(eq(experienceGroups.id, fresh.GroupId!));
    expect(group).toMatchObject({ tenantId: f.tenantId, name: 'Logistics' });

    const again = await created({ Name: 'Card Activation', GroupName: 'LOGISTICS', MeasurementType: 3 });
    expect(again.GroupId).toBe(fresh.GroupId);
    const groups = await f.call('GET', '/api/experience-groups');
    const names = groups.json<ExperienceGroupOption[]>().map((option) => option.Name);
    expect(names).toEqual(['Digital', 'Logistics', 'Relationship', 'Transactional']);

    const none = await created({ Name: 'Ungrouped', MeasurementType: 0 });
    expect(none).toMatchObject({ GroupId: null, GroupName: null });
  });

  it('refuses a name the tenant already sees, its own or a system one (13001), in any case', async () => {
    await created({ Name: 'Queue Experience', MeasurementType: 2 });
    const body = await expectRefusal(
      f,
      () => save({ Name: 'queue experience', GroupName: 'Brand New Group', MeasurementType: 2 }),
      400,
      ErrorCode.ExperienceNameExists,
    );
    expect(body.Details).toEqual([{ Path: 'Name', Message: expect.any(String) }]);
    await expectRefusal(
      f,
      () => save({ Name: 'NET PROMOTER SCORE', MeasurementType: 0 }),
      400,
      ErrorCode.ExperienceNameExists,
    );
    // Another tenant's experience names are no concern of this tenant.
    await created({ Name: 'Branch Cleanliness', MeasurementType: 2 });
  });

  it('refuses a group the tenant does not see, and invalid fields', async () => {
    await expectRefusal(
      f,
      () => save({ Name: 'Foreign Group', GroupId: id.otherGroup, MeasurementType: 2 }),
      400,
      ErrorCode.ModelNotValid,
    );
    await expectRefusal(
      f,
      () => save({ Name: 'Bad Type', MeasurementType: 4 }),
      400,
      ErrorCode.ModelNotValid,
    );
    await expectRefusal(f, () => save({ Name: '   ', MeasurementType: 1 }), 400, ErrorCode.ModelNotValid);
    await expectRefusal(
      f,
      () => save({ Name: 'x'.repeat(101), MeasurementType: 1 }),
      400,
      ErrorCode.ModelNotValid,
    );
  });

  it('protects every preserved system experience from change and removal (13003)', async () => {
    for (const preservedId of PRESERVED_EXPERIENCE_IDS) {
      await expectRefusal(f, () => remove(preservedId), 400, ErrorCode.ExperiencePreserved);
    }
    const nps = (await f.call('GET', '/api/experiences/101')).json<ExperienceDetail>();
    expect(nps).toMatchObject({
      Name: 'Net Promoter Score',
      IsPreserved: true,
      MeasurementType: 0,
      QuestionCount: 1,
    });
    await expectRefusal(
      f,
      () => update(101, { Name: 'NPS', GroupId: 1, MeasurementType: 0 }),
      400,
      ErrorCode.ExperiencePreserved,
    );
    await expectRefusal(
      f,
      () => update(1610, { Name: 'Digital Ease', GroupName: 'Relationship', MeasurementType: 1 }),
      400,
      ErrorCode.ExperiencePreserved,
    );
    // Saving it unchanged changes nothing and is no refusal.
    const unchanged = await update(101, {
      Name: 'Net Promoter Score',
      GroupName: 'relationship',
      MeasurementType: 0,
    });
    expect(unchanged.status).toBe(200);
    expect(unchanged.json<ExperienceDetail>()).toEqual(nps);
  });

  it("keeps a used experience's measurement type and refuses its removal (13004), but lets it be renamed", async () => {
    const used = await created({ Name: 'Teller Speed', GroupId: 2, MeasurementType: 2 });
    await f.question(used.Id);
    await expectRefusal(
      f,
      () => update(used.Id, { Name: 'Teller Speed', GroupId: 2, MeasurementType: 1 }),
      400,
      ErrorCode.ExperienceInUse,
    );
    await expectRefusal(f, () => remove(used.Id), 400, ErrorCode.ExperienceInUse);

    const renamed = await update(used.Id, { Name: 'Teller Pace', GroupName: 'Digital', MeasurementType: 2 });
    expect(renamed.status).toBe(200);
    expect(renamed.json<ExperienceDetail>()).toMatchObject({
      Id: used.Id,
      Name: 'Teller Pace',
      GroupId: 3,
      GroupName: 'Digital',
      MeasurementType: 2,
      QuestionCount: 1,
    });
  });

  it('counts a weighted group item as use (13004)', async () => {
    const weighed = await created({ Name: 'Mobile Login', MeasurementType: 1 });
    const db = f.t.database.db;
    const [group] = await db
      .insert(weightedExperienceGroups)
      .values({ tenantId: f.tenantId, name: 'Digital Index' })
      .returning({ id: weightedExperienceGroups.id });
    await db
      .insert(weightedExperienceGroupItems)
      .values({ tenantId: f.tenantId, groupId: group!.id, experienceId: weighed.Id, weight: 0.5 });
    const read = (await f.call('GET', `/api/experiences/${weighed.Id}`)).json<ExperienceDetail>();
    expect(read).toMatchObject({ QuestionCount: 0, WeightedGroupCount: 1 });
    await expectRefusal(f, () => remove(weighed.Id), 400, ErrorCode.ExperienceInUse);
    await expectRefusal(
      f,
      () => update(weighed.Id, { Name: 'Mobile Login', MeasurementType: 3 }),
      400,
      ErrorCode.ExperienceInUse,
    );
  });

  it('changes and removes an unused experience', async () => {
    const experience = await created({ Name: 'Parking', MeasurementType: 3 });
    const changed = await update(experience.Id, { Name: 'Parking Space', GroupId: 2, MeasurementType: 2 });
    expect(changed.status).toBe(200);
    expect(changed.json<ExperienceDetail>()).toMatchObject({
      Name: 'Parking Space',
      MeasurementType: 2,
      GroupId: 2,
    });
    await expectRefusal(
      f,
      () => update(experience.Id, { Name: 'Waiting Time', MeasurementType: 2 }),
      400,
      ErrorCode.ExperienceNameExists,
    );

    const removed = await remove(experience.Id);
    expect(removed.status).toBe(204);
    const gone = await f.call('GET', `/api/experiences/${experience.Id}`);
    expect(gone.status).toBe(404);
    expect(gone.json().Code).toBe(ErrorCode.ExperienceNotFound);
  });

  it("answers 13002 for a missing experience and for another tenant's, changing nothing", async () => {
    for (const missing of [id.otherExperience!, 987654]) {
      await expectRefusal(
        f,
        () => f.call('GET', `/api/experiences/${missing}`),
        404,
        ErrorCode.ExperienceNotFound,
      );
      await expectRefusal(
        f,
        () => update(missing, { Name: 'Taken Over', MeasurementType: 2 }),
        404,
        ErrorCode.ExperienceNotFound,
      );
      await expectRefusal(f, () => remove(missing), 404, ErrorCode.ExperienceNotFound);
    }
  });

  it("lists the system experiences and the tenant's own, counting only the tenant's questions", async () => {
    const response = await f.call('GET', '/api/experiences?$top=100&$count=true');
    expect(response.status).toBe(200);
    const page = response.json<GridPage<ExperienceRow>>();
    const mine = await f.t.database.db
      .select({ id: experiences.id })
      .from(experiences)
      .where(eq(experiences.tenantId, f.tenantId));
    expect(page.Count).toBe(PRESERVED_EXPERIENCE_IDS.length + mine.length);
    expect(page.Items.map((row) => row.Id)).not.toContain(id.otherExperience);
    expect(page.Items.slice(0, 7).map((row) => row.Id)).toEqual([...PRESERVED_EXPERIENCE_IDS]);
    expect(page.Items[0]).toEqual({
      Id: 101,
      Name: 'Net Promoter Score',
      GroupId: 1,
      GroupName: 'Relationship',
      MeasurementType: 0,
      IsPreserved: true,
      QuestionCount: 1,
    });

    const other = (await f.call('GET', '/api/experiences?$filter=Id eq 101', { token: f.tokens.other })).json<
      GridPage<ExperienceRow>
    >();
    expect(other.Items).toEqual([expect.objectContaining({ Id: 101, QuestionCount: 2 })]);
    const otherOwn = (
      await f.call('GET', '/api/experiences?$filter=IsPreserved eq false', { token: f.tokens.other })
    ).json<GridPage<ExperienceRow>>();
    expect(otherOwn.Items.map((row) => row.Name)).toEqual(['Branch Cleanliness']);
  });

  it('filters and sorts the grid on its fields', async () => {
    const query = new URLSearchParams({
      $filter: "IsPreserved eq false and contains(tolower(Name),'teller')",
      $orderby: 'QuestionCount desc',
      $count: 'true',
    });
    const page = (await f.call('GET', `/api/experiences?${query.toString()}`)).json<
      GridPage<ExperienceRow>
    >();
    expect(page.Items.map((row) => [row.Name, row.QuestionCount])).toEqual([['Teller Pace', 1]]);
    const used = (await f.call('GET', `/api/experiences?$filter=QuestionCount gt 0`)).json<
      GridPage<ExperienceRow>
    >();
    expect(used.Items.map((row) => row.Id)).toContain(101);
    expect(used.Items.every((row) => row.QuestionCount > 0)).toBe(true);
    const unknown = await f.call('GET', '/api/experiences?$filter=TenantId eq 1');
    expect(unknown.status).toBe(400);
  });

  it('offers the calculable experiences (types 0, 1, 2) to weighted group builders', async () => {
    const response = await f.call('GET', '/api/experiences/calculable', { token: f.tokens.customKpi });
    expect(response.status).toBe(200);
    const options = response.json<CalculableExperience[]>();
    expect(options.every((option) => [0, 1, 2].includes(option.MeasurementType))).toBe(true);
    expect(options.map((option) => option.Id)).toContain(101);
    expect(options.map((option) => option.Id)).not.toContain(601);
    const otherOptions = (await f.call('GET', '/api/experiences/calculable', { token: f.tokens.other })).json<
      CalculableExperience[]
    >();
    expect(otherOptions.map((option) => option.Id)).toContain(id.otherExperience);
    expect(options.map((option) => option.Id)).not.toContain(id.otherExperience);
  });

  it('needs metadata:manage and a tenant', async () => {
    for (const token of [f.tokens.viewer, f.tokens.customKpi]) {
      expect((await f.call('GET', '/api/experiences', { token })).status).toBe(403);
      expect((await save({ Name: 'Not Allowed', MeasurementType: 2 }, token)).status).toBe(403);
      expect((await remove(101, token)).status).toBe(403);
    }
    await expectRefusal(
      f,
      () => save({ Name: 'Tenantless', MeasurementType: 2 }, f.tokens.tenantless),
      403,
      ErrorCode.SameTenantRequired,
    );
  });
});
