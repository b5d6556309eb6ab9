import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  surveyStatisticsSchema,
  surveysStatisticsSchema,
  type Funnel,
  type SurveyStatistics,
  type SurveysStatistics,
} from '@loupe/contracts';
import {
  invitations,
  invitees,
  questionChoices,
  questions,
  sessions,
  surveys,
  tenants,
  users,
} from '../../db/schema/index.js';
import { signInNewUser } from '../../test/tenant-test-actors.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createWidgetFixture, type WidgetFixture } from '../../test/widget-fixture.js';

/*
 * Survey statistics on a hand-made world (docs/surveys-statistics.md). Demo Bank is on Europe/Istanbul (UTC+3);
 * the caller asks for March 2026 at offset -180 (Istanbul). Survey A is the fixture's main survey (NPS, effort
 * 1-5 with labelled choices, satisfaction, comment, and a matrix group "Service" with sub-questions Staff and
 * Speed sharing the choices 1 Bad, 2 OK, 3 Good, and Reasons, multiple answers 1 Price, 2 Staff, 3 Speed); B the
 * second survey.
 *
 *        survey channel  via    invited       sent deliv. opened  session (created -> answered)       answers
 *   I1   A      North-1  email  2 Mar 10:00   y    y      y       S1 2 Mar 10:05 -> 10:10  completed  nps 10, effort 5, sat 9, comment, staff 3, speed 2, reasons 1+3
 *   I2   A      North-2  email  3 Mar 12:00   y    y      y       S2 3 Mar 12:00 -> 12:20  completed  nps 9, effort 4, staff 3, reasons 2
 *   I3   A      South-1  SMS    4 Mar 09:00   y    y      -       S3 4 Mar 09:00           started    nps 6, effort 2
 *   I4   A      South-1  SMS    5 Mar 09:00   y    -      -       -
 *   I5   A      North-2  email  6 Mar 09:00   -    -      -       -
 *   I6   A      North-1  email  31 Mar 23:30  y    y      - (*)   S6 1 Apr 00:10 -> 00:20  completed  nps 10
 *   I7   A      North-1  email  28 Feb 23:59  y    y      y       S? 1 Mar                 completed  (invited before March: not counted)
 *   S7   A      North-1  -      -                                 10 Mar 10:00 -> 10:01    completed  nps 3
 *   S8   A      South-1  -      -                                 11 Mar 10:00             started    nps 8
 *   I8   B      North-2  email  7 Mar 09:00   y    -      -       S9 7 Mar 09:10 -> 09:15  completed  nps 7
 *   I9   B      North-2  email  1 Apr 01:30   -    -      -       -   (31 Mar 22:30 UTC: March for a UTC caller)
 *   H    a type-7 survey with an invitation and a session in March, and another tenant's: never counted.
 *   (*) opened later, by an update, to see the change reach the replica.
 *
 * Survey A: invited 6, sent 5, delivered 4, opened 2, started 4 invited + 2 uninvited = 6, completed 4; response
 * 4/6, completion 4/6; median completion of 300, 1200, 600, 60 s = 450 s. Drop-off: S3 last answered effort, S8 nps.
 */

let t: TestApp;
let f: WidgetFixture;
let reader: string;
let northOneReader: string;
let outsider: string;
let hiddenSurvey: number;
let otherTenantSurvey: number;
let invitationSix: number;
const group = { id: 0, staff: 0, speed: 0 };
/** A multiple-answer question: one answer row per chosen value, so a session's rows of it must count once. */
let reasons = 0;

const at = (local: string) => `${local}+03:00`;
const MARCH = 'from=2026-03-01&to=2026-03-31&timezoneOffset=-180';

