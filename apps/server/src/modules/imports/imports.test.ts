import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ELIMINATION_REASON as R,
  ErrorCode,
  IMPORT_LOG_STATUS as S,
  errorMessage,
  type ImportDataLogDetail,
  type ImportDataSource,
  type InviteeCreateAnswer,
  type StagedInviteeRow,
} from '@loupe/contracts';
import {
  employees,
  importDataLogs,
  importDataSources,
  invitationMessages,
  invitations,
  invitees,
  locations,
  optouts,
  products,
  segmentGroups,
  segments,
  stagedInvitees,
  surveyFlows,
  surveys,
  systemRules,
  tenants,
  transactionChannels,
  transactionTypes,
} from '../../db/schema/index.js';
import { createTestApp, type ApiMethod, type TestApp } from '../../test/test-app.js';
import { signInNewUser } from '../../test/tenant-test-actors.js';
import { XLSX_MIME, csvFile, multipartBody, xlsxFile } from './imports-fixture.js';

/*
 * Imports through the real routes, jobs (pg-boss) and database (docs/data-flow.md): the file rules, a 10,000-row
 * workbook with planted bad rows ending with exact counts per reason and code, the second user's approval, the
 * rules stopping invitations the invitations module would send, sources' refusals, the create-invitee form and
 * the invitee pool's filters and masking, each within its tenant.
 */

let t: TestApp;
const tokens = { uploader: '', approver: '', admin: '', reader: '', masked: '', other: '', none: '' };
const ids = {
  root: 0,
  c1: 0,
  c2: 0,
  p1: 0,
  p2: 0,
  t1: 0,
  t2: 0,
  l1: 0,
  l2: 0,
  g1: 0,
  s1: 0,
  s2: 0,
  closedSurvey: 0,
  openSurvey: 0,
  otherSurvey: 0,
  otherTenant: 0,
};
const code = (prefix: string) => `${prefix}-${randomUUID().slice(0, 6)}`;
const codes = {
  c1: code('C1'),
  c2: code('C2'),
  p1: code('P1'),
  p2: code('P2'),
  t1: code('T1'),
  t2: code('T2'),
};
const more = {
  l1: code('L1'),
  l2: code('L2'),
  g1: code('G1'),
  s1: code('S1'),
  s2: code('S2'),
  e1: code('E1'),
  e2: code('E2'),
};
const db = () => t.database.db;

type Refusal = { Code: number; Details?: { Path: string; Message: string }[] };

const call = async (method: ApiMethod, url: string, token: string, body?: unknown) => {
  const response = await t.call(method, url, { token, ...(body === undefined ? {} : { body }) });
  return { status: response.statusCode, text: response.body, json: <T = Refusal>() => response.json<T>() };
};

async function upload(
  token: string,
  fields: Record<string, string>,
  file?: { name: string; type: string; content: Buffer },
  path = '/api/import-data-logs',
) {
  const { payload, headers } = multipartBody(fields, file);
  const response = await t.app.inject({
    method: 'POST',
    url: path,
    payload,
    headers: { ...headers, ...t.authHeader(token), language: 'en' },
  });
  return { status: response.statusCode, text: response.body, json: <T = Refusal>() => response.json<T>() };
}

