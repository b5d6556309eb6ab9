// eslint-disable-next-line import-x/default -- exceljs is CommonJS: Node's ESM loader offers it as the default export only
import ExcelJS from 'exceljs';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CREDENTIAL_MASK,
  ErrorCode,
  type Bootstrap,
  type GridPage,
  type ServiceConfiguration,
  type SystemConfiguration,
  type SystemRules,
} from '@loupe/contracts';
import { serviceConfigurations, systemConfigurations, systemRules, users } from '../../db/schema/index.js';
import { expectRefusal, insertTenant } from '../../test/admin-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
/** Real sign-in of the demo administrator (all scopes). */
let adminToken: string;
/** config:read only, in the demo tenant. */
let readerToken: string;
/** config:manage in another tenant. */
let otherToken: string;
/** config:manage without a tenant (an Alterna user). */
let tenantlessToken: string;
/** report:read only. */
let viewerToken: string;
let otherTenantId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  adminToken = (await t.signIn('admin')).access_token;
  viewerToken = (await t.signIn('viewer')).access_token;
  const [viewer] = await db.select().from(users).where(eq(users.userName, 'viewer'));
  otherTenantId = await insertTenant(t, 'Configuration Other Bank');
  const userId = viewer!.id;
  readerToken = await t.tokenFor({ userId, tenantId: t.tenantId, scopes: ['config:read'] });
  otherToken = await t.tokenFor({
    userId,
    tenantId: otherTenantId,
    scopes: ['config:read', 'config:manage'],
  });
  tenantlessToken = await t.tokenFor({ userId, tenantId: null, scopes: ['config:read', 'config:manage'] });
});
afterAll(async () => {
  await t?.close();
});

/** The refusals these screens share. */
const sectionExists = { status: 400, code: ErrorCode.ConfigurationSectionExists };
const notFound = { status: 404, code: ErrorCode.NotFound };
const forbidden = { status: 403, code: ErrorCode.Forbidden };

/** Every row of a configuration table: what a refused write must leave as it was. */
const systemRows = () =>
  t.database.db.select().from(systemConfigurations).orderBy(asc(systemConfigurations.id));
const serviceRows = () =>
  t.database.db.select().from(serviceConfigurations).orderBy(asc(serviceConfigurations.id));

