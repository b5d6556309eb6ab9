import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  type AlertRule,
  type AlertRuleSave,
  type GridPage,
  type RestDataRecordInput,
  type RestDataResult,
  type Scope,
} from '@loupe/contracts';
import {
  alertHistory,
  alertRules,
  alerts,
  answers,
  invitations,
  invitees,
  products,
  questionChoices,
  questions,
  roles,
  sessions,
  surveyFlows,
  surveys,
  tenants,
  textAnalyses,
  textTopics,
  topicModels,
  topics,
  transactionChannels,
  users,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { evaluateAlertRulesOnTextAnalysis } from './index.js';

let t: TestApp;

const ids = {
  channel: {} as Record<string, number>,
  product: {} as Record<string, number>,
  survey: 0,
  otherSurveyOfTenant: 0,
  question: {} as Record<string, number>,
  foreignQuestion: 0,
  topic: 0,
  emotion: 0,
  admin: 0,
  owner: 0,
  role: 0,
  otherTenant: 0,
  otherUser: 0,
  otherSurvey: 0,
  otherChannel: 0,
};
let manage: string;
let reader: string;
let outsider: string;
let other: string;

type TreeTable = typeof transactionChannels | typeof products;

/** Inserts `code` under `parent` (or as a root), with its `path` from the root down. */
async function node(table: TreeTable, tenantId: number, code: string, parent?: number): Promise<number> {
  const { db } = t.database;
  const [above] = parent
    ? await db.select({ path: table.path }).from(table).where(eq(table.id, parent))
    : [{ path: [] as number[] }];
  const [row] = await db
    .insert(table)
    .values({ tenantId, parentId: parent ?? null, name: `Name ${code}`, code, level: 1, path: [] })
    .returning({ id: table.id });
  const path = [...above!.path, row!.id];
  await db.update(table).set({ path, level: path.length }).where(eq(table.id, row!.id));
  return row!.id;
}

async function seed() {
  const { db } = t.database;
  const tenantId = t.tenantId;
  const bank = await node(transactionChannels, tenantId, 'AR-BANK');
  const regA = await node(transactionChannels, tenantId, 'AR-REG-A', bank);
  const regB = await node(transactionChannels, tenantId, 'AR-REG-B', bank);
  ids.channel = {
    bank,
    regA,
    br1: await node(transactionChannels, tenantId, 'AR-BR-1', regA),
    br2: await node(transactionChannels, tenantId, 'AR-BR-2', regA),
    br3: await node(transactionChannels, tenantId, 'AR-BR-3', regB),
  };
  const all = await node(products, tenantId, 'AR-ALL');
  const cards = await node(products, tenantId, 'AR-CARDS', all);
  ids.product = {
    all,
    cards,
    gold: await node(products, tenantId, 'AR-GOLD', cards),
    loans: await node(products, tenantId, 'AR-LOANS', all),
  };

  const [survey] = await db
    .insert(surveys)
    .values({ tenantId, title: 'Alert rules survey', language: 'en' })
    .returning({ id: surveys.id });
  ids.survey = survey!.id;
  const [flow] = await db
    .insert(surveyFlows)
    .values({ tenantId, surveyId: survey!.id, name: 'Main' })
    .returning({ id: surveyFlows.id });
  const question = async (
    code: string,
    columns: Partial<typeof questions.$inferInsert> & { type: string },
  ) => {
    const [row] = await db
      .insert(questions)
      .values({
        tenantId,
        surveyId: survey!.id,
        flowId: flow!.id,
        text: code,
        integrationCode: code,
        ...columns,
      })
      .returning({ id: questions.id });
    ids.question[code] = row!.id;
    return row!.id;
  };
  await question('AR_NPS', { type: 'MCSS', scale: 11, experienceId: 101, required: true, position: 0 });
  const csat = await question('AR_CSAT', { type: 'MCSS', scale: 5, experienceId: 102, position: 1 });
  const reason = await question('AR_REASON', { type: 'MCMS', position: 2 });
  await question('AR_COMMENT', { type: 'OETX', position: 3 });
  for (const [questionId, values] of [
    [csat, [1, 2, 3, 4, 5]],
    [reason, [1, 2, 3]],
  ] as const) {
    await db
      .insert(questionChoices)
      .values(
        values.map((value, position) => ({ tenantId, questionId, label: `C${value}`, value, position })),
      );
  }
  const [second] = await db
    .insert(surveys)
    .values({ tenantId, title: 'Another survey of the tenant' })
    .returning({ id: surveys.id });
  ids.otherSurveyOfTenant = second!.id;
  const [foreign] = await db
    .insert(questions)
    .values({ tenantId, surveyId: second!.id, text: 'Elsewhere', type: 'MCSS', scale: 11 })
    .returning({ id: questions.id });
  ids.foreignQuestion = foreign!.id;

  const [model] = await db
    .insert(topicModels)
    .values({ tenantId, name: 'Banking', language: 'en' })
    .returning({ id: topicModels.id });
  const [emotionModel] = await db
    .insert(topicModels)
    .values({ tenantId, name: 'Emotions', language: 'en', isEmotionModel: true })
    .returning({ id: topicModels.id });
  const [topic] = await db
    .insert(topics)
    .values({ tenantId, modelId: model!.id, name: 'Waiting time' })
    .returning({ id: topics.id });
  const [emotion] = await db
    .insert(topics)
    .values({ tenantId, modelId: emotionModel!.id, name: 'Anger' })
    .returning({ id: topics.id });
  ids.topic = topic!.id;
  ids.emotion = emotion!.id;

  const [admin] = await db.select().from(users).where(eq(users.userName, 'admin'));
  ids.admin = admin!.id;
  const [owner] = await db
    .insert(users)
    .values({ tenantId, userName: 'alert.owner', fullName: 'Alert Owner', passwordHash: admin!.passwordHash })
    .returning({ id: users.id });
  ids.owner = owner!.id;
  const [role] = await db
    .insert(roles)
    .values({ tenantId, name: 'Branch managers' })
    .returning({ id: roles.id });
  ids.role = role!.id;

  const [otherTenant] = await db
    .insert(tenants)
    .values({ name: 'Other Bank AR' })
    .returning({ id: tenants.id });
  ids.otherTenant = otherTenant!.id;
  ids.otherChannel = await node(transactionChannels, otherTenant!.id, 'AR-OTHER-BR');
  const [otherSurvey] = await db
    .insert(surveys)
    .values({ tenantId: otherTenant!.id, title: 'Other survey' })
    .returning({ id: surveys.id });
  ids.otherSurvey = otherSurvey!.id;
  const [otherUser] = await db
    .insert(users)
    .values({
      tenantId: otherTenant!.id,
      userName: 'ar-other-admin',
      fullName: 'Other Admin',
      passwordHash: admin!.passwordHash,
    })
    .returning({ id: users.id });
  ids.otherUser = otherUser!.id;
}

const tokenAs = (userId: number, scopes: Scope[], tenantId = t.tenantId) =>
  t.tokenFor({ userId, tenantId, scopes });

beforeAll(async () => {
  t = await createTestApp();
  await seed();
  manage = await tokenAs(ids.admin, ['alert:manage', 'survey:manage']);
  reader = await tokenAs(ids.admin, ['alert:read']);
  outsider = await tokenAs(ids.admin, ['report:read']);
  other = await tokenAs(ids.otherUser, ['alert:manage'], ids.otherTenant);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

let titles = 0;
/** A valid rule body: NPS detractors (score <= 6) at region A, cards, owned by the owner user. */
function ruleBody(overrides: Partial<AlertRuleSave> = {}): AlertRuleSave {
  titles += 1;
  return {
    Title: `Rule ${titles}`,
    SurveyIds: [ids.survey],
    ProductIds: [ids.product.cards!],
    TransactionChannelIds: [ids.channel.regA!],
    Conditions: [{ Kind: 'score', QuestionId: ids.question.AR_NPS!, Operator: 'lte', Value: 6 }],
    OwnerType: 'user',
    OwnerId: ids.owner,
    DueHours: 24,
    ...overrides,
  };
}

async function createRule(body: AlertRuleSave, token = manage): Promise<AlertRule> {
  const response = await t.call('POST', '/api/alert-rules', { token, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AlertRule>();
}

const ruleCount = async () =>
  (
    await t.database.db
      .select({ id: alertRules.id })
      .from(alertRules)
      .where(eq(alertRules.tenantId, t.tenantId))
  ).length;

/** A REST data record at a branch and product with an NPS score, extra answers and custom data. */
function record(
  nps: number | null,
  {
    channel = 'AR-BR-1',
    product = 'AR-GOLD',
    extra = [],
    custom,
  }: {
    channel?: string;
    product?: string;
    extra?: NonNullable<RestDataRecordInput['Answers']>;
    custom?: string;
  } = {},
): RestDataRecordInput {
  return {
    TransactionDate: '2024-05-01T10:00:00+03:00',
    AnsweredDate: '2024-05-01T12:30:00+03:00',
    TransactionChannel: channel,
    TransactionProduct: product,
    ...(custom === undefined ? {} : { CustomData1: custom }),
    Answers: [...(nps === null ? [] : [{ Question: 'AR_NPS', Value: nps }]), ...extra],
  };
}

async function push(records: RestDataRecordInput[], headers: Record<string, string> = {}) {
  const response = await t.call('POST', '/api/rest-data/responses', {
    token: manage,
    body: { SurveyId: ids.survey, Records: records },
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  const result = response.json<RestDataResult>();
  expect(result.Errors).toEqual([]);
  return result;
}

const alertsOf = (ruleId: number) =>
  t.database.db.select().from(alerts).where(eq(alerts.ruleId, ruleId)).orderBy(alerts.id);

/** Deactivates a rule once its test is done, so later pushes do not raise its alerts. */
const deactivate = (ruleId: number) =>
  t.database.db.update(alertRules).set({ isActive: false }).where(eq(alertRules.id, ruleId));

/** How many alerts a rule raises over the records (each pushed once), the rule deactivated after. */
async function raisedBy(body: Partial<AlertRuleSave>, records: RestDataRecordInput[]): Promise<number> {
  const rule = await createRule(ruleBody(body));
  await push(records);
  await deactivate(rule.Id);
  return (await alertsOf(rule.Id)).length;
}

describe('alert rule CRUD', () => {
  it('creates, reads, lists, replaces, sets actions and deletes a rule', async () => {
    const created = await createRule(
      ruleBody({ Title: 'Detractors at region A', Logic: 'or', EmailSubject: 'Alert {{AlertTitle}}' }),
    );
    expect(created).toMatchObject({
      Title: 'Detractors at region A',
      SurveyIds: [ids.survey],
      Logic: 'or',
      OwnerType: 'user',
      OwnerId: ids.owner,
      OwnerName: 'Alert Owner',
      DueHours: 24,
      IsActive: true,
      Actions: [],
      AlertCount: 0,
      Conditions: [
        { Kind: 'score', QuestionId: ids.question.AR_NPS, CustomDataNo: null, Operator: 'lte', Value: 6 },
      ],
    });
    const read = await t.call('GET', `/api/alert-rules/${created.Id}`, { token: reader });
    expect(read.json()).toEqual(created);

    const grid = await t.call('POST', '/api/alert-rules', {
      token: reader,
      body: ruleBody(),
    });
    expect(grid.statusCode).toBe(403);
    const list = await t.call(
      'GET',
      `/api/alert-rules?$filter=${encodeURIComponent("Title eq 'Detractors at region A'")}`,
      {
        token: reader,
      },
    );
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json<GridPage<AlertRule>>();
    expect(page.Items.map((rule) => [rule.Title, rule.OwnerName, rule.AlertCount])).toEqual([
      ['Detractors at region A', 'Alert Owner', 0],
    ]);

    const put = await t.call('PUT', `/api/alert-rules/${created.Id}`, {
      token: manage,
      body: ruleBody({ Title: 'Detractors (role)', OwnerType: 'role', OwnerId: ids.role, IsActive: false }),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      Title: 'Detractors (role)',
      OwnerName: 'Branch managers',
      IsActive: false,
    });

    const actions = { Actions: [{ Status: 1, Action: 'emailOwner', IntegrationId: null }] };
    const setActions = await t.call('PUT', `/api/alert-rules/${created.Id}/actions`, {
      token: manage,
      body: actions,
    });
    expect(setActions.json()).toEqual(actions);
    expect((await t.call('GET', `/api/alert-rules/${created.Id}/actions`, { token: reader })).json()).toEqual(
      actions,
    );
    const integration = await t.call('PUT', `/api/alert-rules/${created.Id}/actions`, {
      token: manage,
      body: { Actions: [{ Status: 6, Action: 'integration', IntegrationId: 5 }] },
    });
    expect(integration.statusCode).toBe(400);
    expect(integration.json()).toMatchObject({ Code: ErrorCode.ModelNotValid });

    expect((await t.call('DELETE', `/api/alert-rules/${created.Id}`, { token: manage })).statusCode).toBe(
      204,
    );
    expect((await t.call('GET', `/api/alert-rules/${created.Id}`, { token: manage })).statusCode).toBe(404);
  });

  it('refuses a title the tenant already uses (409 2400, whatever its case)', async () => {
    const first = await createRule(ruleBody({ Title: 'Unique title' }));
    const again = await t.call('POST', '/api/alert-rules', {
      token: manage,
      body: ruleBody({ Title: 'UNIQUE title' }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ Code: ErrorCode.AlertRuleNameExists });
    const second = await createRule(ruleBody());
    const rename = await t.call('PUT', `/api/alert-rules/${second.Id}`, {
      token: manage,
      body: ruleBody({ Title: 'Unique title' }),
    });
    expect(rename.statusCode).toBe(409);
    // Its own title is no conflict; another tenant may use the same title.
    const same = await t.call('PUT', `/api/alert-rules/${first.Id}`, {
      token: manage,
      body: ruleBody({ Title: 'Unique title' }),
    });
    expect(same.statusCode).toBe(200);
  });

  it.each([
    [
      'an operator the kind does not take',
      { Conditions: [{ Kind: 'text', Operator: 'eq', Value: 'x' }] },
      'body/Conditions/0/Operator',
    ],
    [
      'between with min > max',
      { Conditions: [{ Kind: 'score', Operator: 'between', Value: [8, 2] }] },
      'body/Conditions/0/Value',
    ],
    [
      'in without a list',
      { Conditions: [{ Kind: 'choice', Operator: 'in', Value: 2 }] },
      'body/Conditions/0/Value',
    ],
    [
      'an unknown NPS audience',
      { Conditions: [{ Kind: 'npsAudience', Operator: 'eq', Value: 'fan' }] },
      'body/Conditions/0/Value',
    ],
    [
      'an unknown sentiment',
      { Conditions: [{ Kind: 'sentiment', Operator: 'in', Value: ['angry'] }] },
      'body/Conditions/0/Value',
    ],
    [
      'custom data without its field',
      { Conditions: [{ Kind: 'customData', Operator: 'eq', Value: 'vip' }] },
      'body/Conditions/0/CustomDataNo',
    ],
    [
      'a question of another survey',
      { Conditions: [{ Kind: 'score', QuestionId: -1, Operator: 'lt', Value: 3 }] },
      'body/Conditions/0/QuestionId',
    ],
    [
      'a text question for a score',
      { Conditions: [{ Kind: 'score', QuestionId: -2, Operator: 'lt', Value: 3 }] },
      'body/Conditions/0/QuestionId',
    ],
    [
      'a topic id as an emotion',
      { Conditions: [{ Kind: 'emotion', Operator: 'eq', Value: -3 }] },
      'body/Conditions/0/Value',
    ],
    ["another tenant's survey", { SurveyIds: [-4] }, 'body/SurveyIds'],
    ["another tenant's channel", { TransactionChannelIds: [-5] }, 'body/TransactionChannelIds'],
    ["another tenant's owner", { OwnerId: -6 }, 'body/OwnerId'],
    ['an unknown product', { ProductIds: [2_000_000_000] }, 'body/ProductIds'],
  ])('refuses %s (400 3333 with its path), storing nothing', async (_, overrides, path) => {
    // Negative placeholders stand for fixture ids known only after the seed.
    const placeholders: Record<number, number> = {
      [-1]: ids.foreignQuestion,
      [-2]: ids.question.AR_COMMENT!,
      [-3]: ids.topic,
      [-4]: ids.otherSurvey,
      [-5]: ids.otherChannel,
      [-6]: ids.otherUser,
    };
    const body = JSON.parse(
      JSON.stringify(ruleBody(overrides as Partial<AlertRuleSave>)),
      (_key, value: unknown) => (typeof value === 'number' && value < 0 ? placeholders[value] : value),
    ) as AlertRuleSave;
    const before = await ruleCount();
    const response = await t.call('POST', '/api/alert-rules', { token: manage, body });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      Code: ErrorCode.ModelNotValid,
      Details: expect.arrayContaining([expect.objectContaining({ Path: path })]),
    });
    expect(await ruleCount()).toBe(before);
  });

  it('keeps reads to alert scopes and writes to alert:manage', async () => {
    const rule = await createRule(ruleBody());
    expect((await t.call('GET', '/api/alert-rules', { token: outsider })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/alert-rules/${rule.Id}`, { token: outsider })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/alert-rules/${rule.Id}`, { token: reader })).statusCode).toBe(200);
    for (const [method, url] of [
      ['PUT', `/api/alert-rules/${rule.Id}`],
      ['DELETE', `/api/alert-rules/${rule.Id}`],
      ['PUT', `/api/alert-rules/${rule.Id}/actions`],
    ] as const) {
      expect((await t.call(method, url, { token: reader, body: ruleBody() })).statusCode).toBe(403);
    }
  });

  it("shows another tenant none of the tenant's rules (404, not listed)", async () => {
    const rule = await createRule(ruleBody({ Title: 'Private rule' }));
    for (const [method, url, body] of [
      ['GET', `/api/alert-rules/${rule.Id}`, undefined],
      ['GET', `/api/alert-rules/${rule.Id}/actions`, undefined],
      ['PUT', `/api/alert-rules/${rule.Id}/actions`, { Actions: [] }],
      ['DELETE', `/api/alert-rules/${rule.Id}`, undefined],
    ] as const) {
      expect((await t.call(method, url, { token: other, body })).statusCode).toBe(404);
    }
    const list = await t.call('GET', '/api/alert-rules', { token: other });
    expect(list.json<GridPage<AlertRule>>().Items).toEqual([]);
    const [kept] = await t.database.db.select().from(alertRules).where(eq(alertRules.id, rule.Id));
    expect(kept!.title).toBe('Private rule');
  });

  it('refuses to delete a rule that has raised alerts (409 2401) and lets it be deactivated', async () => {
    const rule = await createRule(ruleBody());
    await push([record(2)]);
    const refused = await t.call('DELETE', `/api/alert-rules/${rule.Id}`, { token: manage });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      Code: ErrorCode.AlertRuleHasAlerts,
      Message: expect.stringContaining('deactivate'),
    });
    const off = await t.call('PUT', `/api/alert-rules/${rule.Id}`, {
      token: manage,
      body: { ...ruleBody(), Title: rule.Title, IsActive: false },
    });
    expect(off.json()).toMatchObject({ IsActive: false, AlertCount: 1 });
  });
});

describe('evaluation', () => {
  it('raises an alert with the rule owner, the session facts and its due time, and a created history row', async () => {
    const rule = await createRule(ruleBody({ DueHours: 5 }));
    await push([record(3, { extra: [{ Question: 'AR_CSAT', Value: 2 }] })]);
    await deactivate(rule.Id);
    const [alert] = await alertsOf(rule.Id);
    expect(alert).toMatchObject({
      tenantId: t.tenantId,
      surveyId: ids.survey,
      questionId: ids.question.AR_NPS,
      status: 1,
      readStatus: 0,
      assignedUserId: ids.owner,
      assignedRoleId: null,
      score: 3,
      channelId: ids.channel.br1,
      productId: ids.product.gold,
      mailQueuedAt: null,
    });
    expect(alert!.dueAt!.getTime() - alert!.createdAt.getTime()).toBe(5 * 3_600_000);
    const history = await t.database.db
      .select()
      .from(alertHistory)
      .where(eq(alertHistory.alertId, alert!.id));
    expect(history).toMatchObject([{ kind: 'created', toStatus: 1, userId: null }]);
  });

  it('compares scores, ranges and lists', async () => {
    const records = [3, 6, 7, 8, 10].map((nps) => record(nps));
    const nps = ids.question.AR_NPS!;
    expect(
      await raisedBy({ Conditions: [{ Kind: 'score', QuestionId: nps, Operator: 'lt', Value: 7 }] }, records),
    ).toBe(2);
    expect(
      await raisedBy(
        { Conditions: [{ Kind: 'score', QuestionId: nps, Operator: 'gte', Value: 8 }] },
        records,
      ),
    ).toBe(2);
    expect(
      await raisedBy({ Conditions: [{ Kind: 'score', QuestionId: nps, Operator: 'ne', Value: 7 }] }, records),
    ).toBe(4);
    expect(
      await raisedBy(
        { Conditions: [{ Kind: 'score', QuestionId: nps, Operator: 'between', Value: [6, 8] }] },
        records,
      ),
    ).toBe(3);
    expect(
      await raisedBy(
        { Conditions: [{ Kind: 'score', QuestionId: nps, Operator: 'in', Value: [3, 10] }] },
        records,
      ),
    ).toBe(2);
    expect(
      await raisedBy({ Conditions: [{ Kind: 'score', QuestionId: nps, Operator: 'eq', Value: 8 }] }, records),
    ).toBe(1);
  });

  it('reads chosen values, NPS audiences, free text and custom data', async () => {
    const reason = (values: number[]) => values.map((Value) => ({ Question: 'AR_REASON', Value }));
    const records = [
      record(2, { extra: reason([1, 2]), custom: 'VIP' }),
      record(7, {
        extra: [{ Question: 'AR_COMMENT', Text: 'The WAITING time was awful' }],
        custom: 'regular',
      }),
      record(9, { extra: reason([3]) }),
    ];
    const choice = ids.question.AR_REASON!;
    expect(
      await raisedBy(
        { Conditions: [{ Kind: 'choice', QuestionId: choice, Operator: 'eq', Value: 2 }] },
        records,
      ),
    ).toBe(1);
    expect(
      await raisedBy(
        { Conditions: [{ Kind: 'choice', QuestionId: choice, Operator: 'in', Value: [1, 3] }] },
        records,
      ),
    ).toBe(2);
    expect(
      await raisedBy({ Conditions: [{ Kind: 'npsAudience', Operator: 'eq', Value: 'detractor' }] }, records),
    ).toBe(1);
    expect(
      await raisedBy(
        { Conditions: [{ Kind: 'npsAudience', Operator: 'in', Value: ['passive', 'promoter'] }] },
        records,
      ),
    ).toBe(2);
    expect(
      await raisedBy({ Conditions: [{ Kind: 'text', Operator: 'contains', Value: 'waiting' }] }, records),
    ).toBe(1);
    const custom = { Kind: 'customData' as const, CustomDataNo: 1 };
    expect(await raisedBy({ Conditions: [{ ...custom, Operator: 'eq', Value: 'VIP' }] }, records)).toBe(1);
    expect(await raisedBy({ Conditions: [{ ...custom, Operator: 'contains', Value: 'ULA' }] }, records)).toBe(
      1,
    );
    expect(await raisedBy({ Conditions: [{ ...custom, Operator: 'ne', Value: 'VIP' }] }, records)).toBe(2);
  });

  it("reads every answer of a question, a question answered with text only, and keeps one answer's text apart from the next", async () => {
    const reason = (Value: number, Text?: string) => ({
      Question: 'AR_REASON',
      Value,
      ...(Text === undefined ? {} : { Text }),
    });
    const records = [
      record(2, { extra: [reason(1, 'Slow queue'), reason(3, 'Rude staff')] }),
      record(8, { extra: [reason(1)] }),
      record(9, { extra: [{ Question: 'AR_COMMENT', Text: 'The QUEUE was long' }] }),
    ];
    const choice = (Operator: 'eq' | 'ne' | 'in', Value: number | number[]) => ({
      Conditions: [{ Kind: 'choice' as const, QuestionId: ids.question.AR_REASON!, Operator, Value }],
    });
    expect(await raisedBy(choice('eq', 3), records)).toBe(1);
    expect(await raisedBy(choice('ne', 1), records)).toBe(1);
    expect(await raisedBy(choice('in', [2]), records)).toBe(0);
    const text = (question: string, Value: string) => ({
      Kind: 'text' as const,
      QuestionId: ids.question[question]!,
      Operator: 'contains' as const,
      Value,
    });
    expect(await raisedBy({ Conditions: [text('AR_REASON', 'rude')] }, records)).toBe(1);
    expect(await raisedBy({ Conditions: [text('AR_REASON', 'queuerude')] }, records)).toBe(0);
    expect(await raisedBy({ Conditions: [text('AR_REASON', 'queue rude')] }, records)).toBe(0);
    expect(await raisedBy({ Conditions: [text('AR_COMMENT', 'queue')] }, records)).toBe(1);
    expect(
      await raisedBy({ Conditions: [text('AR_REASON', 'queue'), text('AR_COMMENT', 'queue')] }, records),
    ).toBe(0);
    expect(
      await raisedBy(
        {
          Conditions: [{ Kind: 'choice', QuestionId: ids.question.AR_COMMENT!, Operator: 'ne', Value: 1 }],
        },
        records,
      ),
    ).toBe(0);
    expect(
      await raisedBy(
        { Conditions: [text('AR_REASON', 'queue'), text('AR_COMMENT', 'queue')], Logic: 'or' },
        records,
      ),
    ).toBe(2);
  });

  it('combines conditions with AND or OR', async () => {
    const records = [record(2, { custom: 'VIP' }), record(2), record(9, { custom: 'VIP' }), record(9)];
    const conditions: AlertRuleSave['Conditions'] = [
      { Kind: 'score', QuestionId: ids.question.AR_NPS!, Operator: 'lte', Value: 6 },
      { Kind: 'customData', CustomDataNo: 1, Operator: 'eq', Value: 'VIP' },
    ];
    expect(await raisedBy({ Conditions: conditions, Logic: 'and' }, records)).toBe(1);
    expect(await raisedBy({ Conditions: conditions, Logic: 'or' }, records)).toBe(3);
  });

  it('covers a region’s branches and a product group’s products, and nothing outside them', async () => {
    const records = [
      record(2, { channel: 'AR-BR-1', product: 'AR-GOLD' }),
      record(2, { channel: 'AR-BR-2', product: 'AR-CARDS' }),
      record(2, { channel: 'AR-BR-3', product: 'AR-GOLD' }),
      record(2, { channel: 'AR-BR-1', product: 'AR-LOANS' }),
    ];
    expect(await raisedBy({}, records)).toBe(2);
    expect(
      await raisedBy({ TransactionChannelIds: [ids.channel.bank!], ProductIds: [ids.product.all!] }, records),
    ).toBe(4);
    expect(await raisedBy({ TransactionChannelIds: [ids.channel.br3!] }, records)).toBe(1);
  });

  it('skips sessions not completed, rules of other surveys and inactive rules', async () => {
    const incomplete = record(null, { extra: [{ Question: 'AR_CSAT', Value: 1 }] });
    expect(
      await raisedBy(
        { Conditions: [{ Kind: 'score', QuestionId: ids.question.AR_CSAT!, Operator: 'lte', Value: 2 }] },
        [incomplete],
      ),
    ).toBe(0);
    expect(
      await raisedBy(
        {
          SurveyIds: [ids.otherSurveyOfTenant],
          Conditions: [{ Kind: 'npsAudience', Operator: 'eq', Value: 'detractor' }],
        },
        [record(1)],
      ),
    ).toBe(0);
    expect(await raisedBy({ IsActive: false }, [record(1)])).toBe(0);
  });

  it('raises sentiment, topic and emotion alerts when the text analysis arrives, once', async () => {
    const sentimentRule = await createRule(
      ruleBody({ Conditions: [{ Kind: 'sentiment', Operator: 'eq', Value: 'negative' }] }),
    );
    const topicRule = await createRule(
      ruleBody({ Conditions: [{ Kind: 'topic', Operator: 'in', Value: [ids.topic] }] }),
    );
    const emotionRule = await createRule(
      ruleBody({ Conditions: [{ Kind: 'emotion', Operator: 'eq', Value: ids.emotion }] }),
    );
    await push([record(8, { extra: [{ Question: 'AR_COMMENT', Text: 'Queue too long' }] })]);
    for (const rule of [sentimentRule, topicRule, emotionRule])
      expect(await alertsOf(rule.Id)).toHaveLength(0);

    const { db } = t.database;
    const [answer] = await db
      .select({ id: answers.id, sessionId: answers.sessionId })
      .from(answers)
      .where(and(eq(answers.questionId, ids.question.AR_COMMENT!), eq(answers.text, 'Queue too long')));
    const [emotionModel] = await db
      .select({ modelId: topics.modelId })
      .from(topics)
      .where(eq(topics.id, ids.emotion));
    const [topicModel] = await db
      .select({ modelId: topics.modelId })
      .from(topics)
      .where(eq(topics.id, ids.topic));
    const score = async () =>
      db.transaction(async (tx) => {
        await tx
          .insert(textAnalyses)
          .values({
            answerId: answer!.id,
            tenantId: t.tenantId,
            sessionId: answer!.sessionId,
            language: 'en',
            sentimentScore: 0,
          })
          .onConflictDoNothing();
        await tx
          .insert(textTopics)
          .values([
            {
              tenantId: t.tenantId,
              answerId: answer!.id,
              sessionId: answer!.sessionId,
              topicId: ids.topic,
              modelId: topicModel!.modelId,
            },
            {
              tenantId: t.tenantId,
              answerId: answer!.id,
              sessionId: answer!.sessionId,
              topicId: ids.emotion,
              modelId: emotionModel!.modelId,
              intensity: 0.8,
            },
          ])
          .onConflictDoNothing();
        return evaluateAlertRulesOnTextAnalysis(tx, {
          tenantId: t.tenantId,
          sessionIds: [answer!.sessionId],
          now: new Date(),
        });
      });
    expect(await score()).toBe(3);
    expect(await score()).toBe(0);
    for (const rule of [sentimentRule, topicRule, emotionRule]) {
      expect(await alertsOf(rule.Id)).toHaveLength(1);
      await deactivate(rule.Id);
    }
  });
});

describe('the differential test (issue 19 acceptance)', () => {
  it('raises exactly 7 alerts for 20 pushed sessions, the bell rises by 7, and a replay adds none', async () => {
    const { db } = t.database;
    const [owner] = await db
      .insert(users)
      .values({ tenantId: t.tenantId, userName: 'diff.owner', fullName: 'Diff Owner', passwordHash: 'x' })
      .returning({ id: users.id });
    const bellToken = await tokenAs(owner!.id, ['alert:read']);
    const bell = async () => {
      const response = await t.call('GET', '/api/alerts/count?alertOperatorStatus=0', { token: bellToken });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<number>();
    };
    const rule = await createRule(
      ruleBody({
        Title: 'Differential: detractors at region A cards',
        OwnerId: owner!.id,
        Conditions: [
          { Kind: 'npsAudience', QuestionId: ids.question.AR_NPS!, Operator: 'eq', Value: 'detractor' },
          { Kind: 'text', QuestionId: ids.question.AR_COMMENT!, Operator: 'contains', Value: 'queue' },
        ],
        Logic: 'or',
      }),
    );
    const matching = [
      record(0),
      record(6, { channel: 'AR-BR-2' }),
      record(4, { product: 'AR-CARDS' }),
      record(9, { extra: [{ Question: 'AR_COMMENT', Text: 'The QUEUE was long' }] }),
      record(1, { channel: 'AR-BR-2', product: 'AR-CARDS' }),
      record(10, { extra: [{ Question: 'AR_COMMENT', Text: 'queue' }], channel: 'AR-BR-2' }),
      record(5, { extra: [{ Question: 'AR_CSAT', Value: 1 }] }),
    ];
    const notMatching = [
      record(7),
      record(8),
      record(9),
      record(10),
      record(2, { channel: 'AR-BR-3' }),
      record(3, { product: 'AR-LOANS' }),
      record(0, { channel: 'AR-BR-3', product: 'AR-LOANS' }),
      record(9, { extra: [{ Question: 'AR_COMMENT', Text: 'Fast service' }] }),
      record(null, { extra: [{ Question: 'AR_COMMENT', Text: 'queue but not completed' }] }),
      record(7, { extra: [{ Question: 'AR_CSAT', Value: 1 }] }),
      record(8, { custom: 'queue' }),
      record(9, { channel: 'AR-BR-3', extra: [{ Question: 'AR_COMMENT', Text: 'queue' }] }),
      record(8, { product: 'AR-LOANS', extra: [{ Question: 'AR_COMMENT', Text: 'queue' }] }),
    ];
    // Interleaved, so the matching ones are not simply the first seven.
    const records = notMatching.flatMap((r, i) => (i < matching.length ? [r, matching[i]!] : [r]));
    expect(records).toHaveLength(20);
    const before = await bell();
    const key = { 'idempotency-key': `differential-${randomUUID()}` };
    const started = Date.now();
    const result = await push(records, key);
    expect(result.Accepted).toBe(20);
    const raised = await alertsOf(rule.Id);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(raised).toHaveLength(7);
    expect(await bell()).toBe(before + 7);
    // The raised alerts are exactly the matching records' sessions.
    const indexes = await db
      .select({ customData1: invitees.customData1, channel: invitees.transactionChannelId })
      .from(alerts)
      .innerJoin(invitees, eq(invitees.id, alerts.inviteeId))
      .where(eq(alerts.ruleId, rule.Id));
    expect(indexes).toHaveLength(7);

    const replay = await t.call('POST', '/api/rest-data/responses', {
      token: manage,
      body: { SurveyId: ids.survey, Records: records },
      headers: key,
    });
    expect(replay.statusCode).toBe(200);
    expect(await alertsOf(rule.Id)).toHaveLength(7);
    expect(await bell()).toBe(before + 7);
    await deactivate(rule.Id);
  });

  it('raises the alert of a respondent page completion', async () => {
    const rule = await createRule(
      ruleBody({ Conditions: [{ Kind: 'npsAudience', Operator: 'eq', Value: 'detractor' }] }),
    );
    const { db } = t.database;
    const [invitee] = await db
      .insert(invitees)
      .values({
        tenantId: t.tenantId,
        surveyId: ids.survey,
        fullName: 'Ada',
        transactionDate: new Date('2026-03-02T09:30:00Z'),
        transactionChannelId: ids.channel.br2!,
        productId: ids.product.gold!,
      })
      .returning({ id: invitees.id });
    const token = randomUUID();
    await db.insert(invitations).values({
      tenantId: t.tenantId,
      inviteeId: invitee!.id,
      surveyId: ids.survey,
      channel: 1,
      token,
      invitedAt: new Date(),
      sentAt: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const page = await t.call('POST', `/api/public/surveys/${token}/answers`, {
      body: { Answers: [{ QuestionId: ids.question.AR_NPS, Value: 1 }], Complete: false },
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(await alertsOf(rule.Id)).toHaveLength(0);
    const done = await t.call('POST', `/api/public/surveys/${token}/answers`, {
      body: {
        Answers: [{ QuestionId: ids.question.AR_NPS, Value: 1 }],
        Complete: true,
        SessionKey: page.json<{ SessionKey: string }>().SessionKey,
      },
    });
    expect(done.statusCode, done.body).toBe(200);
    const raised = await alertsOf(rule.Id);
    expect(raised).toHaveLength(1);
    const [session] = await db.select().from(sessions).where(eq(sessions.id, raised[0]!.sessionId!));
    expect(session).toMatchObject({ completion: 1, source: 'survey', inviteeId: invitee!.id });
    await deactivate(rule.Id);
  });
});

describe('question deletion', () => {
  it('refuses to delete a question an alert rule condition names (4007)', async () => {
    const { db } = t.database;
    const [library] = await db
      .insert(questions)
      .values({ tenantId: t.tenantId, surveyId: ids.survey, text: 'Only in a rule', type: 'MCSS', scale: 5 })
      .returning({ id: questions.id });
    const rule = await createRule(
      ruleBody({ Conditions: [{ Kind: 'score', QuestionId: library!.id, Operator: 'lte', Value: 2 }] }),
    );
    await deactivate(rule.Id);
    // Taken out of the survey since: only the rule still names it.
    await db.update(questions).set({ surveyId: null }).where(eq(questions.id, library!.id));
    const refused = await t.call('DELETE', `/api/questions/${library!.id}`, { token: manage });
    expect(refused.json()).toMatchObject({
      Code: ErrorCode.QuestionInUse,
      Details: [{ Path: 'alertRules', Message: '1' }],
    });
    const kept = await db.execute(
      sql`SELECT count(*)::int AS n FROM questions WHERE id = ${library!.id} AND NOT is_deleted`,
    );
    expect((kept as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });
});
