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

  it('the opt-out and survey frequency rules stop invitations the invitations module would send', async () => {
    const optedOut = `${code('out')}@example.test`;
    const recent = `${code('recent')}@example.test`;
    const fresh = `${code('fresh')}@example.test`;
    await db()
      .insert(optouts)
      .values({
        tenantId: t.tenantId,
        email: optedOut,
        source: 'manual',
        isForever: false,
        untilDate: new Date(Date.now() + 86_400_000),
      });
    // An opt-out that has run out does not stop anyone.
    const lapsed = `${code('lapsed')}@example.test`;
    await db()
      .insert(optouts)
      .values({
        tenantId: t.tenantId,
        email: lapsed,
        source: 'manual',
        isForever: false,
        untilDate: new Date(Date.now() - 86_400_000),
      });
    // Invited to this survey 2 days ago: inside its 7-day communication frequency, outside the 5-hour rule.
    await pastInvitations(ids.openSurvey, [recent], 48);
    const rows = [
      ['InviteeFullName', 'InviteeEmail'],
      ['Opted', optedOut],
      ['Recent', recent],
      ['Fresh', fresh],
      ['Lapsed', lapsed],
    ];
    const response = await upload(
      tokens.uploader,
      { SurveyId: String(ids.openSurvey) },
      { name: 'few.csv', type: 'text/csv', content: csvFile(rows) },
    );
    expect(response.status, response.text).toBe(201);
    const detail = await settled(response.json<{ Id: number }>().Id);
    expect(detail.Status, detail.Error ?? '').toBe(S.Processed);
    expect(detail.EliminationCounts).toEqual([
      { Reason: R.OptOut, Count: 1 },
      { Reason: R.SurveyCommunicationFrequency, Count: 1 },
    ]);
    // The lapsed opt-out passes the rules (moved); whether the invitations module invites it is its own rule.
    expect(detail.StatusCounts.Moved).toBe(2);
    expect(detail.InvitedCount).toBeGreaterThanOrEqual(1);
    const invitedEmails = await db()
      .select({
        email: invitees.email,
        messages: sql<number>`(SELECT count(*)::integer FROM ${invitationMessages} m WHERE m.invitation_id = ${invitations.id})`,
      })
      .from(invitations)
      .innerJoin(invitees, eq(invitees.id, invitations.inviteeId))
      .where(inArray(invitees.email, [optedOut, recent, fresh, lapsed]));
    // The fresh address got an invitation (with its message), the opted-out none, the recent one only its old one.
    expect(invitedEmails.filter((row) => row.email === optedOut)).toHaveLength(0);
    expect(invitedEmails.filter((row) => row.email === recent)).toHaveLength(1);
    expect(invitedEmails.filter((row) => row.email === fresh)[0]!.messages).toBeGreaterThan(0);
    // The invitations module applies the survey's communication frequency too (docs/optouts.md): skipped.
    const [again] = await db()
      .insert(invitees)
      .values({ tenantId: t.tenantId, surveyId: ids.openSurvey, email: recent, transactionDate: new Date() })
      .returning({ id: invitees.id });
    const direct = await call(
      'POST',
      `/api/surveys/${ids.openSurvey}/invitations`,
      await signInNewUser(t, { userName: code('sm'), tenantId: t.tenantId, scopes: ['survey:manage'] }),
      { InviteeIds: [again!.id] },
    );
    expect(direct.json<{ Created: unknown[]; Skipped: unknown[] }>()).toEqual({
      Created: [],
      Skipped: [{ InviteeId: again!.id, Reason: 'SurveyCommunicationFrequency' }],
    });
  }, 60_000);

  it('refuses files by the rules 15001-15004, nothing stored', async () => {
    const before = await db()
      .select({ n: sql<number>`count(*)::integer` })
      .from(importDataLogs);
    const csv = csvFile([['InviteeEmail'], ['a@example.test']]);
    const cases: [string, string, Buffer, number][] = [
      ['list.csv.xlsx', XLSX_MIME, await xlsxFile([['InviteeEmail']]), ErrorCode.FileMultipleExtensions],
      ['latin1.csv', 'text/csv', Buffer.from([0x41, 0x0d, 0x0a, 0xe7, 0x0d, 0x0a]), ErrorCode.FileNotUtf8],
      ['list.txt', 'text/plain', csv, ErrorCode.FileWrongExtension],
      ['list', 'text/csv', csv, ErrorCode.FileWrongExtension],
      ['list.csv', 'image/png', csv, ErrorCode.FileWrongMimeType],
      ['list.xlsx', XLSX_MIME, csv, ErrorCode.FileWrongMimeType],
      ['list.csv', 'text/csv', await xlsxFile([['InviteeEmail']]), ErrorCode.FileWrongMimeType],
    ];
    for (const [name, type, content, expected] of cases) {
      const response = await upload(
        tokens.uploader,
        { SurveyId: String(ids.openSurvey) },
        { name, type, content },
      );
      expect(response.status, `${name}: ${response.text}`).toBe(400);
      expect(response.json().Code, name).toBe(expected);
    }
    for (const [fields, file] of [
      [{ SurveyId: String(ids.otherSurvey) }, { name: 'a.csv', type: 'text/csv', content: csv }],
      [{ SurveyId: 'x' }, { name: 'a.csv', type: 'text/csv', content: csv }],
      [
        { SurveyId: String(ids.openSurvey), Mapping: '{not json' },
        { name: 'a.csv', type: 'text/csv', content: csv },
      ],
      [
        { SurveyId: String(ids.openSurvey), Mapping: '[{"Column":"a","Field":"Nope"}]' },
        { name: 'a.csv', type: 'text/csv', content: csv },
      ],
      [{ SurveyId: String(ids.openSurvey) }, undefined],
    ] as const) {
      const response = await upload(tokens.uploader, fields, file);
      expect(response.status, response.text).toBe(400);
      expect(response.json().Code).toBe(ErrorCode.ModelNotValid);
    }
    const plain = await call('POST', '/api/import-data-logs', tokens.uploader, { SurveyId: ids.openSurvey });
    expect(plain.status).toBe(400);
    expect(
      await db()
        .select({ n: sql<number>`count(*)::integer` })
        .from(importDataLogs),
    ).toEqual(before);
    // The preview reads the heading and first rows and suggests the mapping of field-named headings.
    const preview = await upload(
      tokens.uploader,
      {},
      {
        name: 'p.csv',
        type: 'text/csv',
        content: csvFile([
          ['InviteeEmail', 'Other'],
          ['a@example.test', 'x'],
        ]),
      },
      '/api/import-data-logs/preview',
    );
    expect(preview.json()).toEqual({
      Headers: ['InviteeEmail', 'Other'],
      Rows: [['a@example.test', 'x']],
      SuggestedMapping: [{ Column: 'InviteeEmail', Field: 'InviteeEmail' }],
    });
  });

  it('sources: 16002 type field taken, 16001 in use, 16003 import in progress, 16004 mapped field a waiting import uses', async () => {
    const source = await createSource({
      Mapping: [
        { Column: 'Mail', Field: 'InviteeEmail' },
        { Column: 'Name', Field: 'InviteeFullName' },
      ],
      RequiresApproval: true,
    });
    const save = {
      TenantId: t.tenantId,
      Name: source.Name,
      TypeField: source.TypeField,
      SurveyId: null,
      Mapping: source.Mapping,
      RequiresApproval: true,
      IsActive: true,
    };
    const taken = await call('POST', '/api/import-data-sources', tokens.admin, {
      ...save,
      Name: 'x',
      TypeField: source.TypeField.toUpperCase(),
    });
    expect(taken.json().Code).toBe(ErrorCode.ImportTypeFieldInUse);
    // An import in progress: the source cannot change (16003).
    const [log] = await db()
      .insert(importDataLogs)
      .values({
        tenantId: t.tenantId,
        surveyId: ids.openSurvey,
        importDataSourceId: source.Id,
        fileName: 'x.csv',
        fileType: 'csv',
        status: S.Processing,
        mapping: source.Mapping,
      })
      .returning({ id: importDataLogs.id });
    expect((await call('PUT', `/api/import-data-sources/${source.Id}`, tokens.admin, save)).json().Code).toBe(
      ErrorCode.ImportSourceInUseUpdate,
    );
    // Waiting for approval: dropping a mapped field its rows rely on is refused (16004), other changes pass.
    await db()
      .update(importDataLogs)
      .set({ status: S.WaitingForApproval })
      .where(eq(importDataLogs.id, log!.id));
    const dropped = await call('PUT', `/api/import-data-sources/${source.Id}`, tokens.admin, {
      ...save,
      Mapping: [{ Column: 'Mail', Field: 'InviteeEmail' }],
    });
    expect(dropped.json().Code).toBe(ErrorCode.ImportSourceContentInUse);
    const renamed = await call('PUT', `/api/import-data-sources/${source.Id}`, tokens.admin, {
      ...save,
      Name: 'Renamed',
    });
    expect(renamed.status, renamed.text).toBe(200);
    // Any import made from it: it cannot be deleted (16001).
    expect((await call('DELETE', `/api/import-data-sources/${source.Id}`, tokens.admin)).json().Code).toBe(
      ErrorCode.ImportSourceInUse,
    );
    const unused = await createSource();
    expect((await call('DELETE', `/api/import-data-sources/${unused.Id}`, tokens.admin)).status).toBe(204);
    // The operator names the tenant; a tenant's user never reaches the sources.
    const noTenant = await call('POST', '/api/import-data-sources', tokens.admin, {
      ...save,
      TenantId: undefined,
      TypeField: code('tf'),
    });
    expect(noTenant.json()).toMatchObject({ Code: ErrorCode.ModelNotValid, Details: [{ Path: 'TenantId' }] });
    expect((await call('GET', '/api/import-data-sources', tokens.uploader)).status).toBe(403);
    const options = (await call('GET', '/api/import-data-sources/options', tokens.uploader)).json<
      { Id: number }[]
    >();
    expect(options.map((item) => item.Id)).toContain(source.Id);
    expect(
      (await call('GET', '/api/import-data-sources/options', tokens.other))
        .json<{ Id: number }[]>()
        .map((item) => item.Id),
    ).not.toContain(source.Id);
  });

  it('creates one invitee: field errors with their paths, eliminated or moved at once, audited', async () => {
    const bad = await call('POST', '/api/invitees', tokens.uploader, {
      SurveyId: ids.openSurvey,
      InviteeEmail: 'x@example.test',
      TransactionChannel: 'NOPE',
      InviteeSegments: ['A;B'],
    });
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({
      Code: ErrorCode.RestInvalidSegments,
      Details: [
        { Path: 'InviteeSegments', Message: expect.stringContaining('3100') },
        { Path: 'TransactionChannel', Message: expect.stringContaining('3101') },
      ],
    });
    const shape = await call('POST', '/api/invitees', tokens.uploader, {
      SurveyId: ids.openSurvey,
      InviteeEmail: 'not-mail',
    });
    expect(shape.json()).toMatchObject({
      Code: ErrorCode.ModelNotValid,
      Details: [{ Path: 'body/InviteeEmail' }],
    });
    const email = `${code('one')}@example.test`;
    const body = {
      SurveyId: ids.openSurvey,
      InviteeFullName: 'Zeynep Kaya',
      InviteeEmail: email,
      TransactionChannel: codes.c1,
      InviteeSegments: [`${more.g1};${more.s1}`],
      CustomData3: 'vip',
    };
    const created = await call('POST', '/api/invitees', tokens.uploader, body);
    expect(created.status, created.text).toBe(201);
    expect(created.json<InviteeCreateAnswer>()).toMatchObject({
      Status: 2,
      EliminationReason: null,
      InviteeId: expect.any(Number),
      InvitationCount: 1,
    });
    const twice = await call('POST', '/api/invitees', tokens.uploader, body);
    expect(twice.json<InviteeCreateAnswer>()).toMatchObject({
      Status: 3,
      EliminationReason: R.Duplicate,
      InviteeId: null,
      InvitationCount: 0,
    });
    const none = await call('POST', '/api/invitees', tokens.uploader, { SurveyId: ids.openSurvey });
    expect(none.json<InviteeCreateAnswer>().EliminationReason).toBe(R.NoEmailAndMobile);
    expect((await call('POST', '/api/invitees', tokens.reader, body)).status).toBe(403);
    expect((await call('POST', '/api/invitees', tokens.other, body)).json()).toMatchObject({
      Code: ErrorCode.ModelNotValid,
      Details: [{ Path: 'SurveyId' }],
    });
  });

  it('the invitee pool filters by its body, masks for mask:invitee and stays in the tenant', async () => {
    const page = async (token: string, body: unknown, query = '$top=100') => {
      const response = await call('POST', `/api/invitee-pool/query?${query}`, token, body);
      expect(response.status, response.text).toBe(200);
      return response.json<{ Items: StagedInviteeRow[]; Count: number }>();
    };
    const removedOptOut = await page(tokens.reader, { Statuses: [3], EliminationReasons: [R.OptOut] });
    expect(removedOptOut.Count).toBeGreaterThan(0);
    expect(removedOptOut.Items.every((row) => row.Status === 3 && row.EliminationReason === R.OptOut)).toBe(
      true,
    );
    const gold = await page(tokens.reader, {
      Segments: [`${ids.g1};${ids.s1}`],
      TransactionChannels: { Ids: [ids.root] },
      CustomData3: 'VI',
    });
    expect(gold.Count).toBeGreaterThan(0);
    expect(
      gold.Items.every((row) => row.Segments.includes('Tier: Gold') && row.TransactionChannelId === ids.c1),
    ).toBe(true);
    const typed = await page(tokens.reader, {
      TransactionTypes: [ids.t2],
      Surveys: [ids.closedSurvey],
      Statuses: [3],
    });
    expect(
      typed.Items.every(
        (row) =>
          row.TransactionTypeName === 'Call' && row.EliminationReason === R.TransactionTypeNotAcceptable,
      ),
    ).toBe(true);
    expect(typed.Count).toBe(Number(process.env.IMPORTS_ROWS ?? 10_000) / 100);
    const masked = await page(tokens.masked, { Surveys: [ids.closedSurvey] }, '$top=5');
    expect(masked.Items[0]!.InviteeEmail).toMatch(/^b\*+@e\*+\.test$/);
    expect(masked.Items[0]!.InviteeFullName).toMatch(/^C\*+ \d\*+$/);
    const probe = await call(
      'GET',
      `/api/invitee-pool?$filter=${encodeURIComponent("InviteeEmail eq 'big5@example.test'")}`,
      tokens.masked,
    );
    expect(probe.status).toBe(400);
    expect((await call('POST', '/api/invitee-pool/query', tokens.reader, { Statuses: [9] })).status).toBe(
      400,
    );
    expect((await call('POST', '/api/invitee-pool/query', tokens.reader, { Nope: 1 })).status).toBe(400);
    expect((await page(tokens.other, {})).Count).toBe(0);
    expect((await call('GET', '/api/invitee-pool', tokens.none)).status).toBe(403);
    // Another tenant sees none of these imports nor decides them.
    const logs = (await call('GET', '/api/import-data-logs?$top=100', tokens.uploader)).json<{
      Items: { Id: number }[];
    }>();
    expect(logs.Items.length).toBeGreaterThan(0);
    expect((await call('GET', '/api/import-data-logs', tokens.other)).json<{ Count: number }>().Count).toBe(
      0,
    );
    for (const { Id } of logs.Items) {
      expect((await call('GET', `/api/import-data-logs/${Id}`, tokens.other)).status).toBe(404);
      expect((await call('PUT', `/api/import-data-logs/${Id}/reject`, tokens.other)).status).toBe(404);
      expect((await call('GET', `/api/import-data-logs/${Id}/rows`, tokens.other)).status).toBe(404);
    }
  });

  it('a rejected import removes its waiting rows', async () => {
    const source = await createSource({ RequiresApproval: true });
    const rows = [['InviteeEmail'], [`${code('r')}@example.test`], [`${code('r')}@example.test`]];
    const response = await upload(
      tokens.uploader,
      { SurveyId: String(ids.openSurvey), ImportDataSourceId: String(source.Id) },
      { name: 'r.csv', type: 'application/vnd.ms-excel', content: csvFile(rows) },
    );
    const { Id } = response.json<{ Id: number }>();
    expect((await settled(Id)).Status).toBe(S.WaitingForApproval);
    expect((await call('PUT', `/api/import-data-logs/${Id}/reject`, tokens.uploader)).json().Code).toBe(
      ErrorCode.ImportApproverIsUploader,
    );
    const rejected = await call('PUT', `/api/import-data-logs/${Id}/reject`, tokens.approver);
    expect(rejected.json<ImportDataLogDetail>()).toMatchObject({
      Status: S.Rejected,
      StatusCounts: { Processed: 0, Removed: 2 },
    });
    const staged = await db()
      .select()
      .from(stagedInvitees)
      .where(and(eq(stagedInvitees.importDataLogId, Id), eq(stagedInvitees.status, 2)));
    expect(staged).toHaveLength(0);
    expect(
      (await db().select().from(importDataSources).where(eq(importDataSources.id, source.Id)))[0]!.isActive,
    ).toBe(true);
  });
});