async function createSystem(body: Record<string, unknown>, token = adminToken): Promise<SystemConfiguration> {
  const response = await t.call('POST', '/api/system-configurations', { token, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SystemConfiguration>();
}

async function storedSystem(id: number) {
  const [row] = await t.database.db
    .select()
    .from(systemConfigurations)
    .where(eq(systemConfigurations.id, id));
  return row!;
}

describe('system configurations', () => {
  beforeEach(async () => {
    // Keep the seeded TokenStorage section; remove what earlier tests made.
    const db = t.database.db;
    for (const row of await systemRows())
      if (row.section !== 'TokenStorage')
        await db.delete(systemConfigurations).where(eq(systemConfigurations.id, row.id));
  });

  it('creates, reads, updates and deletes a section of the caller’s tenant', async () => {
    const created = await createSystem({
      Section: 'Support',
      JsonConfig: '{\n  "Email": "help@bank.example"\n}',
    });
    expect(created).toEqual({
      Id: expect.any(Number),
      Section: 'Support',
      JsonConfig: '{\n  "Email": "help@bank.example"\n}',
      SyncWithClient: false,
      IsCredential: false,
    });
    expect((await storedSystem(created.Id)).tenantId).toBe(t.tenantId);

    const read = await t.call('GET', `/api/system-configurations/${created.Id}`, { token: readerToken });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);

    const updated = await t.call('PUT', `/api/system-configurations/${created.Id}`, {
      token: adminToken,
      body: {
        Section: 'Support',
        JsonConfig: '{"Email":"support@bank.example","Phone":"0850"}',
        SyncWithClient: true,
        IsCredential: false,
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<SystemConfiguration>()).toMatchObject({
      SyncWithClient: true,
      JsonConfig: '{"Email":"support@bank.example","Phone":"0850"}',
    });

    const removed = await t.call('DELETE', `/api/system-configurations/${created.Id}`, { token: adminToken });
    expect(removed.statusCode).toBe(204);
    expect(
      (await t.call('GET', `/api/system-configurations/${created.Id}`, { token: adminToken })).statusCode,
    ).toBe(404);
    expect(
      (await t.call('DELETE', `/api/system-configurations/${created.Id}`, { token: adminToken })).statusCode,
    ).toBe(404);
  });

  it.each([
    ['text that is not JSON', '{"Email": '],
    ['a plain number', '42'],
    ['a plain string', '"text"'],
    ['null', 'null'],
    ['an empty text', ''],
  ])('refuses %s with 17001 and stores nothing', async (_case, JsonConfig) => {
    await expectRefusal(
      () =>
        t.call('POST', '/api/system-configurations', {
          token: adminToken,
          body: { Section: 'Bad', JsonConfig },
        }),
      { status: 400, code: ErrorCode.ConfigurationNotJson },
      systemRows,
    );
  });

  it('refuses an update with broken JSON with 17001 and keeps the row', async () => {
    const created = await createSystem({ Section: 'Theme', JsonConfig: '{"Color":"blue"}' });
    await expectRefusal(
      () =>
        t.call('PUT', `/api/system-configurations/${created.Id}`, {
          token: adminToken,
          body: {
            Section: 'Theme2',
            JsonConfig: '7',
          },
        }),
      { status: 400, code: ErrorCode.ConfigurationNotJson },
      systemRows,
    );
  });

  it('refuses a second section of the same name in the tenant with 17002, on create and on rename', async () => {
    const theme = await createSystem({ Section: 'Theme', JsonConfig: '{}' });
    const duplicate = await expectRefusal(
      () =>
        t.call('POST', '/api/system-configurations', {
          token: adminToken,
          body: { Section: 'Theme', JsonConfig: '[]' },
        }),
      sectionExists,
      systemRows,
    );
    expect(duplicate.Details).toEqual([{ Path: 'Section', Message: 'exists' }]);
    await expectRefusal(
      () =>
        t.call('PUT', `/api/system-configurations/${theme.Id}`, {
          token: adminToken,
          body: {
            Section: 'TokenStorage',
            JsonConfig: '{}',
          },
        }),
      sectionExists,
      systemRows,
    );
    // Saving a section under its own name is no clash; another tenant may use the name.
    expect(
      (
        await t.call('PUT', `/api/system-configurations/${theme.Id}`, {
          token: adminToken,
          body: {
            Section: 'Theme',
            JsonConfig: '{"a":1}',
          },
        })
      ).statusCode,
    ).toBe(200);
    await createSystem({ Section: 'Theme', JsonConfig: '{}' }, otherToken);
  });

  it('refuses a credential section synced to the client (3333) and stores nothing', async () => {
    const refusal = await expectRefusal(
      () =>
        t.call('POST', '/api/system-configurations', {
          token: adminToken,
          body: {
            Section: 'Smtp',
            JsonConfig: '{"Password":"p"}',
            IsCredential: true,
            SyncWithClient: true,
          },
        }),
      { status: 400, code: ErrorCode.ModelNotValid },
      systemRows,
    );
    expect(refusal.Details![0]!.Path).toContain('SyncWithClient');
  });

  it('masks a credential section on every read and keeps the stored secrets when masks come back', async () => {
    const secret = { Host: 'smtp.bank.example', Port: 587, User: 'mailer', Password: 's3cret', Keys: ['k1'] };
    const created = await createSystem({
      Section: 'Smtp',
      JsonConfig: JSON.stringify(secret),
      IsCredential: true,
    });
    const masked = {
      Host: CREDENTIAL_MASK,
      Port: 587,
      User: CREDENTIAL_MASK,
      Password: CREDENTIAL_MASK,
      Keys: [CREDENTIAL_MASK],
    };
    expect(JSON.parse(created.JsonConfig)).toEqual(masked);
    const read = await t.call('GET', `/api/system-configurations/${created.Id}`, { token: readerToken });
    expect(read.body).not.toContain('s3cret');
    expect(JSON.parse(read.json<SystemConfiguration>().JsonConfig)).toEqual(masked);
    expect(JSON.parse((await storedSystem(created.Id)).jsonConfig)).toEqual(secret);

    // The form sends the masked text back with one field changed and one added.
    const edited = { ...masked, Host: 'mail.bank.example', Timeout: 30 };
    const saved = await t.call('PUT', `/api/system-configurations/${created.Id}`, {
      token: adminToken,
      body: {
        Section: 'Smtp',
        JsonConfig: JSON.stringify(edited),
        IsCredential: true,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain('s3cret');
    expect(JSON.parse((await storedSystem(created.Id)).jsonConfig)).toEqual({
      ...secret,
      Host: 'mail.bank.example',
      Timeout: 30,
    });

    // A new password replaces the stored one.
    await t.call('PUT', `/api/system-configurations/${created.Id}`, {
      token: adminToken,
      body: {
        Section: 'Smtp',
        JsonConfig: JSON.stringify({ ...edited, Password: 'n3w' }),
        IsCredential: true,
      },
    });
    expect(JSON.parse((await storedSystem(created.Id)).jsonConfig)).toMatchObject({
      Password: 'n3w',
      User: 'mailer',
    });
  });

  it('sends synced sections to bootstrap and never a credential one', async () => {
    await createSystem({ Section: 'Theme', JsonConfig: '{"Color":"blue"}', SyncWithClient: true });
    await createSystem({ Section: 'Smtp', JsonConfig: '{"Password":"s3cret"}', IsCredential: true });
    const response = await t.call('GET', '/api/bootstrap/en', { token: adminToken });
    expect(response.statusCode).toBe(200);
    const sections = response.json<Bootstrap>().Configurations.map((row) => row.Section);
    expect(sections).toContain('Theme');
    expect(sections).not.toContain('Smtp');
    expect(response.body).not.toContain('s3cret');
  });

  it('keeps each tenant to its own sections', async () => {
    const mine = await createSystem({ Section: 'Theme', JsonConfig: '{}' });
    const url = `/api/system-configurations/${mine.Id}`;
    expect((await t.call('GET', url, { token: otherToken })).statusCode).toBe(404);
    const body = { Section: 'X', JsonConfig: '{}' };
    await expectRefusal(() => t.call('PUT', url, { token: otherToken, body }), notFound, systemRows);
    await expectRefusal(() => t.call('DELETE', url, { token: otherToken }), notFound, systemRows);

    // A tenantless Alterna user manages the installation-wide sections (no tenant), which tenants do not see.
    const global = await createSystem({ Section: 'Theme', JsonConfig: '{"Global":true}' }, tenantlessToken);
    expect((await storedSystem(global.Id)).tenantId).toBeNull();
    expect(
      (await t.call('GET', `/api/system-configurations/${global.Id}`, { token: adminToken })).statusCode,
    ).toBe(404);
    expect(
      (await t.call('GET', `/api/system-configurations/${mine.Id}`, { token: tenantlessToken })).statusCode,
    ).toBe(404);
    await expectRefusal(
      () =>
        t.call('POST', '/api/system-configurations', {
          token: tenantlessToken,
          body: { Section: 'Theme', JsonConfig: '{}' },
        }),
      sectionExists,
      systemRows,
    );
    const globals = await t.database.db
      .select()
      .from(systemConfigurations)
      .where(isNull(systemConfigurations.tenantId));
    expect(globals).toHaveLength(1);
  });

  it('lets config:read read but not write, and refuses callers without a config scope or a token', async () => {
    const created = await createSystem({ Section: 'Theme', JsonConfig: '{}' });
    const url = `/api/system-configurations/${created.Id}`;
    const body = { Section: 'Theme', JsonConfig: '{"x":1}' };
    await expectRefusal(
      () => t.call('POST', '/api/system-configurations', { token: readerToken, body }),
      forbidden,
      systemRows,
    );
    await expectRefusal(() => t.call('PUT', url, { token: readerToken, body }), forbidden, systemRows);
    await expectRefusal(() => t.call('DELETE', url, { token: readerToken }), forbidden, systemRows);
    expect((await t.call('GET', url, { token: viewerToken })).statusCode).toBe(403);
    expect((await t.call('GET', url)).statusCode).toBe(401);
  });
});

describe('the system configurations list', () => {
  beforeAll(async () => {
    const db = t.database.db;
    await db.delete(systemConfigurations);
    await db.insert(systemConfigurations).values([
      { tenantId: t.tenantId, section: 'Alpha', jsonConfig: '{"Color":"red"}', syncWithClient: true },
      { tenantId: t.tenantId, section: 'Beta', jsonConfig: '{"Size":2}' },
      { tenantId: t.tenantId, section: 'Gamma', jsonConfig: '{"ApiKey":"k-s3cret"}', isCredential: true },
      { tenantId: otherTenantId, section: 'Other', jsonConfig: '{}' },
      { tenantId: null, section: 'Global', jsonConfig: '{}' },
    ]);
  });

  const list = async (query: string, token = readerToken) => {
    const response = await t.call('GET', `/api/system-configurations?${query}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<GridPage<SystemConfiguration>>();
  };

  it('pages, counts and sorts the tenant’s sections only', async () => {
    const page = await list('$top=2&$skip=0&$count=true&$orderby=Section desc');
    expect(page.Count).toBe(3);
    expect(page.Items.map((row) => row.Section)).toEqual(['Gamma', 'Beta']);
    expect((await list('$filter=SyncWithClient eq true')).Items.map((row) => row.Section)).toEqual(['Alpha']);
    expect((await list('', otherToken)).Items.map((row) => row.Section)).toEqual(['Other']);
    expect((await list('', tenantlessToken)).Items.map((row) => row.Section)).toEqual(['Global']);
  });

  it('masks credentials in the list and cannot be used to probe them', async () => {
    const page = await list('$filter=IsCredential eq true');
    expect(JSON.parse(page.Items[0]!.JsonConfig)).toEqual({ ApiKey: CREDENTIAL_MASK });
    expect((await list("$filter=contains(JsonConfig,'s3cret')")).Count).toBe(0);
    expect((await list("$filter=contains(JsonConfig,'red')")).Items.map((row) => row.Section)).toEqual([
      'Alpha',
    ]);
  });

  it('exports masked values', async () => {
    const response = await t.call('POST', '/api/system-configurations/export', {
      token: adminToken,
      body: {
        Filter: {},
        TotalCountForExport: 3,
        FileName: 'configurations',
        Columns: [
          { Field: 'Section', Title: 'Section' },
          { Field: 'JsonConfig', Title: 'JSON' },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const cells: string[] = [];
    workbook.worksheets[0]!.eachRow((row) => row.eachCell((cell) => cells.push(cell.text)));
    expect(cells).toContain('Gamma');
    expect(cells.join(' ')).not.toContain('s3cret');
  });

  it('refuses the list to callers without a config scope', async () => {
    expect((await t.call('GET', '/api/system-configurations', { token: viewerToken })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/service-configurations', { token: viewerToken })).statusCode).toBe(403);
  });
});

describe('service configurations', () => {
  beforeEach(async () => {
    await t.database.db.delete(serviceConfigurations);
  });

  const create = async (body: Record<string, unknown>, token = adminToken) => {
    const response = await t.call('POST', '/api/service-configurations', { token, body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ServiceConfiguration>();
  };

  it('creates with the blank defaults and updates a section', async () => {
    const created = await create({ Section: 'Sms', JsonConfig: '{"Sender":"BANK"}' });
    expect(created).toEqual({
      Id: expect.any(Number),
      Section: 'Sms',
      JsonConfig: '{"Sender":"BANK"}',
      IsCredential: false,
      ServiceType: '',
      SubServiceType: '',
      ConfigType: '*',
    });
    const updated = await t.call('PUT', `/api/service-configurations/${created.Id}`, {
      token: adminToken,
      body: {
        Section: 'Sms',
        JsonConfig: '[{"Sender":"BANK"}]',
        ServiceType: 'Notification',
        SubServiceType: 'Sms',
        ConfigType: 'tr',
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({
      ...created,
      JsonConfig: '[{"Sender":"BANK"}]',
      ServiceType: 'Notification',
      SubServiceType: 'Sms',
      ConfigType: 'tr',
    });
    expect(
      (await t.call('GET', `/api/service-configurations/${created.Id}`, { token: readerToken })).json(),
    ).toEqual(updated.json());
    expect(
      (await t.call('DELETE', `/api/service-configurations/${created.Id}`, { token: adminToken })).statusCode,
    ).toBe(204);
    expect(await serviceRows()).toEqual([]);
  });

  it('refuses broken JSON and a plain number with 17001 and stores nothing', async () => {
    for (const JsonConfig of ['{', '3.14']) {
      await expectRefusal(
        () =>
          t.call('POST', '/api/service-configurations', {
            token: adminToken,
            body: { Section: 'Sms', JsonConfig },
          }),
        { status: 400, code: ErrorCode.ConfigurationNotJson },
        serviceRows,
      );
    }
    expect(await serviceRows()).toEqual([]);
  });

  it('allows one section per config type (17002 for a second)', async () => {
    await create({ Section: 'Sms', JsonConfig: '{}' });
    const tr = await create({ Section: 'Sms', JsonConfig: '{}', ConfigType: 'tr' });
    await expectRefusal(
      () =>
        t.call('POST', '/api/service-configurations', {
          token: adminToken,
          body: {
            Section: 'Sms',
            JsonConfig: '{}',
            ConfigType: 'tr',
          },
        }),
      sectionExists,
      serviceRows,
    );
    await expectRefusal(
      () =>
        t.call('PUT', `/api/service-configurations/${tr.Id}`, {
          token: adminToken,
          body: { Section: 'Sms', JsonConfig: '{}' },
        }),
      sectionExists,
      serviceRows,
    );
    await create({ Section: 'Sms', JsonConfig: '{}', ConfigType: 'tr' }, otherToken);
  });

  it('masks credentials and keeps them on save', async () => {
    const created = await create({
      Section: 'Ftp',
      JsonConfig: '{"User":"u","Password":"p4ss"}',
      IsCredential: true,
      ServiceType: 'Export',
    });
    expect(JSON.parse(created.JsonConfig)).toEqual({ User: CREDENTIAL_MASK, Password: CREDENTIAL_MASK });
    const saved = await t.call('PUT', `/api/service-configurations/${created.Id}`, {
      token: adminToken,
      body: {
        Section: 'Ftp',
        JsonConfig: JSON.stringify({ User: 'new-user', Password: CREDENTIAL_MASK }),
        IsCredential: true,
        ServiceType: 'Export',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await serviceRows();
    expect(JSON.parse(row!.jsonConfig)).toEqual({ User: 'new-user', Password: 'p4ss' });
  });

  it('lists the tenant’s service sections, masked, filtered by config type', async () => {
    await create({ Section: 'Sms', JsonConfig: '{"Token":"t0k"}', IsCredential: true });
    await create({ Section: 'Sms', JsonConfig: '{}', ConfigType: 'tr' });
    await create({ Section: 'Mail', JsonConfig: '{}' }, otherToken);
    const response = await t.call('GET', "/api/service-configurations?$count=true&$filter=Section eq 'Sms'", {
      token: readerToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<GridPage<ServiceConfiguration>>();
    expect(page.Count).toBe(2);
    expect(page.Items.map((row) => row.ConfigType)).toEqual(['*', 'tr']);
    expect(response.body).not.toContain('t0k');
  });

  it('keeps tenants apart and config:read to reading', async () => {
    const created = await create({ Section: 'Sms', JsonConfig: '{}' });
    const url = `/api/service-configurations/${created.Id}`;
    expect((await t.call('GET', url, { token: otherToken })).statusCode).toBe(404);
    await expectRefusal(() => t.call('DELETE', url, { token: otherToken }), notFound, serviceRows);
    const body = { Section: 'Sms', JsonConfig: '[]' };
    await expectRefusal(() => t.call('PUT', url, { token: readerToken, body }), forbidden, serviceRows);
    await expectRefusal(() => t.call('DELETE', url, { token: readerToken }), forbidden, serviceRows);
    await expectRefusal(
      () =>
        t.call('POST', '/api/service-configurations', {
          token: viewerToken,
          body: { Section: 'X', JsonConfig: '{}' },
        }),
      forbidden,
      serviceRows,
    );
  });
});

describe('system rules', () => {
  beforeEach(async () => {
    await t.database.db.delete(systemRules);
  });

  const allRules = () => t.database.db.select().from(systemRules).orderBy(asc(systemRules.tenantId));
  const rulesOf = (tenantId: number) =>
    t.database.db
      .select()
      .from(systemRules)
      .where(and(eq(systemRules.tenantId, tenantId)));

  it('answers the defaults for a tenant that never saved its rules', async () => {
    const response = await t.call('GET', '/api/system-rules', { token: readerToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      InvitationLimit: 0,
      ContactFrequencyDays: 0,
      CatiOptoutFrequencies: [],
    });
  });

  it('saves the rules of the caller’s tenant only', async () => {
    const rules: SystemRules = {
      InvitationLimit: 3,
      ContactFrequencyDays: 30,
      CatiOptoutFrequencies: [
        { Reason: 'Busy', Days: 7 },
        { Reason: 'Not interested', Days: 90 },
      ],
    };
    const saved = await t.call('PUT', '/api/system-rules', {
      token: adminToken,
      body: {
        ...rules,
        CatiOptoutFrequencies: [{ Reason: '  Busy ', Days: 7 }, rules.CatiOptoutFrequencies[1]],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(rules);
    expect((await t.call('GET', '/api/system-rules', { token: readerToken })).json()).toEqual(rules);
    expect((await t.call('GET', '/api/system-rules', { token: otherToken })).json()).toEqual({
      InvitationLimit: 0,
      ContactFrequencyDays: 0,
      CatiOptoutFrequencies: [],
    });
    // A second save replaces the first.
    const again = await t.call('PUT', '/api/system-rules', {
      token: adminToken,
      body: {
        InvitationLimit: 0,
        ContactFrequencyDays: 1,
        CatiOptoutFrequencies: [],
      },
    });
    expect(again.json()).toEqual({ InvitationLimit: 0, ContactFrequencyDays: 1, CatiOptoutFrequencies: [] });
    expect(await rulesOf(t.tenantId)).toHaveLength(1);
    expect(await rulesOf(otherTenantId)).toHaveLength(0);
  });

  it.each([
    ['a negative invitation limit', { InvitationLimit: -1 }],
    ['fractional days', { ContactFrequencyDays: 1.5 }],
    [
      'a reason given twice',
      {
        CatiOptoutFrequencies: [
          { Reason: 'Busy', Days: 1 },
          { Reason: ' busy', Days: 2 },
        ],
      },
    ],
    ['an empty reason', { CatiOptoutFrequencies: [{ Reason: ' ', Days: 1 }] }],
    ['negative reason days', { CatiOptoutFrequencies: [{ Reason: 'Busy', Days: -3 }] }],
    [
      '51 reasons',
      { CatiOptoutFrequencies: Array.from({ length: 51 }, (_, i) => ({ Reason: `R${i}`, Days: 1 })) },
    ],
  ])('refuses %s with 3333 and saves nothing', async (_case, change) => {
    await expectRefusal(
      () =>
        t.call('PUT', '/api/system-rules', {
          token: adminToken,
          body: {
            InvitationLimit: 1,
            ContactFrequencyDays: 2,
            CatiOptoutFrequencies: [],
            ...change,
          },
        }),
      { status: 400, code: ErrorCode.ModelNotValid },
      allRules,
    );
    expect(await rulesOf(t.tenantId)).toEqual([]);
  });

  it('points a repeated reason at its row', async () => {
    const response = await t.call('PUT', '/api/system-rules', {
      token: adminToken,
      body: {
        InvitationLimit: 0,
        ContactFrequencyDays: 0,
        CatiOptoutFrequencies: [
          { Reason: 'Busy', Days: 1 },
          { Reason: 'Other', Days: 1 },
          { Reason: 'BUSY', Days: 2 },
        ],
      },
    });
    expect(response.json<{ Details: { Path: string }[] }>().Details.map((d) => d.Path)).toEqual([
      'body/CatiOptoutFrequencies/2/Reason',
    ]);
  });

  it('lets config:read read but not save, and needs a tenant', async () => {
    const body = { InvitationLimit: 1, ContactFrequencyDays: 1, CatiOptoutFrequencies: [] };
    await expectRefusal(
      () => t.call('PUT', '/api/system-rules', { token: readerToken, body }),
      forbidden,
      allRules,
    );
    expect((await t.call('GET', '/api/system-rules', { token: viewerToken })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/system-rules')).statusCode).toBe(401);
    await expectRefusal(
      () => t.call('PUT', '/api/system-rules', { token: tenantlessToken, body }),
      { status: 403, code: ErrorCode.SameTenantRequired },
      allRules,
    );
    expect(await allRules()).toEqual([]);
  });
});
