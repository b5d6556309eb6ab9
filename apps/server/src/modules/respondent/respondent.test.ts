import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, npsGaugeDataSchema, publicSurveySchema, type PublicAnswer } from '@loupe/contracts';
import {
  answers,
  audits,
  invitations,
  invitees,
  optouts,
  questionChoices,
  questions,
  sessions,
  surveyFlows,
  surveyLinks,
  surveys,
  tenants,
  transactionChannels,
} from '../../db/schema/index.js';
import { signInNewUser } from '../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/*
 * The respondent API through the real routes on a real database and replica (docs/respondent-api.md). One survey:
 *   page 0  NPS (0-10 slider, required)                                       [page break]
 *   page 1  Reasons (MCMS 1-3, comment allowed); Why low? (OETX, required, shown for NPS 0-6);
 *           Rank (MXRO 1-3, rows R1 R2); Service (MXSS 1-5, required, rows S1 S2)   [page break]
 *   page 2  Picture (MCSS, two image choices, one deleted choice)
 */

let t: TestApp;
let reader: string;
const ids = {
  survey: 0,
  flow: 0,
  channel: 0,
  nps: 0,
  reasons: 0,
  why: 0,
  rank: 0,
  r1: 0,
  r2: 0,
  service: 0,
  s1: 0,
  s2: 0,
  picture: 0,
  imageChoice: 0,
  otherTenantSurvey: 0,
  otherTenantQuestion: 0,
};
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

async function createSurvey(values: Partial<typeof surveys.$inferInsert> = {}) {
  const { db } = t.database;
  const [survey] = await db
    .insert(surveys)
    .values({
      tenantId: t.tenantId,
      title: 'Branch visit',
      language: 'en',
      openingMessage: '<p>Hello {{FullName}}<script>alert(1)</script> <a href="javascript:x()">x</a></p>',
      closingMessage:
        '<p onclick="x()">Thanks, <strong>{{FullName}}</strong> ({{TransactionChannelName}})</p>',
      ...values,
    })
    .returning({ id: surveys.id });
  const [flow] = await db
    .insert(surveyFlows)
    .values({ tenantId: t.tenantId, surveyId: survey!.id, name: 'Main' })
    .returning({ id: surveyFlows.id });
  let position = 0;
  const question = async (
    columns: Partial<typeof questions.$inferInsert> & { type: string },
    choices: number[] = [],
  ) => {
    const [row] = await db
      .insert(questions)
      .values({
        tenantId: t.tenantId,
        surveyId: survey!.id,
        flowId: flow!.id,
        text: `Question ${position}`,
        position: position++,
        ...columns,
      })
      .returning({ id: questions.id });
    if (choices.length > 0) {
      await db.insert(questionChoices).values(
        choices.map((value, index) => ({
          tenantId: t.tenantId,
          questionId: row!.id,
          label: `C${value}`,
          value,
          position: index,
        })),
      );
    }
    return row!.id;
  };
  const nps = await question({
    type: 'MCSS',
    scale: 11,
    experienceId: 101,
    required: true,
    choiceType: 2,
    pageBreakAfter: true,
  });
  const reasons = await question({ type: 'MCMS', allowComment: true }, [1, 2, 3]);
  const why = await question({
    type: 'OETX',
    required: true,
    displayLogic: { QuestionId: nps, Values: [0, 1, 2, 3, 4, 5, 6] },
  });
  const rank = await question({ type: 'MXRO' }, [1, 2, 3]);
  const r1 = await question({ type: 'MCSS', parentId: rank });
  const r2 = await question({ type: 'MCSS', parentId: rank });
  const service = await question(
    { type: 'MXSS', scale: 5, required: true, pageBreakAfter: true },
    [1, 2, 3, 4, 5],
  );
  const s1 = await question({ type: 'MCSS', parentId: service });
  const s2 = await question({ type: 'MCSS', parentId: service });
  const picture = await question({ type: 'MCSS', choiceType: 4 }, [1, 2, 3]);
  await db
    .update(questionChoices)
    .set({ image: PNG, imageMime: 'image/png' })
    .where(eq(questionChoices.questionId, picture));
  await db
    .update(questionChoices)
    .set({ isDeleted: true })
    .where(and(eq(questionChoices.questionId, picture), eq(questionChoices.value, 3)));
  const [image] = await db
    .select({ id: questionChoices.id })
    .from(questionChoices)
    .where(and(eq(questionChoices.questionId, picture), eq(questionChoices.value, 1)));
  return {
    survey: survey!.id,
    flow: flow!.id,
    nps,
    reasons,
    why,
    rank,
    r1,
    r2,
    service,
    s1,
    s2,
    picture,
    imageChoice: image!.id,
  };
}

