import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REST_DATA_MAX_BODY_BYTES,
  type DataValidationLogDetail,
  type DataValidationLog,
  type GridPage,
  type RestDataRecordInput,
  type RestDataResult,
  type Scope,
} from '@loupe/contracts';
import {
  answers,
  dataValidationLogs,
  employees,
  invitations,
  invitees,
  locations,
  products,
  questionChoices,
  questions,
  segmentGroups,
  segments,
  sessions,
  surveyFlows,
  surveys,
  tenants,
  transactionChannels,
  transactionTypes,
  users,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let adminToken: string;
let viewerToken: string;

/** Ids of the fixture's reference data, by integration code. */
const ids = {
  survey: 0,
  externalSurvey: 0,
  flow: 0,
  otherTenant: 0,
  otherSurvey: 0,
  otherUser: 0,
  channel: {} as Record<string, number>,
  location: {} as Record<string, number>,
  product: {} as Record<string, number>,
  type: {} as Record<string, number>,
  segment: {} as Record<string, number>,
  employee: {} as Record<string, number>,
  question: {} as Record<string, number>,
};

type TreeTable = typeof transactionChannels | typeof products | typeof locations;

/** Inserts a chain of nodes, each the child of the previous one, filling `level` and `path`. */
async function insertChain(table: TreeTable, tenantId: number, codes: string[], under?: number) {
  let parent: { id: number; path: number[] } | undefined;
  if (under !== undefined) {
    const [row] = await t.database.db
      .select({ id: table.id, path: table.path })
      .from(table)
      .where(eq(table.id, under));
    parent = row;
  }
  const created: number[] = [];
  for (const code of codes) {
    const [row] = await t.database.db
      .insert(table)
      .values({ tenantId, parentId: parent?.id ?? null, name: `Name ${code}`, code, level: 1, path: [] })
      .returning({ id: table.id });
    const path = [...(parent?.path ?? []), row!.id];
    await t.database.db.update(table).set({ path, level: path.length }).where(eq(table.id, row!.id));
    parent = { id: row!.id, path };
    created.push(row!.id);
  }
  return created;
}

async function seedFixture() {
  const { db } = t.database;
  const tenantId = t.tenantId;

  const [tr, ist, kdk] = await insertChain(locations, tenantId, ['TR', 'TR-34', 'TR-34-KDK']);
  Object.assign(ids.location, { TR: tr, 'TR-34': ist, 'TR-34-KDK': kdk });
  const [bank, marmara, br1] = await insertChain(transactionChannels, tenantId, [
    'BANK',
    'REG-MAR',
    'BR-001',
  ]);
  const [br2] = await insertChain(transactionChannels, tenantId, ['BR-002'], marmara);
  Object.assign(ids.channel, { BANK: bank, 'REG-MAR': marmara, 'BR-001': br1, 'BR-002': br2 });
  await db.update(transactionChannels).set({ locationId: kdk! }).where(eq(transactionChannels.id, br1!));
  const [cards, gold] = await insertChain(products, tenantId, ['CARDS', 'CARD-GOLD']);
  Object.assign(ids.product, { CARDS: cards, 'CARD-GOLD': gold });

  const typeRows = await db
    .insert(transactionTypes)
    .values([
      { tenantId, name: 'Deposit', code: 'TT-DEP' },
      { tenantId, name: 'Withdrawal', code: 'TT-WD' },
    ])
    .returning({ id: transactionTypes.id, code: transactionTypes.code });
  for (const row of typeRows) ids.type[row.code] = row.id;

  const [age] = await db
    .insert(segmentGroups)
    .values({ tenantId, name: 'Age', code: 'AGE' })
    .returning({ id: segmentGroups.id });
  const [tier] = await db
    .insert(segmentGroups)
    .values({ tenantId, name: 'Tier', code: 'TIER' })
    .returning({ id: segmentGroups.id });
  const segmentRows = await db
    .insert(segments)
    .values([
      { tenantId, groupId: age!.id, name: '18-25', code: 'Y' },
      { tenantId, groupId: age!.id, name: '26-40', code: 'M' },
      { tenantId, groupId: tier!.id, name: 'Gold', code: 'GOLD' },
    ])
    .returning({ id: segments.id, code: segments.code, groupId: segments.groupId });
  for (const row of segmentRows)
    ids.segment[`${row.groupId === age!.id ? 'AGE' : 'TIER'};${row.code}`] = row.id;

  const [employee] = await db
    .insert(employees)
    .values({ tenantId, fullName: 'Ece Teller', code: 'EMP-1', channelId: br1! })
    .returning({ id: employees.id });
  ids.employee['EMP-1'] = employee!.id;

  const [survey] = await db
    .insert(surveys)
    .values({ tenantId, title: 'Branch experience', type: 1 })
    .returning({ id: surveys.id });
  ids.survey = survey!.id;
  // An inactive flow with a lower id than the active one: the session takes the first active flow.
  await db.insert(surveyFlows).values({ tenantId, surveyId: survey!.id, name: 'Old flow', isActive: false });
  const [flow] = await db
    .insert(surveyFlows)
    .values({ tenantId, surveyId: survey!.id, name: 'Main flow' })
    .returning({ id: surveyFlows.id });
  ids.flow = flow!.id;

  const question = async (
    code: string,
    columns: Partial<typeof questions.$inferInsert> & { type: string },
    choices: number[] = [],
  ) => {
    const [row] = await db
      .insert(questions)
      .values({
        tenantId,
        surveyId: survey!.id,
        flowId: flow!.id,
        text: `Question ${code}`,
        integrationCode: code,
        ...columns,
      })
      .returning({ id: questions.id });
    ids.question[code] = row!.id;
    if (choices.length > 0) {
      await db.insert(questionChoices).values(
        choices.map((value, position) => ({
          tenantId,
          questionId: row!.id,
          label: `Choice ${value}`,
          value,
          position,
        })),
      );
    }
    return row!.id;
  };
  await question('Q_NPS', { type: 'MCSS', scale: 11, experienceId: 101, required: true });
  await question(
    'Q_CSAT',
    { type: 'MCSS', scale: 5, experienceId: 102, required: true },
    [1, 2, 3, 4, 5, 99],
  );
  await question('Q_REASON', { type: 'MCMS' }, [1, 2, 3]);
  await question('Q_COMMENT', { type: 'OETX', experienceId: 601 });
  const matrix = await question('Q_MATRIX', { type: 'MXSS', scale: 5 }, [1, 2, 3, 4, 5]);
  await question('Q_MX1', { type: 'MCSS', parentId: matrix, experienceId: 1601 });
  await question('Q_GONE', { type: 'MCSS', scale: 11, isDeleted: true });

  const [external] = await db
    .insert(surveys)
    .values({ tenantId, title: 'Call centre (external)', type: 4, sourceName: 'IVR' })
    .returning({ id: surveys.id });
  ids.externalSurvey = external!.id;
  await db.insert(questions).values({
    tenantId,
    surveyId: external!.id,
    text: 'IVR score',
    type: 'MCSS',
    scale: 11,
    integrationCode: 'Q_IVR',
  });

  // Another tenant with its own channel, survey and question: none of them may be reachable from Demo Bank.
  const [other] = await db.insert(tenants).values({ name: 'Other Bank' }).returning({ id: tenants.id });
  ids.otherTenant = other!.id;
  await insertChain(transactionChannels, other!.id, ['BR-OTHER']);
  const [otherSurvey] = await db
    .insert(surveys)
    .values({ tenantId: other!.id, title: 'Other survey' })
    .returning({ id: surveys.id });
  ids.otherSurvey = otherSurvey!.id;
  await db.insert(questions).values({
    tenantId: other!.id,
    surveyId: otherSurvey!.id,
    text: 'Other NPS',
    type: 'MCSS',
    scale: 11,
    integrationCode: 'Q_OTHER',
  });
  const [admin] = await db.select().from(users).where(eq(users.userName, 'admin'));
  const [otherUser] = await db
    .insert(users)
    .values({
      tenantId: other!.id,
      userName: 'other-admin',
      fullName: 'Other Admin',
      passwordHash: admin!.passwordHash,
    })
    .returning({ id: users.id });
  ids.otherUser = otherUser!.id;
}

/** A token for a demo-tenant (or other-tenant) user holding exactly `scopes`. */
async function tokenWith(scopes: Scope[], tenant: 'demo' | 'other' = 'demo') {
  if (tenant === 'other') {
    return t.tokenFor({ userId: ids.otherUser, tenantId: ids.otherTenant, scopes, name: 'other-admin' });
  }
  const [admin] = await t.database.db.select().from(users).where(eq(users.userName, 'admin'));
  return t.tokenFor({ userId: admin!.id, tenantId: t.tenantId, scopes, name: 'admin' });
}

/** `POST /api/rest-data/responses` as `token`, in English unless `headers` say otherwise. */
function post(body: unknown, token = adminToken, headers: Record<string, string> = {}) {
  return t.call('POST', '/api/rest-data/responses', { token, body, headers });
}

/** A valid record at a branch, with answers for every required question. */
function record(overrides: Partial<RestDataRecordInput> = {}): RestDataRecordInput {
  return {
    TransactionDate: '2024-05-01T10:00:00+03:00',
    AnsweredDate: '2024-05-01T12:30:00+03:00',
    TransactionChannel: 'BR-001',
    Answers: [
      { Question: 'Q_NPS', Value: 9 },
      { Question: 'Q_CSAT', Value: 4 },
    ],
    ...overrides,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  await seedFixture();
  adminToken = (await t.signIn('admin')).access_token;
  viewerToken = (await t.signIn('viewer')).access_token;
});
afterAll(async () => {
  await t?.close();
});

describe('POST /api/rest-data/responses', () => {
  it('stores 2 of 3 records, rejects the one with an unknown channel with 3101, and logs all three', async () => {
    const before = await t.database.db.select({ id: invitees.id }).from(invitees);
    const body = {
      SurveyId: ids.survey,
      Records: [
        record({
          TransactionProduct: 'CARD-GOLD',
          TransactionType: 'TT-DEP',
          InviteeLocation: 'TR-34-KDK',
          Employee: 'EMP-1',
          Segments: ['AGE;Y', 'TIER;GOLD'],
          InviteeFullName: 'Ayşe Yılmaz',
          InviteeEmail: 'ayse@example.com',
          InviteeMSISDN: '905551112233',
          InviteeLanguage: 'tr',
          CustomData1: 'VIP',
          CustomData10: 42,
          Answers: [
            { Question: 'Q_NPS', Value: 10 },
            { Question: 'Q_CSAT', Value: 5 },
            { Question: 'Q_COMMENT', Text: 'Çok hızlıydı, teşekkürler.' },
          ],
        }),
        record({ TransactionChannel: 'BR-404' }),
        record({ TransactionChannel: 'BR-002', AnsweredDate: undefined }),
      ],
    };
    const response = await post(body);
    expect(response.statusCode).toBe(200);
    const result = response.json<RestDataResult>();
    expect(result).toMatchObject({ Accepted: 2, Rejected: 1 });
    expect(result.Errors).toEqual([
      { Index: 1, Code: 3101, Message: 'Invalid transaction channels: BR-404' },
    ]);

    // PostgreSQL holds exactly the two accepted records, complete for the replica.
    const stored = await t.database.db
      .select()
      .from(invitees)
      .where(eq(invitees.surveyId, ids.survey))
      .orderBy(asc(invitees.id));
    expect(stored.length - before.length).toBe(2);
    const [first, second] = stored.slice(-2);
    expect(first).toMatchObject({
      tenantId: t.tenantId,
      transactionChannelId: ids.channel['BR-001'],
      productId: ids.product['CARD-GOLD'],
      transactionTypeId: ids.type['TT-DEP'],
      employeeId: ids.employee['EMP-1'],
      locationId: ids.location['TR-34-KDK'],
      segmentIds: [ids.segment['AGE;Y'], ids.segment['TIER;GOLD']],
      fullName: 'Ayşe Yılmaz',
      email: 'ayse@example.com',
      msisdn: '905551112233',
      language: 'tr',
      customData1: 'VIP',
      customData10: '42',
    });
    expect(first!.transactionDate.toISOString()).toBe('2024-05-01T07:00:00.000Z');
    expect(second).toMatchObject({
      transactionChannelId: ids.channel['BR-002'],
      productId: null,
      transactionTypeId: null,
      employeeId: null,
      locationId: null,
      segmentIds: [],
    });

    const inviteeIds = [first!.id, second!.id];
    const invitationRows = await t.database.db
      .select()
      .from(invitations)
      .where(inArray(invitations.inviteeId, inviteeIds));
    expect(invitationRows).toHaveLength(2);
    for (const invitation of invitationRows) {
      expect(invitation.channel).toBe(12);
      expect(invitation.token).toMatch(/^[0-9a-f-]{36}$/);
    }
    const sessionRows = await t.database.db
      .select()
      .from(sessions)
      .where(inArray(sessions.inviteeId, inviteeIds))
      .orderBy(asc(sessions.id));
    expect(sessionRows).toHaveLength(2);
    expect(sessionRows[0]).toMatchObject({ status: 1, completion: 1, source: 'rest-api', flowId: ids.flow });
    expect(sessionRows[0]!.answeredAt!.toISOString()).toBe('2024-05-01T09:30:00.000Z');
    expect(sessionRows[0]!.createdAt.toISOString()).toBe('2024-05-01T09:30:00.000Z');
    expect(sessionRows[0]!.invitationId).toBe(invitationRows.find((i) => i.inviteeId === first!.id)!.id);
    // Without AnsweredDate the session is answered now.
    expect(Date.now() - sessionRows[1]!.answeredAt!.getTime()).toBeLessThan(60_000);

    const answerRows = await t.database.db
      .select()
      .from(answers)
      .where(eq(answers.sessionId, sessionRows[0]!.id))
      .orderBy(asc(answers.id));
    expect(
      answerRows.map(({ questionId, choiceValue, score, text }) => ({
        questionId,
        choiceValue,
        score,
        text,
      })),
    ).toEqual([
      { questionId: ids.question.Q_NPS, choiceValue: 10, score: 10, text: null },
      { questionId: ids.question.Q_CSAT, choiceValue: 5, score: 5, text: null },
      {
        questionId: ids.question.Q_COMMENT,
        choiceValue: null,
        score: null,
        text: 'Çok hızlıydı, teşekkürler.',
      },
    ]);

    // After flush() the two accepted sessions are in the analytics replica, with the NPS answer scored.
    await t.replica.flush();
    const replicated = await t.replica.query<{
      session_id: number;
      nps_score: number | null;
      respondent_type: number | null;
    }>(
      'SELECT session_id, nps_score, respondent_type FROM sessions WHERE tenant_id = $1 ORDER BY session_id',
      [t.tenantId],
    );
    const newIds = sessionRows.map((row) => row.id);
    expect(replicated.filter((row) => newIds.includes(row.session_id))).toHaveLength(2);
    const [npsFact] = await t.replica.query<{ score: number; channel_id: number }>(
      'SELECT score, channel_id FROM facts WHERE session_id = $1 AND question_id = $2',
      [sessionRows[0]!.id, ids.question.Q_NPS!],
    );
    expect(npsFact).toEqual({ score: 10, channel_id: ids.channel['BR-001'] });
    // The rejected record reached neither database: both hold the same sessions of this survey.
    const inPostgres = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.surveyId, ids.survey));
    const [inReplica] = await t.replica.query<{ n: number }>(
      'SELECT count(*) AS n FROM sessions WHERE tenant_id = $1 AND survey_id = $2',
      [t.tenantId, ids.survey],
    );
    expect(inReplica?.n).toBe(inPostgres.length);

    // The log keeps the whole request and the result.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/data-validation-logs/${result.LogId}`,
      headers: t.authHeader(adminToken),
    });
    expect(detail.statusCode).toBe(200);
    const log = detail.json<DataValidationLogDetail>();
    expect(log).toMatchObject({
      Id: result.LogId,
      SurveyId: ids.survey,
      SurveyTitle: 'Branch experience',
      UserName: 'admin',
      Status: 'Failed',
      IsSuccessful: false,
      AcceptedCount: 2,
      RejectedCount: 1,
      Result: { Accepted: 2, Rejected: 1, Errors: result.Errors },
    });
    expect((log.Request as { Records: unknown[] }).Records).toHaveLength(3);
    expect(
      (log.Request as { Records: { TransactionChannel: string }[] }).Records[1]!.TransactionChannel,
    ).toBe('BR-404');
  });

  it('rejects each kind of invalid record with its own code and a message naming the value', async () => {
    const cases: { record: unknown; code: number; message: string }[] = [
      { record: record({ Segments: ['AGE;OLD'] }), code: 3100, message: 'Invalid segments: AGE;OLD' },
      { record: record({ Segments: ['GOLD'] }), code: 3100, message: 'Invalid segments: GOLD' },
      {
        record: record({ TransactionChannel: 'BR-OTHER' }),
        code: 3101,
        message: 'Invalid transaction channels: BR-OTHER',
      },
      { record: record({ TransactionType: 'TT-X' }), code: 3102, message: 'Invalid transaction types: TT-X' },
      { record: record({ TransactionProduct: 'LOANS' }), code: 3103, message: 'Invalid products: LOANS' },
      { record: record({ Employee: 'EMP-9' }), code: 3104, message: 'Invalid employees: EMP-9' },
      {
        record: record({ InviteeLocation: 'US-CA' }),
        code: 3106,
        message: 'Invalid invitee locations: US-CA',
      },
      { record: record({ Answers: [] }), code: 3107, message: 'Invitees with no answers.' },
      { record: record({ Answers: undefined }), code: 3107, message: 'Invitees with no answers.' },
      {
        record: record({ Answers: [{ Question: 'Q_UNKNOWN', Value: 1 }] }),
        code: 3108,
        message: 'Invalid question integration code or choice values: Q_UNKNOWN',
      },
      // A question of another survey of the tenant, of another tenant, and a deleted one.
      {
        record: record({ Answers: [{ Question: 'Q_IVR', Value: 1 }] }),
        code: 3108,
        message: 'Invalid question integration code or choice values: Q_IVR',
      },
      {
        record: record({ Answers: [{ Question: 'Q_OTHER', Value: 1 }] }),
        code: 3108,
        message: 'Invalid question integration code or choice values: Q_OTHER',
      },
      {
        record: record({ Answers: [{ Question: 'Q_GONE', Value: 1 }] }),
        code: 3108,
        message: 'Invalid question integration code or choice values: Q_GONE',
      },
      {
        record: record({ Answers: [{ Question: 'Q_NPS', Value: 11 }] }),
        code: 3108,
        message: 'Invalid question integration code or choice values: Q_NPS=11',
      },
      {
        record: record({ Answers: [{ Question: 'Q_CSAT', Value: 0 }] }),
        code: 3108,
        message: 'Invalid question integration code or choice values: Q_CSAT=0',
      },
      {
        record: record({ Answers: [{ Question: 'Q_REASON', Value: 7 }] }),
        code: 3108,
        message: 'Invalid question integration code or choice values: Q_REASON=7',
      },
      {
        record: record({ Answers: [{ Question: 'Q_NPS' }] }),
        code: 3108,
        message: 'Invalid question integration code or choice values: Q_NPS',
      },
      {
        record: record({ Answers: [{ Question: 'Q_COMMENT', Text: '  ' }] }),
        code: 3108,
        message: 'Invalid question integration code or choice values: Q_COMMENT',
      },
      {
        record: record({ Answers: [{ Question: 'Q_MATRIX', Value: 3 }] }),
        code: 3108,
        message: 'Invalid question integration code or choice values: Q_MATRIX',
      },
      {
        record: record({
          Answers: [
            { Question: 'Q_NPS', Value: 9 },
            { Question: 'Q_NPS', Value: 8 },
          ],
        }),
        code: 3108,
        message: 'Invalid question integration code or choice values: Q_NPS=8',
      },
      {
        record: record({ TransactionDate: '2024-02-30T10:00:00' }),
        code: 3333,
        message:
          'The request is not valid: TransactionDate: Expected an ISO 8601 date or date-time, e.g. 2024-05-01T10:30:00+03:00',
      },
      {
        record: record({ TransactionChannel: undefined }),
        code: 3333,
        message:
          'The request is not valid: TransactionChannel: Invalid input: expected string, received undefined',
      },
      {
        record: 'not a record',
        code: 3333,
        message: 'The request is not valid: Invalid input: expected object, received string',
      },
    ];
    const response = await post({ SurveyId: ids.survey, Records: cases.map((c) => c.record) });
    expect(response.statusCode).toBe(200);
    const result = response.json<RestDataResult>();
    expect(result).toMatchObject({ Accepted: 0, Rejected: cases.length });
    expect(result.Errors).toEqual(
      cases.map((c, index) => ({ Index: index, Code: c.code, Message: c.message })),
    );
  });

  it('reports every problem of a record, in the caller language', async () => {
    const response = await post(
      {
        SurveyId: ids.survey,
        Records: [record({ TransactionChannel: 'BR-404', TransactionProduct: 'LOANS', Answers: [] })],
      },
      adminToken,
      { language: 'tr' },
    );
    expect(response.json<RestDataResult>().Errors).toEqual([
      { Index: 0, Code: 3101, Message: 'Geçersiz işlem kanalları: BR-404' },
      { Index: 0, Code: 3103, Message: 'Geçersiz ürünler: LOANS' },
      { Index: 0, Code: 3107, Message: 'Cevabı olmayan katılımcılar.' },
    ]);
  });

  it('scores on the scale, keeps off-scale choices unscored, and marks sessions missing a required answer incomplete', async () => {
    const response = await post({
      SurveyId: ids.survey,
      Records: [
        record({
          TransactionDate: '2024-06-01 09:15:00',
          Answers: [
            { Question: 'Q_NPS', Value: 0 },
            { Question: 'Q_CSAT', Value: 99 },
            { Question: 'Q_REASON', Value: 1 },
            { Question: 'Q_REASON', Value: 3 },
            { Question: 'Q_MX1', Value: 2 },
          ],
        }),
        record({ TransactionDate: '2024-06-02', Answers: [{ Question: 'Q_NPS', Value: 7 }] }),
      ],
    });
    const result = response.json<RestDataResult>();
    expect(result).toMatchObject({ Accepted: 2, Rejected: 0, Errors: [] });

    const rows = await t.database.db
      .select({ session: sessions, transactionDate: invitees.transactionDate })
      .from(sessions)
      .innerJoin(invitees, eq(invitees.id, sessions.inviteeId))
      .orderBy(asc(sessions.id));
    const [full, partial] = rows.slice(-2);
    // Dates without an offset are the tenant's local time (Europe/Istanbul, UTC+3).
    expect(full!.transactionDate.toISOString()).toBe('2024-06-01T06:15:00.000Z');
    expect(partial!.transactionDate.toISOString()).toBe('2024-06-01T21:00:00.000Z');
    expect(full!.session.completion).toBe(1);
    expect(partial!.session.completion).toBe(2);

    const answerRows = await t.database.db
      .select({ questionId: answers.questionId, choiceValue: answers.choiceValue, score: answers.score })
      .from(answers)
      .where(eq(answers.sessionId, full!.session.id))
      .orderBy(asc(answers.id));
    expect(answerRows).toEqual([
      { questionId: ids.question.Q_NPS, choiceValue: 0, score: 0 },
      { questionId: ids.question.Q_CSAT, choiceValue: 99, score: null },
      { questionId: ids.question.Q_REASON, choiceValue: 1, score: null },
      { questionId: ids.question.Q_REASON, choiceValue: 3, score: null },
      // A matrix sub-question answers on its group's choices and 1-5 scale.
      { questionId: ids.question.Q_MX1, choiceValue: 2, score: 2 },
    ]);

    const log = await t.app.inject({
      method: 'GET',
      url: `/api/data-validation-logs/${result.LogId}`,
      headers: t.authHeader(adminToken),
    });
    expect(log.json<DataValidationLogDetail>()).toMatchObject({ Status: 'Successful', IsSuccessful: true });
  });

  it('refuses more than 10,000 records and a body over the limit with 413, storing and logging nothing', async () => {
    const logsBefore = await t.database.db.select({ id: dataValidationLogs.id }).from(dataValidationLogs);
    const tooMany = await post({
      SurveyId: ids.survey,
      Records: Array.from({ length: 10_001 }, () => record()),
    });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toMatchObject({ Code: 413, Details: { MaxRecords: 10_000, Records: 10_001 } });

    const padding = 'x'.repeat(REST_DATA_MAX_BODY_BYTES);
    const tooLarge = await t.app.inject({
      method: 'POST',
      url: '/api/rest-data/responses',
      headers: { ...t.authHeader(adminToken), 'content-type': 'application/json', language: 'en' },
      payload: `{"SurveyId":${ids.survey},"Records":[{"CustomData1":"${padding}"}]}`,
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ Code: 413, Message: 'The request is too large.' });

    const logsAfter = await t.database.db.select({ id: dataValidationLogs.id }).from(dataValidationLogs);
    expect(logsAfter).toHaveLength(logsBefore.length);
  });

  it('takes exactly 10,000 records in one call, storing the valid ones in bulk', async () => {
    // 1,000 valid records exercise the bulk insert; the other 9,000 (unknown channel) keep the test quick.
    const response = await post({
      SurveyId: ids.survey,
      Records: Array.from({ length: 10_000 }, (_, i) =>
        i % 10 === 0 ? record({ CustomData2: `batch-${i}` }) : record({ TransactionChannel: 'BR-404' }),
      ),
    });
    expect(response.statusCode).toBe(200);
    const result = response.json<RestDataResult>();
    expect(result).toMatchObject({ Accepted: 1_000, Rejected: 9_000 });
    expect(result.Errors).toHaveLength(9_000);
    const stored = await t.database.db
      .select({ id: invitees.id })
      .from(invitees)
      .where(inArray(invitees.customData2, ['batch-0', 'batch-5000', 'batch-9990']));
    expect(stored).toHaveLength(3);
  });

  it('refuses a malformed envelope with 400 3333', async () => {
    const response = await post({ Records: [record()] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ Code: 3333 });
    expect((await post({ SurveyId: ids.survey, Records: [] })).statusCode).toBe(400);
  });

  it('refuses callers without survey:manage or externalSurvey:manage', async () => {
    expect((await post({ SurveyId: ids.survey, Records: [record()] }, viewerToken)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/rest-data/responses', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets an external-survey manager push to external-source surveys only', async () => {
    const token = await tokenWith(['externalSurvey:manage']);
    const external = await post(
      { SurveyId: ids.externalSurvey, Records: [record({ Answers: [{ Question: 'Q_IVR', Value: 8 }] })] },
      token,
    );
    expect(external.statusCode).toBe(200);
    expect(external.json<RestDataResult>()).toMatchObject({ Accepted: 1, Rejected: 0 });
    expect((await post({ SurveyId: ids.survey, Records: [record()] }, token)).statusCode).toBe(403);
  });

  it("keeps tenants apart: another tenant's survey is not found and its codes are unknown", async () => {
    const foreign = await post({ SurveyId: ids.otherSurvey, Records: [record()] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ Code: 404 });
    expect((await post({ SurveyId: 999_999, Records: [record()] })).statusCode).toBe(404);

    // The other tenant's admin cannot use Demo Bank's survey or codes either.
    const otherToken = await tokenWith(['survey:manage'], 'other');
    expect((await post({ SurveyId: ids.survey, Records: [record()] }, otherToken)).statusCode).toBe(404);
    const own = await post(
      {
        SurveyId: ids.otherSurvey,
        Records: [
          record({ TransactionChannel: 'BR-OTHER', Answers: [{ Question: 'Q_OTHER', Value: 6 }] }),
          record({ TransactionChannel: 'BR-001', Answers: [{ Question: 'Q_OTHER', Value: 6 }] }),
          record({ TransactionChannel: 'BR-OTHER', Answers: [{ Question: 'Q_NPS', Value: 6 }] }),
        ],
      },
      otherToken,
    );
    expect(own.json<RestDataResult>()).toMatchObject({
      Accepted: 1,
      Rejected: 2,
      Errors: [
        { Index: 1, Code: 3101 },
        { Index: 2, Code: 3108 },
      ],
    });
  });
});

/** Invitees stored with this CustomData2 marker. */
async function storedWith(marker: string) {
  const rows = await t.database.db
    .select({ id: invitees.id })
    .from(invitees)
    .where(eq(invitees.customData2, marker));
  return rows.length;
}

async function logDetail(logId: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/data-validation-logs/${logId}`,
    headers: t.authHeader(adminToken),
  });
  expect(response.statusCode).toBe(200);
  return response.json<DataValidationLogDetail>();
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('REST data: one bad record never sinks the batch', () => {
  it('stores 99 valid records and rejects the one with a NUL byte, logging it', async () => {
    const marker = `nul-${Date.now()}`;
    const records = Array.from({ length: 100 }, () => record({ CustomData2: marker }));
    records[42] = record({
      CustomData2: marker,
      Answers: [
        { Question: 'Q_NPS', Value: 9 },
        { Question: 'Q_CSAT', Value: 4 },
        { Question: 'Q_COMMENT', Text: 'fine\u0000print' },
      ],
    });
    const response = await post({ SurveyId: ids.survey, Records: records });
    expect(response.statusCode).toBe(200);
    const result = response.json<RestDataResult>();
    expect(result).toMatchObject({ Accepted: 99, Rejected: 1 });
    expect(result.Errors).toEqual([
      { Index: 42, Code: 3333, Message: expect.stringContaining('Answers.2.Text') },
    ]);
    expect(await storedWith(marker)).toBe(99);

    const log = await logDetail(result.LogId);
    expect(log).toMatchObject({ AcceptedCount: 99, RejectedCount: 1, RequestTruncated: false });
    expect(log.Result.Errors).toEqual(result.Errors);
    expect((log.Request as { Records: unknown[] }).Records).toHaveLength(100);
  });

  it('refuses NUL, control characters and broken Unicode in any text, per record', async () => {
    const marker = `ctl-${Date.now()}`;
    const bad: Partial<RestDataRecordInput>[] = [
      { TransactionChannel: 'BR-\u0000001' },
      { InviteeFullName: 'Ayşe\u0007' },
      { Segments: ['AGE;Y\u0000'] },
      { CustomData1: 'half \ud800 pair' },
      { InviteeEmail: 'a\u0000@example.com' },
      { Answers: [{ Question: 'Q_\u0000NPS', Value: 9 }] },
    ];
    const response = await post({
      SurveyId: ids.survey,
      Records: [
        ...bad.map((overrides) => record({ CustomData2: marker, ...overrides })),
        // Tabs and line breaks stay allowed in free text.
        record({ CustomData2: marker, CustomData1: 'line one\nline two\ttabbed' }),
      ],
    });
    expect(response.statusCode).toBe(200);
    const result = response.json<RestDataResult>();
    expect(result).toMatchObject({ Accepted: 1, Rejected: bad.length });
    expect(result.Errors.map((error) => [error.Index, error.Code])).toEqual(bad.map((_, i) => [i, 3333]));
    for (const error of result.Errors) expect(error.Message).not.toContain('\u0000');
    expect(await storedWith(marker)).toBe(1);
  });

  it('refuses dates before 2000-01-01 or more than a day ahead per record with 3333, and takes the bounds', async () => {
    const marker = `dates-${Date.now()}`;
    const now = Date.now();
    const cases: Partial<RestDataRecordInput>[] = [
      { TransactionDate: '0001-01-01' },
      { TransactionDate: '2099-06-01T10:00:00+03:00' },
      { TransactionDate: '1999-12-31T23:59:59Z' },
      { TransactionDate: isoDay(now + 3 * 86_400_000) },
      { AnsweredDate: '0000-01-01T00:00:00' },
      { AnsweredDate: new Date(now + 2 * 86_400_000).toISOString() },
    ];
    const good: Partial<RestDataRecordInput>[] = [
      { TransactionDate: '2000-01-01T00:00:00Z', AnsweredDate: '2000-01-01' },
      { TransactionDate: new Date(now).toISOString(), AnsweredDate: new Date(now + 3_600_000).toISOString() },
    ];
    const response = await post({
      SurveyId: ids.survey,
      Records: [...cases, ...good].map((overrides) => record({ CustomData2: marker, ...overrides })),
    });
    expect(response.statusCode).toBe(200);
    const result = response.json<RestDataResult>();
    expect(result).toMatchObject({ Accepted: 2, Rejected: cases.length });
    expect(result.Errors).toEqual(
      cases.map((overrides, index) => ({
        Index: index,
        Code: 3333,
        Message: expect.stringMatching(
          new RegExp(
            `^The request is not valid: ${Object.keys(overrides)[0]}: Expected a date from 2000-01-01`,
          ),
        ),
      })),
    );
    expect(await storedWith(marker)).toBe(2);
  });

  it('keeps the first 64 KB of a large body in the log, with its size, and every record error', async () => {
    const marker = `big-${Date.now()}`;
    // 120 records of about 2.2 KB each: a body of about 260 KB, one record rejected in the part not kept.
    const records = Array.from({ length: 120 }, (_, i) =>
      record({ CustomData2: marker, CustomData3: `${'é'.repeat(1000)}${i}`, CustomData4: 'x'.repeat(150) }),
    );
    records[110] = record({ CustomData2: marker, TransactionChannel: 'BR-404' });
    const payload = JSON.stringify({ SurveyId: ids.survey, Records: records });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/rest-data/responses',
      headers: { ...t.authHeader(adminToken), 'content-type': 'application/json', language: 'en' },
      payload,
    });
    expect(response.statusCode).toBe(200);
    const result = response.json<RestDataResult>();
    expect(result).toMatchObject({ Accepted: 119, Rejected: 1, Errors: [{ Index: 110, Code: 3101 }] });

    const log = await logDetail(result.LogId);
    const bodyBytes = Buffer.byteLength(payload);
    expect(bodyBytes).toBeGreaterThan(200_000);
    expect(log).toMatchObject({ RequestBytes: bodyBytes, RequestTruncated: true });
    expect(typeof log.Request).toBe('string');
    const kept = log.Request as string;
    expect(Buffer.byteLength(kept)).toBeLessThanOrEqual(64 * 1024);
    expect(Buffer.byteLength(kept)).toBeGreaterThan(64 * 1024 - 4);
    expect(payload.startsWith(kept)).toBe(true);
    expect(log.Result.Errors).toEqual(result.Errors);
    const [stored] = await t.database.raw<{ bytes: number }>(
      'SELECT octet_length(request) AS bytes FROM data_validation_logs WHERE id = $1',
      [result.LogId],
    );
    expect(Number(stored!.bytes)).toBeLessThanOrEqual(64 * 1024);
  });

  it('sets aside a record the database refuses and stores the rest', async () => {
    const marker = `db-${Date.now()}`;
    // A rule the validation does not know: the database refuses that record's statement.
    await t.database.raw(
      "ALTER TABLE invitees ADD CONSTRAINT test_refuse_boom CHECK (full_name IS DISTINCT FROM 'BOOM')",
    );
    try {
      const records = Array.from({ length: 9 }, (_, i) =>
        record({ CustomData2: marker, InviteeFullName: i === 6 ? 'BOOM' : `Name ${i}` }),
      );
      const response = await post({ SurveyId: ids.survey, Records: records });
      expect(response.statusCode).toBe(200);
      const result = response.json<RestDataResult>();
      expect(result).toMatchObject({ Accepted: 8, Rejected: 1, Errors: [{ Index: 6, Code: 3333 }] });
      expect(await storedWith(marker)).toBe(8);
      expect((await logDetail(result.LogId)).RejectedCount).toBe(1);
    } finally {
      await t.database.raw('ALTER TABLE invitees DROP CONSTRAINT test_refuse_boom');
    }
  });
});

describe('REST data: Idempotency-Key', () => {
  it('answers a retried call from the first result and stores it once', async () => {
    const marker = `idem-${Date.now()}`;
    const body = {
      SurveyId: ids.survey,
      Records: [
        record({ CustomData2: marker }),
        record({ CustomData2: marker, TransactionChannel: 'BR-404' }),
      ],
    };
    const key = `batch ${marker}`;
    const first = await post(body, adminToken, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const logsAfterFirst = await t.database.db.select({ id: dataValidationLogs.id }).from(dataValidationLogs);

    const retry = await post(body, adminToken, { 'idempotency-key': key });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await storedWith(marker)).toBe(1);
    const logsAfterRetry = await t.database.db.select({ id: dataValidationLogs.id }).from(dataValidationLogs);
    expect(logsAfterRetry).toHaveLength(logsAfterFirst.length);

    // Without a key, or with another one, the same body is a new call.
    expect((await post(body, adminToken, { 'idempotency-key': `${key}-2` })).json()).toMatchObject({
      Accepted: 1,
    });
    expect(await storedWith(marker)).toBe(2);
  });

  it('refuses the same key with a different body with 422 3114, storing nothing', async () => {
    const marker = `idem-diff-${Date.now()}`;
    const key = marker;
    const first = await post(
      { SurveyId: ids.survey, Records: [record({ CustomData2: marker })] },
      adminToken,
      { 'idempotency-key': key },
    );
    expect(first.statusCode).toBe(200);
    const other = await post(
      { SurveyId: ids.survey, Records: [record({ CustomData2: marker }), record({ CustomData2: marker })] },
      adminToken,
      { 'idempotency-key': key },
    );
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      Code: 3114,
      Message: 'This Idempotency-Key was already used for a different request.',
    });
    expect(await storedWith(marker)).toBe(1);
  });

  it('keeps keys apart per user: another caller may use the same key', async () => {
    const marker = `idem-user-${Date.now()}`;
    const body = {
      SurveyId: ids.externalSurvey,
      Records: [record({ CustomData2: marker, Answers: [{ Question: 'Q_IVR', Value: 8 }] })],
    };
    const [manager] = await t.database.db.select().from(users).where(eq(users.userName, 'manager'));
    const managerToken = await t.tokenFor({
      userId: manager!.id,
      tenantId: t.tenantId,
      scopes: ['survey:manage'],
      name: 'manager',
    });
    expect((await post(body, adminToken, { 'idempotency-key': marker })).statusCode).toBe(200);
    const second = await post(body, managerToken, { 'idempotency-key': marker });
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(await storedWith(marker)).toBe(2);
  });

  it('stores concurrent duplicates once and answers them all alike', async () => {
    const marker = `idem-race-${Date.now()}`;
    const body = {
      SurveyId: ids.survey,
      Records: Array.from({ length: 200 }, () => record({ CustomData2: marker })),
    };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post(body, adminToken, { 'idempotency-key': marker })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    const logIds = new Set(answers.map((answer) => answer.json<RestDataResult>().LogId));
    expect(logIds.size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(5);
    expect(await storedWith(marker)).toBe(200);
  });

  it('forgets a key after 24 hours, deleting expired keys on write', async () => {
    const marker = `idem-old-${Date.now()}`;
    const body = { SurveyId: ids.survey, Records: [record({ CustomData2: marker })] };
    const first = await post(body, adminToken, { 'idempotency-key': marker });
    expect(first.statusCode).toBe(200);
    await t.database.raw(
      "UPDATE rest_data_idempotency_keys SET created_at = now() - interval '24 hours 1 minute' WHERE key = $1",
      [marker],
    );
    const again = await post(body, adminToken, { 'idempotency-key': marker });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json<RestDataResult>().LogId).not.toBe(first.json<RestDataResult>().LogId);
    expect(await storedWith(marker)).toBe(2);

    // Another call's write removes keys past their 24 hours.
    await t.database.raw(
      "UPDATE rest_data_idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1",
      [marker],
    );
    await post(body, adminToken, { 'idempotency-key': `${marker}-next` });
    const left = await t.database.raw<{ n: number }>(
      'SELECT count(*)::int AS n FROM rest_data_idempotency_keys WHERE key = $1',
      [marker],
    );
    expect(left[0]!.n).toBe(0);
  });

  it('refuses a malformed Idempotency-Key with 400 3333, storing nothing', async () => {
    const marker = `idem-bad-${Date.now()}`;
    const body = { SurveyId: ids.survey, Records: [record({ CustomData2: marker })] };
    for (const key of ['x'.repeat(256), 'tab\there', 'ключ', ' ']) {
      const response = await post(body, adminToken, { 'idempotency-key': key });
      expect(response.statusCode, key).toBe(400);
      expect(response.json()).toMatchObject({ Code: 3333, Details: [{ Path: 'headers/idempotency-key' }] });
    }
    expect(await storedWith(marker)).toBe(0);
    expect((await post(body, adminToken, { 'idempotency-key': 'x'.repeat(255) })).statusCode).toBe(200);
  });
});

describe('GET /api/data-validation-logs, POST …/query', () => {
  it('lists the tenant logs newest first with paging and Count', async () => {
    const all = await t.app.inject({
      method: 'GET',
      url: '/api/data-validation-logs?$top=100',
      headers: t.authHeader(adminToken),
    });
    expect(all.statusCode).toBe(200);
    const list = all.json<GridPage<DataValidationLog>>();
    const demoLogs = await t.database.db
      .select({ id: dataValidationLogs.id })
      .from(dataValidationLogs)
      .where(eq(dataValidationLogs.tenantId, t.tenantId));
    expect(list.Count).toBe(demoLogs.length);
    expect(list.Items.map((item) => item.Id)).toEqual(demoLogs.map((row) => row.id).sort((a, b) => b - a));
    expect(list.Items.every((item) => item.SurveyId !== ids.otherSurvey)).toBe(true);
    expect(list.Items[0]).not.toHaveProperty('Request');

    const page = await t.app.inject({
      method: 'POST',
      url: '/api/data-validation-logs/query?$top=2&$skip=1',
      headers: t.authHeader(adminToken),
      payload: {},
    });
    const paged = page.json<GridPage<DataValidationLog>>();
    expect(paged.Count).toBe(list.Count);
    expect(paged.Items.map((item) => item.Id)).toEqual(list.Items.slice(1, 3).map((item) => item.Id));
  });

  it('filters by status, date and source (the sending account) with the shared grid $filter', async () => {
    const read = async (filter: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/data-validation-logs?$top=500&$filter=${encodeURIComponent(filter)}`,
        headers: t.authHeader(adminToken),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<GridPage<DataValidationLog>>();
    };
    const all = await read('Id gt 0');
    const failed = await read("Status eq 'Failed'");
    expect(failed.Count).toBeGreaterThan(0);
    expect(failed.Items.every((item) => item.Status === 'Failed' && item.RejectedCount > 0)).toBe(true);
    const successful = await read('IsSuccessful');
    expect(successful.Count + failed.Count).toBe(all.Count);
    const byAdmin = await read("UserName eq 'admin'");
    expect(byAdmin.Items.every((item) => item.UserName === 'admin')).toBe(true);
    // The answer's dates have milliseconds; PostgreSQL keeps microseconds: compare past the newest millisecond.
    const afterNewest = new Date(Date.parse(all.Items[0]!.CreatedDate) + 1).toISOString();
    expect((await read(`CreatedDate ge ${afterNewest}`)).Count).toBe(0);
    expect((await read(`CreatedDate lt ${afterNewest}`)).Count).toBe(all.Count);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/data-validation-logs?$filter=${encodeURIComponent("Request eq 'x'")}`,
      headers: t.authHeader(adminToken),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ Code: 3333, Details: [{ Path: '$filter' }] });
  });

  it('opens to log:monitor, refuses report readers, and hides other tenants logs', async () => {
    const monitor = await tokenWith(['log:monitor']);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/data-validation-logs',
      headers: t.authHeader(monitor),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<GridPage<DataValidationLog>>().Items.length).toBeGreaterThan(0);

    const viewer = await t.app.inject({
      method: 'GET',
      url: '/api/data-validation-logs',
      headers: t.authHeader(viewerToken),
    });
    expect(viewer.statusCode).toBe(403);

    const [otherLog] = await t.database.db
      .select({ id: dataValidationLogs.id })
      .from(dataValidationLogs)
      .where(eq(dataValidationLogs.tenantId, ids.otherTenant));
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/data-validation-logs/${otherLog!.id}`,
      headers: t.authHeader(adminToken),
    });
    expect(foreign.statusCode).toBe(404);
  });
});
