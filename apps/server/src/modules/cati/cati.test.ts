import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CATI_DEFAULTS,
  ErrorCode,
  type CatiCall,
  type CatiCampaign,
  type CatiQueue,
  type CatiStatistics,
} from '@loupe/contracts';
import { optedOutSql } from '../../core/optouts.js';
import {
  audits,
  catiCalls,
  catiQueue,
  invitations,
  invitees,
  optouts,
  products,
  questions,
  surveyFlows,
  surveys,
  systemRules,
  tenants,
  users,
} from '../../db/schema/index.js';
import { rowsOf } from '../../db/rows-of.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/*
 * CATI (issue 22 items 7–8, docs/cati.md) through the API on a real database: the queue's order and quota, two
 * agents never holding the same invitee (in parallel on PostgreSQL), each outcome's effect, masking, the
 * statistics against figures worked out by hand, and the campaign settings.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

let t: TestApp;
const ids = { survey: 0, other: 0, noCati: 0, closed: 0, product: 0, agent1: 0, agent2: 0, foreignSurvey: 0 };
const tokens = { agent1: '', agent2: '', masked: '', stats: '', manager: '', outsider: '', foreign: '' };

async function newUser(userName: string, tenantId = t.tenantId): Promise<number> {
  const [admin] = await t.database.db.select().from(users).where(eq(users.userName, 'admin'));
  const [row] = await t.database.db
    .insert(users)
    .values({ tenantId, userName, fullName: `Agent ${userName}`, passwordHash: admin!.passwordHash })
    .returning({ id: users.id });
  return row!.id;
}

async function newSurvey(title: string, columns: Partial<typeof surveys.$inferInsert> = {}) {
  const { db } = t.database;
  const [survey] = await db
    .insert(surveys)
    .values({
      tenantId: t.tenantId,
      title,
      language: 'en',
      channels: [9],
      channelSettings: {
        Templates: [
          {
            Channel: 9,
            Subject: null,
            Body: '<p>Hello {{FullName}}, about your {{ProductName}} ({{MSISDN}}).</p>',
          },
        ],
      },
      ...columns,
    })
    .returning({ id: surveys.id });
  const [flow] = await db
    .insert(surveyFlows)
    .values({ tenantId: columns.tenantId ?? t.tenantId, surveyId: survey!.id, name: 'Main' })
    .returning({ id: surveyFlows.id });
  await db.insert(questions).values({
    tenantId: columns.tenantId ?? t.tenantId,
    surveyId: survey!.id,
    flowId: flow!.id,
    text: 'How likely are you to recommend us?',
    type: 'MCSS',
    scale: 11,
    experienceId: 101,
    position: 0,
  });
  return survey!.id;
}

type InviteOptions = {
  surveyId?: number;
  msisdn?: string | null;
  homeTel?: string | null;
  fullName?: string;
  expiresAt?: Date | null;
  isTest?: boolean;
  queue?: Partial<typeof catiQueue.$inferInsert>;
};

let phones = 0;
/** A CATI invitation (and its invitee); with `queue`, its queue row as earlier calls left it. */
async function invite(options: InviteOptions = {}) {
  const { db } = t.database;
  const surveyId = options.surveyId ?? ids.survey;
  const [invitee] = await db
    .insert(invitees)
    .values({
      tenantId: t.tenantId,
      surveyId,
      fullName: options.fullName ?? `Ayşe Yılmaz ${++phones}`,
      msisdn: options.msisdn === undefined ? `90532${String(1_000_000 + phones)}` : options.msisdn,
      homeTel: options.homeTel ?? null,
      email: `cati-${phones}@example.com`,
      productId: ids.product,
      transactionDate: new Date('2026-03-02T09:30:00Z'),
    })
    .returning({ id: invitees.id });
  const token = randomUUID();
  const [invitation] = await db
    .insert(invitations)
    .values({
      tenantId: t.tenantId,
      inviteeId: invitee!.id,
      surveyId,
      channel: 9,
      token,
      invitedAt: new Date(Date.now() - DAY),
      expiresAt: options.expiresAt === undefined ? new Date(Date.now() + 10 * DAY) : options.expiresAt,
      isTest: options.isTest ?? false,
    })
    .returning({ id: invitations.id });
  if (options.queue)
    await db
      .insert(catiQueue)
      .values({ invitationId: invitation!.id, tenantId: t.tenantId, ...options.queue });
  return { id: invitation!.id, token, inviteeId: invitee!.id };
}

