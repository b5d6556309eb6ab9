import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type InvitationCreateAnswer, type Optout } from '@loupe/contracts';
import { loadConfig } from '../../config.js';
import { createMailer } from '../../core/mailer.js';
import {
  audits,
  invitations,
  invitees,
  optouts,
  surveyFlows,
  surveys,
  systemRules,
  tenants,
} from '../../db/schema/index.js';
import { createLogger } from '../../logger.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtp-catcher.js';
import { signInNewUser } from '../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/*
 * Opt-outs (docs/optouts.md) through the real routes: CRUD, validation, tenancy, and the acceptance point of
 * issue 18: an opt-out in force, the survey's communication frequency and the system rules' contact frequency
 * stop an invitation (the real SMTP catcher gets nothing; the answer names the reason), an expired one does not.
 * Every date is relative to the clock of the run.
 */

let t: TestApp;
let smtp: SmtpCatcher;
let manager: string;
let reader: string;
let other: string;
let otherTenantId: number;

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  const logger = createLogger('silent');
  const mailer = createMailer({ smtpUrl: smtp.url, from: 'Loupe <no-reply@loupe.test>', logger });
  const config = loadConfig({ ...process.env, PUBLIC_URL: 'https://cx.example.test' });
  t = await createTestApp({
    mailer,
    config: { ...config, invitations: { retrySeconds: 1, leaseSeconds: 300, tickSeconds: 0 } },
  });
  await t.app.ready();
  manager = await signInNewUser(t, {
    userName: 'optout-manager',
    tenantId: t.tenantId,
    scopes: ['optout', 'survey:manage'],
  });
  reader = await signInNewUser(t, { userName: 'optout-none', tenantId: t.tenantId, scopes: ['survey:read'] });
  const [tenant] = await t.database.db
    .insert(tenants)
    .values({ name: 'Other Optouts Co' })
    .returning({ id: tenants.id });
  otherTenantId = tenant!.id;
  other = await signInNewUser(t, { userName: 'optout-other', tenantId: otherTenantId, scopes: ['optout'] });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const db = () => t.database.db;
let serial = 0;
const unique = (prefix: string) => `${prefix}-${++serial}`;

