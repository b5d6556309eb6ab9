import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  errorMessage,
  type Bootstrap,
  type Translation,
  type TranslationImportResult,
} from '@loupe/contracts';
import { audits, tenants, translations } from '../../db/schema/index.js';
import { signInNewUser } from '../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { shippedCatalogue } from './catalogue.js';
import { documentOf, entriesOf, importedEntries } from './document.js';

/*
 * Translations (docs/translations.md) through the real routes on PGlite: save, list, remove, import and export of
 * a tenant's overrides; the shipped catalogue's keys only; bounds; scopes; tenancy; the audit trail; and bootstrap
 * handing the document to every user of the tenant.
 */

let t: TestApp;
let manager: string;
let reader: string;
let outsider: string;
let other: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  manager = await signInNewUser(t, {
    userName: 'tr-manager',
    tenantId: t.tenantId,
    scopes: ['config:manage'],
  });
  reader = await signInNewUser(t, { userName: 'tr-reader', tenantId: t.tenantId, scopes: ['config:read'] });
  outsider = await signInNewUser(t, { userName: 'tr-none', tenantId: t.tenantId, scopes: ['survey:read'] });
  const [tenant] = await t.database.db.insert(tenants).values({ name: 'Other Words Co' }).returning();
  other = await signInNewUser(t, { userName: 'tr-other', tenantId: tenant!.id, scopes: ['config:manage'] });
}, 120_000);
afterAll(async () => t?.close());

const db = () => t.database.db;
const stored = async (language: string) =>
  (
    await db()
      .select({ value: translations.value })
      .from(translations)
      .where(and(eq(translations.tenantId, t.tenantId), eq(translations.language, language)))
  )[0]?.value;
