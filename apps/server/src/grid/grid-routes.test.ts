// eslint-disable-next-line import-x/default -- exceljs is CommonJS: Node's ESM loader offers it as the default export only
import ExcelJS from 'exceljs';
import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorCode, type GridExport, type GridPage, type Scope } from '@loupe/contracts';
import type { Db } from '../db/client.js';
import { roles, tenants, userRoles, users } from '../db/schema/index.js';
import { hashPassword } from '../core/password.js';
import { requireTenant } from '../core/actor.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import type { GridFields } from './grid-fields.js';
import { contentDisposition, registerGridRoutes, type GridListSource } from './grid-routes.js';

const userItem = z.object({
  Id: z.number().int(),
  UserName: z.string(),
  FullName: z.string(),
  Email: z.string().nullable(),
  IsActive: z.boolean(),
  CreatedAt: z.string(),
});
type UserItem = z.infer<typeof userItem>;

const userFields: GridFields = {
  Id: { sql: users.id, type: 'number' },
  UserName: { sql: users.userName, type: 'string' },
  FullName: { sql: users.fullName, type: 'string' },
  Email: { sql: users.email, type: 'string' },
  IsActive: { sql: users.isActive, type: 'boolean' },
  CreatedAt: { sql: users.createdAt, type: 'date' },
};

/**
 * The users of the caller's tenant (not its test users), as the users module lists them; the body may narrow to
 * `UserNames`.
 */
function userSource(db: Db): GridListSource<UserItem> {
  return {
    fields: userFields,
    defaultOrder: 'UserName asc, Id asc',
    scope(request, body): SQL | undefined {
      const tenant = and(eq(users.tenantId, requireTenant(request.actor)), eq(users.isTestUser, false));
      const names = z.array(z.string()).optional().parse(body.UserNames);
      return names ? and(tenant, inArray(users.userName, names)) : tenant;
    },
    async rows(page) {
      const rows = await db
        .select({
          Id: users.id,
          UserName: users.userName,
          FullName: users.fullName,
          Email: users.email,
          IsActive: users.isActive,
          CreatedAt: users.createdAt,
        })
        .from(users)
        .where(page.where)
        .orderBy(...page.orderBy)
        .limit(page.limit)
        .offset(page.offset);
      return rows.map((row) => ({ ...row, CreatedAt: row.CreatedAt.toISOString() }));
    },
    async count(where) {
      const [row] = await db.select({ total: count() }).from(users).where(where);
      return row?.total ?? 0;
    },
  };
}

const PATH = '/api/test-grid/users';
const SMALL_PATH = '/api/test-grid/users-small';
const DEMO_USER_NAMES = ['admin', 'manager', 'scoped', 'viewer'];

let test: TestApp;
let adminToken: string;

/** A user of the demo tenant holding exactly `scopes`, through a role of their own. */
async function createUser(userName: string, scopes: Scope[]): Promise<void> {
  const { db } = test.database;
  const [role] = await db
    .insert(roles)
    .values({ tenantId: test.tenantId, name: `${userName} role`, scopes })
    .returning({ id: roles.id });
  const [user] = await db
    .insert(users)
    .values({
      tenantId: test.tenantId,
      userName,
      fullName: userName,
      email: `${userName}@demo-bank.example`,
      passwordHash: await hashPassword('Demo1234!'),
    })
    .returning({ id: users.id });
  if (!role || !user) throw new Error('test user insert returned nothing');
  await db.insert(userRoles).values({ tenantId: test.tenantId, userId: user.id, roleId: role.id });
}

