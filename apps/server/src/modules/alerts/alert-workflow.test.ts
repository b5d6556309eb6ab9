import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ALERT_TRANSITIONS,
  type AlertRulesStatistics,
  type AlertDetail,
  type AlertListItem,
  type Scope,
} from '@loupe/contracts';
import { createMailer } from '../../core/mailer.js';
import {
  alertComments,
  alertHistory,
  alertRules,
  alerts,
  audits,
  invitees,
  roles,
  sessions,
  tenants,
  transactionChannels,
  userRoles,
  users,
} from '../../db/schema/index.js';
import { createLogger } from '../../logger.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtp-catcher.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createWidgetFixture, type WidgetFixture } from '../../test/widget-fixture.js';

/*
 * Alerts (issue 19, docs/alerts.md "Alerts, states, mails and statistics"): the grid and its filters, visibility
 * per scope, masking, the detail, assignment, read status, every allowed and a refused status move, comments,
 * history, audit rows, tenant isolation, bad input, the mails (caught by a real SMTP server) and statistics.
 */

let t: TestApp;
let f: WidgetFixture;
let smtp: SmtpCatcher;
type Key =
  'manager' | 'viewer' | 'admin' | 'managerRole' | 'team' | 'rule' | 'statsRule' | 'a1' | 'a2' | 'a3' | 'a4';
const id = {} as Record<Key, number>;
const token = {} as Record<'admin' | 'manager' | 'managerManage' | 'masked' | 'readall', string>;
const db = () => t.database.db;
const at = (text: string) => new Date(text);

async function userIdOf(userName: string) {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.userName, userName));
  return row!.id;
}

/** A session of the fixture's survey with an NPS score and a comment, its invitee named `fullName`. */
async function sessionOf(
  fullName: string,
  nps: number,
  comment: string,
  channelId: number,
  productId: number,
) {
  const sessionId = await f.addSession({
    transactionAt: '2026-01-05T10:00:00+03:00',
    answeredAt: '2026-01-05T10:05:00+03:00',
    channelId,
    productId,
    scores: [[f.questions.nps, nps]],
    comment,
  });
  const [session] = await db()
    .select({ inviteeId: sessions.inviteeId })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  await db()
    .update(invitees)
    .set({ fullName, email: `${fullName.split(' ')[0]!.toLowerCase()}@example.test`, msisdn: '905551112233' })
    .where(eq(invitees.id, session!.inviteeId));
  return { sessionId, inviteeId: session!.inviteeId };
}

type AlertValues = typeof alerts.$inferInsert;
async function addAlert(values: Omit<AlertValues, 'tenantId'>) {
  const [row] = await db()
    .insert(alerts)
    .values({
      tenantId: t.tenantId,
      mailQueuedAt: at('2026-01-01T00:00:00Z'),
      escalatedAt: at('2026-01-01T00:00:00Z'),
      ...values,
    })
    .returning({ id: alerts.id });
  return row!.id;
}

