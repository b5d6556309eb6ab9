import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  type InvitationCreateAnswer,
  type InvitationRow,
  type SurveyChannel,
} from '@loupe/contracts';
import { loadConfig } from '../../config.js';
import { createMailer } from '../../core/mailer.js';
import {
  audits,
  invitationMessages,
  invitations,
  invitees,
  optouts,
  serviceConfigurations,
  surveyFlows,
  surveys,
  surveyTestInvitations,
  tenants,
  users,
} from '../../db/schema/index.js';
import { createLogger } from '../../logger.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtp-catcher.js';
import { signInNewUser } from '../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/*
 * Invitations through the real routes, pg-boss jobs, a local SMTP server and a local HTTP SMS gateway
 * (docs/invitations.md). Time is driven by setting timestamps in the database, never by sleeping: a test moves an
 * invitation's delivered_at or started_at back and runs the reminder tick.
 */

let t: TestApp;
let smtp: SmtpCatcher;
let manager: string;
let reader: string;
let otherTenant: string;
/** Recipients the SMTP server refuses, with the code it answers. */
const refusals = new Map<string, { code: number; message: string }>();

type GatewayCall = { headers: http.IncomingHttpHeaders; body: string };
const gateway = {
  server: undefined as http.Server | undefined,
  url: '',
  calls: [] as GatewayCall[],
  /** Statuses to answer in turn; 200 once they run out. */
  answers: [] as number[],
};

const SECRET = 'gateway-secret';

beforeAll(async () => {
  smtp = await startSmtpCatcher({ refuse: (address) => refusals.get(address) });
  gateway.server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      gateway.calls.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(gateway.answers.shift() ?? 200).end('{"id":"gw-1"}');
    });
  });
  await new Promise<void>((resolve) => gateway.server!.listen(0, '127.0.0.1', resolve));
  gateway.url = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}/sms`;
  const logger = createLogger('silent');
  const mailer = createMailer({ smtpUrl: smtp.url, from: 'Loupe <no-reply@loupe.test>', logger });
  const config = loadConfig({ ...process.env, PUBLIC_URL: 'https://cx.example.test' });
  t = await createTestApp({
    mailer,
    logger: process.env.INVITATIONS_TEST_LOG ? createLogger('error') : undefined,
    config: { ...config, invitations: { retrySeconds: 1, leaseSeconds: 300, tickSeconds: 0 } },
  });
  await t.app.ready();
  manager = await signInNewUser(t, {
    userName: 'inv-manager',
    tenantId: t.tenantId,
    scopes: ['survey:manage'],
  });
  reader = await signInNewUser(t, { userName: 'inv-reader', tenantId: t.tenantId, scopes: ['survey:read'] });
  const [other] = await t.database.db
    .insert(tenants)
    .values({ name: 'Other Invitations Co' })
    .returning({ id: tenants.id });
  otherTenant = await signInNewUser(t, {
    userName: 'inv-other',
    tenantId: other!.id,
    scopes: ['survey:manage', 'survey:read'],
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await new Promise<void>((resolve) => (gateway.server ? gateway.server.close(() => resolve()) : resolve()));
});
beforeEach(() => {
  gateway.answers = [];
  refusals.clear();
});

const db = () => t.database.db;
let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}`;

const EMAIL_TEMPLATE = {
  Channel: 1 as const,
  Subject: 'Your visit, {{FullName}}',
  Body: '<p>Dear {{FullName}} &amp; co,</p><p><a href="{{ExecutionLink}}">Start the survey</a></p><p>{{UnsubscribeLinkHtml}}</p>',
};
const SMS_TEMPLATE = {
  Channel: 2 as const,
  Subject: null,
  Body: 'Hi {{FullName}}, rate us: {{ShortExecutionLink}}',
};

