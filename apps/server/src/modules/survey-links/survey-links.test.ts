import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  SURVEY_LINK_LIMITS,
  type PublicSurvey,
  type SurveyLink,
  type SurveyLinkList,
} from '@loupe/contracts';
import { loadConfig } from '../../config.js';
import {
  audits,
  questions,
  sessions,
  surveyFlows,
  surveyLinks,
  surveys,
  tenants,
  transactionChannels,
  users,
} from '../../db/schema/index.js';
import { createTestApp, type ApiMethod, type TestApp } from '../../test/test-app.js';

/*
 * Survey links through the real routes on a real database (docs/survey-links.md): scopes by survey type, the
 * tenant's channels, the link limit, the session count the respondent API records, deactivation and deletion as
 * the respondent page sees them, and the audit trail.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
const ids = { survey: 0, external: 0, question: 0, channel: 0, otherChannel: 0, otherSurvey: 0 };
const publicUrl = loadConfig().publicUrl;

type Refusal = { Code: number; Message: string; Details?: { Path: string; Message: string }[] };

const call = async (
  method: ApiMethod,
  url: string,
  { token = tokens.manager, body, language }: { token?: string; body?: unknown; language?: string } = {},
) => {
  const response = await t.call(method, url, {
    token,
    body,
    ...(language === undefined ? {} : { headers: { language } }),
  });
  return { status: response.statusCode, body: response.body, json: <T = Refusal>() => response.json<T>() };
};

const linksPath = (surveyId = ids.survey) => `/api/surveys/${surveyId}/links`;
const snapshot = () => t.database.db.select().from(surveyLinks).orderBy(asc(surveyLinks.id));

async function refused(request: () => ReturnType<typeof call>, status: number, code: number) {
  const before = await snapshot();
  const response = await request();
  expect(response.status, response.body).toBe(status);
  const body = response.json();
  expect(body.Code).toBe(code);
  expect(await snapshot()).toEqual(before);
  return body;
}

async function created(body: Record<string, unknown>, surveyId = ids.survey, token = tokens.manager) {
  const response = await call('POST', linksPath(surveyId), { body, token });
  expect(response.status, response.body).toBe(201);
  return response.json<SurveyLink>();
}

const publicState = async (guid: string) =>
  (await call('GET', `/api/public/surveys/${guid}`, { token: '' })).json<PublicSurvey>().State;

/** One answer through the link, as the respondent page sends it: a new session each time (no key kept). */
async function answerThrough(guid: string) {
  const response = await t.call('POST', `/api/public/surveys/${guid}/answers`, {
    body: { Answers: [{ QuestionId: ids.question, Value: 9 }], Complete: true },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function channel(tenantId: number, name: string) {
  const [row] = await t.database.db
    .insert(transactionChannels)
    .values({ tenantId, name, code: `C-${randomUUID().slice(0, 8)}`, level: 1, path: [] })
    .returning({ id: transactionChannels.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const [survey] = await db
    .insert(surveys)
    .values({ tenantId: t.tenantId, title: 'Branch visit', language: 'en', isActive: true, wizardStep: 6 })
    .returning({ id: surveys.id });
  ids.survey = survey!.id;
  const [flow] = await db
    .insert(surveyFlows)
    .values({ tenantId: t.tenantId, surveyId: survey!.id, name: 'Main' })
    .returning({ id: surveyFlows.id });
  const [question] = await db
    .insert(questions)
    .values({
      tenantId: t.tenantId,
      surveyId: survey!.id,
      flowId: flow!.id,
      text: 'How likely…',
      type: 'MCSS',
      scale: 11,
      position: 0,
    })
    .returning({ id: questions.id });
  ids.question = question!.id;
  const [external] = await db
    .insert(surveys)
    .values({ tenantId: t.tenantId, title: 'Partner survey', type: 4 })
    .returning({ id: surveys.id });
  ids.external = external!.id;
  ids.channel = await channel(t.tenantId, 'Kadıköy branch');
  const [other] = await db.insert(tenants).values({ name: 'Other Bank' }).returning({ id: tenants.id });
  ids.otherChannel = await channel(other!.id, 'Other branch');
  const [otherSurvey] = await db
    .insert(surveys)
    .values({ tenantId: other!.id, title: 'Other survey' })
    .returning({ id: surveys.id });
  ids.otherSurvey = otherSurvey!.id;

  const [admin] = await db.select().from(users).where(eq(users.userName, 'admin'));
  const tokenWith = (scopes: string[], name: string) =>
    t.tokenFor({ userId: admin!.id, tenantId: t.tenantId, scopes: scopes as never, name });
  tokens.manager = (await t.signIn('manager')).access_token;
  tokens.reader = await tokenWith(['survey:read'], 'reader');
  tokens.external = await tokenWith(['externalSurvey:manage'], 'external');
  tokens.reports = await tokenWith(['report:read'], 'reports');
});
afterAll(async () => t?.close());

describe('survey links', () => {
  it('creates a link on a branch with its URL, an SVG QR code of that URL and no sessions; audited', async () => {
    const link = await created({ Name: 'Kadıköy kiosk', TransactionChannelId: ids.channel });
    expect(link).toMatchObject({
      SurveyId: ids.survey,
      Name: 'Kadıköy kiosk',
      TransactionChannelId: ids.channel,
      PresentationFrequency: 1,
      IsActive: true,
      SessionCount: 0,
      Url: `${publicUrl}/s/${link.Guid}`,
    });
    expect(link.Guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(link.QrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(link.QrCode.split(',')[1]!, 'base64').toString('utf8');
    expect(svg).toContain('<svg');
    expect(svg).toContain('<path');
    expect(await publicState(link.Guid)).toBe('Open');

    const [row] = await t.database.db
      .select()
      .from(audits)
      .where(and(eq(audits.operationScope, 'SurveyLink'), eq(audits.operationType, 1)));
    expect(row?.tenantId).toBe(t.tenantId);
    expect(JSON.parse(row!.operationData)).toMatchObject({ Id: link.Id, After: { name: 'Kadıköy kiosk' } });

    const list = await call('GET', linksPath(), { token: tokens.reader });
    expect(list.status).toBe(200);
    expect(list.json<SurveyLinkList>().Items.map((item) => item.Id)).toContain(link.Id);
    const one = await call('GET', `${linksPath()}/${link.Id}`, { token: tokens.reader });
    expect(one.json<SurveyLink>()).toEqual(link);
  });

  it('counts the sessions answered through the link, and only those', async () => {
    const link = await created({ Name: 'Counted', TransactionChannelId: null, PresentationFrequency: 3 });
    const other = await created({ Name: 'Other', TransactionChannelId: null });
    await answerThrough(link.Guid);
    await answerThrough(link.Guid);
    await answerThrough(other.Guid);
    const items = (await call('GET', linksPath())).json<SurveyLinkList>().Items;
    expect(items.find((item) => item.Id === link.Id)?.SessionCount).toBe(2);
    expect(items.find((item) => item.Id === other.Id)?.SessionCount).toBe(1);
    const stored = await t.database.db
      .select({ linkId: sessions.surveyLinkId, invitationId: sessions.invitationId })
      .from(sessions)
      .where(isNotNull(sessions.surveyLinkId));
    expect(stored.filter((s) => s.linkId === link.Id)).toEqual([
      { linkId: link.Id, invitationId: null },
      { linkId: link.Id, invitationId: null },
    ]);
  });

  it('switches a link off and on: the respondent page says Closed, then Open; audited with before and after', async () => {
    const link = await created({ Name: 'Door', TransactionChannelId: ids.channel });
    const off = await call('PUT', `${linksPath()}/${link.Id}`, {
      body: {
        Name: 'Front door',
        TransactionChannelId: ids.channel,
        PresentationFrequency: 2,
        IsActive: false,
      },
    });
    expect(off.status, off.body).toBe(200);
    expect(off.json<SurveyLink>()).toMatchObject({
      Id: link.Id,
      Guid: link.Guid,
      Name: 'Front door',
      PresentationFrequency: 2,
      IsActive: false,
    });
    expect(await publicState(link.Guid)).toBe('Closed');
    const [row] = await t.database.db
      .select()
      .from(audits)
      .where(and(eq(audits.operationScope, 'SurveyLink'), eq(audits.operationType, 2)));
    expect(JSON.parse(row!.operationData)).toMatchObject({
      Id: link.Id,
      Before: { name: 'Door', isActive: true },
      After: { name: 'Front door', isActive: false },
    });
    await call('PUT', `${linksPath()}/${link.Id}`, {
      body: { Name: 'Front door', TransactionChannelId: null },
    });
    expect(await publicState(link.Guid)).toBe('Open');
  });

  it('deletes a link by switching it off for good: unlisted, its page Closed, its sessions kept', async () => {
    const link = await created({ Name: 'Leaving', TransactionChannelId: ids.channel });
    await answerThrough(link.Guid);
    const removed = await call('DELETE', `${linksPath()}/${link.Id}`);
    expect(removed.status, removed.body).toBe(204);
    const items = (await call('GET', linksPath())).json<SurveyLinkList>().Items;
    expect(items.map((item) => item.Id)).not.toContain(link.Id);
    expect((await call('GET', `${linksPath()}/${link.Id}`)).status).toBe(404);
    expect(await publicState(link.Guid)).toBe('Closed');
    const kept = await t.database.db.select().from(sessions).where(eq(sessions.surveyLinkId, link.Id));
    expect(kept).toHaveLength(1);
    // Gone for the console: no second delete, no update that would switch it on again.
    await refused(() => call('DELETE', `${linksPath()}/${link.Id}`), 404, ErrorCode.NotFound);
    await refused(
      () => call('PUT', `${linksPath()}/${link.Id}`, { body: { Name: 'Back', TransactionChannelId: null } }),
      404,
      ErrorCode.NotFound,
    );
    expect(await publicState(link.Guid)).toBe('Closed');
    const [row] = await t.database.db
      .select()
      .from(audits)
      .where(and(eq(audits.operationScope, 'SurveyLink'), eq(audits.operationType, 3)));
    expect(JSON.parse(row!.operationData)).toMatchObject({ Id: link.Id, Before: { name: 'Leaving' } });
  });

  it('refuses a channel that is not one of the tenant’s, and another tenant’s or an unknown survey', async () => {
    const body = await refused(
      () => call('POST', linksPath(), { body: { Name: 'X', TransactionChannelId: ids.otherChannel } }),
      400,
      ErrorCode.ModelNotValid,
    );
    expect(body.Details).toEqual([{ Path: 'TransactionChannelId', Message: expect.any(String) }]);
    const link = await created({ Name: 'Mine', TransactionChannelId: null });
    await refused(
      () =>
        call('PUT', `${linksPath()}/${link.Id}`, {
          body: { Name: 'Mine', TransactionChannelId: ids.otherChannel },
        }),
      400,
      ErrorCode.ModelNotValid,
    );
    for (const surveyId of [ids.otherSurvey, 2_000_000_000]) {
      expect((await call('GET', linksPath(surveyId))).status).toBe(404);
      await refused(
        () => call('POST', linksPath(surveyId), { body: { Name: 'X', TransactionChannelId: null } }),
        404,
        ErrorCode.NotFound,
      );
    }
    // A link named under another survey of the tenant is not found there.
    await refused(
      () => call('DELETE', `${linksPath(ids.external)}/${link.Id}`, { token: tokens.external }),
      404,
      ErrorCode.NotFound,
    );
  });

  it('follows the surveys module’s scopes: survey:read reads, survey:manage changes own surveys, externalSurvey:manage type 4', async () => {
    const body = { Name: 'Scoped', TransactionChannelId: null };
    expect((await call('GET', linksPath(), { token: tokens.reader })).status).toBe(200);
    await refused(() => call('POST', linksPath(), { body, token: tokens.reader }), 403, ErrorCode.Forbidden);
    await refused(() => call('GET', linksPath(), { token: tokens.reports }), 403, ErrorCode.Forbidden);
    await refused(
      () => call('POST', linksPath(), { body, token: tokens.external }),
      403,
      ErrorCode.Forbidden,
    );
    await refused(
      () => call('POST', linksPath(ids.external), { body, token: tokens.manager }),
      403,
      ErrorCode.Forbidden,
    );
    const external = await created(body, ids.external, tokens.external);
    await refused(
      () => call('DELETE', `${linksPath(ids.external)}/${external.Id}`, { token: tokens.manager }),
      403,
      ErrorCode.Forbidden,
    );
    expect(
      (await call('DELETE', `${linksPath(ids.external)}/${external.Id}`, { token: tokens.external })).status,
    ).toBe(204);
  });

  it('refuses a link past the limit with 4049 in the caller’s language; a deletion makes room', async () => {
    const [survey] = await t.database.db
      .insert(surveys)
      .values({ tenantId: t.tenantId, title: 'Busy survey' })
      .returning({ id: surveys.id });
    const id = survey!.id;
    await t.database.db.insert(surveyLinks).values(
      Array.from({ length: SURVEY_LINK_LIMITS.linksPerSurveyMax - 1 }, (_, index) => ({
        tenantId: t.tenantId,
        surveyId: id,
        guid: randomUUID(),
        name: `Kiosk ${index}`,
      })),
    );
    // Two at once for the last place: the survey's row lock lets one through.
    const racing = await Promise.all(
      ['A', 'B'].map((name) =>
        call('POST', linksPath(id), { body: { Name: name, TransactionChannelId: null } }),
      ),
    );
    expect(racing.map((response) => response.status).sort()).toEqual([201, 400]);
    const english = await refused(
      () => call('POST', linksPath(id), { body: { Name: 'One more', TransactionChannelId: null } }),
      400,
      ErrorCode.SurveyLinkLimitReached,
    );
    expect(english.Message).toBe(
      'This survey has as many links as allowed. Delete one before adding another.',
    );
    const turkish = await refused(
      () =>
        call('POST', linksPath(id), {
          body: { Name: 'Bir tane daha', TransactionChannelId: null },
          language: 'tr',
        }),
      400,
      ErrorCode.SurveyLinkLimitReached,
    );
    expect(turkish.Message).toBe(
      'Bu ankette izin verilen sayıda bağlantı var. Yenisini eklemeden önce birini silin.',
    );
    const items = (await call('GET', linksPath(id))).json<SurveyLinkList>();
    expect(items.Count).toBe(SURVEY_LINK_LIMITS.linksPerSurveyMax);
    expect((await call('DELETE', `${linksPath(id)}/${items.Items[0]!.Id}`)).status).toBe(204);
    await created({ Name: 'In its place', TransactionChannelId: null }, id);
  });

  it('keeps at most keptPerSurveyMax links per survey, deleted ones included', async () => {
    const [survey] = await t.database.db
      .insert(surveys)
      .values({ tenantId: t.tenantId, title: 'Churned survey' })
      .returning({ id: surveys.id });
    await t.database.db.insert(surveyLinks).values(
      Array.from({ length: SURVEY_LINK_LIMITS.keptPerSurveyMax }, (_, index) => ({
        tenantId: t.tenantId,
        surveyId: survey!.id,
        guid: randomUUID(),
        name: `Old ${index}`,
        isActive: false,
        deletedAt: new Date('2026-01-01T00:00:00Z'),
      })),
    );
    expect((await call('GET', linksPath(survey!.id))).json<SurveyLinkList>().Count).toBe(0);
    await refused(
      () => call('POST', linksPath(survey!.id), { body: { Name: 'New', TransactionChannelId: null } }),
      400,
      ErrorCode.SurveyLinkLimitReached,
    );
  });
});