async function settled(id: number, token = tokens.uploader): Promise<ImportDataLogDetail> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const detail = (await call('GET', `/api/import-data-logs/${id}`, token)).json<ImportDataLogDetail>();
    if (![S.Initial, S.New, S.Processing, S.Approved].includes(detail.Status as never)) return detail;
    if (Date.now() > deadline) throw new Error(`import ${id} still ${detail.Status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function tree(
  table: typeof transactionChannels | typeof products | typeof locations,
  name: string,
  code: string,
  parent?: { id: number; path: number[] },
) {
  const [row] = await db()
    .insert(table)
    .values({
      tenantId: t.tenantId,
      name,
      code,
      level: parent ? parent.path.length + 1 : 1,
      path: [],
      parentId: parent?.id ?? null,
    })
    .returning({ id: table.id });
  const path = [...(parent?.path ?? []), row!.id];
  await db().update(table).set({ path }).where(eq(table.id, row!.id));
  return { id: row!.id, path };
}

async function survey(values: Partial<typeof surveys.$inferInsert>, open: boolean, tenantId = t.tenantId) {
  const [row] = await db()
    .insert(surveys)
    .values({ tenantId, title: code('Survey'), language: 'en', ...values })
    .returning({ id: surveys.id });
  if (open) await db().insert(surveyFlows).values({ tenantId, surveyId: row!.id, name: 'Main' });
  return row!.id;
}

/** An invitation of each of `emails` on `surveyId`, `hoursAgo` hours ago. */
async function pastInvitations(surveyId: number, emails: string[], hoursAgo: number) {
  const at = new Date(Date.now() - hoursAgo * 3_600_000);
  const rows = await db()
    .insert(invitees)
    .values(emails.map((email) => ({ tenantId: t.tenantId, surveyId, email, transactionDate: at })))
    .returning({ id: invitees.id });
  await db()
    .insert(invitations)
    .values(
      rows.map((row) => ({
        tenantId: t.tenantId,
        surveyId,
        inviteeId: row.id,
        channel: 1,
        token: randomUUID(),
        invitedAt: at,
        expiresAt: new Date(at.getTime() + 86_400_000),
      })),
    );
}

const EMAIL_TEMPLATE = {
  Channel: 1,
  Subject: 'Your visit',
  Body: '<p><a href="{{ExecutionLink}}">Start</a></p>',
};

beforeAll(async () => {
  t = await createTestApp(
    process.env.IMPORTS_TIMING ? { logger: (await import('../../logger.js')).createLogger('info') } : {},
  );
  await t.app.ready();
  const tenantId = t.tenantId;
  const root = await tree(transactionChannels, 'Region', code('R'));
  ids.root = root.id;
  ids.c1 = (await tree(transactionChannels, 'Branch 1', codes.c1, root)).id;
  ids.c2 = (await tree(transactionChannels, 'Branch 2', codes.c2)).id;
  ids.p1 = (await tree(products, 'Card', codes.p1)).id;
  ids.p2 = (await tree(products, 'Loan', codes.p2)).id;
  ids.l1 = (await tree(locations, 'Istanbul', more.l1)).id;
  ids.l2 = (await tree(locations, 'Ankara', more.l2)).id;
  const [t1, t2] = await db()
    .insert(transactionTypes)
    .values([
      { tenantId, name: 'Visit', code: codes.t1 },
      { tenantId, name: 'Call', code: codes.t2 },
    ])
    .returning({ id: transactionTypes.id });
  ids.t1 = t1!.id;
  ids.t2 = t2!.id;
  const [group] = await db()
    .insert(segmentGroups)
    .values({ tenantId, name: 'Tier', code: more.g1 })
    .returning({ id: segmentGroups.id });
  ids.g1 = group!.id;
  const [s1, s2] = await db()
    .insert(segments)
    .values([
      { tenantId, groupId: group!.id, name: 'Gold', code: more.s1 },
      { tenantId, groupId: group!.id, name: 'Silver', code: more.s2 },
    ])
    .returning({ id: segments.id });
  ids.s1 = s1!.id;
  ids.s2 = s2!.id;
  await db()
    .insert(employees)
    .values([
      { tenantId, fullName: 'Ayşe', code: more.e1, channelId: ids.c1 },
      { tenantId, fullName: 'Mehmet', code: more.e2, channelId: ids.c2 },
    ]);
  const audience = {
    Conditions: [
      { Property: 'ChannelSet', Value: { Ids: [ids.root] }, Exclude: false },
      { Property: 'ProductSet', Value: { Ids: [ids.p2] }, Exclude: true },
      { Property: 'TransactionTypeId', Value: [ids.t1], Exclude: false },
      { Property: 'InviteeLocationSet', Value: { Ids: [ids.l1] }, Exclude: false },
      { Property: 'Segments', Value: [`${ids.g1};${ids.s1}`], Exclude: false },
    ],
  };
  // Not open (no flow): the big import makes no invitations.
  ids.closedSurvey = await survey(
    {
      audience,
      channels: [1],
      primaryChannel: 1,
      communicationFrequencyDays: 30,
      channelSettings: { Templates: [EMAIL_TEMPLATE] },
    },
    false,
  );
  ids.openSurvey = await survey(
    {
      channels: [1],
      primaryChannel: 1,
      communicationFrequencyDays: 7,
      channelSettings: { Templates: [EMAIL_TEMPLATE] },
    },
    true,
  );
  await db()
    .insert(systemRules)
    .values({ tenantId, invitationLimit: 2, contactFrequencyDays: 30 })
    .onConflictDoUpdate({
      target: systemRules.tenantId,
      set: { invitationLimit: 2, contactFrequencyDays: 30 },
    });
  const [other] = await db()
    .insert(tenants)
    .values({ name: code('Other Co') })
    .returning({ id: tenants.id });
  ids.otherTenant = other!.id;
  ids.otherSurvey = await survey({}, true, other!.id);

  tokens.uploader = await signInNewUser(t, {
    userName: code('uploader'),
    tenantId,
    scopes: ['invitation:manage'],
  });
  tokens.approver = await signInNewUser(t, {
    userName: code('approver'),
    tenantId,
    scopes: ['invitation:manage', 'grid:export'],
  });
  tokens.admin = await signInNewUser(t, {
    userName: code('admin'),
    tenantId: null,
    scopes: ['alterna:manage'],
  });
  tokens.reader = await signInNewUser(t, { userName: code('reader'), tenantId, scopes: ['invitation:read'] });
  tokens.masked = await signInNewUser(t, {
    userName: code('masked'),
    tenantId,
    scopes: ['invitation:read', 'mask:invitee'],
  });
  tokens.other = await signInNewUser(t, {
    userName: code('other'),
    tenantId: other!.id,
    scopes: ['invitation:manage', 'invitation:read'],
  });
  tokens.none = await signInNewUser(t, { userName: code('none'), tenantId, scopes: ['survey:read'] });
}, 120_000);
afterAll(async () => t?.close());

async function createSource(body: Partial<Record<string, unknown>> = {}, token = tokens.admin) {
  const response = await call('POST', '/api/import-data-sources', token, {
    TenantId: t.tenantId,
    Name: code('Source'),
    TypeField: code('type'),
    SurveyId: null,
    Mapping: [],
    RequiresApproval: false,
    IsActive: true,
    ...body,
  });
  expect(response.status, response.text).toBe(201);
  return response.json<ImportDataSource>();
}

const HEADER = [
  'InviteeFullName',
  'E-posta',
  'InviteeMSISDN',
  'TransactionChannel',
  'TransactionProduct',
  'TransactionType',
  'InviteeLocation',
  'InviteeSegments',
  'Employee',
  'InviteeChannel',
  'CustomConfigName',
  'CustomData1',
];

/** The category each row number falls in (row % 100), with what it ends as. */
const PLANTED: Record<number, { reason?: number; code?: number }> = {
  1: { code: ErrorCode.RestInvalidTransactionChannels },
  2: { code: ErrorCode.ModelNotValid },
  3: { reason: R.NoEmailAndMobile },
  5: { reason: R.ChannelNotAcceptable },
  6: { reason: R.ProductNotAcceptable },
  7: { reason: R.TransactionTypeNotAcceptable },
  8: { reason: R.LocationNotAcceptable },
  9: { reason: R.SegmentNotAcceptable },
  10: { reason: R.EmployeeNotAcceptable },
  11: { reason: R.InviteeChannelNotAcceptable },
  12: { reason: R.OptOut },
  13: { reason: R.SurveyCommunicationFrequency },
  14: { reason: R.GlobalInvitationRule },
  15: { reason: R.CustomConfigNameNotAcceptable },
  16: { reason: R.OneInvitePerFiveHours },
  17: { code: ErrorCode.RestInvalidTransactionTypes },
  18: { code: ErrorCode.RestInvalidSegments },
  19: { reason: R.Duplicate },
};

function plantedRows(count: number, typeField: string): string[][] {
  const rows: string[][] = [HEADER];
  for (let n = 1; n <= count; n += 1) {
    const kind = n % 100;
    const row: Record<string, string> = {
      name: `Customer ${n}`,
      email: `big${n}@example.test`,
      msisdn: `+90555${String(n).padStart(7, '0')}`,
      channel: codes.c1,
      product: codes.p1,
      type: codes.t1,
      location: more.l1,
      segments: `${more.g1};${more.s1}`,
      employee: more.e1,
      inviteeChannel: '1',
      config: typeField,
    };
    if (kind === 1) row.channel = 'NO-SUCH-CHANNEL';
    if (kind === 2) row.email = 'not-an-email';
    if (kind === 3) row.email = row.msisdn = '';
    if (kind === 5) row.channel = codes.c2;
    if (kind === 6) row.product = codes.p2;
    if (kind === 7) row.type = codes.t2;
    if (kind === 8) row.location = more.l2;
    if (kind === 9) row.segments = `${more.g1};${more.s2}`;
    if (kind === 10) row.employee = more.e2;
    if (kind === 11) row.inviteeChannel = '2';
    if (kind === 15) row.config = 'SOMETHING-ELSE';
    if (kind === 17) row.type = 'NO-SUCH-TYPE';
    if (kind === 18) row.segments = `${more.g1};NOPE`;
    if (kind === 19) row.email = `big${n - 15}@example.test`;
    rows.push([
      row.name!,
      row.email!,
      row.msisdn!,
      row.channel!,
      row.product!,
      row.type!,
      row.location!,
      row.segments!,
      row.employee!,
      row.inviteeChannel!,
      row.config!,
      `note ${n}`,
    ]);
  }
  return rows;
}

describe('imports', () => {
  it('stages a 10,000-row workbook: exact counts per elimination reason and error code; a second user approves', async () => {
    const ROWS = Number(process.env.IMPORTS_ROWS ?? 10_000);
    const source = await createSource({
      RequiresApproval: true,
      SurveyId: ids.closedSurvey,
      Mapping: [{ Column: 'E-posta', Field: 'InviteeEmail' }],
    });
    // The planted history: opt-outs, invitations to this survey 2 days ago, two elsewhere 10 days ago, one an hour ago.
    const emailsOf = (kind: number) =>
      Array.from({ length: ROWS / 100 }, (_, index) => `big${index * 100 + kind}@example.test`);
    await db()
      .insert(optouts)
      .values(emailsOf(12).map((email) => ({ tenantId: t.tenantId, email, source: 'manual' })));
    await pastInvitations(ids.closedSurvey, emailsOf(13), 48);
    await pastInvitations(ids.openSurvey, emailsOf(14), 240);
    await pastInvitations(ids.openSurvey, emailsOf(14), 250);
    await pastInvitations(ids.openSurvey, emailsOf(16), 1);
    // Header-matched except the mapped 'E-posta': the source's mapping is completed by the upload's own.
    const mapping = [
      ...HEADER.filter((column) => column !== 'E-posta').map((column) => ({ Column: column, Field: column })),
      { Column: 'E-posta', Field: 'InviteeEmail' },
    ];
    const content = await xlsxFile(plantedRows(ROWS, source.TypeField));
    const started = Date.now();
    const response = await upload(
      tokens.uploader,
      {
        SurveyId: String(ids.closedSurvey),
        ImportDataSourceId: String(source.Id),
        Mapping: JSON.stringify(mapping),
      },
      { name: 'big.xlsx', type: XLSX_MIME, content },
    );
    expect(response.status, response.text).toBe(201);
    const { Id } = response.json<{ Id: number }>();
    const detail = await settled(Id);
    expect(detail.Status, detail.Error ?? '').toBe(S.WaitingForApproval);
    console.info(`10,000-row XLSX staged and eliminated in ${Date.now() - started} ms`);

    const perKind = ROWS / 100;
    const expectedReasons = Object.values(PLANTED)
      .flatMap((item) => (item.reason ? [item.reason] : []))
      .sort((a, b) => a - b)
      .map((Reason) => ({ Reason, Count: perKind }));
    expect(detail.EliminationCounts).toEqual(expectedReasons);
    expect(detail.ErrorCounts).toEqual([
      { Code: ErrorCode.RestInvalidSegments, Count: perKind },
      { Code: ErrorCode.RestInvalidTransactionChannels, Count: perKind },
      { Code: ErrorCode.RestInvalidTransactionTypes, Count: perKind },
      { Code: ErrorCode.ModelNotValid, Count: perKind },
    ]);
    const planted = Object.keys(PLANTED).length * perKind;
    expect(detail).toMatchObject({
      TotalCount: ROWS,
      ProcessedCount: ROWS,
      Progress: 100,
      AcceptedCount: ROWS - planted,
      EliminatedCount: 14 * perKind,
      ErrorCount: 4 * perKind,
      StatusCounts: { New: 0, Processed: ROWS - planted, Moved: 0, Removed: planted },
      CanDecide: false,
    });
    const [row] = (
      await call('GET', `/api/import-data-logs/${Id}/rows?$filter=RowNumber eq 101&$top=1`, tokens.uploader)
    ).json<{
      Items: StagedInviteeRow[];
    }>().Items;
    // Worded in the uploader's language (the new users' default, Turkish).
    const worded = errorMessage(ErrorCode.RestInvalidTransactionChannels, 'tr').replace(/\.$/, '');
    expect(row!.ErrorDetail).toBe(`3101 TransactionChannel: ${worded}: NO-SUCH-CHANNEL`);

    // The uploader cannot decide; a second user can.
    const own = await call('PUT', `/api/import-data-logs/${Id}/approve`, tokens.uploader);
    expect(own.status).toBe(403);
    expect(own.json().Code).toBe(ErrorCode.ImportApproverIsUploader);
    expect(
      (await call('GET', `/api/import-data-logs/${Id}`, tokens.approver)).json<ImportDataLogDetail>()
        .CanDecide,
    ).toBe(true);
    const approved = await call('PUT', `/api/import-data-logs/${Id}/approve`, tokens.approver);
    expect(approved.status, approved.text).toBe(200);
    const done = await settled(Id);
    expect(done.Status, done.Error ?? '').toBe(S.Processed);
    expect(done).toMatchObject({ InvitedCount: 0, DecidedByUserName: expect.any(String) });
    expect(done.StatusCounts.Moved).toBe(ROWS - planted);
    const [moved] = await db()
      .select({ n: sql<number>`count(*)::integer` })
      .from(invitees)
      .where(eq(invitees.surveyId, ids.closedSurvey));
    // The moved rows plus the planted history's invitees of this survey.
    expect(moved!.n).toBe(ROWS - planted + perKind);
    const again = await call('PUT', `/api/import-data-logs/${Id}/approve`, tokens.approver);
    expect(again.json().Code).toBe(ErrorCode.ImportNotWaitingForApproval);
  }, 240_000);
});