const list = async (as: string, body?: unknown, query = '') => {
  const response = await t.call('POST', `/api/alerts/query?$top=100${query}`, {
    token: as,
    body: body ?? {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ Items: AlertListItem[]; Count: number }>();
};
const idsOf = async (as: string, body?: unknown, query = '') =>
  (await list(as, body, query)).Items.map((item) => item.Id).sort((x, y) => x - y);

const tokenWith = (userName: string, scopes: Scope[]) => async () =>
  t.tokenFor({ userId: await userIdOf(userName), tenantId: t.tenantId, scopes });

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({
    mailer: createMailer({
      smtpUrl: smtp.url,
      from: 'Loupe <no-reply@loupe.test>',
      logger: createLogger('silent'),
    }),
  });
  f = await createWidgetFixture(t);
  await t.app.ready();
  id.manager = await userIdOf('manager');
  id.viewer = await userIdOf('viewer');
  id.admin = await userIdOf('admin');
  await db()
    .update(users)
    .set({ language: 'en' })
    .where(inArray(users.id, [id.manager, id.viewer]));
  const [managerRole] = await db()
    .select({ id: userRoles.roleId })
    .from(userRoles)
    .where(eq(userRoles.userId, id.manager));
  id.managerRole = managerRole!.id;
  const [team] = await db()
    .insert(roles)
    .values({ tenantId: t.tenantId, name: 'Alert Team', scopes: ['alert:read'] })
    .returning({ id: roles.id });
  id.team = team!.id;
  await db().insert(userRoles).values({ tenantId: t.tenantId, userId: id.viewer, roleId: id.team });
  await db().insert(userRoles).values({ tenantId: t.tenantId, userId: id.manager, roleId: id.team });

  const [rule] = await db()
    .insert(alertRules)
    .values({
      tenantId: t.tenantId,
      title: 'Detractors',
      surveyIds: [f.surveyId],
      ownerType: 'user',
      ownerId: id.manager,
      emailSubject: 'Alert {{AlertTitle}} for {{FullName}}',
      emailBody:
        'Answer {{AlertAnswer}} ({{AlertExperience}}) from {{FullName}} at {{TransactionChannelName}}\n{{QuestionsAndAnswers}}\n{{AlertDetailLink}}',
      actions: [
        { Status: 6, Action: 'emailBranchManager', IntegrationId: null },
        { Status: 4, Action: 'integration', IntegrationId: null },
      ],
    })
    .returning({ id: alertRules.id });
  id.rule = rule!.id;
  const [statsRule] = await db()
    .insert(alertRules)
    .values({ tenantId: t.tenantId, title: 'Waiting time', ownerType: 'role', ownerId: id.team })
    .returning({ id: alertRules.id });
  id.statsRule = statsRule!.id;

  const { north1, north2, south1 } = f.channels;
  const { creditCard, loans } = f.products;
  const zeynep = await sessionOf('Zeynep Demir', 3, 'Slow <queue> & rude', north1, creditCard);
  const ali = await sessionOf('Ali Kaya', 5, 'Too long', south1, loans);
  const ece = await sessionOf('Ece Tan', 2, 'Never again', north2, creditCard);
  const due = at('2026-01-07T10:00:00+03:00');
  const common = { ruleId: id.rule, surveyId: f.surveyId, questionId: f.questions.nps, dueAt: due };
  id.a1 = await addAlert({
    ...common,
    ...zeynep,
    score: 3,
    status: 1,
    assignedUserId: id.manager,
    channelId: north1,
    productId: creditCard,
    createdAt: at('2026-01-05T10:05:00+03:00'),
  });
  id.a2 = await addAlert({
    ...common,
    ...ali,
    score: 5,
    status: 3,
    readStatus: 1,
    assignedRoleId: id.managerRole,
    channelId: south1,
    productId: loans,
    createdAt: at('2026-01-06T23:30:00+03:00'),
  });
  id.a3 = await addAlert({
    ...common,
    ...ece,
    score: 2,
    status: 6,
    channelId: north2,
    productId: creditCard,
    createdAt: at('2026-01-08T01:00:00+03:00'),
    closedAt: at('2026-01-09T01:00:00+03:00'),
  });
  id.a4 = await addAlert({
    ...common,
    status: 2,
    assignedUserId: id.viewer,
    createdAt: at('2026-01-10T12:00:00Z'),
  });

  token.admin = (await t.signIn('admin')).access_token;
  token.manager = await tokenWith('manager', ['alert:read'])();
  token.managerManage = await tokenWith('manager', ['alert:manage'])();
  token.masked = await tokenWith('admin', ['alert:readall', 'mask:invitee'])();
  token.readall = await tokenWith('viewer', ['alert:readall'])();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the alert grid', () => {
  it('shows alert:readall every alert of the tenant and alert:read only its own and its roles’', async () => {
    expect(await idsOf(token.admin)).toEqual([id.a1, id.a2, id.a3, id.a4]);
    expect(await idsOf(token.readall)).toEqual([id.a1, id.a2, id.a3, id.a4]);
    expect(await idsOf(token.manager)).toEqual([id.a1, id.a2]);
    expect(await idsOf(token.managerManage)).toEqual([id.a1, id.a2]);
    const noAlertScope = await tokenWith('viewer', ['report:read'])();
    expect((await t.call('GET', '/api/alerts?$top=10', { token: noAlertScope })).statusCode).toBe(403);
    // GET, POST …/query and POST itself answer the same page.
    const get = await t.call('GET', '/api/alerts?$top=100&$orderby=Id asc', { token: token.manager });
    const post = await t.call('POST', '/api/alerts?$top=100&$orderby=Id asc', {
      token: token.manager,
      body: {},
    });
    expect(get.json()).toEqual(post.json());
    const first = get.json<{ Items: AlertListItem[] }>().Items[0]!;
    expect(first).toMatchObject({
      Id: id.a1,
      RuleTitle: 'Detractors',
      Status: 1,
      AssignedUserName: 'Deniz Manager',
      InviteeFullName: 'Zeynep Demir',
      ChannelName: 'North-1',
      ProductName: 'Credit card',
      IsOverdue: true,
    });
  });

  it('filters by each field of the filter body', async () => {
    const as = token.readall;
    expect(await idsOf(as, { AlertRuleId: [id.rule] })).toEqual([id.a1, id.a2, id.a3, id.a4]);
    expect(await idsOf(as, { AlertRuleId: [id.statsRule] })).toEqual([]);
    expect(await idsOf(as, { AlertReadStatus: 1 })).toEqual([id.a2]);
    expect(await idsOf(as, { Status: [1, 6] })).toEqual([id.a1, id.a3]);
    expect(await idsOf(as, { AssignedTo: 'unassigned' })).toEqual([id.a3]);
    expect(await idsOf(as, { AssignedTo: `U:${id.viewer}` })).toEqual([id.a4]);
    expect(await idsOf(as, { AssignedTo: `R:${id.managerRole}` })).toEqual([id.a2]);
    expect(await idsOf(as, { AssignedUserId: id.manager })).toEqual([id.a1]);
    expect(await idsOf(as, { AssignedRoleId: id.managerRole })).toEqual([id.a2]);
    expect(await idsOf(as, { InviteeFullName: 'demir' })).toEqual([id.a1]);
    // Tenant-local days: 2026-01-06 23:30 Istanbul is 20:30 UTC the same day; 01:00 on the 8th is the 7th in UTC.
    expect(await idsOf(as, { StartDate: '2026-01-06', EndDate: '2026-01-06' })).toEqual([id.a2]);
    expect(await idsOf(as, { StartDate: '2026-01-08', EndDate: '2026-01-08' })).toEqual([id.a3]);
    expect(await idsOf(as, { StartDate: '2026-01-07', EndDate: '2026-01-07' })).toEqual([]);
    // A region covers its branches.
    expect(await idsOf(as, { TransactionChannels: [f.channels.north] })).toEqual([id.a1, id.a3]);
    expect(await idsOf(as, { TransactionChannels: [f.channels.south1] })).toEqual([id.a2]);
    expect(await idsOf(as, { Products: [f.products.cards] })).toEqual([id.a1, id.a3]);
    expect(await idsOf(as, { Status: [3] }, '&$filter=Score lt 4')).toEqual([]);
    expect(await idsOf(as, {}, '&$filter=Score lt 4')).toEqual([id.a1, id.a3]);
  });

  it('refuses a bad filter with 400 3333 and names the field', async () => {
    for (const body of [
      { InviteeFullName: 'Zeynep%' },
      { AssignedTo: 'U:abc' },
      { Status: [9] },
      { StartDate: '2026-13-01' },
      { Unknown: 1 },
    ]) {
      const response = await t.call('POST', '/api/alerts/query?$top=10', { token: token.admin, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ Code: 3333 });
    }
  });

  it('masks invitee names for mask:invitee and refuses a name filter or sort (403 / 400)', async () => {
    const page = await list(token.masked);
    expect(page.Items.find((item) => item.Id === id.a1)!.InviteeFullName).toBe('***');
    expect(page.Items.find((item) => item.Id === id.a4)!.InviteeFullName).toBeNull();
    const byName = await t.call('POST', '/api/alerts/query?$top=10', {
      token: token.masked,
      body: { InviteeFullName: 'Zeynep' },
    });
    expect(byName.statusCode).toBe(403);
    const sorted = await t.call('GET', '/api/alerts?$top=10&$orderby=InviteeFullName asc', {
      token: token.masked,
    });
    expect(sorted.statusCode).toBe(400);
  });
});

