import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overviewSchema, type Overview, type OverviewCounter, type Scope } from '@loupe/contracts';
import { alerts, importDataLogs, surveys, tenants, users } from '../../db/schema/index.js';
import { signInNewUser } from '../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createWidgetFixture, type WidgetFixture } from '../../test/widget-fixture.js';

/*
 * The home overview (docs/overview.md) on hand-inserted rows, relative to now so that the period (the last 7 days
 * of the tenant's zone) holds them: "in" = 2 days ago, "before" = 9 days ago (the previous 7 days), "old" = 20
 * days ago (neither). Figures are read once before the rows go in (the demo seed's own rows) and checked as that
 * baseline plus the rows below.
 *
 *   imports (Demo Bank)    in ×3, before ×2, old ×1; another tenant's in ×4
 *   answers (replica)      answered in ×2, before ×1, old ×1, one started and never answered (in)
 *   active surveys         the fixture's 2 + one inactive, one draft (wizard step 3), one type 7: +2 only
 *   open alerts            open: created in ×1 (assigned to the viewer), created old ×1 (unassigned);
 *                          completed: old, closed in (open at the start) ×1; old, closed old ×1; another tenant's ×1
 */

const DAY_MS = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

let t: TestApp;
let f: WidgetFixture;
let admin: string;
let viewer: string;
let noScreens: string;
let answersBySurveys: string;
let baseline: Overview;
let otherTenant: number;
let otherAdmin: string;

const ALL: Scope[] = ['overview', 'invitation:manage', 'report:read', 'survey:read', 'alert:readall'];