beforeAll(async () => {
  test = await createTestApp();
  const { db } = test.database;
  // The grid's fixture is the four report users: the demo's CATI agent (docs/cati.md) leaves it.
  const [agent] = await db.select({ id: users.id }).from(users).where(eq(users.userName, 'agent'));
  if (agent) {
    await db.delete(userRoles).where(eq(userRoles.userId, agent.id));
    await db.delete(users).where(eq(users.id, agent.id));
  }
  registerGridRoutes(test.app, { path: PATH, access: ['user:read'], item: userItem, source: userSource(db) });
  registerGridRoutes(test.app, {
    path: SMALL_PATH,
    access: ['user:read'],
    item: userItem,
    source: userSource(db),
    exportLimit: 2,
    exportPageSize: 1,
  });
  // Another tenant's user, which no list of the demo tenant may show.
  const [other] = await db.insert(tenants).values({ name: 'Other Bank' }).returning({ id: tenants.id });
  await db
    .insert(users)
    .values({ tenantId: other?.id, userName: 'outsider', fullName: 'Out Sider', passwordHash: 'x' });
  adminToken = (await test.signIn('admin')).access_token;
});

afterAll(async () => {
  await test?.close();
});

async function list(query: string, token = adminToken) {
  return test.app.inject({ method: 'GET', url: `${PATH}?${query}`, headers: test.authHeader(token) });
}

async function names(filter: string): Promise<string[]> {
  const response = await list(`$top=100&$filter=${encodeURIComponent(filter)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<GridPage<UserItem>>().Items.map((item) => item.UserName);
}

describe('GET {path}', () => {
  it('answers a page with the true Count, in the requested order', async () => {
    const response = await list('$top=2&$skip=0&$count=true&$orderby=UserName');
    expect(response.statusCode).toBe(200);
    const page = response.json<GridPage<UserItem>>();
    expect(page.Count).toBe(4);
    expect(page.Items.map((item) => item.UserName)).toEqual(['admin', 'manager']);
    expect(page.Items[0]).toMatchObject({
      FullName: 'Demo Admin',
      Email: 'admin@demo-bank.example',
      IsActive: true,
    });
    expect(new Date(page.Items[0]?.CreatedAt ?? '').getTime()).toBeGreaterThan(0);

    const second = (await list('$top=2&$skip=2&$orderby=UserName desc')).json<GridPage<UserItem>>();
    expect(second.Items.map((item) => item.UserName)).toEqual(['manager', 'admin']);
    expect(second.Count).toBe(4);
  });

  it('pages with the default order and ten rows when nothing is asked', async () => {
    const page = (await list('')).json<GridPage<UserItem>>();
    expect(page.Items.map((item) => item.UserName)).toEqual(DEMO_USER_NAMES);
  });

  it('filters with every operator against the database', async () => {
    expect(await names("contains(tolower(UserName),'ANA')")).toEqual(['manager']);
    expect(await names("contains(UserName,'ANA')")).toEqual([]);
    expect(await names("tolower(FullName) eq 'demo admin'")).toEqual(['admin']);
    expect(await names("startswith(Email,'v') and IsActive eq true")).toEqual(['viewer']);
    expect(await names("UserName in ('admin','scoped','nobody')")).toEqual(['admin', 'scoped']);
    expect(await names("UserName ne 'admin'")).toEqual(['manager', 'scoped', 'viewer']);
    expect(await names("not (UserName eq 'admin' or UserName eq 'viewer')")).toEqual(['manager', 'scoped']);
    expect(await names("UserName eq 'admin' or UserName eq 'viewer' and IsActive eq false")).toEqual([
      'admin',
    ]);
    expect(await names("(UserName eq 'admin' or UserName eq 'viewer') and IsActive")).toEqual([
      'admin',
      'viewer',
    ]);
    expect(await names('Id gt 0.5 and Email ne null')).toEqual(DEMO_USER_NAMES);
    expect(await names('CreatedAt ge 2020-01-01 and CreatedAt lt 2999-12-31T23:59:59Z')).toEqual(
      DEMO_USER_NAMES,
    );
    expect(await names('CreatedAt lt 2020-01-01')).toEqual([]);
    // Wildcards are literal: no demo user name holds an underscore or a percent sign.
    expect(await names("contains(UserName,'_') or contains(UserName,'%')")).toEqual([]);
  });

  it('answers an injection attempt with no rows and no error', async () => {
    const response = await list(`$count=true&$filter=${encodeURIComponent("UserName eq 'x'' or 1=1 --'")}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Items: [], Count: 0 });
  });

  it('refuses an unknown field, bad syntax and a wrong type with 400 (3333)', async () => {
    for (const query of [
      `$filter=${encodeURIComponent("PasswordHash eq 'x'")}`,
      `$filter=${encodeURIComponent("UserName eq 'x' or 1=1")}`,
      `$filter=${encodeURIComponent("Id eq '1'")}`,
      '$orderby=PasswordHash',
    ]) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ Code: ErrorCode.ModelNotValid });
    }
    const unknown = await list(`$filter=${encodeURIComponent("PasswordHash eq 'x'")}`);
    expect(unknown.json().Details).toEqual([
      {
        Path: '$filter',
        Message:
          'Unknown field "PasswordHash" (filterable: Id, UserName, FullName, Email, IsActive, CreatedAt) at position 1',
      },
    ]);
    expect((await list('$top=0')).statusCode).toBe(400);
  });

  it('is guarded by the list scopes', async () => {
    expect((await test.app.inject({ method: 'GET', url: PATH })).statusCode).toBe(401);
    const viewer = (await test.signIn('viewer')).access_token;
    expect((await list('', viewer)).json()).toMatchObject({ Code: ErrorCode.Forbidden });
  });
});