async function createSurvey(channel: Partial<SurveyChannel> = {}, tenantId = t.tenantId) {
  const settings = {
    Templates: [EMAIL_TEMPLATE, SMS_TEMPLATE],
    ExpiryDays: 3,
    Reminder: {
      FrequencyMinutes: 60,
      NotFinishedDays: 2,
      Subject: 'Reminder {{FullName}}',
      Body: '<p>Still time: {{ExecutionLink}}</p>',
    },
    ...channel,
  };
  const [survey] = await db()
    .insert(surveys)
    .values({
      tenantId,
      title: unique('Branch visit'),
      language: 'en',
      channels: channel.Channels ?? [1, 2],
      primaryChannel: channel.PrimaryChannel === undefined ? 1 : channel.PrimaryChannel,
      channelSettings: {
        Templates: settings.Templates,
        ExpiryDays: settings.ExpiryDays,
        Reminder: settings.Reminder,
      },
    })
    .returning({ id: surveys.id });
  await db().insert(surveyFlows).values({ tenantId, surveyId: survey!.id, name: 'Main' });
  return survey!.id;
}

async function createInvitee(
  surveyId: number,
  values: { email?: string | null; msisdn?: string | null; fullName?: string } = {},
  tenantId = t.tenantId,
) {
  const [row] = await db()
    .insert(invitees)
    .values({
      tenantId,
      surveyId,
      fullName: values.fullName ?? 'Ada Lovelace',
      email: values.email === undefined ? `${unique('ada')}@example.test` : values.email,
      msisdn: values.msisdn ?? null,
      transactionDate: new Date(),
    })
    .returning({ id: invitees.id });
  return row!.id;
}

async function invite(surveyId: number, InviteeIds: number[], token = manager) {
  return t.call('POST', `/api/surveys/${surveyId}/invitations`, { token, body: { InviteeIds } });
}

async function invited(surveyId: number, InviteeIds: number[]): Promise<InvitationCreateAnswer> {
  const response = await invite(surveyId, InviteeIds);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<InvitationCreateAnswer>();
}

const messagesOf = (invitationId: number) =>
  db()
    .select()
    .from(invitationMessages)
    .where(eq(invitationMessages.invitationId, invitationId))
    .orderBy(asc(invitationMessages.id));