describe('one alert', () => {
  it('answers the detail with answers, comments, history and the moves the caller may make', async () => {
    const response = await t.call('GET', `/api/alerts/${id.a1}`, { token: token.managerManage });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<AlertDetail>();
    expect(detail).toMatchObject({
      Id: id.a1,
      InviteeFullName: 'Zeynep Demir',
      InviteeEmail: 'zeynep@example.test',
      InviteeMsisdn: '905551112233',
      AllowedStatuses: [...ALERT_TRANSITIONS[1]],
    });
    expect(detail.Answers.map((answer) => [answer.QuestionId, answer.Answer, answer.Score])).toEqual(
      expect.arrayContaining([
        [f.questions.nps, '3', 3],
        [f.questions.comment, 'Slow <queue> & rude', null],
      ]),
    );
    // alert:read alone may move nothing; mask:invitee hides the contact fields.
    const reader = (
      await t.call('GET', `/api/alerts/${id.a1}`, { token: token.manager })
    ).json<AlertDetail>();
    expect(reader.AllowedStatuses).toEqual([]);
    const masked = (await t.call('GET', `/api/alerts/${id.a1}`, { token: token.masked })).json<AlertDetail>();
    expect([masked.InviteeFullName, masked.InviteeEmail, masked.InviteeMsisdn]).toEqual([
      '***',
      '***',
      '***',
    ]);
  });

  it('answers 404 for an alert the caller may not see, and for one of another tenant', async () => {
    expect((await t.call('GET', `/api/alerts/${id.a4}`, { token: token.manager })).statusCode).toBe(404);
    expect(
      (
        await t.call('PUT', `/api/alerts/${id.a4}/status`, {
          token: token.managerManage,
          body: { Status: 3 },
        })
      ).statusCode,
    ).toBe(404);
    const [other] = await db()
      .insert(tenants)
      .values({ name: 'Alert Workflow Other' })
      .returning({ id: tenants.id });
    const [otherAlert] = await db()
      .insert(alerts)
      .values({ tenantId: other!.id, status: 1 })
      .returning({ id: alerts.id });
    for (const [method, url, body] of [
      ['GET', `/api/alerts/${otherAlert!.id}`, undefined],
      ['PUT', `/api/alerts/${otherAlert!.id}`, { ReadStatus: 1 }],
      ['PUT', `/api/alerts/${otherAlert!.id}/status`, { Status: 3 }],
      ['POST', `/api/alerts/${otherAlert!.id}/comments`, { Text: 'x' }],
    ] as const)
      expect((await t.call(method, url, { token: token.admin, body })).statusCode, url).toBe(404);
    const [unchanged] = await db().select().from(alerts).where(eq(alerts.id, otherAlert!.id));
    expect([unchanged!.status, unchanged!.readStatus]).toEqual([1, 0]);
  });

  it('marks read and unread with a history row each, for the owner with alert:read', async () => {
    const read = await t.call('PUT', `/api/alerts/${id.a1}`, {
      token: token.manager,
      body: { ReadStatus: 1 },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<AlertDetail>().ReadStatus).toBe(1);
    const unread = await t.call('PUT', `/api/alerts/${id.a1}`, {
      token: token.manager,
      body: { ReadStatus: 0 },
    });
    expect(
      unread
        .json<AlertDetail>()
        .History.map((row) => row.Kind)
        .slice(-2),
    ).toEqual(['read', 'unread']);
    // Reading does not count as a response.
    const [row] = await db().select().from(alerts).where(eq(alerts.id, id.a1));
    expect(row!.firstResponseAt).toBeNull();
    // Assignment needs alert:manage.
    const refused = await t.call('PUT', `/api/alerts/${id.a1}`, {
      token: token.manager,
      body: { AssignedTo: `U:${id.viewer}` },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('assigns to a user of the tenant: status Assign, history, first response, a mail to the new owner', async () => {
    const before = smtp.mails.length;
    const response = await t.call('PUT', `/api/alerts/${id.a2}`, {
      token: token.admin,
      body: { AssignedTo: `U:${id.viewer}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<AlertDetail>();
    expect(detail).toMatchObject({ Status: 7, AssignedUserId: id.viewer, AssignedRoleId: null });
    expect(detail.History.at(-1)).toMatchObject({
      Kind: 'assigned',
      FromStatus: 3,
      ToStatus: 7,
      AssignedUserName: 'Vera Viewer',
      UserName: 'Demo Admin',
    });
    const [row] = await db().select().from(alerts).where(eq(alerts.id, id.a2));
    expect(row!.firstResponseAt).not.toBeNull();
    const mail = await smtp.waitForMail('viewer@demo-bank.example', { afterCount: before });
    expect(mail.subject).toBe('Alert assigned to you: Detractors');
    expect(mail.text).toContain(`/alerts/${id.a2}`);
    // A user or role of another tenant, or a malformed value: 3333, nothing changed.
    const [other] = await db()
      .insert(tenants)
      .values({ name: 'Alert Assign Other' })
      .returning({ id: tenants.id });
    const [stranger] = await db()
      .insert(users)
      .values({ tenantId: other!.id, userName: 'alert-stranger', fullName: 'Stranger', passwordHash: 'x' })
      .returning({ id: users.id });
    for (const AssignedTo of [`U:${stranger!.id}`, 'R:2147483647', 'U:0', 'nobody']) {
      const bad = await t.call('PUT', `/api/alerts/${id.a2}`, { token: token.admin, body: { AssignedTo } });
      expect(bad.statusCode, AssignedTo).toBe(400);
      expect(bad.json()).toMatchObject({ Code: 3333 });
    }
    const [same] = await db().select().from(alerts).where(eq(alerts.id, id.a2));
    expect(same).toEqual(row);
  });

  it('makes every move of ALERT_TRANSITIONS and refuses the others with 409 3333 naming the allowed ones', async () => {
    const alertId = await addAlert({ ruleId: id.statsRule, status: 0, assignedUserId: id.manager });
    for (const [from, targets] of Object.entries(ALERT_TRANSITIONS)) {
      for (const to of targets) {
        await db()
          .update(alerts)
          .set({ status: Number(from) })
          .where(eq(alerts.id, alertId));
        const response = await t.call('PUT', `/api/alerts/${alertId}/status`, {
          token: token.managerManage,
          body: { Status: to, Note: `from ${from}` },
        });
        expect(response.statusCode, `${from} → ${to}: ${response.body}`).toBe(200);
        const detail = response.json<AlertDetail>();
        expect(detail.Status).toBe(to);
        expect(detail.ClosedAt === null).toBe(to !== 6);
        expect(detail.History.at(-1)).toMatchObject({
          Kind: 'status',
          FromStatus: Number(from),
          ToStatus: to,
        });
      }
    }
    await db().update(alerts).set({ status: 6 }).where(eq(alerts.id, alertId));
    const [before] = await db().select().from(alerts).where(eq(alerts.id, alertId));
    const refused = await t.call('PUT', `/api/alerts/${alertId}/status`, {
      token: token.managerManage,
      body: { Status: 4 },
      headers: { language: 'tr' },
    });
    expect(refused.statusCode).toBe(409);
    const body = refused.json<{
      Code: number;
      Details: { Path: string; Message: string; AllowedStatuses: number[] }[];
    }>();
    expect(body.Code).toBe(3333);
    expect(body.Details[0]).toMatchObject({ Path: 'body/Status', AllowedStatuses: [3] });
    expect(body.Details[0]!.Message).toContain('Açık');
    const [after] = await db().select().from(alerts).where(eq(alerts.id, alertId));
    expect(after).toEqual(before);
    // alert:read may not move an alert at all; a status out of range is 400.
    expect(
      (await t.call('PUT', `/api/alerts/${alertId}/status`, { token: token.manager, body: { Status: 3 } }))
        .statusCode,
    ).toBe(403);
    const bad = await t.call('PUT', `/api/alerts/${alertId}/status`, {
      token: token.managerManage,
      body: { Status: 8 },
    });
    expect([bad.statusCode, bad.json().Code]).toEqual([400, 3333]);
  });

  it('runs the rule’s actions: the branch manager mailed on Completed, an integration noted', async () => {
    await db()
      .update(transactionChannels)
      .set({ managerUserId: id.admin })
      .where(eq(transactionChannels.id, f.channels.north));
    const before = smtp.mails.length;
    const alertId = await addAlert({
      ruleId: id.rule,
      status: 3,
      assignedUserId: id.manager,
      channelId: f.channels.north1,
      surveyId: f.surveyId,
    });
    const inProgress = await t.call('PUT', `/api/alerts/${alertId}/status`, {
      token: token.admin,
      body: { Status: 4 },
    });
    expect(inProgress.json<AlertDetail>().History.at(-1)).toMatchObject({ Kind: 'action', ToStatus: 4 });
    await t.call('PUT', `/api/alerts/${alertId}/status`, { token: token.admin, body: { Status: 6 } });
    // North-1 has no manager; its region North does.
    const mail = await smtp.waitForMail('admin@demo-bank.example', { afterCount: before });
    // The rule's own subject; no invitee, so no name (admin, in Turkish, holds mask:invitee: it would read ***).
    expect(mail.subject).toMatch(/^Alert Detractors for\s*$/);
    expect(mail.text).toContain('Alarmı açın:');
  });

  it('adds comments for the owner, with history and a first response', async () => {
    const response = await t.call('POST', `/api/alerts/${id.a1}/comments`, {
      token: token.manager,
      body: { Text: '  Called the customer back.  ' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const detail = response.json<AlertDetail>();
    expect(detail.Comments.at(-1)).toMatchObject({
      Text: 'Called the customer back.',
      UserName: 'Deniz Manager',
    });
    expect(detail.History.at(-1)).toMatchObject({ Kind: 'comment' });
    const [row] = await db().select().from(alerts).where(eq(alerts.id, id.a1));
    expect(row!.firstResponseAt).not.toBeNull();
    const count = async () =>
      (await db().select().from(alertComments).where(eq(alertComments.alertId, id.a1))).length;
    const comments = await count();
    for (const body of [{ Text: '   ' }, { Text: 'x'.repeat(4001) }, { Text: 'a\u0000b' }, {}]) {
      const bad = await t.call('POST', `/api/alerts/${id.a1}/comments`, { token: token.manager, body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json()).toMatchObject({ Code: 3333 });
    }
    expect(await count()).toBe(comments);
  });

  it('audits every change on the server', async () => {
    const rows = await db()
      .select({ scope: audits.operationScope, data: audits.operationData })
      .from(audits)
      .where(eq(audits.operationScope, 'Alert'));
    expect(rows.length).toBeGreaterThanOrEqual(5);
    const notes = rows.map((row) => JSON.stringify(row.data));
    expect(notes.some((note) => note.includes('comment'))).toBe(true);
    expect(notes.some((note) => note.includes('status'))).toBe(true);
  });
});

describe('alert mails', () => {
  it('queues the creation mail once from the outbox, rendered with the rule’s texts, HTML-escaped', async () => {
    const mert = await sessionOf(
      'Mert <Ak>',
      1,
      'Queue <b>never</b> moves',
      f.channels.north1,
      f.products.loans,
    );
    const alertId = await addAlert({
      ruleId: id.rule,
      status: 1,
      assignedUserId: id.manager,
      ...mert,
      questionId: f.questions.nps,
      channelId: f.channels.north1,
      surveyId: f.surveyId,
      mailQueuedAt: null,
      createdAt: at('2026-02-01T09:15:00Z'),
    });
    const before = smtp.mails.length;
    await t.app.scheduler.runNow('alerts');
    const mail = await smtp.waitForMail('manager@demo-bank.example', { afterCount: before });
    expect(mail.subject).toBe('Alert Detractors for Mert <Ak>');
    expect(mail.text).toContain('Answer 1 (');
    expect(mail.text).toContain('Queue <b>never</b> moves');
    expect(mail.text).toContain(`/alerts/${alertId}`);
    expect(mail.html).toContain('Mert &#60;Ak&#62;');
    expect(mail.html).not.toContain('<b>never</b>');
    const [row] = await db().select().from(alerts).where(eq(alerts.id, alertId));
    expect(row!.mailQueuedAt).not.toBeNull();
    // The next tick finds nothing to queue: one mail.
    await t.app.scheduler.runNow('alerts');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.mails.filter((caught) => caught.subject === mail.subject)).toHaveLength(1);
  });

  it('escalates an overdue alert once to the members of the owner’s role', async () => {
    const alertId = await addAlert({
      ruleId: id.statsRule,
      status: 3,
      assignedRoleId: id.team,
      dueAt: at('2026-02-02T00:00:00Z'),
      escalatedAt: null,
    });
    const before = smtp.mails.length;
    await t.app.scheduler.runNow('alerts');
    const toViewer = await smtp.waitForMail('viewer@demo-bank.example', { afterCount: before });
    await smtp.waitForMail('manager@demo-bank.example', { afterCount: before });
    expect(toViewer.subject).toBe('Overdue alert: Waiting time');
    await t.app.scheduler.runNow('alerts');
    await vi.waitFor(async () => {
      const [row] = await db().select().from(alerts).where(eq(alerts.id, alertId));
      expect(row!.escalatedAt).not.toBeNull();
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const history = await db()
      .select()
      .from(alertHistory)
      .where(and(eq(alertHistory.alertId, alertId), eq(alertHistory.kind, 'escalated')));
    expect(history).toHaveLength(1);
    expect(smtp.mails.filter((caught) => caught.subject === 'Overdue alert: Waiting time')).toHaveLength(2);
  });
});

describe('alert rule statistics', () => {
  beforeAll(async () => {
    const base = {
      ruleId: id.statsRule,
      status: 3,
      assignedRoleId: id.team,
      escalatedAt: at('2026-03-01T00:00:00Z'),
    };
    const hours = (text: string, plus: number) => new Date(at(text).getTime() + plus * 3_600_000);
    const s1 = '2026-03-02T10:00:00+03:00';
    const s2 = '2026-03-04T23:30:00+03:00';
    const s3 = '2026-03-09T00:30:00+03:00';
    await addAlert({
      ...base,
      createdAt: at(s1),
      firstResponseAt: hours(s1, 2),
      status: 6,
      closedAt: hours(s1, 10),
    });
    await addAlert({
      ...base,
      createdAt: at(s2),
      firstResponseAt: hours(s2, 4),
      dueAt: at('2026-03-06T00:00:00Z'),
    });
    await addAlert({
      ...base,
      createdAt: at(s3),
      firstResponseAt: hours(s3, 6),
      status: 6,
      closedAt: hours(s3, 30),
    });
    await addAlert({ ...base, status: 1, createdAt: at('2026-03-20T12:00:00+03:00') });
  });
  const zero = {
    Created: 0,
    Open: 0,
    Closed: 0,
    Overdue: 0,
    MedianHoursToFirstResponse: null,
    MedianHoursToClose: null,
  };

  it('counts per ISO week of the tenant’s zone, with the medians, and every period of the range', async () => {
    const response = await t.call(
      'GET',
      `/api/alert-rules/${id.statsRule}/statistics?period=week&from=2026-03-04&to=2026-03-22`,
      { token: token.admin },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      RuleId: id.statsRule,
      Title: 'Waiting time',
      Period: 'week',
      From: '2026-03-02',
      To: '2026-03-22',
      Totals: {
        Created: 4,
        Open: 2,
        Closed: 2,
        Overdue: 1,
        MedianHoursToFirstResponse: 4,
        MedianHoursToClose: 20,
      },
      Trend: [
        {
          Period: '2026-W10',
          Created: 2,
          Open: 1,
          Closed: 1,
          Overdue: 1,
          MedianHoursToFirstResponse: 3,
          MedianHoursToClose: 10,
        },
        {
          Period: '2026-W11',
          Created: 1,
          Open: 0,
          Closed: 1,
          Overdue: 0,
          MedianHoursToFirstResponse: 6,
          MedianHoursToClose: 30,
        },
        {
          Period: '2026-W12',
          Created: 1,
          Open: 1,
          Closed: 0,
          Overdue: 0,
          MedianHoursToFirstResponse: null,
          MedianHoursToClose: null,
        },
      ],
    });
  });

  it('counts per day and month, zeros included, and lists every rule', async () => {
    const days = await t.call(
      'GET',
      `/api/alert-rules/${id.statsRule}/statistics?period=day&from=2026-03-08&to=2026-03-09`,
      { token: token.readall },
    );
    expect(days.json().Trend).toEqual([
      { Period: '2026-03-08', ...zero },
      {
        Period: '2026-03-09',
        Created: 1,
        Open: 0,
        Closed: 1,
        Overdue: 0,
        MedianHoursToFirstResponse: 6,
        MedianHoursToClose: 30,
      },
    ]);
    const all = await t.call('GET', '/api/alert-rule-statistics?period=month&from=2026-02-15&to=2026-03-31', {
      token: token.admin,
    });
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json<AlertRulesStatistics>();
    expect(body.From).toBe('2026-02-01');
    expect(body.Trend.map((point) => [point.Period, point.Created])).toEqual([
      ['2026-02', 1],
      ['2026-03', 4],
    ]);
    expect(body.Rules).toEqual([
      expect.objectContaining({ RuleId: id.rule, Title: 'Detractors', Created: 1 }),
      expect.objectContaining({ RuleId: id.statsRule, Title: 'Waiting time', Created: 4 }),
    ]);
  });

  it('refuses alert:read (403), another tenant’s rule (404) and a bad range (400 3333)', async () => {
    const url = `/api/alert-rules/${id.statsRule}/statistics`;
    expect((await t.call('GET', url, { token: token.manager })).statusCode).toBe(403);
    const [other] = await db()
      .insert(tenants)
      .values({ name: 'Alert Stats Other' })
      .returning({ id: tenants.id });
    const [rule] = await db()
      .insert(alertRules)
      .values({ tenantId: other!.id, title: 'Foreign' })
      .returning({ id: alertRules.id });
    expect(
      (await t.call('GET', `/api/alert-rules/${rule!.id}/statistics`, { token: token.admin })).statusCode,
    ).toBe(404);
    for (const query of [
      '?from=2026-03-10&to=2026-03-01',
      '?period=year',
      '?period=day&from=2020-01-01&to=2026-01-01',
    ]) {
      const bad = await t.call('GET', `${url}${query}`, { token: token.admin });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json()).toMatchObject({ Code: 3333 });
    }
  });
});
