import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecurityLevel, type Bootstrap, type LicenseDetails } from '@loupe/contracts';
import { invitees, licenses, reports, sessions, surveys, users } from '../../db/schema/index.js';
import { DEMO_USERS } from '../../demo/demo-users.js';
import { insertTenant } from '../../test/admin-api.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signInNewUser } from '../../test/tenant-test-actors.js';

let t: TestApp;
let admin: string;
let viewer: string;
/** Tenantless, holding only the license scope. */
let alterna: string;
let otherTenantId: number;

const DAY_MS = 86_400_000;

/** Sessions of Demo Bank: `internal` on a product survey and `external` on a type-4 survey, at `at`. */
async function addSessions({ internal, external, at }: { internal: number; external: number; at: Date }) {
  const db = t.database.db;
  for (const [type, n] of [
    [1, internal],
    [4, external],
  ] as const) {
    if (n === 0) continue;
    const [survey] = await db
      .insert(surveys)
      .values({ tenantId: t.tenantId, title: `Survey type ${type}`, type })
      .returning({ id: surveys.id });
    const [invitee] = await db
      .insert(invitees)
      .values({ tenantId: t.tenantId, surveyId: survey!.id, transactionDate: at })
      .returning({ id: invitees.id });
    await db.insert(sessions).values(
      Array.from({ length: n }, () => ({
        tenantId: t.tenantId,
        surveyId: survey!.id,
        inviteeId: invitee!.id,
        createdAt: at,
      })),
    );
  }
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn('admin')).access_token;
  viewer = (await t.signIn('viewer')).access_token;
  alterna = await signInNewUser(t, { userName: 'alterna', tenantId: null, scopes: ['license'] });
  otherTenantId = await insertTenant(t, 'No Licence Co');

  const now = Date.now();
  const yearStart = Date.UTC(new Date(now).getUTCFullYear(), 0, 1);
  // This year's sessions count; last year's do not.
  await addSessions({ internal: 3, external: 2, at: new Date(Math.max(yearStart, now - DAY_MS)) });
  await addSessions({ internal: 4, external: 1, at: new Date(yearStart - DAY_MS) });
  await t.replica.flush();
  // Two reports of the tenant count; another tenant's does not.
  await t.database.db.insert(reports).values([
    { tenantId: t.tenantId, title: 'Licence count A' },
    { tenantId: t.tenantId, title: 'Licence count B' },
    { tenantId: otherTenantId, title: 'Licence count C' },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const getInfo = (token: string | undefined, query = '') =>
  t.call('GET', `/api/license-info${query}`, { token });

describe('GET /api/license-info', () => {
  it("answers the caller's tenant: licence, limits and what is used", async () => {
    const response = await getInfo(admin);
    expect(response.statusCode).toBe(200);
    const info = response.json<LicenseDetails>();
    const [license] = await t.database.db.select().from(licenses).where(eq(licenses.tenantId, t.tenantId));
    const tenantReports = await t.database.db.select().from(reports).where(eq(reports.tenantId, t.tenantId));
    expect(tenantReports.length).toBeGreaterThanOrEqual(2);
    expect(info).toEqual({
      TenantId: t.tenantId,
      TenantName: 'Demo Bank',
      IsValid: true,
      ExpireIn: 365,
      ValidFrom: license!.validFrom.toISOString(),
      ValidUntil: license!.validUntil.toISOString(),
      PackageName: 'Enterprise',
      SessionLimitPerYear: 5_000_000,
      SessionCount: 3,
      ExternalSurveySessionLimitPerYear: 1_000_000,
      ExternalSurveySessionCount: 2,
      DataRetentionTimeInMonths: 0,
      UserLimit: 500,
      // The demo users; admin is the Power User.
      UserCount: DEMO_USERS.length,
      PowerUserLimit: 10,
      PowerUserCount: 1,
      IsAIModuleActive: true,
      IsDataCollectorActive: false,
      // The licence screen said "Reports: Not counted yet" (issue 24): the tenant's saved reports.
      ReportCount: tenantReports.length,
    });
  });

  it("agrees with the bootstrap's LicenseInfo", async () => {
    const info = (await getInfo(admin)).json<LicenseDetails>();
    const bootstrap = await t.call('GET', '/api/bootstrap/en', { token: admin });
    const { LicenseInfo } = bootstrap.json<Bootstrap>();
    expect(LicenseInfo).toEqual({
      IsValid: info.IsValid,
      ExpireIn: info.ExpireIn,
      SessionLimitPerYear: info.SessionLimitPerYear,
      SessionCount: info.SessionCount,
      ExternalSurveySessionLimitPerYear: info.ExternalSurveySessionLimitPerYear,
      ExternalSurveySessionCount: info.ExternalSurveySessionCount,
      DataRetentionTimeInMonths: info.DataRetentionTimeInMonths,
    });
  });

  it('counts only active users who are not test users', async () => {
    const db = t.database.db;
    const [demoAdmin] = await db.select().from(users).where(eq(users.userName, 'admin'));
    await db.insert(users).values([
      {
        tenantId: t.tenantId,
        userName: 'inactive-power',
        fullName: 'Inactive Power',
        securityLevel: SecurityLevel.Power,
        isActive: false,
        passwordHash: demoAdmin!.passwordHash,
      },
      {
        tenantId: t.tenantId,
        userName: 'test-power',
        fullName: 'Test Power',
        securityLevel: SecurityLevel.Power,
        isTestUser: true,
        passwordHash: demoAdmin!.passwordHash,
      },
      {
        tenantId: t.tenantId,
        userName: 'second-power',
        fullName: 'Second Power',
        securityLevel: SecurityLevel.Power,
        passwordHash: demoAdmin!.passwordHash,
      },
    ]);
    const info = (await getInfo(admin)).json<LicenseDetails>();
    expect(info).toMatchObject({ UserCount: DEMO_USERS.length + 1, PowerUserCount: 2 });
  });

  it('reports an expired licence as not valid with 0 days left', async () => {
    const db = t.database.db;
    const [license] = await db.select().from(licenses).where(eq(licenses.tenantId, t.tenantId));
    await db
      .update(licenses)
      .set({ validUntil: new Date(Date.now() - DAY_MS) })
      .where(eq(licenses.tenantId, t.tenantId));
    try {
      expect((await getInfo(admin)).json()).toMatchObject({ IsValid: false, ExpireIn: 0 });
    } finally {
      await db
        .update(licenses)
        .set({ validUntil: license!.validUntil })
        .where(eq(licenses.tenantId, t.tenantId));
    }
  });

  it('refuses another tenant to a tenant-bound caller with 2100', async () => {
    const response = await getInfo(admin, `?tenantId=${otherTenantId}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ Code: 2100 });
    expect((await getInfo(admin, `?tenantId=${t.tenantId}`)).statusCode).toBe(200);
  });

  it('lets a tenantless caller read the tenant it names, and asks it to name one', async () => {
    const named = await getInfo(alterna, `?tenantId=${t.tenantId}`);
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({ TenantId: t.tenantId, SessionCount: 3 });

    const unnamed = await getInfo(alterna);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toMatchObject({ Code: 3333 });

    const unknown = await getInfo(alterna, '?tenantId=999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ Code: 14003 });
  });

  it('answers a tenant without a licence as not valid, with no dates and zero limits', async () => {
    const response = await getInfo(alterna, `?tenantId=${otherTenantId}`);
    expect(response.json()).toMatchObject({
      TenantName: 'No Licence Co',
      IsValid: false,
      ExpireIn: 0,
      ValidFrom: null,
      ValidUntil: null,
      PackageName: null,
      SessionCount: 0,
      UserCount: 0,
      IsAIModuleActive: false,
    });
  });

  it('answers 401 without a token and 403 without the license scope', async () => {
    expect((await getInfo(undefined)).statusCode).toBe(401);
    const refused = await getInfo(viewer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ Code: 403 });
  });
});
