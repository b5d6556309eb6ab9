import { Writable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode, openBootstrap, type Bootstrap, type SealedBootstrap } from '@loupe/contracts';
import { systemConfigurations } from '../../db/schema/index.js';
import { expectRefusal } from '../../test/admin-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/*
 * The sections the console reads (LanguagePreference, TokenStorage, Support, FeedbackSurvey, TenantLimit) are
 * checked against their shape on save (17001 naming the field), and bootstrap survives a bad stored value.
 */

let t: TestApp;
let adminToken: string;
/** Every line the server logged, parsed. */
const logLines: { level: number; msg: string; section?: string }[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n'))
        if (line.trim() !== '') logLines.push(JSON.parse(line) as (typeof logLines)[number]);
      done();
    },
  });
  t = await createTestApp({ logger: pino({ level: 'warn' }, sink) });
  adminToken = (await t.signIn('admin')).access_token;
});
afterAll(async () => {
  await t?.close();
});

const systemRows = () =>
  t.database.db.select().from(systemConfigurations).orderBy(asc(systemConfigurations.id));

beforeEach(async () => {
  // Only the seeded TokenStorage section, as seeded.
  const db = t.database.db;
  for (const row of await systemRows())
    if (row.section !== 'TokenStorage')
      await db.delete(systemConfigurations).where(eq(systemConfigurations.id, row.id));
  await db
    .update(systemConfigurations)
    .set({ jsonConfig: JSON.stringify({ Storage: 'session' }) })
    .where(eq(systemConfigurations.section, 'TokenStorage'));
  logLines.length = 0;
});

const notValid = { status: 400, code: ErrorCode.ConfigurationNotJson };

