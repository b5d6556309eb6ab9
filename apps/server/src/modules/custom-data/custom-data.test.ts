import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOM_DATA_KEYS, ErrorCode, type Bootstrap, type CustomDataMappings } from '@loupe/contracts';
import { audits, customDataMappings, tenants } from '../../db/schema/index.js';
import { signInNewUser } from '../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/*
 * Custom data management (issue 18 item 9, docs/custom-data-and-data-logs.md) through the real routes: the ten
 * names read and replaced by metadata:manage, audited, refused field by field when bad (the database unchanged),
 * confined to the caller's tenant, and served to every user in bootstrap's CustomDataMappings.
 */

let t: TestApp;
let manager: string;
let reader: string;
let other: string;
let otherTenantId: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  manager = await signInNewUser(t, {
    userName: 'cdm-manager',
    tenantId: t.tenantId,
    scopes: ['metadata:manage'],
  });
  reader = await signInNewUser(t, { userName: 'cdm-reader', tenantId: t.tenantId, scopes: ['report:read'] });
  const [tenant] = await t.database.db
    .insert(tenants)
    .values({ name: 'Other Custom Co' })
    .returning({ id: tenants.id });
  otherTenantId = tenant!.id;
  other = await signInNewUser(t, {
    userName: 'cdm-other',
    tenantId: otherTenantId,
    scopes: ['metadata:manage'],
  });
}, 120_000);
afterAll(async () => t?.close());

const names = (prefix: string): CustomDataMappings =>
  Object.fromEntries(
    CUSTOM_DATA_KEYS.map((key, index) => [key, `${prefix} ${index + 1}`]),
  ) as CustomDataMappings;

const stored = async (tenantId: number) =>
  (
    await t.database.db
      .select({ names: customDataMappings.names })
      .from(customDataMappings)
      .where(eq(customDataMappings.tenantId, tenantId))
  )[0]?.names;

describe('custom data mappings', () => {
  it('answers the slot keys before the tenant names them, and bootstrap lists none', async () => {
    const read = await t.call('GET', '/api/custom-data-mappings', { token: manager });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual(Object.fromEntries(CUSTOM_DATA_KEYS.map((key) => [key, key])));
    const bootstrap = await t.call('GET', '/api/bootstrap/en', { token: reader });
    expect(bootstrap.json<Bootstrap>().CustomDataMappings).toEqual([]);
  });

  it('replaces the ten names (trimmed), audits the change, and every user reads them in bootstrap', async () => {
    const trail = async () =>
      (await t.database.db.select().from(audits).where(eq(audits.operationScope, 'CustomDataMappings')))
        .length;
    const before = await trail();
    const body = { ...names('Slot'), CustomData1: '  Customer number ', CustomData2: 'Şube kodu' };
    const saved = await t.call('PUT', '/api/custom-data-mappings', { token: manager, body });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<CustomDataMappings>()).toMatchObject({
      CustomData1: 'Customer number',
      CustomData2: 'Şube kodu',
    });
    expect(await stored(t.tenantId)).toEqual([
      'Customer number',
      'Şube kodu',
      ...Array.from({ length: 8 }, (_, i) => `Slot ${i + 3}`),
    ]);
    expect(await trail()).toBe(before + 1);

    const read = await t.call('GET', '/api/custom-data-mappings', { token: manager });
    expect(read.json()).toEqual(saved.json());
    const bootstrap = (await t.call('GET', '/api/bootstrap/en', { token: reader })).json<Bootstrap>();
    expect(bootstrap.CustomDataMappings).toHaveLength(10);
    expect(bootstrap.CustomDataMappings[0]).toEqual({ No: 1, Name: 'Customer number' });
    expect(bootstrap.CustomDataMappings[9]).toEqual({ No: 10, Name: 'Slot 10' });
  });

  it('refuses a missing, empty, too long, NUL-holding or repeated name by field, in the caller language, storing nothing', async () => {
    await t.call('PUT', '/api/custom-data-mappings', { token: manager, body: names('Kept') });
    const kept = await stored(t.tenantId);
    const { CustomData10: _dropped, ...nine } = names('Nine');
    const cases: [object, string, string][] = [
      [nine, 'body/CustomData10', 'This field is required'],
      [{ ...names('A'), CustomData3: '   ' }, 'body/CustomData3', 'This field is required'],
      [{ ...names('A'), CustomData4: 'x'.repeat(101) }, 'body/CustomData4', 'Use at most 100 characters'],
      [{ ...names('A'), CustomData5: 'a\u0000b' }, 'body/CustomData5', 'Must not contain control characters'],
      [{ ...names('A'), CustomData7: 'a 1' }, 'body/CustomData7', 'This value already exists'],
      [{ ...names('A'), CustomData11: 'extra' }, 'body', ''],
      [{ ...names('A'), CustomData2: 42 }, 'body/CustomData2', ''],
    ];
    for (const [body, path, message] of cases) {
      const response = await t.call('PUT', '/api/custom-data-mappings', { token: manager, body });
      expect(response.statusCode, `${path}: ${response.body}`).toBe(400);
      const answer = response.json<{ Code: number; Details: { Path: string; Message: string }[] }>();
      expect(answer.Code).toBe(ErrorCode.ModelNotValid);
      const detail = answer.Details.find((entry) => entry.Path.startsWith(path));
      expect(detail, JSON.stringify(answer.Details)).toBeDefined();
      if (message) expect(detail!.Message).toBe(message);
    }
    const turkish = await t.call('PUT', '/api/custom-data-mappings', {
      token: manager,
      body: { ...names('A'), CustomData7: 'A 1' },
      headers: { language: 'tr' },
    });
    expect(turkish.json()).toMatchObject({
      Code: ErrorCode.ModelNotValid,
      Message: 'İstek geçerli değil.',
      Details: [{ Path: 'body/CustomData7', Message: 'Bu değer zaten var' }],
    });
    expect(await stored(t.tenantId)).toEqual(kept);
  });

  it('opens to metadata:manage only and keeps each tenant to its own names', async () => {
    expect((await t.call('GET', '/api/custom-data-mappings', { token: reader })).statusCode).toBe(403);
    const refused = await t.call('PUT', '/api/custom-data-mappings', { token: reader, body: names('No') });
    expect(refused.statusCode).toBe(403);
    const mine = await stored(t.tenantId);
    const theirs = await t.call('PUT', '/api/custom-data-mappings', { token: other, body: names('Other') });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(await stored(otherTenantId)).toEqual(Array.from({ length: 10 }, (_, i) => `Other ${i + 1}`));
    expect(await stored(t.tenantId)).toEqual(mine);
    const read = await t.call('GET', '/api/custom-data-mappings', { token: manager });
    expect(read.json<CustomDataMappings>().CustomData1).toBe('Kept 1');
  });
});
