import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import {
  invitations,
  invitees,
  sessions,
  surveys,
  systemConfigurations,
  tenants,
  users,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

type Invitation = { InvitationGuid: string; Token: string; SurveyUrl: string };

let t: TestApp;
let adminToken: string;
let managerToken: string;
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  adminToken = (await t.signIn('admin')).access_token;
  managerToken = (await t.signIn('manager')).access_token;
  const insertSurvey = async (tenantId: number, title: string, isActive = true) =>
    (await db.insert(surveys).values({ tenantId, title, isActive }).returning({ id: surveys.id }))[0]!.id;
  id.feedback = await insertSurvey(t.tenantId, 'Loupe feedback');
  id.inactive = await insertSurvey(t.tenantId, 'Old feedback', false);
  const [other] = await db.insert(tenants).values({ name: 'Feedback Other Bank' }).returning();
  id.otherTenantSurvey = await insertSurvey(other!.id, 'Their feedback');
});
afterAll(async () => {
  await t?.close();
});

/** Sets (or with undefined removes) the tenant's FeedbackSurvey configuration section. */
async function configure(jsonConfig: string | undefined) {
  const db = t.database.db;
  await db
    .delete(systemConfigurations)
    .where(
      and(eq(systemConfigurations.tenantId, t.tenantId), eq(systemConfigurations.section, 'FeedbackSurvey')),
    );
  if (jsonConfig !== undefined) {
    await db
      .insert(systemConfigurations)
      .values({ tenantId: t.tenantId, section: 'FeedbackSurvey', jsonConfig });
  }
}

const check = (accessToken: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/feedback-survey/check',
    headers: t.authHeader(accessToken),
  });

describe('GET /api/feedback-survey/check without a usable survey', () => {
  beforeEach(async () => {
    await configure(undefined);
  });

  it.each([
    ['no FeedbackSurvey section', undefined],
    ['a section that is not JSON', 'survey 1'],
    ['a section without SurveyId', '{}'],
    ['an inactive survey', () => JSON.stringify({ SurveyId: id.inactive })],
    ["another tenant's survey", () => JSON.stringify({ SurveyId: id.otherTenantSurvey })],
    ['a survey that does not exist', '{"SurveyId": 999999}'],
  ])('answers 204 for %s and invites no one', async (_case, section) => {
    await configure(typeof section === 'function' ? section() : section);
    const response = await check(adminToken);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await t.database.db.select().from(invitations)).toEqual([]);
  });

  it('refuses a caller without a token with 401', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/feedback-survey/check' });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/feedback-survey/check with an active feedback survey', () => {
  beforeAll(async () => {
    await configure(JSON.stringify({ SurveyId: id.feedback }));
  });

  it('invites the staff user through the touchpoint channel and answers the survey link', async () => {
    const response = await check(adminToken);
    expect(response.statusCode).toBe(200);
    const body = response.json<Invitation>();
    expect(body.InvitationGuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(body.Token).toBe(body.InvitationGuid);
    expect(body.SurveyUrl).toBe(`${loadConfig().publicUrl}/s/${body.Token}`);

    const [admin] = await t.database.db.select().from(users).where(eq(users.userName, 'admin'));
    const [invitation] = await t.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.token, body.Token));
    expect(invitation).toMatchObject({ tenantId: t.tenantId, surveyId: id.feedback, channel: 11 });
    const lifetime = invitation!.expiresAt!.getTime() - invitation!.invitedAt.getTime();
    expect(lifetime).toBe(24 * 60 * 60 * 1000);
    const [invitee] = await t.database.db
      .select()
      .from(invitees)
      .where(eq(invitees.id, invitation!.inviteeId));
    expect(invitee).toMatchObject({
      tenantId: t.tenantId,
      surveyId: id.feedback,
      fullName: admin!.fullName,
      email: admin!.email,
      language: admin!.language,
      isTestUser: false,
      customData1: String(admin!.id),
    });
  });

  it('reuses the open invitation for the same user and makes another for another user', async () => {
    const first = (await check(adminToken)).json<Invitation>();
    const again = (await check(adminToken)).json<Invitation>();
    expect(again.Token).toBe(first.Token);
    const managers = (await check(managerToken)).json<Invitation>();
    expect(managers.Token).not.toBe(first.Token);
  });

  it('invites again once the survey was completed or the invitation expired', async () => {
    const db = t.database.db;
    const open = (await check(adminToken)).json<Invitation>();
    const [invitation] = await db.select().from(invitations).where(eq(invitations.token, open.Token));
    await db.insert(sessions).values({
      tenantId: t.tenantId,
      surveyId: id.feedback!,
      inviteeId: invitation!.inviteeId,
      invitationId: invitation!.id,
      createdAt: new Date(),
      answeredAt: new Date(),
      completion: 1,
    });
    const afterCompletion = (await check(adminToken)).json<Invitation>();
    expect(afterCompletion.Token).not.toBe(open.Token);

    await db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.token, afterCompletion.Token));
    const afterExpiry = (await check(adminToken)).json<Invitation>();
    expect(afterExpiry.Token).not.toBe(afterCompletion.Token);

    // An anonymised survey's session names no invitation: the invitation's own completion counts too.
    await db
      .update(invitations)
      .set({ completedAt: new Date() })
      .where(eq(invitations.token, afterExpiry.Token));
    const afterAnonymousCompletion = (await check(adminToken)).json<Invitation>();
    expect(afterAnonymousCompletion.Token).not.toBe(afterExpiry.Token);
  });
});