/** Waits (polling the database, up to 20 s) until every message of the invitation has an outcome. */
async function settled(invitationId: number, count = 1) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const rows = await messagesOf(invitationId);
    if (rows.length >= count && rows.every((row) => row.deliveredAt || row.failedAt)) return rows;
    if (Date.now() > deadline)
      throw new Error(`messages of ${invitationId} not settled: ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the invitation's first message is released after a refused attempt (waiting for its retry). */
async function released(invitationId: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [message] = await messagesOf(invitationId);
    if (message && message.attempts >= 1 && message.attemptStartedAt === null && message.failureReason)
      return message;
    if (Date.now() > deadline) throw new Error(`no released attempt of ${invitationId}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const invitationRow = async (id: number) =>
  (await db().select().from(invitations).where(eq(invitations.id, id)))[0]!;

async function configureGateway(json: object, tenantId = t.tenantId) {
  await db()
    .delete(serviceConfigurations)
    .where(
      and(eq(serviceConfigurations.tenantId, tenantId), eq(serviceConfigurations.section, 'SmsGateway')),
    );
  await db()
    .insert(serviceConfigurations)
    .values({ tenantId, section: 'SmsGateway', jsonConfig: JSON.stringify(json), isCredential: true });
}

describe('e-mail invitations', () => {
  it('delivers HTML and text with List-Unsubscribe, records sent and delivered, and lists the path', async () => {
    const surveyId = await createSurvey();
    const email = `${unique('grace')}@example.test`;
    const inviteeId = await createInvitee(surveyId, { email, fullName: 'Grace <Hopper>' });
    const before = smtp.mails.length;
    const answer = await invited(surveyId, [inviteeId]);
    expect(answer.Skipped).toEqual([]);
    expect(answer.Created).toEqual([{ InvitationId: expect.any(Number), InviteeId: inviteeId, Channel: 1 }]);
    const invitationId = answer.Created[0]!.InvitationId;

    const mail = await smtp.waitForMail(email, { afterCount: before, timeoutMs: 20_000 });
    const row = await invitationRow(invitationId);
    const page = `https://cx.example.test/s/${row.token}`;
    expect(mail.subject).toBe('Your visit, Grace <Hopper>');
    expect(mail.html).toContain('Dear Grace &lt;Hopper&gt; &amp; co');
    expect(mail.html).toContain(`<a href="${page}">Start the survey</a>`);
    expect(mail.html).toContain(`<a href="${page}/optout">`);
    expect(mail.text).toContain('Dear Grace <Hopper> & co');
    expect(mail.text).toContain(`Start the survey (${page})`);
    expect(mail.text).toContain(`${page}/optout`);
    const headers = mail.raw.replace(/\r\n[ \t]+/g, ' ');
    expect(headers).toMatch(new RegExp(`List-Unsubscribe: <${page.replace(/[.?]/g, '\\$&')}/optout>`));
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    const [message] = await settled(invitationId);
    expect(message).toMatchObject({ kind: 1, attempts: 1, failedAt: null });
    expect(headers).toContain(`Message-ID: ${message!.providerMessageId}`);
    const stamped = await invitationRow(invitationId);
    expect(stamped.sentAt).not.toBeNull();
    expect(stamped.deliveredAt).not.toBeNull();
    expect(stamped.expiresAt!.getTime() - stamped.invitedAt.getTime()).toBe(3 * 86_400_000);

    const list = await t.call('GET', `/api/surveys/${surveyId}/invitations`, { token: reader });
    expect(list.statusCode, list.body).toBe(200);
    const { Items, Count } = list.json<{ Items: InvitationRow[]; Count: number }>();
    expect(Count).toBe(1);
    expect(Items[0]).toMatchObject({
      Id: invitationId,
      State: 'Delivered',
      Email: email,
      Attempts: 1,
      IsTest: false,
    });

    // The respondent page opens it: the list follows.
    await t.call('GET', `/api/public/surveys/${row.token}`);
    const opened = await t.call('GET', `/api/surveys/${surveyId}/invitations`, { token: reader });
    expect(opened.json<{ Items: InvitationRow[] }>().Items[0]!.State).toBe('Opened');

    const [audit] = await db()
      .select()
      .from(audits)
      .where(eq(audits.operationScope, 'Invitation'))
      .orderBy(sql`${audits.id} desc`)
      .limit(1);
    expect(audit).toBeDefined();
  });

  it('stops at once on a refused recipient (5xx) and retries a 4xx until it is accepted', async () => {
    const surveyId = await createSurvey();
    const bounced = `${unique('nobody')}@example.test`;
    const busy = `${unique('busy')}@example.test`;
    refusals.set(bounced, { code: 550, message: 'No such user' });
    refusals.set(busy, { code: 451, message: 'Try again later' });
    const answer = await invited(surveyId, [
      await createInvitee(surveyId, { email: bounced }),
      await createInvitee(surveyId, { email: busy }),
    ]);
    const [bouncedId, busyId] = answer.Created.map((row) => row.InvitationId);
    const [failed] = await settled(bouncedId!);
    expect(failed).toMatchObject({ attempts: 1, deliveredAt: null });
    expect(failed!.failureReason).toContain('550');
    expect(await invitationRow(bouncedId!)).toMatchObject({ deliveredAt: null, attempts: 1 });
    expect((await invitationRow(bouncedId!)).failedAt).not.toBeNull();

    // The busy mailbox: the first attempt is refused for now, then the server takes it.
    const deadline = Date.now() + 10_000;
    while ((await messagesOf(busyId!))[0]!.attempts < 1 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    refusals.delete(busy);
    const [retried] = await settled(busyId!);
    expect(retried!.deliveredAt).not.toBeNull();
    expect(retried!.attempts).toBeGreaterThanOrEqual(2);
    expect(smtp.mails.filter((mail) => mail.to.includes(busy))).toHaveLength(1);
  });

  it('fails a temporary failure on its last attempt (INVITATION_RULES.sendAttempts)', async () => {
    const surveyId = await createSurvey();
    const email = `${unique('full')}@example.test`;
    refusals.set(email, { code: 452, message: 'Mailbox full' });
    const inviteeId = await createInvitee(surveyId, { email });
    // The first attempt is refused for now; then four attempts are taken as spent: the next is the fifth and last.
    const answer = await invited(surveyId, [inviteeId]);
    const invitationId = answer.Created[0]!.InvitationId;
    const message = await released(invitationId);
    expect(message.failureReason).toContain('452');
    await db().update(invitationMessages).set({ attempts: 4 }).where(eq(invitationMessages.id, message.id));
    await t.app.invitations.jobs.queue([message.id]);
    t.app.invitations.jobs.wake();
    const [final] = await settled(invitationId);
    expect(final).toMatchObject({ attempts: 5, deliveredAt: null });
    expect(final!.failureReason).toContain('452');
  });

  it('does not send an expired invitation', async () => {
    const surveyId = await createSurvey();
    const email = `${unique('late')}@example.test`;
    const inviteeId = await createInvitee(surveyId, { email });
    // Refused for now by the SMTP server, then expired before the retry.
    refusals.set(email, { code: 421, message: 'Closing' });
    const answer = await invited(surveyId, [inviteeId]);
    const invitationId = answer.Created[0]!.InvitationId;
    const refused = await released(invitationId);
    expect(refused.failureReason).toContain('421');
    await db()
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(invitations.id, invitationId));
    refusals.delete(email);
    await t.app.invitations.jobs.queue([refused.id]);
    t.app.invitations.jobs.wake();
    const [message] = await settled(invitationId);
    expect(message).toMatchObject({ deliveredAt: null, failureReason: 'Expired', attempts: 2 });
    expect(smtp.mails.some((mail) => mail.to.includes(email))).toBe(false);
    const list = await t.call('GET', `/api/surveys/${surveyId}/invitations`, { token: reader });
    expect(list.json<{ Items: InvitationRow[] }>().Items[0]!.State).toBe('Expired');
  });
});

describe('who is invited', () => {
  it('skips opted-out invitees, those invited within 5 hours on any survey, and those without an address', async () => {
    const first = await createSurvey();
    const second = await createSurvey({ Channels: [1], PrimaryChannel: 1 });
    const shared = `${unique('shared')}@example.test`;
    const optedOut = `${unique('optout')}@example.test`;
    await db()
      .insert(optouts)
      .values({ tenantId: t.tenantId, email: optedOut.toUpperCase(), source: 'manual' });

    const a = await invited(first, [await createInvitee(first, { email: shared })]);
    expect(a.Created).toHaveLength(1);
    const sameAddress = await createInvitee(second, { email: shared.toUpperCase() });
    const optedOutId = await createInvitee(second, { email: optedOut });
    const noAddress = await createInvitee(second, { email: null, msisdn: '+905551112233' });
    const twinA = await createInvitee(second, {
      email: `${unique('twin')}@example.test`,
      msisdn: '+905550000001',
    });
    const twinB = await createInvitee(second, { email: null, msisdn: '+905550000001' });
    const b = await invited(second, [sameAddress, optedOutId, noAddress, twinA, twinB]);
    expect(b.Created.map((row) => row.InviteeId)).toEqual([twinA]);
    expect(b.Skipped).toEqual([
      { InviteeId: sameAddress, Reason: 'InvitedRecently' },
      { InviteeId: optedOutId, Reason: 'OptedOut' },
      { InviteeId: noAddress, Reason: 'NoAddress' },
      // The same MSISDN as an invitee of this very request.
      { InviteeId: twinB, Reason: 'InvitedRecently' },
    ]);

    // Six hours later the rule lets the shared address through again.
    await db()
      .update(invitations)
      .set({ invitedAt: new Date(Date.now() - 6 * 3_600_000) })
      .where(eq(invitations.id, a.Created[0]!.InvitationId));
    const c = await invited(second, [sameAddress]);
    expect(c.Created.map((row) => row.InviteeId)).toEqual([sameAddress]);
  });

  it('falls back from the primary channel to one the invitee has an address for; no template is a skip', async () => {
    const surveyId = await createSurvey({
      Channels: [1, 2, 9],
      PrimaryChannel: 2,
      Templates: [EMAIL_TEMPLATE],
    });
    const phoneOnly = await createInvitee(surveyId, { email: null, msisdn: '+905559990001' });
    const emailOnly = await createInvitee(surveyId, { email: `${unique('mail')}@example.test` });
    const answer = await invited(surveyId, [phoneOnly, emailOnly]);
    // SMS has no template here: the phone-only invitee is skipped, though CATI would reach them after it... the
    // primary channel comes first and decides.
    expect(answer.Skipped).toEqual([{ InviteeId: phoneOnly, Reason: 'NoTemplate' }]);
    expect(answer.Created).toEqual([expect.objectContaining({ InviteeId: emailOnly, Channel: 1 })]);
  });

  it('queues CATI invitations for their dispatcher without sending them', async () => {
    const surveyId = await createSurvey({ Channels: [9], PrimaryChannel: 9, Templates: [] });
    const answer = await invited(surveyId, [
      await createInvitee(surveyId, { email: null, msisdn: '+905559990002' }),
    ]);
    expect(answer.Created).toEqual([expect.objectContaining({ Channel: 9 })]);
    const invitationId = answer.Created[0]!.InvitationId;
    await t.app.invitations.jobs.tick();
    const [message] = await messagesOf(invitationId);
    expect(message).toMatchObject({ attempts: 0, sentAt: null, deliveredAt: null, failedAt: null });
    const list = await t.call('GET', `/api/surveys/${surveyId}/invitations`, { token: reader });
    expect(list.json<{ Items: InvitationRow[] }>().Items[0]!.State).toBe('Queued');
  });

  it('refuses a closed survey, unknown invitees, bad input and other tenants, changing nothing', async () => {
    const surveyId = await createSurvey();
    const inviteeId = await createInvitee(surveyId);
    const otherSurvey = await createSurvey();
    const foreignInvitee = await createInvitee(otherSurvey);
    const count = async () => (await db().select().from(invitations)).length;
    const before = await count();

    const unknown = await invite(surveyId, [inviteeId, foreignInvitee]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ Code: ErrorCode.InviteeUnknown });
    const turkish = await t.call('POST', `/api/surveys/${surveyId}/invitations`, {
      token: manager,
      body: { InviteeIds: [foreignInvitee] },
      headers: { language: 'tr' },
    });
    expect(turkish.json<{ Message: string }>().Message).toBe('Bu anketin davetlilerini seçin.');

    for (const body of [
      {},
      { InviteeIds: [] },
      { InviteeIds: [2 ** 31] },
      { InviteeIds: ['1'] },
      { InviteeIds: Array.from({ length: 1_001 }, (_, index) => index + 1) },
      { InviteeIds: [inviteeId], Extra: 1 },
    ]) {
      const response = await t.call('POST', `/api/surveys/${surveyId}/invitations`, { token: manager, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ Code: ErrorCode.ModelNotValid });
    }
    expect(
      (await t.call('GET', `/api/surveys/${surveyId}/invitations?$top=1001`, { token: reader })).statusCode,
    ).toBe(400);

    // Another tenant: the survey does not exist for it.
    expect((await invite(surveyId, [inviteeId], otherTenant)).statusCode).toBe(404);
    expect(
      (await t.call('GET', `/api/surveys/${surveyId}/invitations`, { token: otherTenant })).statusCode,
    ).toBe(404);
    // A reader may not invite.
    expect((await invite(surveyId, [inviteeId], reader)).statusCode).toBe(403);

    await db().update(surveys).set({ isActive: false }).where(eq(surveys.id, surveyId));
    const closed = await invite(surveyId, [inviteeId]);
    expect(closed.statusCode).toBe(400);
    expect(closed.json()).toMatchObject({ Code: ErrorCode.SurveyClosed });
    expect(await count()).toBe(before);
  });
});