const queueOf = async (token: string) => {
  const response = await t.call('GET', '/api/cati/queue', { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CatiQueue>();
};
const start = (token: string, InvitationId?: number) =>
  t.call('POST', '/api/cati/calls', { token, body: InvitationId === undefined ? {} : { InvitationId } });
async function started(token: string, InvitationId?: number): Promise<CatiCall> {
  const response = await start(token, InvitationId);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CatiCall>();
}
const end = (token: string, callId: number, body: Record<string, unknown>) =>
  t.call('POST', `/api/cati/calls/${callId}/outcome`, { token, body });
const expectCode = (response: { statusCode: number; json(): unknown }, status: number, code: number) => {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ Code: code });
};
const queueRow = async (invitationId: number) =>
  (await t.database.db.select().from(catiQueue).where(eq(catiQueue.invitationId, invitationId)))[0];
const invitationRow = async (invitationId: number) =>
  (await t.database.db.select().from(invitations).where(eq(invitations.id, invitationId)))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const [product] = await db
    .insert(products)
    .values({ tenantId: t.tenantId, name: 'Konut kredisi', code: 'CATI-PR', level: 1, path: [] })
    .returning({ id: products.id });
  ids.product = product!.id;
  ids.survey = await newSurvey('CATI main');
  ids.other = await newSurvey('CATI second');
  ids.noCati = await newSurvey('E-mail only', { channels: [1] });
  ids.closed = await newSurvey('CATI closed', { isActive: false });
  const [foreignTenant] = await db
    .insert(tenants)
    .values({ name: 'Other CATI Co' })
    .returning({ id: tenants.id });
  ids.foreignSurvey = await newSurvey('Foreign CATI', { tenantId: foreignTenant!.id });
  ids.agent1 = await newUser('cati-agent-1');
  ids.agent2 = await newUser('cati-agent-2');
  const foreignAgent = await newUser('cati-foreign', foreignTenant!.id);
  tokens.agent1 = await t.tokenFor({ userId: ids.agent1, tenantId: t.tenantId, scopes: ['catiagent'] });
  tokens.agent2 = await t.tokenFor({ userId: ids.agent2, tenantId: t.tenantId, scopes: ['catiagent'] });
  tokens.masked = await t.tokenFor({
    userId: ids.agent2,
    tenantId: t.tenantId,
    scopes: ['catiagent', 'mask:invitee'],
  });
  tokens.stats = await t.tokenFor({ userId: ids.agent1, tenantId: t.tenantId, scopes: ['cati:stats'] });
  tokens.manager = await t.tokenFor({ userId: ids.agent1, tenantId: t.tenantId, scopes: ['survey:manage'] });
  tokens.outsider = await t.tokenFor({ userId: ids.agent1, tenantId: t.tenantId, scopes: ['report:read'] });
  tokens.foreign = await t.tokenFor({
    userId: foreignAgent,
    tenantId: foreignTenant!.id,
    scopes: ['catiagent', 'survey:manage'],
  });
  await t.app.ready();
}, 120_000);
afterAll(async () => t?.close());

// Each test starts from an empty queue: the earlier tests' invitations leave it, their open calls end.
beforeEach(async () => {
  const { db } = t.database;
  await db.execute(sql`UPDATE cati_calls SET ended_at = now(), outcome = 3 WHERE ended_at IS NULL
      AND agent_user_id IN (${ids.agent1}, ${ids.agent2})`);
  await db.execute(sql`UPDATE invitations SET failed_at = now(), failure_reason = 'test reset'
      WHERE channel = 9 AND failed_at IS NULL AND completed_at IS NULL AND opted_out_at IS NULL`);
  await db.execute(sql`DELETE FROM cati_campaigns`);
});

