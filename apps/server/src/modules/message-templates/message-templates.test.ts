import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  type Bootstrap,
  type GridPage,
  type MessageTemplate,
  type MessageTemplateRow,
  type TemplateOption,
} from '@loupe/contracts';
import { loadConfig } from '../../config.js';
import { audits, messageTemplates, tenants, users } from '../../db/schema/index.js';
import { createTestApp, type ApiMethod, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let otherTenantId: number;
const tokens: Record<string, string> = {};
const publicUrl = loadConfig().publicUrl;

type Refusal = { Code: number; Message: string; Details?: { Path: string; Message: string }[] };

const call = async (
  method: ApiMethod,
  url: string,
  { token = tokens.admin, body, language }: { token?: string; body?: unknown; language?: string } = {},
) => {
  const response = await t.call(method, url, {
    token,
    body,
    ...(language === undefined ? {} : { headers: { language } }),
  });
  return { status: response.statusCode, json: <T = Refusal>() => response.json<T>() };
};

const snapshot = () => t.database.db.select().from(messageTemplates).orderBy(asc(messageTemplates.id));

async function refused(
  request: () => ReturnType<typeof call>,
  status: number,
  code: number,
): Promise<Refusal> {
  const before = await snapshot();
  const response = await request();
  const body = response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  expect(body.Code).toBe(code);
  expect(await snapshot()).toEqual(before);
  return body;
}

const emailTemplate = {
  Name: 'Welcome e-mail',
  TemplateId: null,
  Channel: 1,
  Language: 'en',
  Subject: 'How was your visit, {{FullName}}?',
  Body: '<p>Dear {{FullName}},</p><p>{{ExecutionLinkHtml}}</p>',
  Payload: null,
};

async function created(path: string, body: Record<string, unknown>): Promise<MessageTemplate> {
  const response = await call('POST', path, { body });
  expect(response.status, JSON.stringify(response.json())).toBe(201);
  return response.json<MessageTemplate>();
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [admin] = await db.select().from(users).where(eq(users.userName, 'admin'));
  tokens.admin = (await t.signIn('admin')).access_token;
  tokens.viewer = (await t.signIn('viewer')).access_token;
  tokens.invitationReader = await t.tokenFor({
    userId: admin!.id,
    tenantId: t.tenantId,
    scopes: ['invitation:read'],
  });
  tokens.surveyManager = await t.tokenFor({
    userId: admin!.id,
    tenantId: t.tenantId,
    scopes: ['survey:manage'],
  });
  tokens.configReader = await t.tokenFor({
    userId: admin!.id,
    tenantId: t.tenantId,
    scopes: ['config:read'],
  });
  tokens.tenantless = await t.tokenFor({ userId: admin!.id, tenantId: null, scopes: ['invitation:manage'] });
  const [other] = await db
    .insert(tenants)
    .values({ name: 'Templates Other Bank' })
    .returning({ id: tenants.id });
  otherTenantId = other!.id;
});
afterAll(async () => {
  await t?.close();
});