beforeAll(async () => {
  t = await createTestApp();
  f = await createWidgetFixture(t);
  const db = t.database.db;
  const { tenantId } = f;
  const { north1, north2, south1 } = f.channels;
  const { nps, effort, satisfaction } = f.questions;

  await db.insert(questionChoices).values(
    ['Very hard', 'Hard', 'Neutral', 'Easy', 'Very easy'].map((label, i) => ({
      tenantId,
      questionId: effort,
      label,
      value: i + 1,
      position: i,
    })),
  );
  const [groupRow] = await db
    .insert(questions)
    .values({ tenantId, surveyId: f.surveyId, text: 'Service', type: 'MXSS', position: 5 })
    .returning({ id: questions.id });
  group.id = groupRow!.id;
  const [staff, speed] = await db
    .insert(questions)
    .values([
      { tenantId, surveyId: f.surveyId, parentId: group.id, text: 'Staff', type: 'MXSS', position: 1 },
      { tenantId, surveyId: f.surveyId, parentId: group.id, text: 'Speed', type: 'MXSS', position: 2 },
    ])
    .returning({ id: questions.id });
  group.staff = staff!.id;
  group.speed = speed!.id;
  await db.insert(questionChoices).values(
    ['Bad', 'OK', 'Good'].map((label, i) => ({
      tenantId,
      questionId: group.id,
      label,
      value: i + 1,
      position: i,
    })),
  );

  const [reasonsRow] = await db
    .insert(questions)
    .values({ tenantId, surveyId: f.surveyId, text: 'Reasons', type: 'MCMS', position: 6 })
    .returning({ id: questions.id });
  reasons = reasonsRow!.id;
  await db.insert(questionChoices).values(
    ['Price', 'Staff', 'Speed'].map((label, i) => ({
      tenantId,
      questionId: reasons,
      label,
      value: i + 1,
      position: i,
    })),
  );

  const email = (sentAt?: string, deliveredAt?: string, openedAt?: string) => ({
    channel: 1,
    sentAt: sentAt ? at(sentAt) : null,
    deliveredAt: deliveredAt ? at(deliveredAt) : null,
    openedAt: openedAt ? at(openedAt) : null,
  });
  // I1 / S1
  await f.addSession({
    channelId: north1,
    transactionAt: at('2026-03-02T09:00:00'),
    invitedAt: at('2026-03-02T10:00:00'),
    invitation: email('2026-03-02T10:00:01', '2026-03-02T10:00:02', '2026-03-02T10:04:00'),
    createdAt: at('2026-03-02T10:05:00'),
    answeredAt: at('2026-03-02T10:10:00'),
    scores: [
      [nps, 10],
      [effort, 5],
      [satisfaction, 9],
    ],
    comment: 'Great service',
    choices: [
      [group.staff, 3],
      [group.speed, 2],
      [reasons, 1],
      [reasons, 3],
    ],
  });
  // I2 / S2
  await f.addSession({
    channelId: north2,
    transactionAt: at('2026-03-03T11:00:00'),
    invitedAt: at('2026-03-03T12:00:00'),
    invitation: email('2026-03-03T12:00:01', '2026-03-03T12:00:02', '2026-03-03T12:00:03'),
    createdAt: at('2026-03-03T12:00:00'),
    answeredAt: at('2026-03-03T12:20:00'),
    scores: [
      [nps, 9],
      [effort, 4],
    ],
    choices: [
      [group.staff, 3],
      [reasons, 2],
    ],
  });
  // I3 / S3: by SMS, started, not completed; last answer: effort.
  await f.addSession({
    channelId: south1,
    transactionAt: at('2026-03-04T08:00:00'),
    invitedAt: at('2026-03-04T09:00:00'),
    invitation: { channel: 2, sentAt: at('2026-03-04T09:00:01'), deliveredAt: at('2026-03-04T09:00:05') },
    createdAt: at('2026-03-04T09:00:00'),
    answeredAt: null,
    completion: 2,
    scores: [
      [nps, 6],
      [effort, 2],
    ],
  });
  // I4, I5: nobody answered.
  await f.addInvitation({
    channelId: south1,
    invitedAt: at('2026-03-05T09:00:00'),
    channel: 2,
    sentAt: at('2026-03-05T09:00:01'),
  });
  await f.addInvitation({ channelId: north2, invitedAt: at('2026-03-06T09:00:00'), channel: 1 });
  // I6 / S6: invited on the last evening of March, answered on 1 April.
  invitationSix = await f.addInvitation({
    channelId: north1,
    invitedAt: at('2026-03-31T23:30:00'),
    ...email('2026-03-31T23:30:01', '2026-03-31T23:30:02'),
  });
  await f.addSession({
    invitationId: invitationSix,
    transactionAt: at('2026-03-31T23:00:00'),
    createdAt: at('2026-04-01T00:10:00'),
    answeredAt: at('2026-04-01T00:20:00'),
    scores: [[nps, 10]],
  });
  // I7: invited in February.
  await f.addSession({
    channelId: north1,
    transactionAt: at('2026-02-28T23:00:00'),
    invitedAt: at('2026-02-28T23:59:00'),
    invitation: email('2026-02-28T23:59:01', '2026-02-28T23:59:02', '2026-03-01T00:01:00'),
    createdAt: at('2026-03-01T00:02:00'),
    answeredAt: at('2026-03-01T00:03:00'),
    scores: [[nps, 0]],
  });
  // S7, S8: without an invitation.
  await f.addSession({
    channelId: north1,
    transactionAt: at('2026-03-10T09:00:00'),
    createdAt: at('2026-03-10T10:00:00'),
    answeredAt: at('2026-03-10T10:01:00'),
    scores: [[nps, 3]],
  });
  await f.addSession({
    channelId: south1,
    transactionAt: at('2026-03-11T09:00:00'),
    createdAt: at('2026-03-11T10:00:00'),
    answeredAt: null,
    completion: 2,
    scores: [[nps, 8]],
  });
  // I8 / S9 and I9: survey B.
  await f.addSession({
    surveyId: f.secondSurveyId,
    channelId: north2,
    transactionAt: at('2026-03-07T08:00:00'),
    invitedAt: at('2026-03-07T09:00:00'),
    invitation: email('2026-03-07T09:00:01'),
    createdAt: at('2026-03-07T09:10:00'),
    answeredAt: at('2026-03-07T09:15:00'),
    scores: [[f.questions.secondNps, 7]],
  });
  await f.addInvitation({
    surveyId: f.secondSurveyId,
    channelId: north2,
    invitedAt: at('2026-04-01T01:30:00'),
  });

  // A type-7 survey: never listed, never counted.
  const [hidden] = await db
    .insert(surveys)
    .values({ tenantId, title: 'Hidden type 7', type: 7 })
    .returning({ id: surveys.id });
  hiddenSurvey = hidden!.id;
  await f.addSession({
    surveyId: hiddenSurvey,
    channelId: north1,
    transactionAt: at('2026-03-08T08:00:00'),
    invitedAt: at('2026-03-08T09:00:00'),
    invitation: email('2026-03-08T09:00:01'),
    answeredAt: at('2026-03-08T09:15:00'),
  });

  // Another tenant with an invitation and a completed session in March.
  const [other] = await db
    .insert(tenants)
    .values({ name: 'Statistics Other Bank' })
    .returning({ id: tenants.id });
  const [otherSurvey] = await db
    .insert(surveys)
    .values({ tenantId: other!.id, title: 'Other survey' })
    .returning({ id: surveys.id });
  otherTenantSurvey = otherSurvey!.id;
  const [otherInvitee] = await db
    .insert(invitees)
    .values({
      tenantId: other!.id,
      surveyId: otherTenantSurvey,
      transactionDate: new Date(at('2026-03-02T09:00:00')),
    })
    .returning({ id: invitees.id });
  const [otherInvitation] = await db
    .insert(invitations)
    .values({
      tenantId: other!.id,
      inviteeId: otherInvitee!.id,
      surveyId: otherTenantSurvey,
      channel: 1,
      token: randomUUID(),
      invitedAt: new Date(at('2026-03-02T09:00:00')),
      sentAt: new Date(at('2026-03-02T09:00:01')),
    })
    .returning({ id: invitations.id });
  await db.insert(sessions).values({
    tenantId: other!.id,
    surveyId: otherTenantSurvey,
    inviteeId: otherInvitee!.id,
    invitationId: otherInvitation!.id,
    createdAt: new Date(at('2026-03-02T09:05:00')),
    answeredAt: new Date(at('2026-03-02T09:06:00')),
  });

  await t.replica.flush();
  reader = await signInNewUser(t, { userName: 'stats-reader', tenantId, scopes: ['survey:read'] });
  northOneReader = await signInNewUser(t, { userName: 'stats-north-1', tenantId, scopes: ['survey:read'] });
  await db
    .update(users)
    .set({ transactionChannelIds: [north1] })
    .where(eq(users.userName, 'stats-north-1'));
  outsider = await signInNewUser(t, { userName: 'stats-outsider', tenantId, scopes: ['report:read'] });
});
afterAll(async () => t.close());