async function created(body: object, token = manager): Promise<Optout> {
  const response = await t.call('POST', '/api/optouts', { token, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Optout>();
}

describe('opt-out records', () => {
  it('creates, reads, lists with search, replaces and deletes, each write audited', async () => {
    const trailOf = async () =>
      (await db().select().from(audits).where(eq(audits.operationScope, 'Optout'))).length;
    const audited = await trailOf();
    const email = `${unique('Ada')}@Example.test`;
    const row = await created({ Email: email, Reason: 'Asked by phone', IsForever: true });
    expect(row).toMatchObject({
      Email: email.toLowerCase(),
      Msisdn: null,
      Reason: 'Asked by phone',
      IsForever: true,
      UntilDate: null,
      IsActive: true,
      Source: 'manual',
    });
    const read = await t.call('GET', `/api/optouts/${row.Id}`, { token: manager });
    expect(read.json<Optout>()).toEqual(row);

    const list = await t.call(
      'GET',
      `/api/optouts?$filter=${encodeURIComponent(`contains(Email,'${email.toLowerCase()}')`)}`,
      {
        token: manager,
      },
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ Items: Optout[]; Count: number }>()).toMatchObject({
      Count: 1,
      Items: [{ Id: row.Id }],
    });

    const until = inDays(10);
    const put = await t.call('PUT', `/api/optouts/${row.Id}`, {
      token: manager,
      body: {
        Msisdn: '+905551112233',
        Reason: 'Until the campaign ends',
        IsForever: false,
        UntilDate: until,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<Optout>()).toMatchObject({
      Email: null,
      Msisdn: '+905551112233',
      IsForever: false,
      UntilDate: until,
      IsActive: true,
    });

    const removed = await t.call('DELETE', `/api/optouts/${row.Id}`, { token: manager });
    expect(removed.statusCode).toBe(204);
    expect((await t.call('GET', `/api/optouts/${row.Id}`, { token: manager })).statusCode).toBe(404);

    expect(await trailOf()).toBe(audited + 3);
  });

  it('refuses bad input with 3333 on the field and changes nothing', async () => {
    const before = (await db().select().from(optouts)).length;
    const cases: [object, string][] = [
      [{ IsForever: true }, 'Email'],
      [{ Email: 'not-an-email', IsForever: true }, 'Email'],
      [{ Msisdn: '12ab', IsForever: true }, 'Msisdn'],
      [{ Email: 'a@example.test', IsForever: false }, 'UntilDate'],
      [{ Email: 'a@example.test', IsForever: false, UntilDate: inDays(-1) }, 'UntilDate'],
      [{ Email: 'a@example.test', IsForever: false, UntilDate: 'tomorrow' }, 'UntilDate'],
      [{ Email: 'a@example.test', IsForever: true, Reason: 'x'.repeat(501) }, 'Reason'],
      [{ Email: 'a@example.test', IsForever: true, Reason: 'nul\u0000' }, 'Reason'],
    ];
    for (const [body, path] of cases) {
      const response = await t.call('POST', '/api/optouts', { token: manager, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const answer = response.json<{ Code: number; Details?: { Path: string }[] }>();
      expect(answer.Code).toBe(ErrorCode.ModelNotValid);
      expect(answer.Details?.map((detail) => detail.Path)).toContain(`body/${path}`);
    }
    expect((await t.call('GET', '/api/optouts/2147483648', { token: manager })).statusCode).toBe(400);
    expect((await db().select().from(optouts)).length).toBe(before);
  });

  it('needs the optout scope and keeps each tenant to its own rows', async () => {
    expect((await t.call('GET', '/api/optouts', { token: reader })).statusCode).toBe(403);
    const mine = await created({ Email: `${unique('mine')}@example.test`, IsForever: true });
    const theirs = await created({ Email: `${unique('theirs')}@example.test`, IsForever: true }, other);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { Email: 'x@example.test', IsForever: true }],
      ['DELETE', undefined],
    ] as const) {
      const response = await t.call(method, `/api/optouts/${theirs.Id}`, { token: manager, body });
      expect(response.statusCode, `${method} ${response.body}`).toBe(404);
    }
    const list = await t.call('GET', '/api/optouts?$top=1000', { token: other });
    const ids = list.json<{ Items: Optout[] }>().Items.map((row) => row.Id);
    expect(ids).toContain(theirs.Id);
    expect(ids).not.toContain(mine.Id);
    const [kept] = await db().select().from(optouts).where(eq(optouts.id, theirs.Id));
    expect(kept).toMatchObject({ tenantId: otherTenantId, email: theirs.Email });
  });
});

describe('the rules that stop an invitation', () => {
  async function createSurvey(communicationFrequencyDays: number | null = null) {
    const [survey] = await db()
      .insert(surveys)
      .values({
        tenantId: t.tenantId,
        title: unique('Optout survey'),
        language: 'en',
        channels: [1],
        primaryChannel: 1,
        communicationFrequencyDays,
        channelSettings: {
          Templates: [{ Channel: 1, Subject: 'Hello {{FullName}}', Body: '<p>{{ExecutionLink}}</p>' }],
          ExpiryDays: 3,
          Reminder: null,
        },
      })
      .returning({ id: surveys.id });
    await db().insert(surveyFlows).values({ tenantId: t.tenantId, surveyId: survey!.id, name: 'Main' });
    return survey!.id;
  }

  async function createInvitee(surveyId: number, email: string) {
    const [row] = await db()
      .insert(invitees)
      .values({ tenantId: t.tenantId, surveyId, fullName: 'Grace', email, transactionDate: new Date() })
      .returning({ id: invitees.id });
    return row!.id;
  }

  /** An invitation of `surveyId` to the invitee, made `daysAgo` days before now (no message: history only). */
  async function pastInvitation(surveyId: number, inviteeId: number, daysAgo: number) {
    await db()
      .insert(invitations)
      .values({
        tenantId: t.tenantId,
        surveyId,
        inviteeId,
        channel: 1,
        token: randomUUID(),
        invitedAt: new Date(Date.now() - daysAgo * DAY),
      });
  }

  async function invite(surveyId: number, inviteeId: number): Promise<InvitationCreateAnswer> {
    const response = await t.call('POST', `/api/surveys/${surveyId}/invitations`, {
      token: manager,
      body: { InviteeIds: [inviteeId] },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<InvitationCreateAnswer>();
  }

  it('skips an opted-out address, the survey frequency and the system rule; sends once the opt-out expired', async () => {
    const blocked: string[] = [];

    // (a) An opt-out in force, typed with another case.
    const optedOut = `${unique('optedout')}@example.test`;
    blocked.push(optedOut);
    await created({ Email: optedOut.toUpperCase(), IsForever: false, UntilDate: inDays(5) });
    const surveyA = await createSurvey();
    const answerA = await invite(surveyA, await createInvitee(surveyA, optedOut));
    expect(answerA.Created).toEqual([]);
    expect(answerA.Skipped).toEqual([{ InviteeId: expect.any(Number), Reason: 'OptedOut' }]);

    // (b) The survey invited this address 3 days ago and asks for 7 days between invitations.
    const frequent = `${unique('frequent')}@example.test`;
    blocked.push(frequent);
    const surveyB = await createSurvey(7);
    const earlier = await createInvitee(surveyB, frequent);
    await pastInvitation(surveyB, earlier, 3);
    const answerB = await invite(surveyB, await createInvitee(surveyB, frequent));
    expect(answerB.Skipped).toEqual([
      { InviteeId: expect.any(Number), Reason: 'SurveyCommunicationFrequency' },
    ]);

    // (c) The system rules allow 2 invitations per 30 days; the address had 2 from other surveys.
    await db()
      .insert(systemRules)
      .values({ tenantId: t.tenantId, invitationLimit: 2, contactFrequencyDays: 30 })
      .onConflictDoUpdate({
        target: systemRules.tenantId,
        set: { invitationLimit: 2, contactFrequencyDays: 30 },
      });
    const busy = `${unique('busy')}@example.test`;
    blocked.push(busy);
    for (const daysAgo of [10, 20]) {
      const elsewhere = await createSurvey();
      await pastInvitation(elsewhere, await createInvitee(elsewhere, busy), daysAgo);
    }
    const surveyC = await createSurvey();
    const answerC = await invite(surveyC, await createInvitee(surveyC, busy));
    expect(answerC.Skipped).toEqual([{ InviteeId: expect.any(Number), Reason: 'GlobalInvitationRule' }]);
    await db()
      .update(systemRules)
      .set({ invitationLimit: 0, contactFrequencyDays: 0 })
      .where(eq(systemRules.tenantId, t.tenantId));

    // The same survey frequency outside its days does not stop anyone.
    const lapsed = `${unique('lapsed')}@example.test`;
    const before = await createInvitee(surveyB, lapsed);
    await pastInvitation(surveyB, before, 8);

    // An opt-out whose UntilDate has passed no longer holds.
    const expired = `${unique('expired')}@example.test`;
    const [row] = await db()
      .insert(optouts)
      .values({
        tenantId: t.tenantId,
        email: expired,
        source: 'manual',
        isForever: false,
        untilDate: new Date(Date.now() - DAY),
      })
      .returning({ id: optouts.id });
    const listed = await t.call('GET', `/api/optouts/${row!.id}`, { token: manager });
    expect(listed.json<Optout>().IsActive).toBe(false);
    const surveyD = await createSurvey();
    const mailsBefore = smtp.mails.length;
    const answerD = await invite(surveyD, await createInvitee(surveyD, expired));
    expect(answerD.Skipped).toEqual([]);
    expect(answerD.Created).toHaveLength(1);
    const answerE = await invite(surveyB, await createInvitee(surveyB, lapsed));
    expect(answerE.Skipped).toEqual([]);

    await smtp.waitForMail(expired, { afterCount: mailsBefore, timeoutMs: 20_000 });
    await smtp.waitForMail(lapsed, { afterCount: mailsBefore, timeoutMs: 20_000 });
    const recipients = smtp.mails.flatMap((mail) => mail.to);
    for (const address of blocked) expect(recipients.join(' ')).not.toContain(address);
    const made = await db()
      .select()
      .from(invitations)
      .where(and(eq(invitations.tenantId, t.tenantId), eq(invitations.surveyId, surveyA)));
    expect(made).toEqual([]);
  });
});