describe('invitation and message templates', () => {
  const ids: Record<string, number> = {};

  it('creates an e-mail invitation template and reads it back, trimmed', async () => {
    const template = await created('/api/invitation-templates', {
      ...emailTemplate,
      Name: '  Welcome e-mail ',
    });
    expect(template).toEqual({
      ...emailTemplate,
      Id: expect.any(Number),
      Kind: 'invitation',
      UpdatedAt: expect.any(String),
    });
    ids.welcome = template.Id;
    const read = await call('GET', `/api/invitation-templates/${template.Id}`);
    expect(read.json<MessageTemplate>()).toEqual(template);
  });

  it('keeps a subject only on e-mail, and a payload only when it is JSON', async () => {
    const sms = await created('/api/invitation-templates', {
      Name: 'SMS davet',
      TemplateId: 'prov-42',
      Channel: 2,
      Language: 'tr',
      Subject: 'ignored',
      Body: 'Merhaba {{FullName}}, {{ShortExecutionLink}}',
      Payload: '{"sender":"LOUPE"}',
    });
    expect(sms).toMatchObject({ Subject: null, TemplateId: 'prov-42', Payload: '{"sender":"LOUPE"}' });
    ids.sms = sms.Id;
    const body = await refused(
      () =>
        call('POST', '/api/invitation-templates', { body: { ...emailTemplate, Name: 'Bad', Payload: '{x' } }),
      400,
      ErrorCode.ModelNotValid,
    );
    expect(body.Details?.[0]?.Path).toBe('Payload');
  });

  it('refuses a name the tenant uses for the same kind, in any case (409 4036); another kind may use it', async () => {
    const body = await refused(
      () => call('POST', '/api/invitation-templates', { body: { ...emailTemplate, Name: 'WELCOME E-MAIL' } }),
      409,
      ErrorCode.MessageTemplateNameExists,
    );
    expect(body.Message).toBe('A template with this name already exists.');
    await refused(
      () =>
        call('PUT', `/api/invitation-templates/${ids.sms}`, {
          body: { ...emailTemplate, Name: 'welcome e-mail' },
        }),
      409,
      ErrorCode.MessageTemplateNameExists,
    );
    const turkish = await call('POST', '/api/invitation-templates', {
      body: { ...emailTemplate, Name: 'welcome e-mail' },
      language: 'tr',
    });
    expect(turkish.json().Message).toBe('Bu adla bir şablon zaten var.');
    const reminder = await created('/api/message-templates', { ...emailTemplate, Subject: 'Reminder' });
    expect(reminder.Kind).toBe('message');
    ids.reminder = reminder.Id;
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const bad: Record<string, unknown>[] = [
      { ...emailTemplate, Name: '' },
      { ...emailTemplate, Name: 'x'.repeat(201) },
      { ...emailTemplate, Name: 'nul\u0000' },
      { ...emailTemplate, Name: 'Channel', Channel: 4 },
      { ...emailTemplate, Name: 'Language', Language: 'xx' },
      { ...emailTemplate, Name: 'Body', Body: '   ' },
    ];
    for (const body of bad)
      await refused(() => call('POST', '/api/invitation-templates', { body }), 400, ErrorCode.ModelNotValid);
    await refused(() => call('GET', '/api/invitation-templates/2147483648'), 400, ErrorCode.ModelNotValid);
  });

  it('lists each kind in its own grid, with search and paging', async () => {
    const page = await call('GET', '/api/invitation-templates?$count=true&$orderby=Name asc');
    expect(page.status).toBe(200);
    const { Items, Count } = page.json<GridPage<MessageTemplateRow>>();
    expect(Count).toBe(2);
    expect(Items.map((row) => row.Name)).toEqual(['SMS davet', 'Welcome e-mail']);
    expect(Items[1]).toEqual({
      Id: ids.welcome,
      Name: 'Welcome e-mail',
      TemplateId: null,
      Channel: 1,
      Language: 'en',
      Subject: emailTemplate.Subject,
      UpdatedAt: expect.any(String),
    });
    const searched = await call(
      'GET',
      `/api/invitation-templates?$count=true&$filter=${encodeURIComponent("contains(tolower(Name),'sms')")}`,
    );
    expect(searched.json<GridPage<MessageTemplateRow>>().Items.map((row) => row.Id)).toEqual([ids.sms]);
    const messages = await call('GET', '/api/message-templates?$count=true');
    expect(messages.json<GridPage<MessageTemplateRow>>().Items.map((row) => row.Id)).toEqual([ids.reminder]);
  });

  it('offers the invitation templates for selects, by channel, to survey managers too', async () => {
    const all = await call('GET', '/api/invitation-templates-forSelect', { token: tokens.surveyManager });
    expect(all.status).toBe(200);
    expect(all.json<TemplateOption[]>()).toEqual([
      { Id: ids.sms, Name: 'SMS davet', Channel: 2, Language: 'tr' },
      { Id: ids.welcome, Name: 'Welcome e-mail', Channel: 1, Language: 'en' },
    ]);
    const email = await call('GET', '/api/invitation-templates-forSelect?channel=1');
    expect(email.json<TemplateOption[]>().map((option) => option.Id)).toEqual([ids.welcome]);
    await refused(
      () => call('GET', '/api/invitation-templates-forSelect?channel=5'),
      400,
      ErrorCode.ModelNotValid,
    );
  });

  it('previews a text for a sample invitee in the caller language', async () => {
    const english = await call('POST', '/api/invitation-templates/preview', {
      body: {
        Channel: 1,
        Subject: emailTemplate.Subject,
        Body: '<p>{{FullName}} {{ExecutionLinkHtml}} {{Unknown}}</p>',
      },
    });
    expect(english.status).toBe(200);
    const link = `${publicUrl}/s/00000000-0000-0000-0000-000000000000`;
    expect(english.json()).toEqual({
      Subject: 'How was your visit, Jane Doe?',
      Body: `<p>Jane Doe <a href="${link}">${link}</a> </p>`,
    });
    const turkish = await call('POST', '/api/message-templates/preview', {
      body: { Channel: 2, Subject: 'dropped', Body: '{{FullName}}: {{ShortExecutionLink}} & <b>' },
      language: 'tr',
    });
    expect(turkish.json()).toEqual({ Subject: null, Body: `Ayşe Yılmaz: ${link} & <b>` });
  });

  it('guards every route by its kind scopes and confines it to the tenant', async () => {
    expect((await call('GET', '/api/invitation-templates', { token: tokens.viewer })).status).toBe(403);
    expect(
      (await call('GET', `/api/invitation-templates/${ids.welcome}`, { token: tokens.invitationReader }))
        .status,
    ).toBe(200);
    expect(
      (
        await call('POST', '/api/invitation-templates', {
          token: tokens.invitationReader,
          body: emailTemplate,
        })
      ).status,
    ).toBe(403);
    expect(
      (await call('GET', `/api/message-templates/${ids.reminder}`, { token: tokens.configReader })).status,
    ).toBe(200);
    expect(
      (await call('GET', `/api/message-templates/${ids.reminder}`, { token: tokens.invitationReader }))
        .status,
    ).toBe(403);
    // One kind's id is not the other's record.
    expect((await call('GET', `/api/message-templates/${ids.welcome}`)).status).toBe(404);
    await refused(
      () => call('POST', '/api/invitation-templates', { token: tokens.tenantless, body: emailTemplate }),
      403,
      ErrorCode.SameTenantRequired,
    );
    const [foreign] = await t.database.db
      .insert(messageTemplates)
      .values({ tenantId: otherTenantId, kind: 1, name: 'Foreign', channel: 1, language: 'en', body: 'x' })
      .returning({ id: messageTemplates.id });
    expect((await call('GET', `/api/invitation-templates/${foreign!.id}`)).status).toBe(404);
    await refused(
      () =>
        call('PUT', `/api/invitation-templates/${foreign!.id}`, { body: { ...emailTemplate, Name: 'Mine' } }),
      404,
      ErrorCode.NotFound,
    );
    await refused(() => call('DELETE', `/api/invitation-templates/${foreign!.id}`), 404, ErrorCode.NotFound);
    const options = (await call('GET', '/api/invitation-templates-forSelect')).json<TemplateOption[]>();
    expect(options.map((option) => option.Name)).not.toContain('Foreign');
  });

  it('fills bootstrap MessageTemplates with the kinds, channels and languages the tenant has', async () => {
    const bootstrap = (await call('GET', '/api/bootstrap/en')).json<Bootstrap>();
    expect(bootstrap.MessageTemplates).toEqual([
      { TypeName: 'invitation', Channel: 1, Language: 'en' },
      { TypeName: 'invitation', Channel: 2, Language: 'tr' },
      { TypeName: 'message', Channel: 1, Language: 'en' },
    ]);
  });

  it('changes and deletes a template, each write audited', async () => {
    const changed = await call('PUT', `/api/invitation-templates/${ids.welcome}`, {
      body: { ...emailTemplate, Name: 'Welcome', Language: 'tr' },
    });
    expect(changed.status).toBe(200);
    expect(changed.json<MessageTemplate>()).toMatchObject({
      Id: ids.welcome,
      Name: 'Welcome',
      Language: 'tr',
    });
    expect((await call('DELETE', `/api/invitation-templates/${ids.welcome}`)).status).toBe(204);
    expect((await call('GET', `/api/invitation-templates/${ids.welcome}`)).status).toBe(404);
    const rows = await t.database.db
      .select({ scope: audits.operationScope, type: audits.operationType })
      .from(audits)
      .where(eq(audits.operationScope, 'InvitationTemplate'))
      .orderBy(asc(audits.id));
    // Two creates, the update and the delete (refusals leave no row).
    expect(rows).toHaveLength(4);
  });
});
