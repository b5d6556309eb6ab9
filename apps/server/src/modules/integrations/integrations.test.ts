import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  type GridPage,
  type IntegrationDelivery,
  type IntegrationDeliveryAttempt,
  type IntegrationSource,
  type IntegrationSourceSave,
  type IntegrationWebhookPayload,
  type IntegrationWorkflow,
  type IntegrationWorkflowSave,
  type RestDataRecordInput,
} from '@loupe/contracts';
import { createMailer } from '../../core/mailer.js';
import { loadConfig } from '../../config.js';
import {
  alertRules,
  alerts,
  answers,
  audits,
  integrationDeliveries,
  integrationSources,
  integrationWorkflows,
  invitations,
  invitees,
  products,
  questions,
  sessions,
  surveyFlows,
  surveys,
  tenants,
  textAnalyses,
  transactionChannels,
  users,
} from '../../db/schema/index.js';
import { createLogger } from '../../logger.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtp-catcher.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.js';
import { emitCommentsScored, emitInvitationFailed } from './integration-events.js';

/*
 * Integrations (issue 22, docs/integrations.md) with real parts: answers stored through the REST data path write
 * their events to the outbox, pg-boss fans them out and sends them to a local HTTP receiver (signed webhooks,
 * Slack's Web API, Teams cards) and to a local SMTP catcher (Zendesk tickets). Retries back off from 20 ms here.
 */

const MAX_ATTEMPTS = 3;
const SECRET = 'whsec-test-secret-1';

let t: TestApp;
let receiver: WebhookReceiver;
let smtp: SmtpCatcher;
let manage: string;
let reader: string;
let outsider: string;
let other: string;
const ids = { survey: 0, nps: 0, admin: 0, otherTenant: 0, otherUser: 0 };