const list = async (query = '', token = manager) => {
  const response = await t.call('GET', `/api/translations${query}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ Items: Translation[] }>().Items;
};
const save = (Items: object[], token = manager, headers?: Record<string, string>) =>
  t.call('PUT', '/api/translations', { token, body: { Items }, ...(headers ? { headers } : {}) });

describe('the shipped catalogue', () => {
  it('knows the locale files and the contracts error texts; English keys serve every language', () => {
    const catalogue = shippedCatalogue();
    expect(catalogue.namespaces.has('shell')).toBe(true);
    expect(catalogue.texts.get('en')?.get('shell.screens.overview')).toBe('Overview');
    expect(catalogue.texts.get('tr')?.get(`common.errorCodes.${ErrorCode.NotFound}`)).toBe(
      errorMessage(ErrorCode.NotFound, 'tr'),
    );
    expect(catalogue.has('fr', 'shell', 'screens.overview')).toBe(true);
    // An Arabic plural form exists in Arabic only.
    expect(catalogue.has('ar', 'grid', 'records_few')).toBe(true);
    expect(catalogue.has('en', 'grid', 'records_few')).toBe(false);
    expect(catalogue.has('en', 'shell', 'screens.nothingLikeThis')).toBe(false);
  });
});

describe('override documents', () => {
  const namespaces = new Set(['shell', 'common']);
  it('reads nested and flat keys alike; a key naming no namespace belongs to common', () => {
    const entries = importedEntries(
      { shell: { screens: { overview: 'Home' } }, 'shell.screens.surveys': 'Polls', app: { name: 'X' } },
      namespaces,
    );
    expect([...entries]).toEqual([
      ['shell.screens.overview', 'Home'],
      ['shell.screens.surveys', 'Polls'],
      ['common.app.name', 'X'],
    ]);
    expect(documentOf(entries)).toEqual({
      common: { app: { name: 'X' } },
      shell: { screens: { overview: 'Home', surveys: 'Polls' } },
    });
    expect([...entriesOf(JSON.stringify(documentOf(entries)), namespaces)].sort()).toEqual(
      [...entries].sort(),
    );
  });
  it('refuses a leaf that is not a text, and ignores a malformed stored document', () => {
    expect(() => importedEntries({ shell: { screens: { overview: 3 } } }, namespaces)).toThrow();
    expect(() => importedEntries({ shell: ['a'] }, namespaces)).toThrow();
    expect(entriesOf('{not json', namespaces).size).toBe(0);
    expect(entriesOf('[1]', namespaces).size).toBe(0);
  });
});

describe('translation routes', () => {
  it('saves, lists, removes by an empty text, and bootstrap hands the document to the tenant', async () => {
    const before = (await db().select().from(audits).where(eq(audits.operationScope, 'Translation'))).length;
    const response = await save([
      { Language: 'en', Namespace: 'shell', Key: 'screens.overview', Value: 'Home base' },
      { Language: 'en', Key: 'common.save', Value: 'Keep' },
      { Language: 'fr', Namespace: 'shell', Key: 'screens.surveys', Value: 'Enquêtes' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(await list('?Language=en')).toEqual([
      { Language: 'en', Namespace: 'common', Key: 'common.save', Value: 'Keep' },
      { Language: 'en', Namespace: 'shell', Key: 'screens.overview', Value: 'Home base' },
    ]);
    expect((await list()).map((item) => item.Language)).toEqual(['en', 'en', 'fr']);
    expect(JSON.parse((await stored('en'))!)).toEqual({
      common: { common: { save: 'Keep' } },
      shell: { screens: { overview: 'Home base' } },
    });
    expect((await db().select().from(audits).where(eq(audits.operationScope, 'Translation'))).length).toBe(
      before + 1,
    );

    // A reader of the same tenant signs in and gets the document in bootstrap.
    const boot = await t.call('GET', '/api/bootstrap/en', { token: reader });
    const bootstrap = boot.json<Bootstrap>();
    const english = bootstrap.Translation.find((item) => item.Language === 'en');
    expect(JSON.parse(english!.Value)).toMatchObject({ shell: { screens: { overview: 'Home base' } } });

    expect((await save([{ Language: 'en', Key: 'common.save', Value: '' }])).statusCode).toBe(200);
    expect((await list('?Language=en')).map((item) => item.Key)).toEqual(['screens.overview']);
  });

  it('removes one override (204), then answers 404; an empty document leaves no row', async () => {
    await save([{ Language: 'ru', Namespace: 'shell', Key: 'screens.overview', Value: 'Обзор!' }]);
    const path = '/api/translations/ru/shell/screens.overview';
    expect((await t.call('DELETE', path, { token: manager })).statusCode).toBe(204);
    expect(await stored('ru')).toBeUndefined();
    expect((await t.call('DELETE', path, { token: manager })).statusCode).toBe(404);
  });

  it('refuses unknown keys (19401), long or NUL texts and foreign languages, the database unchanged', async () => {
    const document = await stored('en');
    const unknown = await save(
      [
        { Language: 'en', Namespace: 'shell', Key: 'screens.overview', Value: 'Never' },
        { Language: 'en', Namespace: 'shell', Key: 'screens.noSuchScreen', Value: 'x' },
      ],
      manager,
      { language: 'tr' },
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      Code: ErrorCode.TranslationKeyUnknown,
      Message: errorMessage(ErrorCode.TranslationKeyUnknown, 'tr'),
    });
    // Arabic's own plural forms are keys in Arabic only.
    expect(
      (await save([{ Language: 'en', Namespace: 'grid', Key: 'records_few', Value: 'x' }])).statusCode,
    ).toBe(400);
    expect(
      (await save([{ Language: 'ar', Namespace: 'grid', Key: 'records_few', Value: 'س' }])).statusCode,
    ).toBe(200);
    for (const item of [
      { Language: 'en', Namespace: 'shell', Key: 'screens.overview', Value: 'x'.repeat(2001) },
      { Language: 'en', Namespace: 'shell', Key: 'screens.overview', Value: 'a\u0000b' },
      { Language: 'de', Namespace: 'shell', Key: 'screens.overview', Value: 'Übersicht' },
      { Language: 'en', Namespace: 'shell', Key: '../screens', Value: 'x' },
    ]) {
      const response = await save([item]);
      expect(response.statusCode, JSON.stringify(item)).toBe(400);
    }
    expect(await stored('en')).toBe(document);
  });

  it('imports nested and flat keys, lists the unknown ones back unstored, and exports the document', async () => {
    const response = await t.call('POST', '/api/translations/import', {
      token: manager,
      body: {
        Language: 'bg',
        Translations: {
          shell: { screens: { overview: 'Преглед', nowhere: 'x' } },
          'shell.screens.surveys': 'Анкети',
          'common.common.save': '',
          madeUp: 'y',
        },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TranslationImportResult>()).toEqual({
      Stored: 2,
      Removed: 0,
      Unknown: ['shell.screens.nowhere', 'common.madeUp'],
      UnknownCount: 2,
    });
    const exported = await t.call('GET', '/api/translations/export?Language=bg', { token: reader });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="translations-bg.json"');
    expect(JSON.parse(exported.body)).toEqual({
      shell: { screens: { overview: 'Преглед', surveys: 'Анкети' } },
    });

    // The export imports back unchanged; a text that is not a string refuses the whole file.
    const again = await t.call('POST', '/api/translations/import', {
      token: manager,
      body: { Language: 'bg', Translations: JSON.parse(exported.body) as object },
    });
    expect(again.json<TranslationImportResult>()).toMatchObject({ Stored: 2, UnknownCount: 0 });
    const document = await stored('bg');
    const refused = await t.call('POST', '/api/translations/import', {
      token: manager,
      body: { Language: 'bg', Translations: { shell: { screens: { overview: 7, surveys: 'x' } } } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ Code: ErrorCode.TranslationImportInvalid });
    expect(await stored('bg')).toBe(document);
  });

  it('reads with config:read, writes with config:manage only, and keeps tenants apart', async () => {
    expect((await t.call('GET', '/api/translations', { token: outsider })).statusCode).toBe(403);
    expect((await save([{ Language: 'en', Key: 'common.save', Value: 'x' }], reader)).statusCode).toBe(403);
    await save([{ Language: 'sq', Namespace: 'shell', Key: 'screens.overview', Value: 'Përmbledhje' }]);
    expect(await list('?Language=sq', other)).toEqual([]);
    const foreign = await t.call('DELETE', '/api/translations/sq/shell/screens.overview', { token: other });
    expect(foreign.statusCode).toBe(404);
    expect((await list('?Language=sq')).length).toBe(1);
    const exported = await t.call('GET', '/api/translations/export?Language=sq', { token: other });
    expect(JSON.parse(exported.body)).toEqual({});
  });
});