describe('saving a section the console reads', () => {
  it('refuses LanguagePreference with a number for Language (17001 on JsonConfig.Language) and stores nothing', async () => {
    const body = await expectRefusal(
      () =>
        t.call('POST', '/api/system-configurations', {
          token: adminToken,
          body: {
            Section: 'LanguagePreference',
            JsonConfig: '{"Language":5}',
            SyncWithClient: true,
          },
        }),
      notValid,
      systemRows,
    );
    expect(body.Details).toEqual([
      { Path: 'JsonConfig.Language', Message: expect.stringContaining('tr, en') as string },
    ]);
    expect(body.Details?.[0]?.Message).toMatch(/^Language must be/);
    // The bootstrap of the tenant still answers.
    expect((await t.call('GET', '/api/bootstrap/en', { token: adminToken })).statusCode).toBe(200);
  });

  it('words the refused field in the caller’s language', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/system-configurations',
      headers: { ...t.authHeader(adminToken), language: 'tr' },
      payload: { Section: 'TokenStorage2', JsonConfig: '{}' },
    });
    expect(response.statusCode).toBe(201);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/system-configurations',
      headers: { ...t.authHeader(adminToken), language: 'tr' },
      payload: { Section: 'LanguagePreference', JsonConfig: '{"Language":"klingon"}' },
    });
    expect(refused.statusCode).toBe(400);
    const body = refused.json<{
      Code: number;
      Message: string;
      Details: { Path: string; Message: string }[];
    }>();
    expect(body.Code).toBe(ErrorCode.ConfigurationNotJson);
    expect(body.Message).toMatch(/Yapılandırma/);
    expect(body.Details).toEqual([
      { Path: 'JsonConfig.Language', Message: expect.stringMatching(/^Language, .*olmalıdır/) as string },
    ]);
  });

  it.each([
    ['LanguagePreference', '{"Language":5}', 'JsonConfig.Language'],
    ['LanguagePreference', '{"Language":"xx"}', 'JsonConfig.Language'],
    ['LanguagePreference', '["tr"]', 'JsonConfig'],
    ['TokenStorage', '{"Storage":"cookie"}', 'JsonConfig.Storage'],
    ['TokenStorage', '{"Storage":1}', 'JsonConfig.Storage'],
    ['Support', '{"Email":42}', 'JsonConfig.Email'],
    ['Support', '{"Email":"not an address"}', 'JsonConfig.Email'],
    ['Support', '{"Text":{"a":1}}', 'JsonConfig.Text'],
    ['FeedbackSurvey', '{"SurveyId":"12"}', 'JsonConfig.SurveyId'],
    ['FeedbackSurvey', '{"SurveyId":2147483648}', 'JsonConfig.SurveyId'],
    ['FeedbackSurvey', '{}', 'JsonConfig.SurveyId'],
    ['TenantLimit', '{"MaxTenants":-1}', 'JsonConfig.MaxTenants'],
    ['TenantLimit', '{"MaxTenants":1.5}', 'JsonConfig.MaxTenants'],
  ])('refuses %s %s with 17001 on %s', async (Section, JsonConfig, path) => {
    if (Section === 'TokenStorage') {
      // The seeded section exists: the refusal comes on replacing it.
      const [row] = await t.database.db
        .select()
        .from(systemConfigurations)
        .where(eq(systemConfigurations.section, 'TokenStorage'));
      const body = await expectRefusal(
        () =>
          t.call('PUT', `/api/system-configurations/${row!.id}`, {
            token: adminToken,
            body: { Section, JsonConfig, SyncWithClient: true },
          }),
        notValid,
        systemRows,
      );
      expect(body.Details?.map((detail) => detail.Path)).toEqual([path]);
      return;
    }
    const body = await expectRefusal(
      () =>
        t.call('POST', '/api/system-configurations', {
          token: adminToken,
          body: { Section, JsonConfig, SyncWithClient: true },
        }),
      notValid,
      systemRows,
    );
    expect(body.Details?.map((detail) => detail.Path)).toEqual([path]);
    expect(body.Details?.[0]?.Message).not.toBe('');
  });

  it.each([
    ['LanguagePreference', '{"Language":"en"}'],
    ['LanguagePreference', '{"Language":"tr-TR"}'],
    ['LanguagePreference', '{}'],
    ['Support', '{"Email":"help@bank.example","Phone":"0850","Text":"Call us"}'],
    ['FeedbackSurvey', '{"SurveyId":12}'],
    ['TenantLimit', '{"MaxTenants":0}'],
    ['Theme', '{"Anything":[1,"two"]}'],
  ])('accepts %s %s', async (Section, JsonConfig) => {
    const response = await t.call('POST', '/api/system-configurations', {
      token: adminToken,
      body: { Section, JsonConfig },
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('checks a replaced section too, and keeps the row', async () => {
    const created = await t.call('POST', '/api/system-configurations', {
      token: adminToken,
      body: {
        Section: 'LanguagePreference',
        JsonConfig: '{"Language":"en"}',
        SyncWithClient: true,
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json<{ Id: number }>().Id;
    await expectRefusal(
      () =>
        t.call('PUT', `/api/system-configurations/${id}`, {
          token: adminToken,
          body: {
            Section: 'LanguagePreference',
            JsonConfig: '{"Language":null,"x":1}',
            SyncWithClient: true,
          },
        }),
      notValid,
      systemRows,
    );
    // Renaming a free-form section into a checked one is checked as well.
    const theme = await t.call('POST', '/api/system-configurations', {
      token: adminToken,
      body: {
        Section: 'Theme',
        JsonConfig: '{"MaxTenants":"many"}',
      },
    });
    await expectRefusal(
      () =>
        t.call('PUT', `/api/system-configurations/${theme.json<{ Id: number }>().Id}`, {
          token: adminToken,
          body: {
            Section: 'TenantLimit',
            JsonConfig: '{"MaxTenants":"many"}',
          },
        }),
      notValid,
      systemRows,
    );
  });
});

describe('bootstrap with a bad stored section', () => {
  async function store(section: string, jsonConfig: string) {
    await t.database.db
      .insert(systemConfigurations)
      .values({ tenantId: t.tenantId, section, jsonConfig, syncWithClient: true })
      .onConflictDoNothing();
    await t.database.db
      .update(systemConfigurations)
      .set({ jsonConfig })
      .where(eq(systemConfigurations.section, section));
  }

  it('answers with the section’s default and logs a warning, never a 500', async () => {
    // As the API stored it before the check, and as SQL or an older version may leave it.
    await store('LanguagePreference', '{"Language":5}');
    await store('TokenStorage', '{"Storage":"cookie"}');
    await store('Support', 'not json at all');
    await store('Theme', '{"Color":"blue"}');

    const response = await t.call('GET', '/api/bootstrap/en', { token: adminToken });
    expect(response.statusCode, response.body).toBe(200);
    const bootstrap = response.json<Bootstrap>();
    expect(bootstrap.LanguagePreference).toBeNull();
    // The bad sections are left out, so the console uses its defaults; the others still come.
    expect(bootstrap.Configurations.map((row) => row.Section).sort()).toEqual(['Theme']);

    const sealed = await t.call('GET', '/bootstrap/en', { token: adminToken });
    expect(sealed.statusCode, sealed.body).toBe(200);
    await expect(openBootstrap(sealed.json<SealedBootstrap>(), adminToken)).resolves.toEqual(bootstrap);

    const warnings = logLines.filter((line) => line.level === 40);
    expect(warnings.map((line) => line.section).sort()).toEqual(
      expect.arrayContaining(['LanguagePreference', 'Support', 'TokenStorage']),
    );
  });

  it('passes a good LanguagePreference on', async () => {
    await store('LanguagePreference', '{"Language":"en"}');
    const bootstrap = (await t.call('GET', '/api/bootstrap/en', { token: adminToken })).json<Bootstrap>();
    expect(bootstrap.LanguagePreference).toBe('en');
    expect(logLines.filter((line) => line.level >= 40)).toEqual([]);
  });
});