describe('SMS invitations', () => {
  const smsSurvey = () => createSurvey({ Channels: [2], PrimaryChannel: 2 });

  it('posts JSON with templated fields, headers and an HMAC signature, and records delivery', async () => {
    await configureGateway({
      Url: gateway.url,
      Format: 'json',
      From: 'LOUPE',
      Fields: { to: '{{To}}', message: '{{Text}}', sender: '{{From}}', ref: '{{MessageId}}' },
      Headers: { 'x-api-key': 'k-123' },
      SigningSecret: SECRET,
    });
    const surveyId = await smsSurvey();
    const answer = await invited(surveyId, [
      await createInvitee(surveyId, { email: null, msisdn: '+905321110001', fullName: 'Ayşe' }),
    ]);
    const invitationId = answer.Created[0]!.InvitationId;
    const before = gateway.calls.length;
    const [message] = await settled(invitationId);
    expect(message!.deliveredAt).not.toBeNull();
    const call = gateway.calls.slice(before).find((c) => c.body.includes('+905321110001'))!;
    const token = (await invitationRow(invitationId)).token;
    expect(JSON.parse(call.body)).toEqual({
      to: '+905321110001',
      message: `Hi Ayşe, rate us: https://cx.example.test/s/${token}`,
      sender: 'LOUPE',
      ref: message!.providerMessageId,
    });
    expect(call.headers['x-api-key']).toBe('k-123');
    expect(call.headers['content-type']).toContain('application/json');
    expect(call.headers['x-loupe-signature']).toBe(
      `sha256=${createHmac('sha256', SECRET).update(call.body).digest('hex')}`,
    );
  });

  it('posts a form, retries a 5xx and then delivers, fails a 4xx for good', async () => {
    await configureGateway({
      Url: gateway.url,
      Format: 'form',
      Fields: { number: '{{To}}', text: '{{Text}}' },
    });
    const surveyId = await smsSurvey();
    gateway.answers = [503];
    const retried = await invited(surveyId, [
      await createInvitee(surveyId, { email: null, msisdn: '+905321110002' }),
    ]);
    const [delivered] = await settled(retried.Created[0]!.InvitationId);
    expect(delivered).toMatchObject({ attempts: 2, failedAt: null });
    const forms = gateway.calls.filter((c) => c.body.includes('%2B905321110002'));
    expect(forms).toHaveLength(2);
    expect(new URLSearchParams(forms[1]!.body).get('number')).toBe('+905321110002');
    expect(forms[1]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(forms[0]!.headers['x-loupe-signature']).toBeUndefined();

    gateway.answers = [422];
    const refused = await invited(surveyId, [
      await createInvitee(surveyId, { email: null, msisdn: '+905321110003' }),
    ]);
    const invitationId = refused.Created[0]!.InvitationId;
    const [failed] = await settled(invitationId);
    expect(failed).toMatchObject({ attempts: 1, deliveredAt: null });
    expect(failed!.failureReason).toContain('422');
    const list = await t.call('GET', `/api/surveys/${surveyId}/invitations`, { token: reader });
    const row = list.json<{ Items: InvitationRow[] }>().Items.find((item) => item.Id === invitationId)!;
    expect(row).toMatchObject({ State: 'Failed', Attempts: 1 });
    expect(row.FailureReason).toContain('422');
  });

  it('refuses a broken SmsGateway section when it is saved (17001)', async () => {
    const response = await t.call('POST', '/api/service-configurations', {
      token: (await t.signIn('admin')).access_token,
      body: {
        Section: 'SmsGateway',
        JsonConfig: JSON.stringify({ Url: 'ftp://gateway', Fields: {} }),
        IsCredential: true,
        ServiceType: 'sms',
        SubServiceType: '',
        ConfigType: 'broken',
      },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ Code: ErrorCode.ConfigurationNotJson });
  });
});

describe('reminders', () => {
  /** An invitation delivered `minutesAgo` minutes ago (by the real sender), with no reminder yet. */
  async function deliveredInvitation(minutesAgo: number) {
    const surveyId = await createSurvey();
    const email = `${unique('remind')}@example.test`;
    const answer = await invited(surveyId, [await createInvitee(surveyId, { email })]);
    const invitationId = answer.Created[0]!.InvitationId;
    await settled(invitationId);
    await db()
      .update(invitations)
      .set({ deliveredAt: new Date(Date.now() - minutesAgo * 60_000) })
      .where(eq(invitations.id, invitationId));
    return { invitationId, email, surveyId };
  }
  const reminderCount = async (invitationId: number, kind: number) =>
    (await messagesOf(invitationId)).filter((row) => row.kind === kind).length;

  it('sends a not-started reminder every FrequencyMinutes, with its own subject, until completion', async () => {
    const { invitationId, email } = await deliveredInvitation(30);
    await t.app.invitations.jobs.tick();
    expect(await reminderCount(invitationId, 2)).toBe(0);

    await db()
      .update(invitations)
      .set({ deliveredAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(invitations.id, invitationId));
    const before = smtp.mails.length;
    await t.app.invitations.jobs.tick();
    await t.app.invitations.jobs.tick();
    const rows = await settled(invitationId, 2);
    expect(rows.filter((row) => row.kind === 2)).toHaveLength(1);
    const mail = await smtp.waitForMail(email, { afterCount: before, timeoutMs: 20_000 });
    expect(mail.subject).toBe('Reminder Ada Lovelace');
    expect(mail.text).toContain('Still time: https://cx.example.test/s/');
    expect(await invitationRow(invitationId)).toMatchObject({ remindersSent: 1 });

    // The next one is due an hour after the last reminder.
    await t.app.invitations.jobs.tick();
    expect(await reminderCount(invitationId, 2)).toBe(1);
    await db()
      .update(invitations)
      .set({ lastRemindedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(invitations.id, invitationId));
    await t.app.invitations.jobs.tick();
    expect(await reminderCount(invitationId, 2)).toBe(2);
    await settled(invitationId, 3);

    // Completed: none after.
    await db()
      .update(invitations)
      .set({ completedAt: new Date(), lastRemindedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(invitations.id, invitationId));
    await t.app.invitations.jobs.tick();
    expect(await reminderCount(invitationId, 2)).toBe(2);
  });

  it('stops at remindersMax, and sends none after opt-out or expiry', async () => {
    const maxed = await deliveredInvitation(120);
    await db().update(invitations).set({ remindersSent: 10 }).where(eq(invitations.id, maxed.invitationId));
    const optedOut = await deliveredInvitation(120);
    await db().insert(optouts).values({ tenantId: t.tenantId, email: optedOut.email, source: 'manual' });
    const expired = await deliveredInvitation(120);
    await db()
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(invitations.id, expired.invitationId));
    await t.app.invitations.jobs.tick();
    for (const { invitationId } of [maxed, optedOut, expired])
      expect(await reminderCount(invitationId, 2)).toBe(0);
  });

  it('drops a queued reminder whose invitee opted out before it went', async () => {
    const { invitationId } = await deliveredInvitation(120);
    await db().update(invitations).set({ optedOutAt: new Date() }).where(eq(invitations.id, invitationId));
    // Made as the tick would have made it just before the opt-out.
    const [message] = await db()
      .insert(invitationMessages)
      .values({ tenantId: t.tenantId, invitationId, kind: 2, seq: 1, channel: 1 })
      .returning();
    await t.app.invitations.jobs.queue([message!.id]);
    t.app.invitations.jobs.wake();
    const rows = await settled(invitationId, 2);
    expect(rows.find((row) => row.kind === 2)).toMatchObject({ failureReason: 'OptedOut', sentAt: null });
  });

  it('sends again, once, a message whose claim a node that died left behind', async () => {
    const { invitationId, email } = await deliveredInvitation(10);
    // As a node leaves it when it dies mid-send: claimed, handed over, no outcome; no job left for it.
    const [message] = await db()
      .insert(invitationMessages)
      .values({
        tenantId: t.tenantId,
        invitationId,
        kind: 2,
        seq: 1,
        channel: 1,
        attempts: 1,
        attemptStartedAt: new Date(Date.now() - 301_000),
        sentAt: new Date(Date.now() - 301_000),
      })
      .returning();
    const before = smtp.mails.length;
    const first = await t.app.invitations.jobs.tick();
    expect(first.stranded).toBe(1);
    // Released in the same statement: the next tick does not queue it again.
    expect((await t.app.invitations.jobs.tick()).stranded).toBe(0);
    const rows = await settled(invitationId, 2);
    expect(rows.find((row) => row.id === message!.id)).toMatchObject({ attempts: 2, failedAt: null });
    await smtp.waitForMail(email, { afterCount: before, timeoutMs: 20_000 });
    expect(smtp.mails.slice(before).filter((mail) => mail.to.includes(email))).toHaveLength(1);
  });

  it('sends one not-finished reminder NotFinishedDays after the session started', async () => {
    const { invitationId, email } = await deliveredInvitation(10);
    await db()
      .update(invitations)
      .set({ startedAt: new Date(Date.now() - 1 * 86_400_000), openedAt: new Date() })
      .where(eq(invitations.id, invitationId));
    await t.app.invitations.jobs.tick();
    expect(await reminderCount(invitationId, 3)).toBe(0);
    await db()
      .update(invitations)
      .set({ startedAt: new Date(Date.now() - 2 * 86_400_000 - 60_000) })
      .where(eq(invitations.id, invitationId));
    const before = smtp.mails.length;
    await t.app.invitations.jobs.tick();
    await t.app.invitations.jobs.tick();
    await settled(invitationId, 2);
    expect(await reminderCount(invitationId, 3)).toBe(1);
    // Started: no not-started reminder either.
    expect(await reminderCount(invitationId, 2)).toBe(0);
    await smtp.waitForMail(email, { afterCount: before, timeoutMs: 20_000 });
  });
});

describe('test invitations', () => {
  it('sends the wizard’s test invitation to each test user, marked is_test, past the 5-hour rule', async () => {
    const surveyId = await createSurvey();
    const email = `${unique('tester')}@example.test`;
    const [tester] = await db()
      .insert(users)
      .values({
        tenantId: t.tenantId,
        userName: unique('tester'),
        fullName: 'Tess Tester',
        email,
        isTestUser: true,
        passwordHash: 'x',
      })
      .returning({ id: users.id });
    const admin = (await t.signIn('admin')).access_token;
    const send = () =>
      t.call('POST', `/api/surveys/${surveyId}/test-invitations`, {
        token: admin,
        body: { TestUserIds: [tester!.id], Channel: 1 },
      });
    const before = smtp.mails.length;
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    const second = await send();
    expect(second.statusCode, second.body).toBe(201);
    const rows = await db()
      .select()
      .from(invitations)
      .where(and(eq(invitations.surveyId, surveyId), eq(invitations.isTest, true)));
    expect(rows).toHaveLength(2);
    for (const row of rows) await settled(row.id);
    const mails = smtp.mails.slice(before).filter((mail) => mail.to.includes(email));
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe('Your visit, Tess Tester');
    const requests = await db()
      .select()
      .from(surveyTestInvitations)
      .where(eq(surveyTestInvitations.surveyId, surveyId));
    expect(requests).toHaveLength(2);
    for (const request of requests) expect(request.sentAt).not.toBeNull();
    const [invitee] = await db().select().from(invitees).where(eq(invitees.id, rows[0]!.inviteeId));
    expect(invitee).toMatchObject({ isTestUser: true, email });
  });
});