describe('the queue', () => {
  it('orders due callbacks (mine first, another agent’s after the hold), then priority, attempts, expiry; hides the rest', async () => {
    const now = Date.now();
    const mine = await invite({
      queue: {
        attempts: 1,
        callbackAt: new Date(now - 2 * MINUTE),
        nextCallAt: new Date(now - 2 * MINUTE),
        callbackUserId: ids.agent1,
      },
    });
    const othersHeld = await invite({
      queue: {
        attempts: 1,
        callbackAt: new Date(now - MINUTE),
        nextCallAt: new Date(now - MINUTE),
        callbackUserId: ids.agent2,
      },
    });
    const othersFree = await invite({
      queue: {
        attempts: 1,
        callbackAt: new Date(now - 20 * MINUTE),
        nextCallAt: new Date(now - 20 * MINUTE),
        callbackUserId: ids.agent2,
      },
    });
    const tried = await invite({
      queue: { attempts: 2, lastOutcome: 3, nextCallAt: new Date(now - MINUTE) },
    });
    const fresh = await invite({ expiresAt: new Date(now + 5 * DAY) });
    const freshLater = await invite({ expiresAt: new Date(now + 8 * DAY) });
    const urgent = await invite({ surveyId: ids.other });
    // Not waiting: a retry not yet due, a future callback, closed, test, expired, closed survey, opted out.
    await invite({ queue: { attempts: 1, nextCallAt: new Date(now + 30 * MINUTE) } });
    await invite({
      queue: {
        attempts: 1,
        callbackAt: new Date(now + DAY),
        nextCallAt: new Date(now + DAY),
        callbackUserId: ids.agent1,
      },
    });
    await invite({ queue: { attempts: 1, closedAt: new Date(now - MINUTE) } });
    await invite({ isTest: true });
    await invite({ expiresAt: new Date(now - MINUTE) });
    await invite({ surveyId: ids.closed });
    const optedOut = await invite({ msisdn: '905320009999' });
    await t.database.db
      .insert(optouts)
      .values({ tenantId: t.tenantId, msisdn: '905320009999', source: 'manual' });
    const put = await t.call('PUT', `/api/cati/campaigns/${ids.other}`, {
      token: tokens.manager,
      body: { Priority: 9, DailyQuota: 0, MaxAttempts: 5, NoAnswerRetryMinutes: 60, BusyRetryMinutes: 10 },
    });
    expect(put.statusCode, put.body).toBe(200);

    const forAgent1 = await queueOf(tokens.agent1);
    expect(forAgent1.Items.map((item) => item.InvitationId)).toEqual([
      mine.id,
      othersFree.id,
      urgent.id,
      fresh.id,
      freshLater.id,
      tried.id,
    ]);
    expect(forAgent1.Count).toBe(6);
    expect(forAgent1.Items[0]).toMatchObject({ IsCallbackDue: true, IsMyCallback: true, Attempts: 1 });
    expect(forAgent1.Items[1]).toMatchObject({ IsCallbackDue: true, IsMyCallback: false });
    expect(forAgent1.Items[2]).toMatchObject({
      Priority: 9,
      SurveyName: 'CATI second',
      IsCallbackDue: false,
    });
    expect(forAgent1.Items.map((item) => item.InvitationId)).not.toContain(optedOut.id);
    const forAgent2 = await queueOf(tokens.agent2);
    expect(forAgent2.Items.map((item) => item.InvitationId).slice(0, 3)).toEqual([
      othersFree.id,
      othersHeld.id,
      urgent.id,
    ]);

    // The next call takes the head of the caller's queue, and marks it as a callback served.
    const call = await started(tokens.agent1);
    expect(call).toMatchObject({ InvitationId: mine.id, WasCallback: true, Attempts: 2 });
    expect((await queueOf(tokens.agent2)).Items.map((item) => item.InvitationId)).not.toContain(mine.id);

    // A survey whose daily quota is reached today leaves the queue; its figures say why.
    await t.database.db.insert(catiCalls).values({
      tenantId: t.tenantId,
      invitationId: fresh.id,
      surveyId: ids.other,
      agentUserId: ids.agent2,
      startedAt: new Date(now - 5 * MINUTE),
      endedAt: new Date(now - MINUTE),
      outcome: 1,
    });
    await t.call('PUT', `/api/cati/campaigns/${ids.other}`, {
      token: tokens.manager,
      body: { Priority: 9, DailyQuota: 1, MaxAttempts: 5, NoAnswerRetryMinutes: 60, BusyRetryMinutes: 10 },
    });
    const capped = await queueOf(tokens.agent2);
    expect(capped.Items.map((item) => item.InvitationId)).not.toContain(urgent.id);
    expect(capped.Surveys.find((survey) => survey.SurveyId === ids.other)).toMatchObject({
      DailyQuota: 1,
      CompletedToday: 1,
      QuotaReached: true,
      Waiting: 1,
    });
    expectCode(await start(tokens.agent2, urgent.id), 409, ErrorCode.CatiQueueEmpty);
  });

  it('never gives two agents the same invitee (in parallel on PostgreSQL)', async () => {
    const first = await invite();
    const second = await invite();
    const claims =
      t.database.kind === 'postgres'
        ? await Promise.all([start(tokens.agent1), start(tokens.agent2)])
        : [await start(tokens.agent1), await start(tokens.agent2)];
    for (const response of claims) expect(response.statusCode, response.body).toBe(201);
    const taken = claims.map((response) => response.json<CatiCall>().InvitationId).sort((a, b) => a - b);
    expect(taken).toEqual([first.id, second.id].sort((a, b) => a - b));

    // One waiting invitee, two agents at once: one call, the other told nothing waits or it was taken.
    const [a, b] = claims.map((response) => response.json<CatiCall>());
    await end(tokens.agent1, a!.Id, { Outcome: 5 });
    await end(tokens.agent2, b!.Id, { Outcome: 5 });
    const only = await invite();
    const race =
      t.database.kind === 'postgres'
        ? await Promise.all([start(tokens.agent1), start(tokens.agent2)])
        : [await start(tokens.agent1), await start(tokens.agent2)];
    expect(race.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const refused = race.find((response) => response.statusCode === 409)!.json<{ Code: number }>();
    expect([ErrorCode.CatiQueueEmpty, ErrorCode.CatiInvitationTaken]).toContain(refused.Code);
    const open = await t.database.db
      .select()
      .from(catiCalls)
      .where(and(eq(catiCalls.invitationId, only.id), sql`${catiCalls.endedAt} IS NULL`));
    expect(open).toHaveLength(1);
    // The backstop: the unique index refuses a second open call of an invitation whatever the path.
    await expect(
      t.database.db.insert(catiCalls).values({
        tenantId: t.tenantId,
        invitationId: only.id,
        surveyId: ids.survey,
        agentUserId: ids.agent2,
      }),
    ).rejects.toThrow();
    // An agent on a call takes no other; a reload finds the call again.
    const holder = open[0]!.agentUserId === ids.agent1 ? tokens.agent1 : tokens.agent2;
    await invite();
    expectCode(await start(holder), 409, ErrorCode.CatiCallOpen);
    const current = await t.call('GET', '/api/cati/calls/current', { token: holder });
    expect(current.json<{ Call: CatiCall }>().Call).toMatchObject({ InvitationId: only.id });
  });
});

describe('a call', () => {
  it('shows the invitee, the filled script and notes; masked for mask:invitee; audited', async () => {
    await t.call('PUT', `/api/cati/campaigns/${ids.survey}`, {
      token: tokens.manager,
      body: { ...CATI_SETTINGS, ScriptNotes: 'Introduce yourself.' },
    });
    const plain = await invite({ fullName: 'Mehmet Öz', msisdn: null, homeTel: '902161234567' });
    const call = await started(tokens.agent1, plain.id);
    expect(call).toMatchObject({
      InvitationId: plain.id,
      SurveyId: ids.survey,
      SurveyName: 'CATI main',
      SurveyPath: `/s/${plain.token}?mode=agent`,
      WasCallback: false,
      Attempts: 1,
      Invitee: { FullName: 'Mehmet Öz', Phone: '902161234567', ProductName: 'Konut kredisi' },
      Script: 'Hello Mehmet Öz, about your Konut kredisi ().',
      ScriptNotes: 'Introduce yourself.',
      IsCompleted: false,
      PreviousCalls: [],
    });
    expect((await invitationRow(plain.id)).sentAt).toBeInstanceOf(Date);
    const [audit] = await t.database.db
      .select()
      .from(audits)
      .where(
        and(eq(audits.operationScope, 'CatiCall'), sql`${audits.operationData} LIKE ${`%"Id":${call.Id}%`}`),
      );
    expect(audit).toBeDefined();

    const hidden = await invite({ fullName: 'Zeynep Kaya', msisdn: '905551112233' });
    const queue = await queueOf(tokens.masked);
    expect(queue.Items.find((item) => item.InvitationId === hidden.id)).toMatchObject({
      InviteeFullName: '***',
      Phone: '***',
    });
    const masked = await started(tokens.masked, hidden.id);
    expect(masked.Invitee).toMatchObject({ FullName: '***', Phone: '***', Email: '***' });
    expect(masked.Script).toBe('Hello ***, about your Konut kredisi (***).');
    expect(JSON.stringify(masked)).not.toMatch(/Zeynep|905551112233/);
  });
});

const CATI_SETTINGS = {
  Priority: 5,
  DailyQuota: 0,
  MaxAttempts: 2,
  NoAnswerRetryMinutes: 30,
  BusyRetryMinutes: 10,
};

describe('outcomes', () => {
  it('callback: a future time within 60 days, promised by the caller; refused otherwise', async () => {
    const invitation = await invite();
    const call = await started(tokens.agent1, invitation.id);
    const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
    expectCode(await end(tokens.agent1, call.Id, { Outcome: 2 }), 400, ErrorCode.CatiCallbackTime);
    expectCode(
      await end(tokens.agent1, call.Id, { Outcome: 2, CallbackAt: inHours(-1) }),
      400,
      ErrorCode.CatiCallbackTime,
    );
    expectCode(
      await end(tokens.agent1, call.Id, { Outcome: 2, CallbackAt: inHours(61 * 24) }),
      400,
      ErrorCode.CatiCallbackTime,
    );
    expectCode(
      await end(tokens.agent1, call.Id, { Outcome: 3, CallbackAt: inHours(2) }),
      400,
      ErrorCode.CatiCallbackTime,
    );
    // Only the caller's own call: another agent's answers 404.
    expect((await end(tokens.agent2, call.Id, { Outcome: 3 })).statusCode).toBe(404);
    const callbackAt = inHours(2);
    const ended = await end(tokens.agent1, call.Id, {
      Outcome: 2,
      CallbackAt: callbackAt,
      Note: 'After work',
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await queueRow(invitation.id)).toMatchObject({
      attempts: 1,
      lastOutcome: 2,
      callbackUserId: ids.agent1,
      callbackAt: new Date(callbackAt),
      nextCallAt: new Date(callbackAt),
      closedAt: null,
    });
    expect((await queueOf(tokens.agent1)).Items).toEqual([]);
    expectCode(await end(tokens.agent1, call.Id, { Outcome: 3 }), 409, ErrorCode.CatiCallEnded);
  });

  it('no answer and busy wait the campaign’s minutes; the last attempt fails the invitation', async () => {
    await t.call('PUT', `/api/cati/campaigns/${ids.survey}`, { token: tokens.manager, body: CATI_SETTINGS });
    const invitation = await invite();
    const first = await started(tokens.agent1, invitation.id);
    const before = Date.now();
    expect((await end(tokens.agent1, first.Id, { Outcome: 3 })).statusCode).toBe(200);
    const waiting = await queueRow(invitation.id);
    expect(waiting).toMatchObject({ attempts: 1, lastOutcome: 3, closedAt: null });
    expect(waiting!.nextCallAt!.getTime()).toBeGreaterThanOrEqual(before + 30 * MINUTE - 1000);
    expect(waiting!.nextCallAt!.getTime()).toBeLessThanOrEqual(Date.now() + 30 * MINUTE + 1000);
    expect((await queueOf(tokens.agent1)).Items).toEqual([]);

    await t.database.db
      .update(catiQueue)
      .set({ nextCallAt: new Date(Date.now() - MINUTE) })
      .where(eq(catiQueue.invitationId, invitation.id));
    const second = await started(tokens.agent2, invitation.id);
    expect(second.PreviousCalls).toMatchObject([{ Outcome: 3, AgentName: 'Agent cati-agent-1' }]);
    expect((await end(tokens.agent2, second.Id, { Outcome: 4 })).statusCode).toBe(200);
    expect(await queueRow(invitation.id)).toMatchObject({
      attempts: 2,
      lastOutcome: 4,
      closedAt: expect.any(Date),
    });
    expect(await invitationRow(invitation.id)).toMatchObject({
      failedAt: expect.any(Date),
      failureReason: 'CatiAttemptsExhausted',
    });
  });

  it('wrong number fails the invitation and closes its place', async () => {
    const invitation = await invite();
    const call = await started(tokens.agent1, invitation.id);
    expect((await end(tokens.agent1, call.Id, { Outcome: 5 })).statusCode).toBe(200);
    expect(await queueRow(invitation.id)).toMatchObject({ lastOutcome: 5, closedAt: expect.any(Date) });
    expect(await invitationRow(invitation.id)).toMatchObject({
      failureReason: 'WrongNumber',
      failedAt: expect.any(Date),
    });
  });

  it('refused: one of the system rules’ reasons, an opt-out for its days that the opt-out rule sees', async () => {
    const { db } = t.database;
    await db
      .insert(systemRules)
      .values({
        tenantId: t.tenantId,
        catiOptoutFrequencies: [
          { Reason: 'Not interested', Days: 30 },
          { Reason: 'Never again', Days: 0 },
        ],
      })
      .onConflictDoUpdate({
        target: systemRules.tenantId,
        set: {
          catiOptoutFrequencies: [
            { Reason: 'Not interested', Days: 30 },
            { Reason: 'Never again', Days: 0 },
          ],
        },
      });
    const reasons = await t.call('GET', '/api/cati/refusal-reasons', { token: tokens.agent1 });
    expect(reasons.json()).toEqual({
      Reasons: [
        { Reason: 'Not interested', Days: 30 },
        { Reason: 'Never again', Days: 0 },
      ],
    });

    const invitation = await invite({ msisdn: '905557770001' });
    const sameCustomer = await invite({ msisdn: '905557770001', surveyId: ids.other });
    const call = await started(tokens.agent1, invitation.id);
    expectCode(await end(tokens.agent1, call.Id, { Outcome: 6 }), 400, ErrorCode.CatiRefusalReason);
    expectCode(
      await end(tokens.agent1, call.Id, { Outcome: 6, RefusalReason: 'Busy' }),
      400,
      ErrorCode.CatiRefusalReason,
    );
    expectCode(
      await end(tokens.agent1, call.Id, { Outcome: 3, RefusalReason: 'Not interested' }),
      400,
      ErrorCode.CatiRefusalReason,
    );
    const before = Date.now();
    const ended = await end(tokens.agent1, call.Id, { Outcome: 6, RefusalReason: ' NOT interested ' });
    expect(ended.statusCode, ended.body).toBe(200);

    const [optout] = await db.select().from(optouts).where(eq(optouts.invitationId, invitation.id));
    expect(optout).toMatchObject({
      channel: 9,
      source: 'cati',
      reason: 'Not interested',
      isForever: false,
      msisdn: '905557770001',
    });
    expect(optout!.untilDate!.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY - 1000);
    expect(optout!.untilDate!.getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY + 1000);
    expect((await invitationRow(invitation.id)).optedOutAt).toBeInstanceOf(Date);
    expect(await queueRow(invitation.id)).toMatchObject({ lastOutcome: 6, closedAt: expect.any(Date) });
    const [rule] = await rowsOf<{ stopped: boolean }>(
      db,
      sql`SELECT ${optedOutSql(sql`${t.tenantId}::integer`, sql`NULL::text`, sql`'905557770001'::text`)} AS stopped`,
    );
    expect(rule!.stopped).toBe(true);
    // The same customer's other CATI invitation leaves the queue too.
    expect((await queueOf(tokens.agent2)).Items.map((item) => item.InvitationId)).not.toContain(
      sameCustomer.id,
    );
  });

  it('completed only once the flow is answered to its end through the respondent page', async () => {
    const invitation = await invite();
    const call = await started(tokens.agent1, invitation.id);
    expectCode(await end(tokens.agent1, call.Id, { Outcome: 1 }), 400, ErrorCode.CatiNotCompleted);
    const [question] = await t.database.db
      .select({ id: questions.id })
      .from(questions)
      .where(eq(questions.surveyId, ids.survey));
    const answered = await t.call('POST', `/api/public/surveys/${invitation.token}/answers`, {
      body: { Answers: [{ QuestionId: question!.id, Value: 9 }], Complete: true },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const current = await t.call('GET', '/api/cati/calls/current', { token: tokens.agent1 });
    expect(current.json<{ Call: CatiCall }>().Call).toMatchObject({ Id: call.Id, IsCompleted: true });
    expect((await end(tokens.agent1, call.Id, { Outcome: 1 })).statusCode).toBe(200);
    expect(await queueRow(invitation.id)).toMatchObject({ lastOutcome: 1, closedAt: expect.any(Date) });
    expect((await t.call('GET', '/api/cati/calls/current', { token: tokens.agent1 })).json()).toEqual({
      Call: null,
    });
  });
});

describe('statistics', () => {
  it('counts calls, completes, durations, outcomes and callbacks kept as worked out by hand', async () => {
    const { db } = t.database;
    const s1 = await newUser('stats-agent-1');
    const s2 = await newUser('stats-agent-2');
    const a = await invite({ surveyId: ids.closed });
    const b = await invite({ surveyId: ids.closed });
    const at = (text: string) => new Date(`2021-03-0${text}Z`);
    const row = (
      agentUserId: number,
      invitationId: number,
      startedAt: string,
      endedAt: string | null,
      outcome: number | null,
      callbackAt: string | null = null,
    ) => ({
      tenantId: t.tenantId,
      invitationId,
      surveyId: ids.closed,
      agentUserId,
      startedAt: at(startedAt),
      endedAt: endedAt === null ? null : at(endedAt),
      outcome,
      callbackAt: callbackAt === null ? null : at(callbackAt),
    });
    await db.insert(catiCalls).values([
      row(s1, a.id, '1T10:00:00', '1T10:05:00', 1),
      row(s1, b.id, '1T11:00:00', '1T11:01:00', 2, '2T09:00:00'),
      // S1's callback kept by S2, 10 minutes after its time.
      row(s2, b.id, '2T09:10:00', '2T09:20:00', 1),
      row(s1, a.id, '2T12:00:00', '2T12:02:00', 3),
      // S2's callback: due, not kept.
      row(s2, a.id, '3T08:00:00', '3T08:00:30', 2, '3T10:00:00'),
      // Still open: not counted.
      row(s2, b.id, '3T09:00:00', null, null),
      // Outside the period.
      row(s1, a.id, '4T09:00:00', '4T09:01:00', 1),
    ]);
    const response = await t.call(
      'GET',
      '/api/cati/statistics?From=2021-03-01T00:00:00Z&To=2021-03-04T00:00:00Z',
      { token: tokens.stats },
    );
    expect(response.statusCode, response.body).toBe(200);
    const figures = response.json<CatiStatistics>();
    const outcomes = (c: number, cb: number, na: number) => ({
      Completed: c,
      Callback: cb,
      NoAnswer: na,
      Busy: 0,
      WrongNumber: 0,
      Refused: 0,
    });
    expect(figures.Agents).toEqual([
      {
        AgentUserId: s1,
        AgentName: 'Agent stats-agent-1',
        Calls: 3,
        Completes: 1,
        CompletionRate: 1 / 3,
        MeanDurationSeconds: 160,
        Outcomes: outcomes(1, 1, 1),
        CallbacksDue: 1,
        CallbacksKept: 1,
      },
      {
        AgentUserId: s2,
        AgentName: 'Agent stats-agent-2',
        Calls: 2,
        Completes: 1,
        CompletionRate: 0.5,
        MeanDurationSeconds: 315,
        Outcomes: outcomes(1, 1, 0),
        CallbacksDue: 1,
        CallbacksKept: 0,
      },
    ]);
    expect(figures.Totals).toMatchObject({
      Calls: 5,
      Completes: 2,
      CompletionRate: 0.4,
      MeanDurationSeconds: 222,
    });
    expect(figures.Days).toEqual([
      { Day: '2021-03-01', Calls: 2, Completes: 1 },
      { Day: '2021-03-02', Calls: 2, Completes: 1 },
      { Day: '2021-03-03', Calls: 1, Completes: 0 },
    ]);
    const one = await t.call(
      'GET',
      `/api/cati/statistics?From=2021-03-01T00:00:00Z&To=2021-03-04T00:00:00Z&AgentUserId=${s2}`,
      { token: tokens.stats },
    );
    expect(one.json<CatiStatistics>().Agents.map((agent) => agent.AgentUserId)).toEqual([s2]);

    expectCode(
      await t.call('GET', '/api/cati/statistics?From=2021-03-04T00:00:00Z&To=2021-03-01T00:00:00Z', {
        token: tokens.stats,
      }),
      400,
      ErrorCode.CatiStatisticsRange,
    );
    expectCode(
      await t.call('GET', '/api/cati/statistics?From=2020-01-01T00:00:00Z&To=2021-03-01T00:00:00Z', {
        token: tokens.stats,
      }),
      400,
      ErrorCode.CatiStatisticsRange,
    );
    const fallback = (
      await t.call('GET', '/api/cati/statistics', { token: tokens.stats })
    ).json<CatiStatistics>();
    expect(new Date(fallback.To).getTime() - new Date(fallback.From).getTime()).toBe(7 * DAY);
    expect((await t.call('GET', '/api/cati/statistics', { token: tokens.agent1 })).statusCode).toBe(403);
  });
});

describe('campaigns', () => {
  it('lists the CATI surveys with defaults; a change needs survey:manage, a CATI survey of the tenant', async () => {
    const list = await t.call('GET', '/api/cati/campaigns', { token: tokens.stats });
    expect(list.statusCode, list.body).toBe(200);
    const campaigns = list.json<CatiCampaign[]>();
    expect(campaigns.map((campaign) => campaign.SurveyId)).toEqual(
      expect.arrayContaining([ids.survey, ids.other]),
    );
    expect(campaigns.map((campaign) => campaign.SurveyId)).not.toContain(ids.noCati);
    expect(campaigns.map((campaign) => campaign.SurveyId)).not.toContain(ids.foreignSurvey);
    expect(campaigns.find((campaign) => campaign.SurveyId === ids.survey)).toEqual({
      SurveyId: ids.survey,
      SurveyName: 'CATI main',
      Priority: CATI_DEFAULTS.priority,
      DailyQuota: CATI_DEFAULTS.dailyQuota,
      MaxAttempts: CATI_DEFAULTS.maxAttempts,
      NoAnswerRetryMinutes: CATI_DEFAULTS.noAnswerRetryMinutes,
      BusyRetryMinutes: CATI_DEFAULTS.busyRetryMinutes,
      ScriptNotes: null,
    });
    const body = { ...CATI_SETTINGS, Priority: 7, DailyQuota: 40, ScriptNotes: '  Be kind.  ' };
    const saved = await t.call('PUT', `/api/cati/campaigns/${ids.survey}`, { token: tokens.manager, body });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      Priority: 7,
      DailyQuota: 40,
      MaxAttempts: 2,
      ScriptNotes: 'Be kind.',
    });
    expect(
      (await t.call('GET', '/api/cati/campaigns', { token: tokens.manager })).json<CatiCampaign[]>(),
    ).toEqual(expect.arrayContaining([expect.objectContaining({ SurveyId: ids.survey, Priority: 7 })]));
    const [audit] = await t.database.db
      .select()
      .from(audits)
      .where(eq(audits.operationScope, 'CatiCampaign'));
    expect(audit).toBeDefined();

    expectCode(
      await t.call('PUT', `/api/cati/campaigns/${ids.noCati}`, { token: tokens.manager, body }),
      400,
      ErrorCode.SurveyChannelNotOffered,
    );
    expect(
      (await t.call('PUT', `/api/cati/campaigns/${ids.foreignSurvey}`, { token: tokens.manager, body }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call('PUT', `/api/cati/campaigns/${ids.survey}`, { token: tokens.foreign, body })).statusCode,
    ).toBe(404);
    expect(
      (await t.call('PUT', `/api/cati/campaigns/${ids.survey}`, { token: tokens.stats, body })).statusCode,
    ).toBe(403);
    expect((await t.call('GET', '/api/cati/campaigns', { token: tokens.outsider })).statusCode).toBe(403);
    expect(
      (
        await t.call('PUT', `/api/cati/campaigns/${ids.survey}`, {
          token: tokens.manager,
          body: { ...body, Priority: 11 },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('keeps each tenant to its own queue and calls', async () => {
    const mine = await invite();
    expect((await queueOf(tokens.foreign)).Items).toEqual([]);
    expect((await start(tokens.foreign, mine.id)).statusCode).toBe(404);
    const call = await started(tokens.agent1, mine.id);
    expect((await end(tokens.foreign, call.Id, { Outcome: 3 })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/cati/calls/current', { token: tokens.foreign })).json()).toEqual({
      Call: null,
    });
  });
});