type InviteOptions = {
  surveyId?: number;
  email?: string | null;
  expiresAt?: Date | null;
  isTestUser?: boolean;
  isTest?: boolean;
  msisdn?: string;
  channel?: number;
};

/** An invitee and its invitation; returns the token and ids. */
async function invite(options: InviteOptions = {}) {
  const { db } = t.database;
  const [invitee] = await db
    .insert(invitees)
    .values({
      tenantId: t.tenantId,
      surveyId: options.surveyId ?? ids.survey,
      fullName: 'Ada <b>Lovelace</b>',
      email: options.email === undefined ? `ada-${randomUUID().slice(0, 8)}@example.com` : options.email,
      msisdn: options.msisdn ?? `90555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      transactionDate: new Date('2026-03-02T09:30:00+03:00'),
      transactionChannelId: ids.channel,
      isTestUser: options.isTestUser ?? false,
      customData1: 'gold',
    })
    .returning({ id: invitees.id });
  const token = randomUUID();
  const [invitation] = await db
    .insert(invitations)
    .values({
      tenantId: t.tenantId,
      inviteeId: invitee!.id,
      surveyId: options.surveyId ?? ids.survey,
      channel: options.channel ?? 1,
      token,
      invitedAt: new Date(),
      sentAt: new Date(),
      expiresAt: options.expiresAt === undefined ? new Date(Date.now() + 86_400_000) : options.expiresAt,
      isTest: options.isTest ?? false,
    })
    .returning({ id: invitations.id });
  return { token, invitationId: invitation!.id, inviteeId: invitee!.id };
}

const view = async (guid: string, query = '') => {
  const response = await t.call('GET', `/api/public/surveys/${guid}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return publicSurveySchema.parse(response.json());
};
const post = (guid: string, body: unknown) => t.call('POST', `/api/public/surveys/${guid}/answers`, { body });
const save = async (
  guid: string,
  body: { Answers: PublicAnswer[]; Complete: boolean; Page?: number; SessionKey?: string },
) => {
  const response = await post(guid, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ SessionKey: string; Completed: boolean }>();
};
const expectError = (response: { statusCode: number; json(): unknown }, status: number, code: number) => {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({
    Code: code,
    Message: expect.any(String),
    SupportId: expect.any(String),
  });
};

const PAGE_0 = (score: number): PublicAnswer[] => [{ QuestionId: ids.nps, Value: score }];
const PAGE_1 = (): PublicAnswer[] => [
  { QuestionId: ids.reasons, Values: [1, 3], Comment: 'Queue was long' },
  { QuestionId: ids.r1, Values: [3, 1, 2] },
  { QuestionId: ids.s1, Value: 4 },
  { QuestionId: ids.s2, Value: 5 },
];

async function sessionsOf(invitationId: number) {
  return t.database.db.select().from(sessions).where(eq(sessions.invitationId, invitationId));
}

async function npsResponses(): Promise<number> {
  // Whole tenant-local days: two days past UTC's today cover an answer of now in any zone.
  const end = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const response = await t.call('POST', '/api/widget-data/nps', {
    token: reader,
    body: { TimeRange: ['2020-01-01', end], DataSourceSurveyIds: [ids.survey] },
  });
  expect(response.statusCode, response.body).toBe(200);
  return npsGaugeDataSchema.parse(response.json()).Responses ?? 0;
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const [channel] = await db
    .insert(transactionChannels)
    .values({
      tenantId: t.tenantId,
      name: 'Kadıköy branch',
      code: `KDK-${randomUUID().slice(0, 6)}`,
      level: 1,
      path: [],
    })
    .returning({ id: transactionChannels.id });
  ids.channel = channel!.id;
  await db
    .update(transactionChannels)
    .set({ path: [channel!.id] })
    .where(eq(transactionChannels.id, channel!.id));
  Object.assign(ids, await createSurvey());
  const [other] = await db.insert(tenants).values({ name: 'Other Bank' }).returning({ id: tenants.id });
  const [otherSurvey] = await db
    .insert(surveys)
    .values({ tenantId: other!.id, title: 'Other survey' })
    .returning({ id: surveys.id });
  ids.otherTenantSurvey = otherSurvey!.id;
  const [otherQuestion] = await db
    .insert(questions)
    .values({ tenantId: other!.id, surveyId: otherSurvey!.id, text: 'Other', type: 'MCSS', scale: 11 })
    .returning({ id: questions.id });
  ids.otherTenantQuestion = otherQuestion!.id;
  reader = await signInNewUser(t, {
    userName: 'respondent-reader',
    tenantId: t.tenantId,
    scopes: ['report:read'],
  });
});
afterAll(async () => t?.close());

describe('GET /api/public/surveys/{guid}', () => {
  it('answers 404 for an unknown guid and 400 for a malformed one, without a token', async () => {
    expectError(await t.call('GET', `/api/public/surveys/${randomUUID()}`), 404, ErrorCode.NotFound);
    expect((await t.call('GET', '/api/public/surveys/not-a-guid')).statusCode).toBe(400);
  });

  it('gives an open invitation its pages, matrix rows, images and sanitised, filled messages; stamps opened once', async () => {
    const { token, invitationId } = await invite();
    const survey = await view(token);
    expect(survey).toMatchObject({
      State: 'Open',
      Language: 'en',
      Title: 'Branch visit',
      CanOptOut: true,
      PresentationFrequency: null,
      ResumePage: 0,
      Answers: [],
    });
    expect(survey.Pages.map((page) => page.map((question) => question.Id))).toEqual([
      [ids.nps],
      [ids.reasons, ids.why, ids.rank, ids.service],
      [ids.picture],
    ]);
    const service = survey.Pages[1]!.find((question) => question.Id === ids.service)!;
    expect(service.SubQuestions.map((row) => row.Id)).toEqual([ids.s1, ids.s2]);
    expect(survey.Pages[1]!.find((question) => question.Id === ids.why)!.DisplayLogic).toEqual({
      QuestionId: ids.nps,
      Values: [0, 1, 2, 3, 4, 5, 6],
    });
    const picture = survey.Pages[2]![0]!;
    expect(picture.Choices.map((choice) => choice.Value)).toEqual([1, 2]);
    expect(picture.Choices[0]!.ImageUrl).toBe(
      `/api/public/surveys/${token}/choice-images/${ids.imageChoice}`,
    );
    // The invitee's name is escaped into the text; the script, the javascript: link and the handler are gone.
    expect(survey.OpeningMessage).toBe(
      '<p>Hello Ada &lt;b&gt;Lovelace&lt;/b&gt; <a rel="noopener noreferrer" target="_blank">x</a></p>',
    );
    expect(survey.ClosingMessage).toBe(
      '<p>Thanks, <strong>Ada &lt;b&gt;Lovelace&lt;/b&gt;</strong> (Kadıköy branch)</p>',
    );

    const [first] = await t.database.db.select().from(invitations).where(eq(invitations.id, invitationId));
    expect(first!.openedAt).toBeInstanceOf(Date);
    await view(token);
    const [second] = await t.database.db.select().from(invitations).where(eq(invitations.id, invitationId));
    expect(second!.openedAt).toEqual(first!.openedAt);
  });

  it('fills no invitee values into the messages of a CATI invitation, whose page an agent fills in', async () => {
    const { token } = await invite({ channel: 9 });
    const survey = await view(token);
    expect(survey.OpeningMessage).toBe('<p>Hello  <a rel="noopener noreferrer" target="_blank">x</a></p>');
    expect(survey.ClosingMessage).toBe('<p>Thanks, <strong></strong> ()</p>');
  });

  it('serves a choice image with its type and a cache header, and 404 for a choice of another survey', async () => {
    const { token } = await invite();
    const image = await t.call('GET', `/api/public/surveys/${token}/choice-images/${ids.imageChoice}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=3600');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const other = await createSurvey();
    const { token: otherToken } = await invite({ surveyId: other.survey });
    expect(
      (await t.call('GET', `/api/public/surveys/${otherToken}/choice-images/${ids.imageChoice}`)).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/public/surveys/{guid}/answers', () => {
  it('saves as the respondent goes, resumes on reload, and completes into the replica (the NPS widget moves)', async () => {
    await t.replica.flush();
    const before = await npsResponses();
    const { token, invitationId } = await invite();

    expect(await save(token, { Answers: PAGE_0(9), Complete: false, Page: 1 })).toEqual({
      SessionKey: token,
      Completed: false,
    });
    let [session] = await sessionsOf(invitationId);
    expect(session).toMatchObject({ completion: 2, answeredAt: null, resumePage: 1, source: 'survey' });
    const [started] = await t.database.db.select().from(invitations).where(eq(invitations.id, invitationId));
    expect(started!.startedAt).toBeInstanceOf(Date);
    expect(started!.completedAt).toBeNull();

    // A reload resumes on page 1 with the saved answer; saving page 0 again replaces it.
    expect(await view(token)).toMatchObject({ ResumePage: 1, Answers: [{ QuestionId: ids.nps, Value: 9 }] });
    await save(token, { Answers: PAGE_0(10), Complete: false, Page: 1 });
    await save(token, { Answers: PAGE_1(), Complete: false, Page: 2 });
    const resumed = await view(token);
    expect(resumed.ResumePage).toBe(2);
    expect(resumed.Answers).toEqual(
      expect.arrayContaining([
        { QuestionId: ids.nps, Value: 10 },
        { QuestionId: ids.reasons, Values: [1, 3], Comment: 'Queue was long' },
        { QuestionId: ids.r1, Values: [3, 1, 2] },
        { QuestionId: ids.s1, Value: 4 },
      ]),
    );
    const rows = await t.database.db.select().from(answers).where(eq(answers.sessionId, session!.id));
    expect(rows.filter((row) => row.questionId === ids.nps)).toMatchObject([{ choiceValue: 10, score: 10 }]);
    // One row per chosen value, the comment in the first choice row's text.
    expect(
      rows.filter((row) => row.questionId === ids.reasons).map((row) => [row.choiceValue, row.text]),
    ).toEqual([
      [1, 'Queue was long'],
      [3, null],
    ]);

    expect(
      await save(token, { Answers: [{ QuestionId: ids.picture, Value: 2 }], Complete: true }),
    ).toMatchObject({ Completed: true });
    [session] = await sessionsOf(invitationId);
    expect(session).toMatchObject({ completion: 1 });
    expect(session!.answeredAt).toBeInstanceOf(Date);
    const [completed] = await t.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, invitationId));
    expect(completed!.completedAt).toBeInstanceOf(Date);

    expect((await view(token)).State).toBe('Completed');
    expectError(
      await post(token, { Answers: PAGE_0(3), Complete: false }),
      409,
      ErrorCode.InvitationCompleted,
    );

    await t.replica.flush();
    expect(await npsResponses()).toBe(before + 1);
  });

  it('refuses answers the flow does not allow with 4035, storing nothing', async () => {
    const { token, invitationId } = await invite();
    const bad: PublicAnswer[][] = [
      [{ QuestionId: ids.otherTenantQuestion, Value: 5 }],
      [{ QuestionId: 2_000_000_000, Value: 5 }],
      [{ QuestionId: ids.nps, Value: 11 }],
      [{ QuestionId: ids.nps, Values: [1] }],
      [{ QuestionId: ids.nps, Value: 9, Text: 'text on a choice question' }],
      [{ QuestionId: ids.nps, Value: 9, Comment: 'no comment allowed here' }],
      [{ QuestionId: ids.reasons, Values: [1, 4] }],
      [{ QuestionId: ids.reasons, Values: [1, 1] }],
      [{ QuestionId: ids.r1, Values: [1, 2] }],
      [{ QuestionId: ids.s1, Value: 6 }],
      [{ QuestionId: ids.why, Value: 1 }],
      [{ QuestionId: ids.picture, Value: 3 }],
      [
        { QuestionId: ids.nps, Value: 9 },
        { QuestionId: ids.nps, Value: 8 },
      ],
    ];
    for (const answersOfPage of bad) {
      const response = await post(token, { Answers: answersOfPage, Complete: false });
      expectError(response, 400, ErrorCode.AnswerNotValid);
    }
    expect(await sessionsOf(invitationId)).toHaveLength(0);
  });

  it('requires the required questions of the posted page, and of every shown page on completion (4034)', async () => {
    const { token, invitationId } = await invite();
    // Page 1 without the second row of the required matrix.
    expectError(
      await post(token, { Answers: [{ QuestionId: ids.s1, Value: 3 }], Complete: false }),
      400,
      ErrorCode.RequiredAnswerMissing,
    );
    // A detractor is shown "Why low?", which is required; a promoter is not.
    await save(token, { Answers: PAGE_0(3), Complete: false, Page: 1 });
    const missingWhy = await post(token, { Answers: PAGE_1(), Complete: false });
    expectError(missingWhy, 400, ErrorCode.RequiredAnswerMissing);
    expect(missingWhy.json()).toMatchObject({ Details: { QuestionIds: [ids.why] } });
    await save(token, { Answers: [...PAGE_1(), { QuestionId: ids.why, Text: 'Slow' }], Complete: false });
    await save(token, { Answers: PAGE_0(9), Complete: false });
    // Completing checks every page: the NPS is answered, the matrix too; "Why low?" is hidden again.
    await save(token, { Answers: [], Complete: true });
    expect((await sessionsOf(invitationId))[0]).toMatchObject({ completion: 1 });

    // Completing at once without the required NPS is refused.
    const { token: fresh } = await invite();
    expectError(await post(fresh, { Answers: [], Complete: true }), 400, ErrorCode.RequiredAnswerMissing);
  });

  it('creates one session when two first saves of an invitation race', async () => {
    const { token, invitationId } = await invite();
    const results = await Promise.all([
      post(token, { Answers: PAGE_0(8), Complete: false }),
      post(token, { Answers: PAGE_0(9), Complete: false }),
    ]);
    expect(results.map((result) => result.statusCode)).toEqual([200, 200]);
    expect(await sessionsOf(invitationId)).toHaveLength(1);
  });

  it('refuses a question of another flow of the same survey with 4035', async () => {
    const { db } = t.database;
    const [inactiveFlow] = await db
      .insert(surveyFlows)
      .values({ tenantId: t.tenantId, surveyId: ids.survey, name: 'Old', isActive: false })
      .returning({ id: surveyFlows.id });
    const [stray] = await db
      .insert(questions)
      .values({
        tenantId: t.tenantId,
        surveyId: ids.survey,
        flowId: inactiveFlow!.id,
        text: 'Old NPS',
        type: 'MCSS',
        scale: 11,
      })
      .returning({ id: questions.id });
    const { token } = await invite();
    expectError(
      await post(token, { Answers: [{ QuestionId: stray!.id, Value: 5 }], Complete: false }),
      400,
      ErrorCode.AnswerNotValid,
    );
  });

  it('refuses NUL in a text with 400 and stores nothing', async () => {
    const { token, invitationId } = await invite();
    const response = await post(token, {
      Answers: [{ QuestionId: ids.why, Text: 'a\u0000b' }],
      Complete: false,
    });
    expect(response.statusCode).toBe(400);
    expect(await sessionsOf(invitationId)).toHaveLength(0);
  });

  it('says Expired after expires_at and refuses answers with 410 4030', async () => {
    const { token } = await invite({ expiresAt: new Date(Date.now() - 1_000) });
    const survey = await view(token);
    expect(survey).toMatchObject({ State: 'Expired', Pages: [], Answers: [] });
    expectError(await post(token, { Answers: PAGE_0(9), Complete: false }), 410, ErrorCode.InvitationExpired);
  });

  it('says Closed for an inactive survey, a draft and an inactive link, refusing answers with 409 4033', async () => {
    const inactive = await createSurvey({ isActive: false });
    const draft = await createSurvey({ wizardStep: 4 });
    for (const surveyId of [inactive.survey, draft.survey]) {
      const { token } = await invite({ surveyId });
      expect((await view(token)).State).toBe('Closed');
      expectError(await post(token, { Answers: [], Complete: false }), 409, ErrorCode.SurveyClosed);
    }
    const guid = randomUUID();
    await t.database.db
      .insert(surveyLinks)
      .values({ tenantId: t.tenantId, surveyId: ids.survey, guid, name: 'Closed kiosk', isActive: false });
    expect((await view(guid)).State).toBe('Closed');
    expectError(await post(guid, { Answers: PAGE_0(9), Complete: false }), 409, ErrorCode.SurveyClosed);
  });
});

describe('POST /api/public/surveys/{guid}/optout', () => {
  it('records one opt-out (idempotent); the invitation and the same customer elsewhere say OptedOut', async () => {
    const email = `opt-${randomUUID().slice(0, 8)}@example.com`;
    const { token, invitationId } = await invite({ email, msisdn: '905551112233' });
    for (let i = 0; i < 2; i++) {
      const response = await t.call('POST', `/api/public/surveys/${token}/optout`, {
        body: { Reason: 'Too many' },
      });
      expect(response.statusCode).toBe(204);
    }
    const rows = await t.database.db.select().from(optouts).where(eq(optouts.invitationId, invitationId));
    expect(rows).toMatchObject([
      { email, msisdn: '905551112233', source: 'unsubscribe-link', reason: 'Too many' },
    ]);
    expect((await view(token)).State).toBe('OptedOut');
    expectError(
      await post(token, { Answers: PAGE_0(9), Complete: false }),
      409,
      ErrorCode.InvitationOptedOut,
    );
    // The same customer, by email or by phone, on another invitation.
    const { token: another } = await invite({ email });
    expect((await view(another)).State).toBe('OptedOut');
    const { token: byPhone } = await invite({ msisdn: '905551112233' });
    expect((await view(byPhone)).State).toBe('OptedOut');
  });

  it("takes a mail client's one-click unsubscribe (RFC 8058) at the mail's List-Unsubscribe address", async () => {
    const email = `one-click-${randomUUID().slice(0, 8)}@example.com`;
    const { token, invitationId } = await invite({ email });
    const oneClick = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: `/s/${token}/optout`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
    // Anything but the RFC's one field and value is refused and records nothing.
    expect((await oneClick('List-Unsubscribe=Yes')).statusCode).toBe(400);
    expect((await oneClick('List-Unsubscribe=One-Click&extra=1')).statusCode).toBe(400);
    expect(await t.database.db.select().from(optouts).where(eq(optouts.invitationId, invitationId))).toEqual(
      [],
    );
    expect((await oneClick('List-Unsubscribe=One-Click')).statusCode).toBe(204);
    const rows = await t.database.db.select().from(optouts).where(eq(optouts.invitationId, invitationId));
    expect(rows).toMatchObject([{ email, source: 'unsubscribe-link' }]);
    expect((await view(token)).State).toBe('OptedOut');
  });

  it('answers 404 for a survey link and an unknown guid', async () => {
    const guid = randomUUID();
    await t.database.db
      .insert(surveyLinks)
      .values({ tenantId: t.tenantId, surveyId: ids.survey, guid, name: 'Kiosk' });
    expect((await t.call('POST', `/api/public/surveys/${guid}/optout`, { body: {} })).statusCode).toBe(404);
    expect(
      (await t.call('POST', `/api/public/surveys/${randomUUID()}/optout`, { body: {} })).statusCode,
    ).toBe(404);
  });
});

describe('anonymous sessions', () => {
  it('keeps no link from an anonymised survey’s answers to the invitation or its invitee', async () => {
    const anonymous = await createSurvey({ anonymisedAnswers: true });
    const { token, invitationId, inviteeId } = await invite({ surveyId: anonymous.survey });
    const first = await t.call('POST', `/api/public/surveys/${token}/answers`, {
      body: { Answers: [{ QuestionId: anonymous.nps, Value: 8 }], Complete: false, Page: 1 },
    });
    expect(first.statusCode, first.body).toBe(200);
    const { SessionKey } = first.json<{ SessionKey: string }>();
    expect(SessionKey).toMatch(/^[A-Za-z0-9_-]{32}$/);

    expect(await sessionsOf(invitationId)).toHaveLength(0);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.inviteeId, inviteeId))).toHaveLength(
      0,
    );
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.surveyId, anonymous.survey), isNull(sessions.invitationId)));
    expect(session!.resumeKeyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(session!.resumeKeyHash).not.toContain(SessionKey);
    const [stored] = await t.database.db.select().from(invitees).where(eq(invitees.id, session!.inviteeId));
    expect(stored).toMatchObject({
      fullName: null,
      email: null,
      msisdn: null,
      customData1: null,
      transactionChannelId: ids.channel,
    });
    // The funnel still moves.
    const [started] = await t.database.db.select().from(invitations).where(eq(invitations.id, invitationId));
    expect(started!.startedAt).toBeInstanceOf(Date);

    // Without the key a reload starts afresh; with it, it resumes.
    expect((await view(token)).Answers).toEqual([]);
    expect(await view(token, `?SessionKey=${SessionKey}`)).toMatchObject({
      ResumePage: 1,
      Answers: [{ QuestionId: anonymous.nps, Value: 8 }],
    });
    const service = [
      { QuestionId: anonymous.s1, Value: 1 },
      { QuestionId: anonymous.s2, Value: 2 },
    ];
    expect(await save(token, { Answers: service, Complete: true, SessionKey })).toEqual({
      SessionKey,
      Completed: true,
    });
    const [completed] = await t.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, invitationId));
    expect(completed!.completedAt).toBeInstanceOf(Date);
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.surveyId, anonymous.survey)),
    ).toHaveLength(1);
  });

  it('records a survey link’s sessions on the link’s channel, with no opt-out', async () => {
    const guid = randomUUID();
    const [link] = await t.database.db
      .insert(surveyLinks)
      .values({
        tenantId: t.tenantId,
        surveyId: ids.survey,
        guid,
        name: 'Kiosk',
        transactionChannelId: ids.channel,
      })
      .returning({ id: surveyLinks.id });
    const survey = await view(guid);
    expect(survey).toMatchObject({
      State: 'Open',
      CanOptOut: false,
      OpeningMessage: '<p>Hello  <a rel="noopener noreferrer" target="_blank">x</a></p>',
    });
    const { SessionKey } = await save(guid, { Answers: PAGE_0(7), Complete: false });
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.resumeKeyHash, sha256(SessionKey)));
    // The link it came through (the console's session count, docs/survey-links.md).
    expect(session).toMatchObject({ invitationId: null, completion: 2, surveyLinkId: link!.id });
    const [invitee] = await t.database.db.select().from(invitees).where(eq(invitees.id, session!.inviteeId));
    expect(invitee).toMatchObject({ transactionChannelId: ids.channel, fullName: null, email: null });
    expect((await view(guid, `?SessionKey=${SessionKey}`)).Answers).toEqual([
      { QuestionId: ids.nps, Value: 7 },
    ]);
  });
});

describe('a survey link’s presentation frequency', () => {
  it('is given to the page as stored on the link (1, 2, 3), in every state, and follows a change', async () => {
    const frequencies = [1, 2, 3] as const;
    const guids: string[] = [];
    for (const presentationFrequency of frequencies) {
      const guid = randomUUID();
      guids.push(guid);
      await t.database.db.insert(surveyLinks).values({
        tenantId: t.tenantId,
        surveyId: ids.survey,
        guid,
        name: `Kiosk ${presentationFrequency}`,
        transactionChannelId: ids.channel,
        presentationFrequency,
      });
    }
    for (const [index, guid] of guids.entries()) {
      expect(await view(guid)).toMatchObject({
        State: 'Open',
        CanOptOut: false,
        PresentationFrequency: frequencies[index],
      });
    }
    // The column's default is until interaction; a switched-off link still says its frequency with Closed.
    await t.database.db
      .update(surveyLinks)
      .set({ presentationFrequency: 2, isActive: false })
      .where(eq(surveyLinks.guid, guids[2]!));
    expect(await view(guids[2]!)).toMatchObject({ State: 'Closed', PresentationFrequency: 2, Pages: [] });
  });
});

describe('test sessions', () => {
  it('stay out of the widgets (main keeps them in the replica as is_test), while a normal session counts', async () => {
    await t.replica.flush();
    const before = await npsResponses();
    const everything = [...PAGE_0(10), ...PAGE_1()];
    const testUser = await invite({ isTestUser: true });
    await save(testUser.token, { Answers: everything, Complete: true });
    // An anonymised survey's test session keeps the mark on its anonymous invitee.
    const anonymous = await createSurvey({ anonymisedAnswers: true });
    const anonymousTest = await invite({ surveyId: anonymous.survey, isTestUser: true });
    const answered = await post(anonymousTest.token, {
      Answers: [{ QuestionId: anonymous.nps, Value: 10 }],
      Complete: false,
    });
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.resumeKeyHash, sha256(answered.json<{ SessionKey: string }>().SessionKey)));
    const [anonymousInvitee] = await t.database.db
      .select()
      .from(invitees)
      .where(eq(invitees.id, session!.inviteeId));
    expect(anonymousInvitee).toMatchObject({ isTestUser: true, fullName: null, email: null });
    await t.replica.flush();
    expect(await npsResponses()).toBe(before);
    const normal = await invite();
    await save(normal.token, { Answers: everything, Complete: true });
    await t.replica.flush();
    expect(await npsResponses()).toBe(before + 1);
  });
});

describe('POST /api/v11/surveys/on-site', () => {
  const body = (surveyId: number) => ({
    SurveyId: surveyId,
    Invitee: {
      InviteeId: 'crm-42',
      InviteeFullName: 'Grace Hopper',
      InviteeEmail: 'grace@example.com',
      InviteeMSISDN: '+905551234567',
      InviteeLanguage: 'en',
    },
  });

  it('creates an API invitation with the callback data, sent and delivered now, expiring per the survey', async () => {
    const { db } = t.database;
    await db
      .update(surveys)
      .set({ channelSettings: { ExpiryDays: 3 } })
      .where(eq(surveys.id, ids.survey));
    const token = await signInNewUser(t, {
      userName: 'on-site-caller',
      tenantId: t.tenantId,
      scopes: ['onSiteSurvey:manage'],
    });
    const response = await t.call('POST', '/api/v11/surveys/on-site', { token, body: body(ids.survey) });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{ InvitationGuid: string; Token: string; SurveyUrl: string }>();
    expect(answer.Token).toBe(answer.InvitationGuid);
    expect(answer.SurveyUrl).toMatch(new RegExp(`^https?://[^/]+/s/${answer.Token}$`));
    const [invitation] = await db.select().from(invitations).where(eq(invitations.token, answer.Token));
    expect(invitation).toMatchObject({ channel: 12, surveyId: ids.survey });
    expect(invitation!.sentAt).toEqual(invitation!.invitedAt);
    expect(invitation!.deliveredAt).toEqual(invitation!.invitedAt);
    expect(invitation!.expiresAt!.getTime() - invitation!.invitedAt.getTime()).toBe(3 * 86_400_000);
    const [invitee] = await db.select().from(invitees).where(eq(invitees.id, invitation!.inviteeId));
    expect(invitee).toMatchObject({
      fullName: 'Grace Hopper',
      email: 'grace@example.com',
      msisdn: '+905551234567',
      language: 'en',
      callbackData: 'crm-42',
    });
    expect((await view(answer.Token)).State).toBe('Open');
    const audited = await db.select().from(audits).where(eq(audits.operationScope, 'OnSiteInvitation'));
    expect(audited.length).toBeGreaterThan(0);

    // Without a language the invitee takes the survey's; NUL in the site's id is refused and stores nothing.
    const bare = await t.call('POST', '/api/v11/surveys/on-site', {
      token,
      body: { SurveyId: ids.survey, Invitee: { InviteeId: 'crm-43' } },
    });
    expect(bare.statusCode, bare.body).toBe(200);
    const [bareInvitation] = await db
      .select({ inviteeId: invitations.inviteeId })
      .from(invitations)
      .where(eq(invitations.token, bare.json<{ Token: string }>().Token));
    const [bareInvitee] = await db.select().from(invitees).where(eq(invitees.id, bareInvitation!.inviteeId));
    expect(bareInvitee).toMatchObject({
      language: 'en',
      fullName: null,
      email: null,
      callbackData: 'crm-43',
    });
    const inviteesBefore = (await db.select({ id: invitees.id }).from(invitees)).length;
    const nul = await t.call('POST', '/api/v11/surveys/on-site', {
      token,
      body: { SurveyId: ids.survey, Invitee: { InviteeId: 'crm\u000044' } },
    });
    expect(nul.statusCode).toBe(400);
    expect((await db.select({ id: invitees.id }).from(invitees)).length).toBe(inviteesBefore);
  });

  it('refuses without a token (401), without the scope (403), another tenant’s survey (404), an inactive one (409)', async () => {
    expect((await t.call('POST', '/api/v11/surveys/on-site', { body: body(ids.survey) })).statusCode).toBe(
      401,
    );
    const reading = await signInNewUser(t, {
      userName: 'on-site-reader',
      tenantId: t.tenantId,
      scopes: ['onSiteSurvey:query'],
    });
    expect(
      (await t.call('POST', '/api/v11/surveys/on-site', { token: reading, body: body(ids.survey) }))
        .statusCode,
    ).toBe(403);
    const token = await signInNewUser(t, {
      userName: 'on-site-caller-2',
      tenantId: t.tenantId,
      scopes: ['onSiteSurvey:manage'],
    });
    expectError(
      await t.call('POST', '/api/v11/surveys/on-site', { token, body: body(ids.otherTenantSurvey) }),
      404,
      ErrorCode.NotFound,
    );
    const inactive = await createSurvey({ isActive: false });
    expectError(
      await t.call('POST', '/api/v11/surveys/on-site', { token, body: body(inactive.survey) }),
      409,
      ErrorCode.SurveyClosed,
    );
  });
});

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