async function all(query: string, token = reader): Promise<SurveysStatistics> {
  const response = await t.call('GET', `/api/survey-statistics?${query}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return surveysStatisticsSchema.parse(response.json());
}

async function one(surveyId: number, query: string, token = reader): Promise<SurveyStatistics> {
  const response = await t.call('GET', `/api/surveys/${surveyId}/statistics?${query}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return surveyStatisticsSchema.parse(response.json());
}

/** A funnel from its six counts and the sessions of invitations (for the response rate). */
function funnel(
  [Invited, Sent, Delivered, Opened, Started, Completed]: number[],
  invitedStarted: number = Started!,
): Funnel {
  return {
    Invited: Invited!,
    Sent: Sent!,
    Delivered: Delivered!,
    Opened: Opened!,
    Started: Started!,
    Completed: Completed!,
    ResponseRate: Invited! > 0 ? invitedStarted / Invited! : null,
    CompletionRate: Started! > 0 ? Completed! / Started! : null,
  };
}

describe('GET /api/survey-statistics', () => {
  it('counts the funnel per survey, per channel and per day; type 7 and other tenants never', async () => {
    const stats = await all(MARCH);
    expect(stats.Total).toEqual(funnel([7, 6, 4, 2, 7, 5], 5));
    expect(stats.Surveys).toEqual([
      { SurveyId: f.surveyId, Title: 'Branch visit', ...funnel([6, 5, 4, 2, 6, 4], 4) },
      { SurveyId: f.secondSurveyId, Title: 'Card usage', ...funnel([1, 1, 0, 0, 1, 1]) },
    ]);
    expect(stats.ByChannel).toEqual([
      { Channel: 0, ...funnel([0, 0, 0, 0, 2, 1]) },
      { Channel: 1, ...funnel([5, 4, 3, 2, 4, 4]) },
      { Channel: 2, ...funnel([2, 2, 1, 0, 1, 0]) },
    ]);
    expect(stats.OverTime.map((p) => [p.Period, p.Invited, p.Started, p.Completed])).toEqual([
      ['2026-03-02', 1, 1, 1],
      ['2026-03-03', 1, 1, 1],
      ['2026-03-04', 1, 1, 0],
      ['2026-03-05', 1, 0, 0],
      ['2026-03-06', 1, 0, 0],
      ['2026-03-07', 1, 1, 1],
      ['2026-03-10', 0, 1, 1],
      ['2026-03-11', 0, 1, 0],
      ['2026-03-31', 1, 1, 1],
    ]);
    expect(stats.Surveys.map((s) => s.SurveyId)).not.toContain(hiddenSurvey);
  });

  it("reads the days at the caller's offset", async () => {
    // At UTC, I9 (1 April 01:30 in Istanbul) was invited on 31 March.
    const utc = await all('from=2026-03-01&to=2026-03-31&timezoneOffset=0');
    expect(utc.Surveys.find((s) => s.SurveyId === f.secondSurveyId)?.Invited).toBe(2);
    const april = await all('from=2026-04-01&to=2026-04-30&timezoneOffset=-180');
    expect(april.Total).toEqual(funnel([1, 0, 0, 0, 0, 0]));
  });

  it('groups by week and by month', async () => {
    const weeks = await all(`${MARCH}&period=week&surveyIds=${f.surveyId}`);
    expect(weeks.Surveys.map((s) => s.SurveyId)).toEqual([f.surveyId]);
    expect(weeks.OverTime).toEqual([
      { Period: '2026-03-02', ...funnel([5, 4, 3, 2, 3, 2], 3) },
      { Period: '2026-03-09', ...funnel([0, 0, 0, 0, 2, 1], 0) },
      { Period: '2026-03-30', ...funnel([1, 1, 1, 0, 1, 1]) },
    ]);
    const months = await all(`${MARCH}&period=month`);
    expect(months.OverTime).toEqual([{ Period: '2026-03-01', ...months.Total }]);
  });

  it("applies the caller's data restrictions", async () => {
    const stats = await all(MARCH, northOneReader);
    // North-1: I1/S1, I6/S6 and S7.
    expect(stats.Total).toEqual(funnel([2, 2, 2, 1, 3, 3], 2));
    expect(stats.Surveys[1]).toMatchObject(funnel([0, 0, 0, 0, 0, 0]));
  });

  it('lists only the named surveys of the tenant', async () => {
    const stats = await all(
      `${MARCH}&surveyIds=${f.secondSurveyId},${otherTenantSurvey},${hiddenSurvey},9999999999`,
    );
    expect(stats.Surveys.map((s) => s.SurveyId)).toEqual([f.secondSurveyId]);
    expect(stats.Total).toEqual(funnel([1, 1, 0, 0, 1, 1]));
  });

  it('refuses a caller without survey:read (403) and bad dates (400)', async () => {
    expect((await t.call('GET', `/api/survey-statistics?${MARCH}`, { token: outsider })).statusCode).toBe(
      403,
    );
    const bad = await t.call('GET', '/api/survey-statistics?from=2026-02-30&to=2026-03-31', {
      token: reader,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/surveys/{id}/statistics', () => {
  it('gives the funnel, the median completion time and each question', async () => {
    const stats = await one(f.surveyId, MARCH);
    expect(stats.SurveyId).toBe(f.surveyId);
    expect(stats.Title).toBe('Branch visit');
    expect(stats.Funnel).toEqual(funnel([6, 5, 4, 2, 6, 4], 4));
    expect(stats.MedianCompletionSeconds).toBe(450);
    expect(stats.ByChannel.map((c) => [c.Channel, c.Invited, c.Started])).toEqual([
      [0, 0, 2],
      [1, 4, 3],
      [2, 2, 1],
    ]);
    const counts = (value: number, label: string, count: number) => ({
      Value: value,
      Label: label,
      Count: count,
    });
    expect(stats.Questions).toEqual([
      {
        QuestionId: f.questions.nps,
        Text: 'How likely are you to recommend us?',
        QuestionTypeName: 'MCSS',
        Answered: 6,
        DropOff: 1,
        Distribution: [
          counts(3, '3', 1),
          counts(6, '6', 1),
          counts(8, '8', 1),
          counts(9, '9', 1),
          counts(10, '10', 2),
        ],
      },
      {
        QuestionId: f.questions.effort,
        Text: 'How easy was it?',
        QuestionTypeName: 'MCSS',
        Answered: 3,
        DropOff: 1,
        Distribution: [
          counts(1, 'Very hard', 0),
          counts(2, 'Hard', 1),
          counts(3, 'Neutral', 0),
          counts(4, 'Easy', 1),
          counts(5, 'Very easy', 1),
        ],
      },
      {
        QuestionId: f.questions.satisfaction,
        Text: 'How satisfied are you?',
        QuestionTypeName: 'MCSS',
        Answered: 1,
        DropOff: 0,
        Distribution: [counts(9, '9', 1)],
      },
      {
        QuestionId: f.questions.comment,
        Text: 'Tell us more',
        QuestionTypeName: 'OETX',
        Answered: 1,
        DropOff: 0,
        Distribution: [],
      },
      {
        QuestionId: group.staff,
        Text: 'Service — Staff',
        QuestionTypeName: 'MXSS',
        Answered: 2,
        DropOff: 0,
        Distribution: [counts(1, 'Bad', 0), counts(2, 'OK', 0), counts(3, 'Good', 2)],
      },
      {
        QuestionId: group.speed,
        Text: 'Service — Speed',
        QuestionTypeName: 'MXSS',
        Answered: 1,
        DropOff: 0,
        Distribution: [counts(1, 'Bad', 0), counts(2, 'OK', 1), counts(3, 'Good', 0)],
      },
      {
        // S1 chose two reasons, S2 one: two sessions answered it.
        QuestionId: reasons,
        Text: 'Reasons',
        QuestionTypeName: 'MCMS',
        Answered: 2,
        DropOff: 0,
        Distribution: [counts(1, 'Price', 1), counts(2, 'Staff', 1), counts(3, 'Speed', 1)],
      },
    ]);
  });

  it("applies the caller's data restrictions to every figure", async () => {
    const stats = await one(f.surveyId, MARCH, northOneReader);
    expect(stats.Funnel).toEqual(funnel([2, 2, 2, 1, 3, 3], 2));
    expect(stats.MedianCompletionSeconds).toBe(300);
    const nps = stats.Questions.find((q) => q.QuestionId === f.questions.nps)!;
    expect([nps.Answered, nps.DropOff]).toEqual([3, 0]);
  });

  it('follows an invitation opened later within one replica flush', async () => {
    await t.database.db
      .update(invitations)
      .set({ openedAt: new Date(at('2026-04-01T00:05:00')) })
      .where(eq(invitations.id, invitationSix));
    await t.replica.flush();
    expect((await one(f.surveyId, MARCH)).Funnel.Opened).toBe(3);
    await t.database.db.update(invitations).set({ openedAt: null }).where(eq(invitations.id, invitationSix));
    await t.replica.flush();
    expect((await one(f.surveyId, MARCH)).Funnel.Opened).toBe(2);
  });

  it('has no median and no answers without sessions', async () => {
    const stats = await one(f.surveyId, 'from=2025-01-01&to=2025-01-31');
    expect(stats.Funnel).toEqual(funnel([0, 0, 0, 0, 0, 0]));
    expect(stats.MedianCompletionSeconds).toBeNull();
    expect(stats.Questions.every((q) => q.Answered === 0 && q.DropOff === 0)).toBe(true);
  });

  it('does not show a type-7 survey or another tenant’s (404)', async () => {
    for (const id of [hiddenSurvey, otherTenantSurvey, 2_000_000_000]) {
      const response = await t.call('GET', `/api/surveys/${id}/statistics?${MARCH}`, { token: reader });
      expect(response.statusCode).toBe(404);
    }
  });
});