async function seed() {
  const { db } = t.database;
  const tenantId = t.tenantId;
  const [channel] = await db
    .insert(transactionChannels)
    .values({ tenantId, name: 'Integration branch', code: 'IN-BR', level: 1, path: [] })
    .returning({ id: transactionChannels.id });
  await db
    .update(transactionChannels)
    .set({ path: [channel!.id] })
    .where(eq(transactionChannels.id, channel!.id));
  const [product] = await db
    .insert(products)
    .values({ tenantId, name: 'Integration product', code: 'IN-PR', level: 1, path: [] })
    .returning({ id: products.id });
  await db
    .update(products)
    .set({ path: [product!.id] })
    .where(eq(products.id, product!.id));
  const [survey] = await db
    .insert(surveys)
    .values({ tenantId, title: 'Integrations survey', language: 'en' })
    .returning({ id: surveys.id });
  ids.survey = survey!.id;
  const [flow] = await db
    .insert(surveyFlows)
    .values({ tenantId, surveyId: survey!.id, name: 'Main' })
    .returning({ id: surveyFlows.id });
  const [nps] = await db
    .insert(questions)
    .values({
      tenantId,
      surveyId: survey!.id,
      flowId: flow!.id,
      text: 'NPS',
      integrationCode: 'IN_NPS',
      type: 'MCSS',
      scale: 11,
      experienceId: 101,
      required: true,
      position: 0,
    })
    .returning({ id: questions.id });
  ids.nps = nps!.id;
  const [admin] = await db.select().from(users).where(eq(users.userName, 'admin'));
  ids.admin = admin!.id;
  const [otherTenant] = await db
    .insert(tenants)
    .values({ name: 'Other Integrations Co' })
    .returning({ id: tenants.id });
  ids.otherTenant = otherTenant!.id;
  const [otherUser] = await db
    .insert(users)
    .values({
      tenantId: otherTenant!.id,
      userName: 'in-other-admin',
      fullName: 'Other',
      passwordHash: admin!.passwordHash,
    })
    .returning({ id: users.id });
  ids.otherUser = otherUser!.id;
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  smtp = await startSmtpCatcher();
  const mailer = createMailer({
    smtpUrl: smtp.url,
    from: 'Loupe <no-reply@loupe.test>',
    logger: createLogger('silent'),
  });
  t = await createTestApp({
    mailer,
    config: {
      ...loadConfig(),
      integrations: {
        slackBaseUrl: `${receiver.url}/slack`,
        maxAttempts: MAX_ATTEMPTS,
        retryBaseMs: 20,
        outboxPollMs: 20,
        requestTimeoutMs: 2_000,
        // The receiver listens on 127.0.0.1.
        allowPrivateAddresses: true,
      },
    },
  });
  await seed();
  await t.app.ready();
  manage = await t.tokenFor({
    userId: ids.admin,
    tenantId: t.tenantId,
    scopes: ['integration:manage', 'alert:manage', 'alert:readall', 'survey:manage', 'invitation:manage'],
  });
  reader = await t.tokenFor({ userId: ids.admin, tenantId: t.tenantId, scopes: ['integration:read'] });
  outsider = await t.tokenFor({ userId: ids.admin, tenantId: t.tenantId, scopes: ['report:read'] });
  other = await t.tokenFor({
    userId: ids.otherUser,
    tenantId: ids.otherTenant,
    scopes: ['integration:manage'],
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await receiver?.close();
  await smtp?.close();
});

// Each test's workflows listen only during it: later tests' answers do not reach them.
afterEach(async () => {
  await t.database.db.update(integrationWorkflows).set({ isActive: false });
});

let names = 0;
const unique = (name: string) => `${name} ${++names}`;

async function createSource(body: IntegrationSourceSave): Promise<IntegrationSource> {
  const response = await t.call('POST', '/api/integration-sources', { token: manage, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<IntegrationSource>();
}

const webhookSource = (path: string, secret = SECRET) =>
  createSource({ Name: unique('Webhook'), Type: 'webhook', Url: `${receiver.url}${path}`, Secret: secret });

async function createWorkflow(body: IntegrationWorkflowSave): Promise<IntegrationWorkflow> {
  const response = await t.call('POST', '/api/integration-workflows', { token: manage, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<IntegrationWorkflow>();
}

function record(nps: number): RestDataRecordInput {
  return {
    TransactionDate: '2026-05-01T10:00:00+03:00',
    AnsweredDate: '2026-05-01T12:30:00+03:00',
    TransactionChannel: 'IN-BR',
    TransactionProduct: 'IN-PR',
    Answers: [{ Question: 'IN_NPS', Value: nps }],
  };
}

async function push(...scores: number[]) {
  const response = await t.call('POST', '/api/rest-data/responses', {
    token: manage,
    body: { SurveyId: ids.survey, Records: scores.map(record) },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function deliveries(filter: string, token = reader): Promise<IntegrationDelivery[]> {
  const response = await t.call(
    'GET',
    `/api/integration-deliveries?$top=100&$count=true&$filter=${encodeURIComponent(filter)}`,
    { token },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<GridPage<IntegrationDelivery>>().Items;
}

/** Waits until the workflow's deliveries are all settled (succeeded or dead) and there are `count` of them. */
async function settled(workflowId: number, count = 1, timeoutMs = 10_000): Promise<IntegrationDelivery[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const items = await deliveries(`WorkflowId eq ${workflowId}`);
    if (items.length >= count && items.every((item) => item.Status === 'succeeded' || item.Status === 'dead'))
      return items;
    if (Date.now() > until) throw new Error(`deliveries of ${workflowId}: ${JSON.stringify(items)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Verifies `X-Loupe-Signature` as a receiver would (docs/integrations.md): HMAC-SHA256 of "t.body". */
function verifySignature(header: string | undefined, body: string, secret: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${body}`).digest();
  const age = Math.abs(Date.now() / 1000 - Number(match[1]));
  return age < 300 && timingSafeEqual(expected, Buffer.from(match[2]!, 'hex'));
}

describe('integration sources', () => {
  it('creates each kind, stores secrets sealed, never answers them, and keeps a secret an update omits', async () => {
    const webhook = await webhookSource('/hook-crud');
    expect(webhook).toMatchObject({
      Kind: 'webhook',
      Type: 'webhook',
      ConfigurationType: null,
      HasSecret: true,
    });
    expect(webhook.Url).toBe(`${receiver.url}/hook-crud`);
    const slack = await createSource({
      Name: unique('Slack'),
      ConfigurationType: 1,
      Secret: 'xoxb-1',
      Channel: '#cx',
    });
    expect(slack).toMatchObject({
      Kind: 'slack',
      ConfigurationType: 1,
      HasSecret: true,
      Channel: '#cx',
      Url: null,
    });
    const teams = await createSource({
      Name: unique('Teams'),
      ConfigurationType: 5,
      Url: 'https://example.webhook.office.com/webhookb2/secret-path',
    });
    expect(teams).toMatchObject({
      Kind: 'teams',
      HasSecret: false,
      Url: 'https://example.webhook.office.com/…',
    });
    const zendesk = await createSource({
      Name: unique('Zendesk'),
      ConfigurationType: 3,
      Email: 'support@acme.test',
    });
    expect(zendesk).toMatchObject({ Kind: 'zendesk', Email: 'support@acme.test' });

    const list = await t.call('GET', '/api/integration-sources', { token: reader });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(SECRET);
    expect(list.body).not.toContain('xoxb-1');
    expect(list.body).not.toContain('secret-path');
    const [stored] = await t.database.db
      .select()
      .from(integrationSources)
      .where(eq(integrationSources.id, webhook.Id));
    expect(stored!.secretSealed).toMatch(/^v1\./);
    expect(stored!.secretSealed).not.toContain(SECRET);

    const renamed = await t.call('PUT', `/api/integration-sources/${webhook.Id}`, {
      token: manage,
      body: { Name: unique('Renamed'), Type: 'webhook', Url: `${receiver.url}/hook-crud` },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<IntegrationSource>().HasSecret).toBe(true);
    const [kept] = await t.database.db
      .select()
      .from(integrationSources)
      .where(eq(integrationSources.id, webhook.Id));
    expect(kept!.secretSealed).toBe(stored!.secretSealed);
    // The audit trail keeps neither the secret nor its sealed form.
    const trail = await t.database.db
      .select()
      .from(audits)
      .where(sql`${audits.operationScope} = 'IntegrationSource'`);
    expect(trail.length).toBeGreaterThanOrEqual(5);
    expect(JSON.stringify(trail)).not.toContain(stored!.secretSealed!);
    expect(JSON.stringify(trail)).not.toContain(SECRET);

    expect(
      (await t.call('DELETE', `/api/integration-sources/${zendesk.Id}`, { token: manage })).statusCode,
    ).toBe(204);
    expect(
      (await t.call('GET', `/api/integration-sources/${zendesk.Id}`, { token: reader })).statusCode,
    ).toBe(404);
  });

  it('refuses a missing kind or field (19202), a taken name (19201), a source in use (19203), and readers', async () => {
    const refusals: [Record<string, unknown>, number, string][] = [
      [
        { Name: 'No kind', Url: 'https://a.test/h', Secret: 's' },
        ErrorCode.IntegrationSourceConfigurationMissing,
        'body/ConfigurationType',
      ],
      [
        { Name: 'Both', Type: 'webhook', ConfigurationType: 2, Url: 'https://a.test/h' },
        ErrorCode.IntegrationSourceConfigurationMissing,
        'body/ConfigurationType',
      ],
      [
        { Name: 'No secret', Type: 'webhook', Url: 'https://a.test/h' },
        ErrorCode.IntegrationSourceConfigurationMissing,
        'body/Secret',
      ],
      [
        { Name: 'No channel', ConfigurationType: 1, Secret: 'xoxb' },
        ErrorCode.IntegrationSourceConfigurationMissing,
        'body/Channel',
      ],
      [
        { Name: 'No email', ConfigurationType: 3 },
        ErrorCode.IntegrationSourceConfigurationMissing,
        'body/Email',
      ],
      [
        { Name: 'Bad url', Type: 'webhook', Url: 'ftp://a.test', Secret: 's' },
        ErrorCode.ModelNotValid,
        'body/Url',
      ],
      [
        { Name: 'Bad type', ConfigurationType: 4, Email: 'a@b.test' },
        ErrorCode.ModelNotValid,
        'body/ConfigurationType',
      ],
    ];
    const before = await t.database.db.select({ id: integrationSources.id }).from(integrationSources);
    for (const [body, code, path] of refusals) {
      const response = await t.call('POST', '/api/integration-sources', {
        token: manage,
        body,
        headers: { language: 'tr' },
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ Code: code, Details: [{ Path: path }] });
    }
    const source = await webhookSource('/hook-taken');
    const taken = await t.call('POST', '/api/integration-sources', {
      token: manage,
      body: { Name: source.Name.toUpperCase(), Type: 'webhook', Url: 'https://a.test/h', Secret: 's' },
      headers: { language: 'ar' },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({
      Code: ErrorCode.IntegrationSourceNameExists,
      Message: 'يوجد مصدر تكامل بهذا الاسم بالفعل.',
    });
    const workflow = await createWorkflow({
      Name: unique('Uses source'),
      SourceId: source.Id,
      Event: 'import.processed',
      Action: 'webhook.post',
      IsActive: false,
    });
    const inUse = await t.call('DELETE', `/api/integration-sources/${source.Id}`, { token: manage });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ Code: ErrorCode.IntegrationSourceInUse });
    const kind = await t.call('PUT', `/api/integration-sources/${source.Id}`, {
      token: manage,
      body: { Name: source.Name, ConfigurationType: 3, Email: 'a@b.test' },
    });
    expect(kind.json()).toMatchObject({ Code: ErrorCode.IntegrationSourceKindInUse });
    expect(
      (await t.call('DELETE', `/api/integration-workflows/${workflow.Id}`, { token: manage })).statusCode,
    ).toBe(204);
    expect(
      (await t.call('DELETE', `/api/integration-sources/${source.Id}`, { token: manage })).statusCode,
    ).toBe(204);
    const after = await t.database.db.select({ id: integrationSources.id }).from(integrationSources);
    expect(after.length).toBe(before.length);
    const write = await t.call('POST', '/api/integration-sources', {
      token: reader,
      body: { Name: 'x', Type: 'webhook', Url: 'https://a.test', Secret: 's' },
    });
    expect(write.statusCode).toBe(403);
    expect((await t.call('GET', '/api/integration-sources', { token: outsider })).statusCode).toBe(403);
  });
});

describe('integration workflows', () => {
  it('checks the mapping against the event and the action (19205–19211) and serves the lookups', async () => {
    const slack = await createSource({
      Name: unique('Slack'),
      ConfigurationType: 1,
      Secret: 'xoxb-2',
      Channel: '#cx',
    });
    const listener = await createSource({
      Name: unique('Listener'),
      BehaviourType: 'listener',
      Type: 'webhook',
      Url: 'https://a.test/h',
      Secret: 's',
    });
    const base: IntegrationWorkflowSave = {
      Name: unique('Slack workflow'),
      SourceId: slack.Id,
      Event: 'session.completed',
      Action: 'slack.message',
      Mapping: [{ ActionField: 'Text', Constant: 'Done: {{SurveyTitle}}' }],
    };
    const refusals: [Partial<IntegrationWorkflowSave>, number][] = [
      [{ SourceId: listener.Id, Action: 'webhook.post' }, ErrorCode.IntegrationSourceNotAction],
      [{ Action: 'webhook.post' }, ErrorCode.IntegrationActionNotForSource],
      [{ Mapping: [{ ActionField: 'Text' }] }, ErrorCode.IntegrationMappingValueMissing],
      [
        { Mapping: [{ ActionField: 'Text', EventField: 'AlertId' }] },
        ErrorCode.IntegrationMappingEventFieldUnknown,
      ],
      [
        {
          Mapping: [
            { ActionField: 'Text', Constant: 'a' },
            { ActionField: 'Color', Constant: 'b' },
          ],
        },
        ErrorCode.IntegrationMappingActionFieldUnknown,
      ],
      [
        { Mapping: [{ ActionField: 'Channel', Constant: '#x' }] },
        ErrorCode.IntegrationMappingRequiredFieldMissing,
      ],
      [
        {
          Mapping: [
            { ActionField: 'Text', Constant: 'a' },
            { ActionField: 'Text', Constant: 'b' },
          ],
        },
        ErrorCode.IntegrationMappingDuplicateField,
      ],
      [{ SourceId: 999_999 }, ErrorCode.ModelNotValid],
      [{ Mapping: [{ ActionField: '', Constant: 'a' }] }, ErrorCode.ModelNotValid],
    ];
    for (const [change, code] of refusals) {
      const response = await t.call('POST', '/api/integration-workflows', {
        token: manage,
        body: { ...base, ...change },
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json<{ Code: number }>().Code, JSON.stringify(change)).toBe(code);
    }
    const created = await createWorkflow(base);
    expect(created).toMatchObject({
      SourceName: slack.Name,
      IsActive: true,
      Order: 0,
      Mapping: [{ ActionField: 'Text', EventField: null, Constant: 'Done: {{SurveyTitle}}' }],
    });
    const again = await t.call('POST', '/api/integration-workflows', {
      token: manage,
      body: { ...base, Name: base.Name.toLowerCase() },
    });
    expect(again.json()).toMatchObject({ Code: ErrorCode.IntegrationWorkflowNameExists });
    const updated = await t.call('PUT', `/api/integration-workflows/${created.Id}`, {
      token: manage,
      body: { ...base, IsActive: false, Order: 3 },
    });
    expect(updated.json()).toMatchObject({ IsActive: false, Order: 3 });
    const list = await t.call('GET', '/api/integration-workflows', { token: reader });
    expect(list.json<IntegrationWorkflow[]>().map((w) => w.Id)).toContain(created.Id);

    const forWorkflow = await t.call('GET', '/api/integration-sources-for-workflow', { token: reader });
    const options = forWorkflow.json<{ Id: number }[]>().map((o) => o.Id);
    expect(options).toContain(slack.Id);
    expect(options).not.toContain(listener.Id);
    const actions = await t.call('GET', '/api/integration-actions', { token: reader });
    expect(actions.json()).toContainEqual({
      Action: 'slack.message',
      SourceKinds: ['slack'],
      AnyField: false,
      Fields: [
        { Field: 'Text', Required: true },
        { Field: 'Channel', Required: false },
      ],
    });
    const configuration = await t.call('GET', '/api/action-integration-configuration/5', { token: reader });
    expect(configuration.json()).toEqual({
      Type: '5',
      Kind: 'teams',
      ConfigurationType: 5,
      Fields: [{ Field: 'Url', Required: true, Secret: true }],
    });
    expect(
      (await t.call('GET', '/api/action-integration-configuration/4', { token: reader })).statusCode,
    ).toBe(400);
  });
});

describe('delivery', () => {
  it('sends a signed webhook with the mapping and an idempotency key when a session completes; inactive workflows stay silent', async () => {
    const source = await webhookSource('/hook-signed');
    const workflow = await createWorkflow({
      Name: unique('Completed sessions'),
      SourceId: source.Id,
      Event: 'session.completed',
      Action: 'webhook.post',
      Mapping: [
        { ActionField: 'Survey', EventField: 'SurveyTitle', Constant: 'ignored: the event field wins' },
        { ActionField: 'Note', Constant: 'Session {{SessionId}} done' },
      ],
    });
    const silent = await createWorkflow({
      Name: unique('Inactive'),
      SourceId: source.Id,
      Event: 'session.completed',
      Action: 'webhook.post',
      IsActive: false,
    });
    await push(9);
    const [request] = await receiver.waitFor('/hook-signed');
    expect(verifySignature(request!.headers['x-loupe-signature'] as string, request!.body, SECRET)).toBe(
      true,
    );
    expect(verifySignature(request!.headers['x-loupe-signature'] as string, request!.body, 'wrong')).toBe(
      false,
    );
    const payload = JSON.parse(request!.body) as IntegrationWebhookPayload;
    expect(request!.headers['idempotency-key']).toBe(payload.IdempotencyKey);
    expect(payload).toMatchObject({
      WorkflowId: workflow.Id,
      Event: 'session.completed',
      Data: {
        Survey: 'Integrations survey',
        Note: `Session ${Number(payload.EventData.SessionId)} done`,
      },
      EventData: {
        SurveyId: ids.survey,
        SurveyTitle: 'Integrations survey',
        AnswerCount: 1,
        TenantId: t.tenantId,
      },
    });
    const [delivery] = await settled(workflow.Id);
    expect(delivery).toMatchObject({
      Status: 'succeeded',
      Attempt: 1,
      ResponseStatus: 200,
      IdempotencyKey: payload.IdempotencyKey,
      SourceName: source.Name,
    });
    expect(delivery!.RequestBody).toBe(request!.body);
    expect(await deliveries(`WorkflowId eq ${silent.Id}`)).toEqual([]);
    // The other tenant sees none of it.
    expect(await deliveries(`WorkflowId eq ${workflow.Id}`, other)).toEqual([]);
  });

  it('retries a failing receiver with back-off and succeeds on the third attempt, logging each attempt', async () => {
    receiver.answer('/hook-flaky', (count) => (count < 2 ? { status: 500, body: 'busy' } : { status: 204 }));
    const source = await webhookSource('/hook-flaky');
    const workflow = await createWorkflow({
      Name: unique('Flaky'),
      SourceId: source.Id,
      Event: 'session.completed',
      Action: 'webhook.post',
    });
    await push(8);
    const [delivery] = await settled(workflow.Id);
    expect(delivery).toMatchObject({
      Status: 'succeeded',
      Attempt: 3,
      ResponseStatus: 204,
      NextAttemptAt: null,
    });
    const received = receiver.to('/hook-flaky');
    expect(received).toHaveLength(3);
    const keys = received.map((r) => r.headers['idempotency-key']);
    expect(new Set(keys)).toEqual(new Set([delivery!.IdempotencyKey]));
    // Exponential back-off: the second wait is longer than the first (20 ms, then 40 ms).
    expect(received[1]!.receivedAt - received[0]!.receivedAt).toBeGreaterThanOrEqual(20);
    expect(received[2]!.receivedAt - received[1]!.receivedAt).toBeGreaterThanOrEqual(40);
    // One delivery by id answers the grid's row.
    const one = await t.call('GET', `/api/integration-deliveries/${delivery!.Id}`, { token: reader });
    expect(one.json()).toEqual(delivery);
    const attempts = await t.call('GET', `/api/integration-deliveries/${delivery!.Id}/attempts`, {
      token: reader,
    });
    expect(
      attempts
        .json<IntegrationDeliveryAttempt[]>()
        .map((a) => [a.Attempt, a.ResponseStatus, a.Succeeded, a.Error]),
    ).toEqual([
      [1, 500, false, 'HTTP 500'],
      [2, 500, false, 'HTTP 500'],
      [3, 204, true, null],
    ]);
  });

  it('gives up after the last attempt (dead letter) and a replay re-sends exactly the chosen deliveries', async () => {
    let healthy = false;
    receiver.answer('/hook-down', () => (healthy ? { status: 200 } : { status: 503 }));
    const source = await webhookSource('/hook-down');
    const workflow = await createWorkflow({
      Name: unique('Down'),
      SourceId: source.Id,
      Event: 'session.completed',
      Action: 'webhook.post',
    });
    await push(7, 6, 5);
    const dead = await settled(workflow.Id, 3);
    expect(dead.map((d) => [d.Status, d.Attempt])).toEqual([
      ['dead', MAX_ATTEMPTS],
      ['dead', MAX_ATTEMPTS],
      ['dead', MAX_ATTEMPTS],
    ]);
    const letters = await deliveries(`Status eq 'dead' and WorkflowId eq ${workflow.Id}`);
    expect(letters).toHaveLength(3);
    expect(receiver.to('/hook-down')).toHaveLength(3 * MAX_ATTEMPTS);

    healthy = true;
    const chosen = dead[0]!;
    const replay = await t.call('POST', `/api/integration-deliveries/${chosen.Id}/replay`, { token: manage });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toEqual({ Replayed: 1, DeliveryIds: [chosen.Id] });
    const after = await receiver.waitFor('/hook-down', 3 * MAX_ATTEMPTS + 1);
    const replayed = JSON.parse(after.at(-1)!.body) as IntegrationWebhookPayload;
    expect(replayed.IdempotencyKey).toBe(chosen.IdempotencyKey);
    const [settledOne] = (await settled(workflow.Id, 3)).filter((d) => d.Id === chosen.Id);
    expect(settledOne).toMatchObject({ Status: 'succeeded', Attempt: MAX_ATTEMPTS + 1 });
    const attempts = await t.call('GET', `/api/integration-deliveries/${chosen.Id}/attempts`, {
      token: reader,
    });
    expect(attempts.json<IntegrationDeliveryAttempt[]>().at(-1)).toMatchObject({
      IsReplay: true,
      Succeeded: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Only the chosen one went out again.
    expect(receiver.to('/hook-down')).toHaveLength(3 * MAX_ATTEMPTS + 1);

    // A range replay of the workflow's dead deliveries sends the other two, once each.
    const range = await t.call('POST', '/api/integration-deliveries/replay', {
      token: manage,
      body: {
        From: new Date(Date.now() - 3_600_000).toISOString(),
        To: new Date(Date.now() + 60_000).toISOString(),
        WorkflowId: workflow.Id,
      },
    });
    expect(range.statusCode, range.body).toBe(200);
    expect(range.json<{ DeliveryIds: number[] }>().DeliveryIds.sort()).toEqual(
      [dead[1]!.Id, dead[2]!.Id].sort(),
    );
    await receiver.waitFor('/hook-down', 3 * MAX_ATTEMPTS + 3);
    expect((await settled(workflow.Id, 3)).every((d) => d.Status === 'succeeded')).toBe(true);
    const sentKeys = receiver
      .to('/hook-down')
      .slice(3 * MAX_ATTEMPTS)
      .map((r) => r.headers['idempotency-key']);
    expect(sentKeys.sort()).toEqual(dead.map((d) => d.IdempotencyKey).sort());

    // Refusals: a pending delivery, a reversed or too wide range, another tenant's delivery, a reader.
    await t.database.db
      .update(integrationDeliveries)
      .set({ status: 'pending' })
      .where(eq(integrationDeliveries.id, chosen.Id));
    const pending = await t.call('POST', `/api/integration-deliveries/${chosen.Id}/replay`, {
      token: manage,
    });
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({ Code: ErrorCode.IntegrationDeliveryPending });
    await t.database.db
      .update(integrationDeliveries)
      .set({ status: 'succeeded' })
      .where(eq(integrationDeliveries.id, chosen.Id));
    const reversed = await t.call('POST', '/api/integration-deliveries/replay', {
      token: manage,
      body: { From: '2026-05-02T00:00:00Z', To: '2026-05-01T00:00:00Z' },
    });
    expect(reversed.json()).toMatchObject({ Code: ErrorCode.IntegrationReplayRangeInvalid });
    const wide = await t.call('POST', '/api/integration-deliveries/replay', {
      token: manage,
      body: { From: '2026-01-01T00:00:00Z', To: '2026-03-01T00:00:00Z' },
    });
    expect(wide.json()).toMatchObject({ Code: ErrorCode.IntegrationReplayRangeInvalid });
    expect(
      (await t.call('POST', `/api/integration-deliveries/${chosen.Id}/replay`, { token: other })).statusCode,
    ).toBe(404);
    expect(
      (await t.call('POST', `/api/integration-deliveries/${chosen.Id}/replay`, { token: reader })).statusCode,
    ).toBe(403);
  });

  it('posts Slack messages with the bot token and Teams cards, and mails Zendesk tickets to the SMTP catcher', async () => {
    const teamsUrl = `${receiver.url}/teams/hook`;
    const slack = await createSource({
      Name: unique('Slack'),
      ConfigurationType: 1,
      Secret: 'xoxb-live',
      Channel: '#cx',
    });
    const teams = await createSource({ Name: unique('Teams'), ConfigurationType: 5, Url: teamsUrl });
    const zendesk = await createSource({
      Name: unique('Zendesk'),
      ConfigurationType: 3,
      Email: 'support@zendesk.test',
    });
    const event = 'session.completed' as const;
    const slackFlow = await createWorkflow({
      Name: unique('Slack'),
      SourceId: slack.Id,
      Event: event,
      Action: 'slack.message',
      Mapping: [{ ActionField: 'Text', Constant: 'Survey {{SurveyTitle}} answered' }],
    });
    const teamsFlow = await createWorkflow({
      Name: unique('Teams'),
      SourceId: teams.Id,
      Event: event,
      Action: 'teams.messageCard',
      Mapping: [
        { ActionField: 'Title', EventField: 'SurveyTitle' },
        { ActionField: 'Text', Constant: '{{AnswerCount}} answer(s)' },
      ],
    });
    const zendeskFlow = await createWorkflow({
      Name: unique('Zendesk'),
      SourceId: zendesk.Id,
      Event: event,
      Action: 'zendesk.ticket',
      Mapping: [
        { ActionField: 'Subject', Constant: 'Follow up session {{SessionId}}' },
        { ActionField: 'Body', Constant: 'A customer answered {{SurveyTitle}}.' },
        { ActionField: 'Priority', Constant: 'high' },
      ],
    });
    const mailsBefore = smtp.mails.length;
    await push(10);
    const [slackRequest] = await receiver.waitFor('/slack/chat.postMessage');
    expect(slackRequest!.headers.authorization).toBe('Bearer xoxb-live');
    expect(JSON.parse(slackRequest!.body)).toMatchObject({
      channel: '#cx',
      text: 'Survey Integrations survey answered',
    });
    const [card] = await receiver.waitFor('/teams/hook');
    expect(JSON.parse(card!.body)).toMatchObject({
      '@type': 'MessageCard',
      title: 'Integrations survey',
      text: '1 answer(s)',
    });
    const mail = await smtp.waitForMail('support@zendesk.test', { afterCount: mailsBefore });
    expect(mail.subject).toMatch(/^Follow up session \d+$/);
    expect(mail.text).toContain('A customer answered Integrations survey.');
    expect(mail.text).toContain('Priority: high');
    for (const workflow of [slackFlow, teamsFlow, zendeskFlow]) {
      const [delivery] = await settled(workflow.Id);
      expect(delivery!.Status, workflow.Name).toBe('succeeded');
    }
    const [zendeskDelivery] = await settled(zendeskFlow.Id);
    expect(zendeskDelivery!.RequestBody).toContain('To: support@zendesk.test');
  });

  it('fires a workflow on an alert an alert rule raises, on its status change, and calls the source a rule action names', async () => {
    const source = await webhookSource('/hook-alerts');
    const created = await createWorkflow({
      Name: unique('Alert created'),
      SourceId: source.Id,
      Event: 'alert.created',
      Action: 'webhook.post',
      Mapping: [{ ActionField: 'Title', EventField: 'AlertTitle' }],
    });
    const changed = await createWorkflow({
      Name: unique('Alert moved'),
      SourceId: source.Id,
      Event: 'alert.status_changed',
      Action: 'webhook.post',
      Mapping: [
        { ActionField: 'From', EventField: 'OldStatus' },
        { ActionField: 'To', EventField: 'Status' },
      ],
    });
    const rule = await t.call('POST', '/api/alert-rules', {
      token: manage,
      body: {
        Title: 'Integration detractors',
        SurveyIds: [ids.survey],
        ProductIds: [(await t.database.db.select().from(products).where(eq(products.code, 'IN-PR')))[0]!.id],
        TransactionChannelIds: [
          (
            await t.database.db
              .select()
              .from(transactionChannels)
              .where(eq(transactionChannels.code, 'IN-BR'))
          )[0]!.id,
        ],
        Conditions: [{ Kind: 'score', QuestionId: ids.nps, Operator: 'lte', Value: 6 }],
        OwnerType: 'user',
        OwnerId: ids.admin,
      },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const ruleId = rule.json<{ Id: number }>().Id;
    const actions = await t.call('PUT', `/api/alert-rules/${ruleId}/actions`, {
      token: manage,
      body: { Actions: [{ Status: 4, Action: 'integration', IntegrationId: source.Id }] },
    });
    expect(actions.statusCode, actions.body).toBe(200);
    const foreign = await t.call('PUT', `/api/alert-rules/${ruleId}/actions`, {
      token: manage,
      body: { Actions: [{ Status: 4, Action: 'integration', IntegrationId: null }] },
    });
    expect(foreign.statusCode).toBe(400);
    // A listener-only source runs no action: refused as a workflow's would be.
    const listener = await t.call('POST', '/api/integration-sources', {
      token: manage,
      body: {
        Name: 'Inbound only',
        BehaviourType: 'listener',
        Type: 'webhook',
        Url: 'https://example.com/in',
        Secret: 's3cret',
      },
    });
    expect(listener.statusCode, listener.body).toBe(201);
    const listening = await t.call('PUT', `/api/alert-rules/${ruleId}/actions`, {
      token: manage,
      body: {
        Actions: [{ Status: 4, Action: 'integration', IntegrationId: listener.json<{ Id: number }>().Id }],
      },
    });
    expect(listening.statusCode).toBe(400);
    expect(listening.json()).toMatchObject({ Code: ErrorCode.IntegrationSourceNotAction });

    await push(3);
    const [alertRequest] = await settled(created.Id);
    expect(alertRequest!.Status).toBe('succeeded');
    const payload = JSON.parse(alertRequest!.RequestBody) as IntegrationWebhookPayload;
    const [alert] = await t.database.db.select().from(alerts).where(eq(alerts.ruleId, ruleId));
    expect(payload).toMatchObject({
      Event: 'alert.created',
      Data: { Title: 'Integration detractors' },
      EventData: { AlertId: alert!.id, AlertRuleId: ruleId, Status: 1, SurveyId: ids.survey },
    });
    expect(String(payload.EventData.AlertDetailLink)).toMatch(new RegExp(`/alerts/${alert!.id}$`));

    const moved = await t.call('PUT', `/api/alerts/${alert!.id}/status`, {
      token: manage,
      body: { Status: 4 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [change] = await settled(changed.Id);
    expect(JSON.parse(change!.RequestBody)).toMatchObject({
      Event: 'alert.status_changed',
      Data: { From: 1, To: 4 },
    });
    // The rule's action on status 4 called the source itself, with the alert's fields.
    const [byRule] = await (async () => {
      const until = Date.now() + 10_000;
      for (;;) {
        const items = (
          await deliveries(`SourceId eq ${source.Id} and WorkflowName eq 'Alert rule action'`)
        ).filter((d) => d.Status === 'succeeded');
        if (items.length > 0 || Date.now() > until) return items;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    expect(byRule).toMatchObject({ Event: 'alert.status_changed', WorkflowId: null, Status: 'succeeded' });
    expect(JSON.parse(byRule!.RequestBody)).toMatchObject({ EventData: { AlertId: alert!.id, Status: 4 } });
    await t.database.db.update(alerts).set({ status: 6 }).where(eq(alerts.id, alert!.id));
    await t.database.db.update(alertRules).set({ isActive: false }).where(eq(alertRules.id, ruleId));
  });

  it('writes comment.scored, invitation.failed and import.processed (an import that fails) to their workflows', async () => {
    const source = await webhookSource('/hook-more');
    const flow = (Event: IntegrationWorkflowSave['Event'], EventField: string) =>
      createWorkflow({
        Name: unique(Event),
        SourceId: source.Id,
        Event,
        Action: 'webhook.post',
        Mapping: [{ ActionField: 'Value', EventField }],
      });
    const scoredFlow = await flow('comment.scored', 'Sentiment');
    const failedFlow = await flow('invitation.failed', 'Error');
    const importFlow = await flow('import.processed', 'Status');
    const { db } = t.database;

    // An import whose file maps no column ends Failed (modules/imports), with its event in that transaction.
    const boundary = 'loupe-integration-test';
    const payload = Buffer.from(
      [
        `--${boundary}`,
        'Content-Disposition: form-data; name="SurveyId"',
        '',
        String(ids.survey),
        `--${boundary}`,
        'Content-Disposition: form-data; name="file"; filename="nothing.csv"',
        'Content-Type: text/csv',
        '',
        'Nothing\r\nx',
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    );
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/import-data-logs',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...t.authHeader(manage) },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const [imported] = await settled(importFlow.Id);
    expect(JSON.parse(imported!.RequestBody)).toMatchObject({
      Event: 'import.processed',
      Data: { Value: 'failed' },
      EventData: { ImportId: uploaded.json<{ Id: number }>().Id, Name: 'nothing.csv' },
    });

    // The scoring batch's and the invitation sender's writers, on rows made here.
    const [session] = await db.select().from(sessions).where(eq(sessions.surveyId, ids.survey)).limit(1);
    const [comment] = await db
      .insert(answers)
      .values({ tenantId: t.tenantId, sessionId: session!.id, questionId: ids.nps, text: 'Slow queue' })
      .returning({ id: answers.id });
    await db.insert(textAnalyses).values({
      answerId: comment!.id,
      tenantId: t.tenantId,
      sessionId: session!.id,
      language: 'en',
      sentimentScore: 0,
    });
    const [invitee] = await db
      .insert(invitees)
      .values({
        tenantId: t.tenantId,
        surveyId: ids.survey,
        email: 'gone@example.test',
        transactionDate: new Date(),
      })
      .returning({ id: invitees.id });
    const [invitation] = await db
      .insert(invitations)
      .values({
        tenantId: t.tenantId,
        surveyId: ids.survey,
        inviteeId: invitee!.id,
        channel: 1,
        token: randomUUID(),
        invitedAt: new Date(),
      })
      .returning({ id: invitations.id });
    await db.transaction(async (tx) => {
      await emitCommentsScored(tx, t.tenantId, [comment!.id]);
      await emitInvitationFailed(tx, {
        tenantId: t.tenantId,
        invitationId: invitation!.id,
        reason: 'NoAddress',
      });
    });
    const [scored] = await settled(scoredFlow.Id);
    expect(JSON.parse(scored!.RequestBody)).toMatchObject({
      Data: { Value: 0 },
      EventData: { AnswerId: comment!.id, Text: 'Slow queue', SurveyId: ids.survey },
    });
    const [failed] = await settled(failedFlow.Id);
    expect(JSON.parse(failed!.RequestBody)).toMatchObject({
      Data: { Value: 'NoAddress' },
      EventData: { InvitationId: invitation!.id, InviteeId: invitee!.id, Channel: 1 },
    });
  });

  it('the minute sweep queues again a delivery whose job was lost (pending for 30 minutes)', async () => {
    const source = await webhookSource('/hook-stuck');
    const workflow = await createWorkflow({
      Name: unique('Stuck'),
      SourceId: source.Id,
      Event: 'session.completed',
      Action: 'webhook.post',
    });
    await push(9);
    const [delivery] = await settled(workflow.Id);
    const lost = new Date(Date.now() - 31 * 60_000);
    await t.database.db
      .update(integrationDeliveries)
      .set({ status: 'pending', jobToken: 'lost-job', updatedAt: lost })
      .where(eq(integrationDeliveries.id, delivery!.Id));
    await t.app.scheduler.runNow('integration-outbox-sweep');
    await receiver.waitFor('/hook-stuck', 2);
    const [again] = await settled(workflow.Id);
    expect(again).toMatchObject({
      Status: 'succeeded',
      Attempt: 2,
      IdempotencyKey: delivery!.IdempotencyKey,
    });
  });
});
