import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  EmployeeItem,
  ExperienceGroupItem,
  ExperienceItem,
  LookupNode,
  LookupTreeNode,
  QuestionLookupItem,
  QuestionTypeItem,
  SegmentGroupItem,
  SurveyLookupItem,
  TopicModelItem,
} from '@loupe/contracts';
import {
  alertRules,
  employees,
  experienceGroups,
  experiences,
  journeyStages,
  locations,
  products,
  questionChoices,
  questions,
  segmentGroups,
  segments,
  surveyFlows,
  surveys,
  tenants,
  topicModels,
  topics,
  transactionChannels,
  transactionTypes,
  users,
  weightedExperienceGroupItems,
  weightedExperienceGroups,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let adminToken: string;
let scopedToken: string;

/** Fixture ids by code or name. */
const id: Record<string, number> = {};

type TreeTable = typeof transactionChannels | typeof products | typeof locations;

/** Inserts `code` under `parentCode` (or as a root), filling `level` and `path`. */
async function node(table: TreeTable, tenantId: number, code: string, parentCode?: string, extra = {}) {
  const db = t.database.db;
  const parent = parentCode
    ? (
        await db.select({ id: table.id, path: table.path }).from(table).where(eq(table.id, id[parentCode]!))
      )[0]
    : undefined;
  const [row] = await db
    .insert(table)
    .values({
      tenantId,
      parentId: parent?.id ?? null,
      name: `Name ${code}`,
      code,
      level: 1,
      path: [],
      ...extra,
    })
    .returning({ id: table.id });
  const path = [...(parent?.path ?? []), row!.id];
  await db.update(table).set({ path, level: path.length }).where(eq(table.id, row!.id));
  id[code] = row!.id;
}

async function seedFixture() {
  const db = t.database.db;
  const tenantId = t.tenantId;

  await node(locations, tenantId, 'TR', undefined, { mapCode: 'TR' });
  await node(locations, tenantId, 'TR-34', 'TR', { mapCode: 'TR-34' });
  await node(locations, tenantId, 'US', undefined, { mapCode: 'US' });

  await node(transactionChannels, tenantId, 'BANK');
  await node(transactionChannels, tenantId, 'REG-MAR', 'BANK');
  await node(transactionChannels, tenantId, 'REG-EGE', 'BANK');
  await node(transactionChannels, tenantId, 'BR-002', 'REG-MAR');
  await node(transactionChannels, tenantId, 'BR-001', 'REG-MAR', { locationId: id['TR-34'] });
  await node(transactionChannels, tenantId, 'BR-003', 'REG-EGE');
  await node(transactionChannels, tenantId, 'DIGITAL');

  await node(products, tenantId, 'CARDS');
  await node(products, tenantId, 'CARD-GOLD', 'CARDS');
  await node(products, tenantId, 'CARD-CLASSIC', 'CARDS');
  await node(products, tenantId, 'LOANS');

  await db.insert(transactionTypes).values({ tenantId, name: 'Deposit', code: 'TT-DEP' });

  const [age] = await db.insert(segmentGroups).values({ tenantId, name: 'Age', code: 'AGE' }).returning();
  await db.insert(segmentGroups).values({ tenantId, name: 'Tier', code: 'TIER' });
  id.AGE = age!.id;
  const [young] = await db
    .insert(segments)
    .values({ tenantId, groupId: age!.id, name: '18-25', code: 'Y' })
    .returning({ id: segments.id });
  id.Y = young!.id;

  for (const [code, channel] of [
    ['E1', 'BR-001'],
    ['E2', 'BR-003'],
  ] as const) {
    const [row] = await db
      .insert(employees)
      .values({ tenantId, fullName: `Employee ${code}`, code, channelId: id[channel]! })
      .returning({ id: employees.id });
    id[code] = row!.id;
  }
  const [unplaced] = await db
    .insert(employees)
    .values({ tenantId, fullName: 'Employee E3', code: 'E3' })
    .returning({ id: employees.id });
  id.E3 = unplaced!.id;

  const [group] = await db
    .insert(experienceGroups)
    .values({ tenantId, name: 'Our group' })
    .returning({ id: experienceGroups.id });
  id.group = group!.id;
  const [loyalty] = await db
    .insert(experiences)
    .values({ tenantId, name: 'Loyalty', groupId: group!.id, measurementType: 1 })
    .returning({ id: experiences.id });
  id.loyalty = loyalty!.id;
  const [weighted] = await db
    .insert(weightedExperienceGroups)
    .values({ tenantId, name: 'Overall' })
    .returning({ id: weightedExperienceGroups.id });
  await db.insert(weightedExperienceGroupItems).values([
    { tenantId, groupId: weighted!.id, experienceId: 101, weight: 0.6 },
    { tenantId, groupId: weighted!.id, experienceId: loyalty!.id, weight: 0.4 },
  ]);
  await db.insert(journeyStages).values([
    { tenantId, name: 'Usage', order: 2 },
    { tenantId, name: 'Onboarding', order: 1 },
  ]);

  const [topicModel] = await db
    .insert(topicModels)
    .values({ tenantId, name: 'Banking topics', language: 'tr' })
    .returning({ id: topicModels.id });
  const [staff] = await db
    .insert(topics)
    .values({ tenantId, modelId: topicModel!.id, name: 'Staff' })
    .returning({ id: topics.id });
  await db
    .insert(topics)
    .values({ tenantId, modelId: topicModel!.id, parentId: staff!.id, name: 'Friendliness' });
  const [emotionModel] = await db
    .insert(topicModels)
    .values({ tenantId, name: 'Emotions', language: 'en', isEmotionModel: true })
    .returning({ id: topicModels.id });
  await db.insert(topics).values({ tenantId, modelId: emotionModel!.id, name: 'Joy' });
  id.staff = staff!.id;

  const [branch] = await db
    .insert(surveys)
    .values({ tenantId, title: 'Branch experience', type: 1 })
    .returning({ id: surveys.id });
  id.branch = branch!.id;
  const [flow] = await db
    .insert(surveyFlows)
    .values({ tenantId, surveyId: branch!.id, name: 'Main flow' })
    .returning({ id: surveyFlows.id });
  id.flow = flow!.id;
  await db.insert(surveys).values([
    { tenantId, title: 'Hidden survey', type: 7 },
    { tenantId, title: 'IVR (external)', type: 4, sourceName: 'IVR', isActive: false },
  ]);
  const [nps] = await db
    .insert(questions)
    .values({
      tenantId,
      surveyId: branch!.id,
      flowId: flow!.id,
      text: 'How likely are you to recommend us?',
      type: 'MCSS',
      experienceId: 101,
      scale: 11,
      integrationCode: 'Q_NPS',
      required: true,
      position: 1,
    })
    .returning({ id: questions.id });
  id.nps = nps!.id;
  await db.insert(questionChoices).values([
    { tenantId, questionId: nps!.id, label: 'Likely', value: 10, position: 1 },
    { tenantId, questionId: nps!.id, label: 'Unlikely', value: 0, position: 0 },
    { tenantId, questionId: nps!.id, label: 'Removed', value: 5, position: 2, isDeleted: true },
  ]);
  await db.insert(questions).values([
    { tenantId, surveyId: branch!.id, flowId: flow!.id, text: 'Comments', type: 'OETX', position: 2 },
    {
      tenantId,
      surveyId: branch!.id,
      flowId: flow!.id,
      text: 'Old',
      type: 'MCSS',
      position: 3,
      isDeleted: true,
    },
  ]);

  // Another tenant: nothing of it may show.
  const [other] = await db
    .insert(tenants)
    .values({ name: 'Lookup Other Bank' })
    .returning({ id: tenants.id });
  id.otherTenant = other!.id;
  await node(transactionChannels, other!.id, 'BR-OTHER');
  await db.insert(transactionTypes).values({ tenantId: other!.id, name: 'Other type', code: 'TT-OTHER' });
  await db.insert(experiences).values({ tenantId: other!.id, name: 'Other experience', measurementType: 2 });
  await db.insert(surveys).values({ tenantId: other!.id, title: 'Other survey' });
  await db.insert(topicModels).values({ tenantId: other!.id, name: 'Other topics', language: 'en' });
  await db.insert(alertRules).values([
    { tenantId, title: 'Low NPS' },
    { tenantId, title: 'Complaint keywords' },
    { tenantId: other!.id, title: 'Other rule' },
  ]);
  const [admin] = await db.select().from(users).where(eq(users.userName, 'admin'));
  const [otherUser] = await db
    .insert(users)
    .values({
      tenantId: other!.id,
      userName: 'lookup-other',
      fullName: 'Other',
      passwordHash: admin!.passwordHash,
    })
    .returning({ id: users.id });
  id.otherUser = otherUser!.id;

  // 'scoped' sees one region's channels and one product; 'teller-lead' is limited to one employee.
  await db
    .update(users)
    .set({ transactionChannelIds: [id['REG-MAR']!], productIds: [id['CARD-GOLD']!] })
    .where(eq(users.userName, 'scoped'));
  const [lead] = await db
    .insert(users)
    .values({
      tenantId,
      userName: 'teller-lead',
      fullName: 'Teller Lead',
      passwordHash: admin!.passwordHash,
      transactionChannelIds: [id['REG-MAR']!],
      employeeIds: [id.E2!],
    })
    .returning({ id: users.id });
  id.lead = lead!.id;
}

/** A lookup's 200 answer; in Turkish (the server's default language) unless `headers` say otherwise. */
async function get<T>(url: string, token = adminToken, headers: Record<string, string> = {}): Promise<T> {
  const response = await t.call('GET', url, { token, headers: { language: 'tr', ...headers } });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

/** A tree as nested codes with their selectability, for compact assertions. */
type Shape = { [code: string]: Shape | boolean };
function shape(nodes: LookupTreeNode[]): Shape {
  return Object.fromEntries(
    nodes.map((n) => [
      n.Children.length > 0 ? `${n.Code}${n.Selectable ? '' : ' (path)'}` : n.Code,
      n.Children.length > 0 ? shape(n.Children) : n.Selectable,
    ]),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  await seedFixture();
  adminToken = (await t.signIn('admin')).access_token;
  scopedToken = (await t.signIn('scoped')).access_token;
});
afterAll(async () => {
  await t?.close();
});

describe('channel, product and location trees', () => {
  it('answers the whole channel tree with codes, levels and children, siblings by name', async () => {
    const tree = await get<LookupTreeNode[]>('/api/filters/channels?isTreeBuilt=true');
    expect(shape(tree)).toEqual({
      BANK: { 'REG-EGE': { 'BR-003': true }, 'REG-MAR': { 'BR-001': true, 'BR-002': true } },
      DIGITAL: true,
    });
    const bank = tree[0]!;
    expect(bank).toMatchObject({
      Id: id.BANK,
      Name: 'Name BANK',
      Code: 'BANK',
      Level: 1,
      ParentId: null,
      Selectable: true,
    });
    const branch = bank.Children[1]!.Children[0]!;
    expect(branch).toEqual({
      Id: id['BR-001'],
      Name: 'Name BR-001',
      Code: 'BR-001',
      Level: 3,
      ParentId: id['REG-MAR'],
      Selectable: true,
      LocationId: id['TR-34'],
      Children: [],
    });
  });

  it('answers a flat list in tree order with ParentId when the tree is not asked for', async () => {
    for (const url of ['/api/filters/channels', '/api/filters/channels?isTreeBuilt=false']) {
      const flat = await get<LookupNode[]>(url);
      expect(flat.map((n) => n.Code)).toEqual([
        'BANK',
        'REG-EGE',
        'BR-003',
        'REG-MAR',
        'BR-001',
        'BR-002',
        'DIGITAL',
      ]);
      expect(flat[2]).toEqual({
        Id: id['BR-003'],
        Name: 'Name BR-003',
        Code: 'BR-003',
        Level: 3,
        ParentId: id['REG-EGE'],
        Selectable: true,
        LocationId: null,
      });
      expect(flat[0]).not.toHaveProperty('Children');
    }
  });

  it("trims a restricted user's channels and products to theirs, with unselectable ancestors", async () => {
    const channels = await get<LookupTreeNode[]>('/api/filters/channels?isTreeBuilt=true', scopedToken);
    expect(shape(channels)).toEqual({ 'BANK (path)': { 'REG-MAR': { 'BR-001': true, 'BR-002': true } } });
    const flatChannels = await get<LookupNode[]>('/api/filters/channels', scopedToken);
    expect(flatChannels.map((n) => [n.Code, n.Selectable])).toEqual([
      ['BANK', false],
      ['REG-MAR', true],
      ['BR-001', true],
      ['BR-002', true],
    ]);

    const productTree = await get<LookupTreeNode[]>('/api/filters/products?isTreeBuilt=true', scopedToken);
    expect(shape(productTree)).toEqual({ 'CARDS (path)': { 'CARD-GOLD': true } });
    const allProducts = await get<LookupTreeNode[]>('/api/filters/products?isTreeBuilt=true');
    expect(shape(allProducts)).toEqual({ CARDS: { 'CARD-CLASSIC': true, 'CARD-GOLD': true }, LOANS: true });
  });

  it('answers locations as a tree with map codes, unrestricted', async () => {
    const tree = await get<LookupTreeNode[]>('/api/filters/locations?isTreeBuilt=true', scopedToken);
    expect(shape(tree)).toEqual({ TR: { 'TR-34': true }, US: true });
    expect(tree[0]!.Children[0]).toMatchObject({ Code: 'TR-34', MapCode: 'TR-34', Level: 2 });
  });
});

describe('flat filter lists', () => {
  it('answers employees, trimmed by the employee restriction or else by the channel restriction', async () => {
    const all = await get<EmployeeItem[]>('/api/filters/employees');
    expect(all.map((e) => e.Code)).toEqual(['E1', 'E2', 'E3']);
    expect(all[0]).toEqual({
      Id: id.E1,
      Name: 'Employee E1',
      FullName: 'Employee E1',
      Code: 'E1',
      ChannelId: id['BR-001'],
    });

    const scoped = await get<EmployeeItem[]>('/api/filters/employees', scopedToken);
    expect(scoped.map((e) => e.Code)).toEqual(['E1']);

    const lead = await get<EmployeeItem[]>(
      '/api/filters/employees',
      await t.tokenFor({ userId: id.lead!, tenantId: t.tenantId, scopes: ['report:read'] }),
    );
    expect(lead.map((e) => e.Code)).toEqual(['E2']);
  });

  it('answers segment groups with their segments as filters address them', async () => {
    const groups = await get<SegmentGroupItem[]>('/api/filters/segments');
    expect(groups).toEqual([
      {
        Id: id.AGE,
        Name: 'Age',
        Code: 'AGE',
        Children: [
          {
            Id: id.Y,
            GroupId: id.AGE,
            Name: '18-25',
            Code: 'Y',
            Value: `${id.AGE};${id.Y}`,
            NameWithGroup: 'Age - 18-25',
          },
        ],
      },
      { Id: expect.any(Number), Name: 'Tier', Code: 'TIER', Children: [] },
    ]);
  });

  it('answers the tenant transaction types only', async () => {
    const types = await get<{ Id: number; Name: string; Code: string }[]>('/api/filters/transactionTypes');
    expect(types).toEqual([{ Id: expect.any(Number), Name: 'Deposit', Code: 'TT-DEP' }]);
  });

  it('answers the system experiences and the tenant ones, with measurement type and group', async () => {
    const list = await get<ExperienceItem[]>('/api/filters/experiences');
    expect(list.map((e) => e.Id)).toEqual([101, 102, 201, 601, 1601, 1602, 1610, id.loyalty]);
    expect(list[0]).toEqual({
      Id: 101,
      Name: 'Net Promoter Score',
      MeasurementType: 0,
      GroupId: 1,
      GroupName: 'Relationship',
      IsPreserved: true,
    });
    expect(list.at(-1)).toEqual({
      Id: id.loyalty,
      Name: 'Loyalty',
      MeasurementType: 1,
      GroupId: id.group,
      GroupName: 'Our group',
      IsPreserved: false,
    });

    const groups = await get<ExperienceGroupItem[]>('/api/filters/experiencegroups');
    expect(groups.map((g) => g.Name)).toEqual(['Relationship', 'Transactional', 'Digital', 'Our group']);
  });

  it('answers weighted experience groups with their weights', async () => {
    const groups = await get<unknown[]>('/api/filters/weighted-experience-groups');
    expect(groups).toEqual([
      {
        Id: expect.any(Number),
        Name: 'Overall',
        Items: [
          { ExperienceId: 101, ExperienceName: 'Net Promoter Score', Weight: 0.6 },
          { ExperienceId: id.loyalty, ExperienceName: 'Loyalty', Weight: 0.4 },
        ],
      },
    ]);
  });

  it('answers topic models with their topics, emotion models only on request', async () => {
    const plain = await get<TopicModelItem[]>('/api/filters/topic-models');
    expect(plain).toEqual([
      {
        Id: expect.any(Number),
        Name: 'Banking topics',
        Language: 'tr',
        IsEmotionModel: false,
        IsIntentModel: false,
        Topics: [
          { Id: expect.any(Number), Name: 'Friendliness', ParentId: id.staff },
          { Id: id.staff, Name: 'Staff', ParentId: null },
        ],
      },
    ]);
    const withEmotion = await get<TopicModelItem[]>('/api/filters/topic-models-with-emotion');
    expect(withEmotion.map((m) => [m.Name, m.IsEmotionModel, m.Topics.map((topic) => topic.Name)])).toEqual([
      ['Banking topics', false, ['Friendliness', 'Staff']],
      ['Emotions', true, ['Joy']],
    ]);
  });
});

describe('surveys, questions and other lookups', () => {
  it('answers surveys with flows, hiding type 7 for filters', async () => {
    const forFilter = await get<SurveyLookupItem[]>('/api/surveys?isForFilter=true');
    expect(forFilter.map((s) => s.Title)).toEqual(['Branch experience', 'IVR (external)']);
    expect(forFilter[0]).toEqual({
      Id: id.branch,
      Title: 'Branch experience',
      Type: 1,
      IsActive: true,
      SourceName: null,
      JourneyStageId: null,
      Flows: [{ Id: id.flow, Name: 'Main flow', IsActive: true }],
    });
    expect(forFilter[1]).toMatchObject({ Type: 4, IsActive: false, SourceName: 'IVR', Flows: [] });

    const all = await get<SurveyLookupItem[]>('/api/surveys');
    expect(all.map((s) => s.Title)).toEqual(['Branch experience', 'Hidden survey', 'IVR (external)']);
  });

  it('answers live questions with their live choices, optionally of one survey', async () => {
    const list = await get<QuestionLookupItem[]>(`/api/questions?surveyId=${id.branch}`);
    expect(list).toEqual([
      {
        Id: id.nps,
        Text: 'How likely are you to recommend us?',
        SurveyId: id.branch,
        SurveyFlowId: id.flow,
        ParentId: null,
        QuestionTypeName: 'MCSS',
        ExperienceId: 101,
        Scale: 11,
        Code: 'Q_NPS',
        Required: true,
        Choices: [
          { Label: 'Unlikely', Value: 0 },
          { Label: 'Likely', Value: 10 },
        ],
      },
      expect.objectContaining({ Text: 'Comments', QuestionTypeName: 'OETX', Code: null, Choices: [] }),
    ]);
    expect(await get<QuestionLookupItem[]>('/api/questions')).toHaveLength(2);
    expect(await get<QuestionLookupItem[]>('/api/questions?surveyId=999999')).toEqual([]);
  });

  it('answers journey stages in order, question types in the caller language, and alert rules by title', async () => {
    const stages = await get<{ Name: string; Order: number }[]>('/api/journeyStages');
    expect(stages.map((s) => [s.Name, s.Order])).toEqual([
      ['Onboarding', 1],
      ['Usage', 2],
    ]);

    const types = await get<QuestionTypeItem[]>('/api/questionTypes', adminToken, { language: 'tr' });
    expect(types.map((q) => q.Name)).toEqual(['MCMS', 'MCSS', 'OETX', 'MXMD', 'MXRO', 'MXSS', 'MXGD']);
    expect(types[2]).toEqual({ Name: 'OETX', Description: 'Açık uçlu metin', IsMatrix: false });
    const matrix = await get<QuestionTypeItem[]>('/api/matrixQuestionTypes', adminToken, { language: 'en' });
    expect(matrix).toEqual([
      { Name: 'MXMD', Description: 'Max-diff', IsMatrix: true },
      { Name: 'MXRO', Description: 'Rank order', IsMatrix: true },
      { Name: 'MXSS', Description: 'Matrix', IsMatrix: true },
      { Name: 'MXGD', Description: 'Multi-question group', IsMatrix: true },
    ]);

    const rules = await get<{ Id: number; Title: string }[]>('/api/alertRules');
    expect(rules).toEqual([
      { Id: expect.any(Number), Title: 'Complaint keywords' },
      { Id: expect.any(Number), Title: 'Low NPS' },
    ]);
  });
});

describe('access', () => {
  const urls = [
    '/api/filters/channels?isTreeBuilt=true',
    '/api/filters/products?isTreeBuilt=true',
    '/api/filters/locations?isTreeBuilt=true',
    '/api/filters/segments',
    '/api/filters/transactionTypes',
    '/api/filters/experiences',
    '/api/filters/experiencegroups',
    '/api/filters/weighted-experience-groups',
    '/api/filters/employees',
    '/api/filters/topic-models',
    '/api/filters/topic-models-with-emotion',
    '/api/surveys?isForFilter=true',
    '/api/journeyStages',
    '/api/questions',
    '/api/questionTypes',
    '/api/matrixQuestionTypes',
    '/api/alertRules',
  ];

  it('opens every lookup to report, survey and alert readers and refuses other scopes', async () => {
    const [admin] = await t.database.db.select().from(users).where(eq(users.userName, 'admin'));
    const alertReader = await t.tokenFor({ userId: admin!.id, tenantId: t.tenantId, scopes: ['alert:read'] });
    const surveyReader = await t.tokenFor({
      userId: admin!.id,
      tenantId: t.tenantId,
      scopes: ['survey:read'],
    });
    const userAdmin = await t.tokenFor({
      userId: admin!.id,
      tenantId: t.tenantId,
      scopes: ['user:manage', 'config:manage'],
    });
    for (const url of urls) {
      await get(url, alertReader);
      await get(url, surveyReader);
      await get(url, scopedToken);
      const refused = await t.app.inject({ method: 'GET', url, headers: t.authHeader(userAdmin) });
      expect(refused.statusCode, url).toBe(403);
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
    }
  });

  it('shows another tenant only its own data', async () => {
    const other = await t.tokenFor({
      userId: id.otherUser!,
      tenantId: id.otherTenant!,
      scopes: ['report:read'],
    });
    expect((await get<LookupNode[]>('/api/filters/channels', other)).map((n) => n.Code)).toEqual([
      'BR-OTHER',
    ]);
    expect(
      (await get<{ Code: string }[]>('/api/filters/transactionTypes', other)).map((n) => n.Code),
    ).toEqual(['TT-OTHER']);
    expect(
      (await get<SurveyLookupItem[]>('/api/surveys?isForFilter=true', other)).map((s) => s.Title),
    ).toEqual(['Other survey']);
    const otherExperiences = await get<ExperienceItem[]>('/api/filters/experiences', other);
    expect(otherExperiences.map((e) => e.Name)).toContain('Other experience');
    expect(otherExperiences.map((e) => e.Name)).not.toContain('Loyalty');
    expect(await get<unknown[]>('/api/filters/employees', other)).toEqual([]);
    expect(await get<unknown[]>('/api/filters/segments', other)).toEqual([]);
    expect(await get<unknown[]>(`/api/questions?surveyId=${id.branch}`, other)).toEqual([]);
    expect((await get<TopicModelItem[]>('/api/filters/topic-models', other)).map((m) => m.Name)).toEqual([
      'Other topics',
    ]);
    expect((await get<{ Title: string }[]>('/api/alertRules', other)).map((r) => r.Title)).toEqual([
      'Other rule',
    ]);
  });
});