describe('POST {path}/query', () => {
  it('applies the query string and the filter body', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: `${PATH}/query?$orderby=UserName desc&$count=true&$filter=${encodeURIComponent("UserName ne 'scoped'")}`,
      headers: test.authHeader(adminToken),
      payload: { UserNames: ['admin', 'viewer', 'scoped'] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<GridPage<UserItem>>();
    expect(page.Items.map((item) => item.UserName)).toEqual(['viewer', 'admin']);
    expect(page.Count).toBe(2);
  });
});

describe('POST {path}/export', () => {
  const request: GridExport = {
    Filter: {},
    TotalCountForExport: 4,
    FileName: 'Kullanıcılar Ağustos',
    Columns: [
      { Field: 'UserName', Title: 'Kullanıcı Adı' },
      { Field: 'IsActive', Title: 'Active' },
      { Field: 'CreatedAt', Title: 'Created' },
    ],
  };

  async function exportRows(options: { path?: string; query?: string; body?: unknown; token?: string } = {}) {
    return test.app.inject({
      method: 'POST',
      url: `${options.path ?? PATH}/export?${options.query ?? ''}`,
      headers: test.authHeader(options.token ?? adminToken),
      payload: (options.body ?? request) as Record<string, unknown>,
    });
  }

  async function readSheet(body: Buffer): Promise<ExcelJS.Worksheet> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no worksheet');
    return sheet;
  }

  it('streams an .xlsx with a bold heading and one row per record, in the requested order', async () => {
    const response = await exportRows({ query: '$orderby=UserName desc' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Kullanicilar Agustos.xlsx"; filename*=UTF-8''Kullan%C4%B1c%C4%B1lar%20A%C4%9Fustos.xlsx`,
    );
    const sheet = await readSheet(response.rawPayload);
    expect(sheet.rowCount).toBe(5);
    const heading = sheet.getRow(1);
    expect(heading.values).toEqual([undefined, 'Kullanıcı Adı', 'Active', 'Created']);
    expect(heading.getCell(1).font?.bold).toBe(true);
    const rows = [2, 3, 4, 5].map((index) => sheet.getRow(index));
    expect(rows.map((row) => row.getCell(1).value)).toEqual(['viewer', 'scoped', 'manager', 'admin']);
    expect(rows.map((row) => row.getCell(2).value)).toEqual([true, true, true, true]);
    const created = rows[0]?.getCell(3).value;
    expect(created).toBeInstanceOf(Date);
    expect(Math.abs((created as Date).getTime() - Date.now())).toBeLessThan(3_600_000);
  });

  it('exports the filter and filter body across pages', async () => {
    const response = await exportRows({
      path: SMALL_PATH,
      query: `$filter=${encodeURIComponent("UserName ne 'viewer'")}`,
      body: { ...request, Filter: { UserNames: ['admin', 'viewer', 'scoped'] } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const sheet = await readSheet(response.rawPayload);
    expect(sheet.getColumn(1).values).toEqual([undefined, 'Kullanıcı Adı', 'admin', 'scoped']);
  });

  it('refuses more rows than the limit with 11001 and no rows with 11002', async () => {
    const tooLarge = await exportRows({ path: SMALL_PATH });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toMatchObject({
      Code: ErrorCode.ExportTooLarge,
      Details: { Count: 4, Limit: 2 },
    });

    const empty = await exportRows({ query: `$filter=${encodeURIComponent("UserName eq 'nobody'")}` });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ Code: ErrorCode.ExportEmpty });
  });

  it('refuses unknown columns, a file name with an extension and a bad filter with 400 (3333)', async () => {
    const column = await exportRows({
      body: { ...request, Columns: [{ Field: 'PasswordHash', Title: 'x' }] },
    });
    expect(column.statusCode).toBe(400);
    expect(column.json()).toMatchObject({
      Code: ErrorCode.ModelNotValid,
      Details: [{ Path: 'Columns', Message: 'Unknown column "PasswordHash"' }],
    });
    const fileName = await exportRows({ body: { ...request, FileName: 'users.xlsx' } });
    expect(fileName.json()).toMatchObject({ Code: ErrorCode.ModelNotValid });
    const filter = await exportRows({ query: '$filter=Nope eq 1' });
    expect(filter.json()).toMatchObject({ Code: ErrorCode.ModelNotValid });
  });

  it('needs grid:export and a scope of the list', async () => {
    await createUser('reader', ['user:read']);
    await createUser('exporter', ['grid:export', 'report:read']);
    const reader = (await test.signIn('reader')).access_token;
    const exporter = (await test.signIn('exporter')).access_token;

    expect((await list('', reader)).statusCode).toBe(200);
    const withoutExport = await exportRows({ token: reader });
    expect(withoutExport.statusCode).toBe(403);
    expect(withoutExport.json()).toMatchObject({ Code: ErrorCode.Forbidden });

    const withoutRead = await exportRows({ token: exporter });
    expect(withoutRead.statusCode).toBe(403);
    expect(withoutRead.json()).toMatchObject({ Code: ErrorCode.Forbidden });

    const anonymous = await test.app.inject({ method: 'POST', url: `${PATH}/export`, payload: request });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('registerGridRoutes', () => {
  it('refuses absolute URLs and paths outside /api/', () => {
    const options = {
      access: ['user:read'] as Scope[],
      item: userItem,
      source: userSource(test.database.db),
    };
    for (const path of [
      'https://evil.example/api/users',
      '//evil.example/api/users',
      'users',
      '/users',
      '/api/users/',
    ]) {
      expect(() => registerGridRoutes(test.app, { ...options, path }), path).toThrow(/absolute URLs/);
    }
  });

  it('refuses a default order over an unknown field', () => {
    const source = { ...userSource(test.database.db), defaultOrder: 'Nope asc' };
    expect(() =>
      registerGridRoutes(test.app, {
        path: '/api/test-grid/x',
        access: ['user:read'],
        item: userItem,
        source,
      }),
    ).toThrow(/defaultOrder/);
  });
});

describe('contentDisposition', () => {
  it('keeps the header ASCII and the exact name in filename*', () => {
    expect(contentDisposition('Ülke "raporu"; 100%.xlsx')).toBe(
      `attachment; filename="Ulke _raporu__ 100_.xlsx"; filename*=UTF-8''%C3%9Clke%20%22raporu%22%3B%20100%25.xlsx`,
    );
    expect(contentDisposition("a'b(c)*.xlsx")).toBe(
      `attachment; filename="a'b(c)*.xlsx"; filename*=UTF-8''a%27b%28c%29%2A.xlsx`,
    );
  });
});