const read = async (token: string, query = '') => {
  const response = await t.call('GET', `/api/overview${query}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return overviewSchema.parse(response.json());
};
const counter = (overview: Overview, key: OverviewCounter['Key']) =>
  overview.Counters.find((c) => c.Key === key);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  admin = await signInNewUser(t, { userName: 'overview-admin', tenantId: t.tenantId, scopes: ALL });
  baseline = await read(admin);
  f = await createWidgetFixture(t);
  const { tenantId } = f;

  viewer = await signInNewUser(t, {
    userName: 'overview-viewer',
    tenantId,
    scopes: ['overview', 'alert:read'],
  });
  noScreens = await signInNewUser(t, { userName: 'overview-bare', tenantId, scopes: ['overview'] });
  answersBySurveys = await signInNewUser(t, {
    userName: 'overview-surveys',
    tenantId,
    scopes: ['overview', 'survey:read'],
  });
  const [viewerRow] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.userName, 'overview-viewer'));

  const [other] = await db
    .insert(tenants)
    .values({ name: 'Overview Other Bank' })
    .returning({ id: tenants.id });
  otherTenant = other!.id;
  otherAdmin = await signInNewUser(t, { userName: 'overview-other', tenantId: otherTenant, scopes: ALL });
  const [otherSurvey] = await db
    .insert(surveys)
    .values({ tenantId: otherTenant, title: 'Other survey' })
    .returning({ id: surveys.id });

  const importAt = (tenant: number, survey: number, days: number) => ({
    tenantId: tenant,
    surveyId: survey,
    fileName: 'invitees.csv',
    fileType: 'csv',
    createdAt: new Date(ago(days)),
  });
  await db
    .insert(importDataLogs)
    .values([
      ...[2, 2, 3].map((d) => importAt(tenantId, f.surveyId, d)),
      ...[9, 10].map((d) => importAt(tenantId, f.surveyId, d)),
      importAt(tenantId, f.surveyId, 20),
      ...[1, 2, 3, 4].map((d) => importAt(otherTenant, otherSurvey!.id, d)),
    ]);

  await db.insert(surveys).values([
    { tenantId, title: 'Inactive', isActive: false },
    { tenantId, title: 'Draft', wizardStep: 3 },
    { tenantId, title: 'Hidden', type: 7 },
  ]);

  const session = (days: number, answered = true) =>
    f.addSession({
      transactionAt: ago(days),
      createdAt: ago(days),
      answeredAt: answered ? ago(days) : null,
      completion: answered ? 1 : 2,
      scores: [[f.questions.nps, 9]],
    });
  await session(2);
  await session(3);
  await session(9);
  await session(20);
  await session(2, false);
  await t.replica.flush();

  await db.insert(alerts).values([
    { tenantId, assignedUserId: viewerRow!.id, createdAt: new Date(ago(2)) },
    { tenantId, createdAt: new Date(ago(20)) },
    { tenantId, status: 6, createdAt: new Date(ago(20)), closedAt: new Date(ago(2)) },
    { tenantId, status: 6, createdAt: new Date(ago(20)), closedAt: new Date(ago(15)) },
    { tenantId: otherTenant, createdAt: new Date(ago(2)) },
  ]);
});

afterAll(async () => t?.close());

describe('GET /api/overview', () => {
  it('counts the last 7 days and the 7 before, from the rows', async () => {
    const now = await read(admin, '?days=7');
    expect(now.Days).toBe(7);
    expect(now.Counters.map((c) => c.Key)).toEqual(['imports', 'answers', 'activeSurveys', 'openAlerts']);
    const was = (key: OverviewCounter['Key']) => counter(baseline, key)!;

    const imports = counter(now, 'imports')!;
    expect(imports).toMatchObject({
      Value: was('imports').Value + 3,
      Previous: was('imports').Previous! + 2,
      Path: 'import-data-logs',
    });
    const answers = counter(now, 'answers')!;
    expect(answers).toMatchObject({
      Value: was('answers').Value + 2,
      Previous: was('answers').Previous! + 1,
      Path: 'dashboard',
    });
    const active = counter(now, 'activeSurveys')!;
    expect(active.Value).toBe(was('activeSurveys').Value + 2);
    expect(active.Previous).toBeUndefined();
    expect(active.Change).toBeNull();
    expect(active.Path).toBe('surveys');
    const open = counter(now, 'openAlerts')!;
    // Open now: the two open ones; open at the start: the old open one and the one closed within the period.
    expect(open).toMatchObject({
      Value: was('openAlerts').Value + 2,
      Previous: was('openAlerts').Previous! + 2,
      Path: 'alerts',
    });
  });

  it('gives the change in percent, null against nothing', async () => {
    const answers = counter(await read(admin), 'answers')!;
    const expected =
      answers.Previous === 0
        ? null
        : Math.round(((answers.Value - answers.Previous!) / answers.Previous!) * 1000) / 10;
    expect(answers.Change).toBe(expected);
  });

  it('counts a longer period from the same rows', async () => {
    const month = await read(admin, '?days=30');
    expect(month.Days).toBe(30);
    expect(counter(month, 'imports')!.Value).toBe(counter(baseline, 'imports')!.Value + 6);
  });

  it('shows each counter only with a scope that opens its screen', async () => {
    expect((await read(noScreens)).Counters).toEqual([]);
    const surveysOnly = await read(answersBySurveys);
    expect(surveysOnly.Counters.map((c) => c.Key)).toEqual(['answers', 'activeSurveys']);
    expect(counter(surveysOnly, 'answers')!.Path).toBe('surveys/statistics');
  });

  it('links answers to the responses analyzer on the same sessions for an analyzer scope', async () => {
    const analyst = await signInNewUser(t, {
      userName: 'overview-analyst',
      tenantId: f.tenantId,
      scopes: ['overview', 'feedbackAnalysis'],
    });
    const answers = counter(await read(analyst), 'answers')!;
    const path = new URL(answers.Path, 'http://loupe/');
    expect(path.pathname).toBe('/responses-analyzer');
    expect(path.searchParams.get('timeColumn')).toBe('AnsweredDateId');
    // The analyzer with the link's period on the answered date lists the counter's sessions.
    const response = await t.call('POST', '/api/responses-analyzer?$top=1', {
      token: analyst,
      body: {
        TimeRange: [path.searchParams.get('from')!, path.searchParams.get('to')!],
        TimeColumn: 'AnsweredDateId',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ Count: number }>().Count).toBe(answers.Value);
  });

  it('counts only the alerts the caller may see', async () => {
    const own = await read(viewer);
    expect(own.Counters.map((c) => c.Key)).toEqual(['openAlerts']);
    // Only the open alert assigned to the viewer; the unassigned one is not theirs.
    expect(counter(own, 'openAlerts')).toMatchObject({ Value: 1, Previous: 0, Change: null });
  });

  it('confines every figure to the caller’s tenant', async () => {
    const other = await read(otherAdmin);
    expect(counter(other, 'imports')).toMatchObject({ Value: 4, Previous: 0 });
    expect(counter(other, 'answers')).toMatchObject({ Value: 0, Previous: 0 });
    expect(counter(other, 'activeSurveys')!.Value).toBe(1);
    expect(counter(other, 'openAlerts')).toMatchObject({ Value: 1, Previous: 0 });
  });

  it('refuses without a token (401), without the overview scope (403) and a bad period (400)', async () => {
    expect((await t.call('GET', '/api/overview')).statusCode).toBe(401);
    const token = await signInNewUser(t, {
      userName: 'overview-none',
      tenantId: t.tenantId,
      scopes: ['survey:read', 'alert:readall'],
    });
    expect((await t.call('GET', '/api/overview', { token })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/overview?days=0', { token: admin })).statusCode).toBe(400);
    expect((await t.call('GET', '/api/overview?days=400', { token: admin })).statusCode).toBe(400);
  });
});
