import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  SURVEY_LIMITS,
  type GridPage,
  type SurveyDetail,
  type SurveyPrioritisationRow,
  type SurveyRow,
} from '@loupe/contracts';
import {
  answers,
  audits,
  experiences,
  invitees,
  journeyStages,
  questionChoices,
  questions,
  segmentGroups,
  segments,
  sessions,
  surveyFlows,
  surveyQuotas,
  surveyTestInvitations,
  surveys,
  transactionChannels,
  users,
} from '../../db/schema/index.js';
import { createMetadataFixture, type Answer, type MetadataFixture } from '../../test/metadata-fixture.js';

let f: MetadataFixture;
type Ids =
  | 'stage'
  | 'otherStage'
  | 'channel'
  | 'otherChannel'
  | 'group'
  | 'segment'
  | 'nps'
  | 'nps2'
  | 'admin'
  | 'tester';
const id = {} as Record<Ids, number>;
let externalOnly: string;
let surveyManageOnly: string;

const db = () => f.t.database.db;

/** Every row the surveys wizard writes, to prove that a refusal changed nothing. */
async function snapshot() {
  return {
    surveys: await db().select().from(surveys).orderBy(asc(surveys.id)),
    flows: await db().select().from(surveyFlows).orderBy(asc(surveyFlows.id)),
    questions: await db().select().from(questions).orderBy(asc(questions.id)),
    choices: await db().select().from(questionChoices).orderBy(asc(questionChoices.id)),
    quotas: await db().select().from(surveyQuotas).orderBy(asc(surveyQuotas.id)),
    tests: await db().select().from(surveyTestInvitations).orderBy(asc(surveyTestInvitations.id)),
  };
}

async function refused(request: () => Promise<Answer>, status: number, code: number) {
  const before = await snapshot();
  const response = await request();
  const body = response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  expect(body.Code).toBe(code);
  expect(await snapshot()).toEqual(before);
  return body;
}

/** A library question (no survey) with choices 0..n-1, optionally measuring an experience. */
async function libraryQuestion(
  options: {
    type?: string;
    choices?: number;
    experienceId?: number;
    isMeasurement?: boolean;
    tenantId?: number;
  } = {},
) {
  const tenantId = options.tenantId ?? f.tenantId;
  const [row] = await db()
    .insert(questions)
    .values({
      tenantId,
      text: `Question ${Math.random()}`,
      type: options.type ?? 'MCSS',
      experienceId: options.experienceId ?? null,
      isMeasurement: options.isMeasurement ?? false,
      integrationCode: `Q-${Math.random()}`,
    })
    .returning({ id: questions.id });
  const choices = options.choices ?? 3;
  if (choices > 0)
    await db()
      .insert(questionChoices)
      .values(
        Array.from({ length: choices }, (_, value) => ({
          tenantId,
          questionId: row!.id,
          label: String(value),
          value,
          position: value,
        })),
      );
  return row!.id;
}

const general = (overrides: Record<string, unknown> = {}) => ({
  Title: 'Branch visit',
  Language: 'en',
  JourneyStageId: null,
  ...overrides,
});

const create = (body: Record<string, unknown>, token?: string) =>
  f.call('POST', '/api/surveys', { body, token });
const step = (surveyId: number, body: Record<string, unknown>, token?: string) =>
  f.call('PUT', `/api/surveys/${surveyId}`, { body, token });

async function created(overrides: Record<string, unknown> = {}): Promise<SurveyDetail> {
  const response = await create(general(overrides));
  expect(response.status, JSON.stringify(response.json())).toBe(201);
  return response.json<SurveyDetail>();
}

async function saved(surveyId: number, body: Record<string, unknown>): Promise<SurveyDetail> {
  const response = await step(surveyId, body);
  expect(response.status, JSON.stringify(response.json())).toBe(200);
  return response.json<SurveyDetail>();
}

/** A survey whose first flow holds these questions. */
async function withQuestions(questionIds: number[], overrides: Record<string, unknown> = {}) {
  const survey = await created(overrides);
  const flow = survey.Flows[0]!;
  return saved(survey.Id, {
    Step: 'Flow',
    Flows: [{ Id: flow.Id, Name: flow.Name, Questions: questionIds.map((QuestionId) => ({ QuestionId })) }],
  });
}

const channelStep = (overrides: Record<string, unknown> = {}) => ({
  Step: 'Channel',
  Channels: [1, 2],
  PrimaryChannel: 1,
  Templates: [
    { Channel: 1, Subject: 'Your visit', Body: 'Tell us {{Name}}' },
    { Channel: 2, Body: 'Tell us' },
  ],
  ExpiryDays: 7,
  Reminder: null,
  ...overrides,
});

beforeAll(async () => {
  f = await createMetadataFixture();
  const [stage] = await db()
    .insert(journeyStages)
    .values({ tenantId: f.tenantId, name: 'Onboarding' })
    .returning({ id: journeyStages.id });
  id.stage = stage!.id;
  const [otherStage] = await db()
    .insert(journeyStages)
    .values({ tenantId: f.otherTenantId, name: 'Other stage' })
    .returning({ id: journeyStages.id });
  id.otherStage = otherStage!.id;
  const [channel] = await db()
    .insert(transactionChannels)
    .values({ tenantId: f.tenantId, name: 'Branch', code: 'BR', level: 1, path: [] })
    .returning({ id: transactionChannels.id });
  id.channel = channel!.id;
  const [otherChannel] = await db()
    .insert(transactionChannels)
    .values({ tenantId: f.otherTenantId, name: 'Other', code: 'OT', level: 1, path: [] })
    .returning({ id: transactionChannels.id });
  id.otherChannel = otherChannel!.id;
  const [group] = await db()
    .insert(segmentGroups)
    .values({ tenantId: f.tenantId, name: 'Tier', code: 'TIER' })
    .returning({ id: segmentGroups.id });
  const [segment] = await db()
    .insert(segments)
    .values({ tenantId: f.tenantId, groupId: group!.id, name: 'Gold', code: 'GOLD' })
    .returning({ id: segments.id });
  id.group = group!.id;
  id.segment = segment!.id;
  const [nps] = await db()
    .insert(experiences)
    .values({ tenantId: f.tenantId, name: 'Survey NPS', measurementType: 1 })
    .returning({ id: experiences.id });
  const [nps2] = await db()
    .insert(experiences)
    .values({ tenantId: f.tenantId, name: 'Survey NPS 2', measurementType: 1 })
    .returning({ id: experiences.id });
  id.nps = nps!.id;
  id.nps2 = nps2!.id;
  const [admin] = await db().select().from(users).where(eq(users.userName, 'admin'));
  id.admin = admin!.id;
  const [tester] = await db()
    .insert(users)
    .values({
      tenantId: f.tenantId,
      userName: 'survey.tester',
      fullName: 'Survey Tester',
      passwordHash: admin!.passwordHash,
      isTestUser: true,
    })
    .returning({ id: users.id });
  id.tester = tester!.id;
  externalOnly = await f.t.tokenFor({
    userId: admin!.id,
    tenantId: f.tenantId,
    scopes: ['externalSurvey:manage'],
  });
  surveyManageOnly = await f.t.tokenFor({
    userId: admin!.id,
    tenantId: f.tenantId,
    scopes: ['survey:manage'],
  });
});
afterAll(async () => {
  await f?.close();
});

describe('general info', () => {
  it('creates an inactive draft at step 1 with one flow, and audits it', async () => {
    const survey = await created({ Title: '  Welcome  ', Language: 'tr', JourneyStageId: id.stage });
    expect(survey).toMatchObject({
      Title: 'Welcome',
      Language: 'tr',
      JourneyStageId: id.stage,
      IsActive: false,
      WizardStep: 1,
      Type: 1,
      Flows: [{ Name: 'Ana akış', IsActive: true, Questions: [] }],
      Channel: { Channels: [], PrimaryChannel: null, Templates: [], ExpiryDays: null, Reminder: null },
      Quotas: [],
      InviteeCount: 0,
    });
    const rows = await db().select().from(audits).where(eq(audits.operationScope, 'Survey'));
    expect(rows.some((row) => (JSON.parse(row.operationData) as { Id: number }).Id === survey.Id)).toBe(true);
  });

  it('refuses an integration code the tenant uses (2036) and a journey stage of another tenant (4023)', async () => {
    await created({ IntegrationCode: 'SURVEY-1' });
    await refused(
      () => create(general({ IntegrationCode: 'SURVEY-1' })),
      400,
      ErrorCode.SurveyIntegrationCodeUsed,
    );
    await refused(
      () => create(general({ JourneyStageId: id.otherStage })),
      400,
      ErrorCode.AudienceConditionInvalid,
    );
    await refused(() => create(general({ Language: 'xx' })), 400, ErrorCode.ModelNotValid);
  });

  it('keeps the wizard step at the furthest step saved', async () => {
    const survey = await created();
    await saved(survey.Id, channelStep());
    const back = await saved(survey.Id, { Step: 'General', ...general({ Title: 'Renamed' }) });
    expect(back).toMatchObject({ Title: 'Renamed', WizardStep: 4 });
  });

  it('lets only externalSurvey:manage write an external survey (type 4), and survey:manage the others', async () => {
    expect((await create(general({ Type: 4 }), surveyManageOnly)).status).toBe(403);
    expect((await create(general(), externalOnly)).status).toBe(403);
    expect((await create(general({ Type: 4 }), externalOnly)).status).toBe(201);
    expect((await create(general(), f.tokens.viewer)).status).toBe(403);
  });

  it('hides type 7 surveys and another tenant’s surveys (404)', async () => {
    const hidden = await f.survey();
    await db().update(surveys).set({ type: 7 }).where(eq(surveys.id, hidden));
    expect((await f.call('GET', `/api/surveys/${hidden}`)).status).toBe(404);
    const foreign = await f.survey({ tenantId: f.otherTenantId });
    expect((await f.call('GET', `/api/surveys/${foreign}`)).status).toBe(404);
    expect((await step(foreign, { Step: 'Activate', IsActive: false })).status).toBe(404);
  });
});

describe('flow design', () => {
  it('places a library question, and a copy of one another survey uses (no integration code)', async () => {
    const question = await libraryQuestion();
    const first = await withQuestions([question]);
    expect(first.Flows[0]!.Questions.map((q) => q.QuestionId)).toEqual([question]);
    const [placed] = await db().select().from(questions).where(eq(questions.id, question));
    expect(placed).toMatchObject({ surveyId: first.Id, flowId: first.Flows[0]!.Id, position: 0 });

    const second = await withQuestions([question]);
    const copyId = second.Flows[0]!.Questions[0]!.QuestionId;
    expect(copyId).not.toBe(question);
    const [copy] = await db().select().from(questions).where(eq(questions.id, copyId));
    expect(copy).toMatchObject({ surveyId: second.Id, integrationCode: null, text: placed!.text });
    const copiedChoices = await db()
      .select()
      .from(questionChoices)
      .where(eq(questionChoices.questionId, copyId));
    expect(copiedChoices.map((choice) => choice.value).sort()).toEqual([0, 1, 2]);
  });

  it('copies a matrix group with its sub-questions, which follow the group', async () => {
    const group = await libraryQuestion({ type: 'MXSS' });
    const [sub] = await db()
      .insert(questions)
      .values({ tenantId: f.tenantId, text: 'Row', type: 'MXSS', parentId: group })
      .returning({ id: questions.id });
    const survey = await withQuestions([group]);
    const [moved] = await db().select().from(questions).where(eq(questions.id, sub!.id));
    expect(moved).toMatchObject({ surveyId: survey.Id, flowId: survey.Flows[0]!.Id });
    const other = await withQuestions([group]);
    const copyId = other.Flows[0]!.Questions[0]!.QuestionId;
    const copiedRows = await db().select().from(questions).where(eq(questions.parentId, copyId));
    expect(copiedRows).toHaveLength(1);
    expect(copiedRows[0]).toMatchObject({ surveyId: other.Id, text: 'Row' });
  });

  it('refuses a question placed twice (4025), a second measurement question of a type (4013)', async () => {
    const survey = await created();
    const flow = survey.Flows[0]!;
    const q = await libraryQuestion();
    await refused(
      () =>
        step(survey.Id, {
          Step: 'Flow',
          Flows: [
            { Id: flow.Id, Name: 'A', Questions: [{ QuestionId: q }] },
            { Name: 'B', Questions: [{ QuestionId: q }] },
          ],
        }),
      400,
      ErrorCode.QuestionPlacedTwice,
    );
    const m1 = await libraryQuestion({ experienceId: id.nps, isMeasurement: true });
    const m2 = await libraryQuestion({ experienceId: id.nps2, isMeasurement: true });
    await refused(
      () =>
        step(survey.Id, {
          Step: 'Flow',
          Flows: [{ Id: flow.Id, Name: 'A', Questions: [{ QuestionId: m1 }, { QuestionId: m2 }] }],
        }),
      400,
      ErrorCode.MeasurementQuestionDuplicate,
    );
    // One per flow: the same type in two flows is allowed.
    await saved(survey.Id, {
      Step: 'Flow',
      Flows: [
        { Id: flow.Id, Name: 'A', Questions: [{ QuestionId: m1 }] },
        { Name: 'B', Questions: [{ QuestionId: m2 }] },
      ],
    });
  });

  it('refuses more questions of a type than allowed (4014) and more flows than allowed', async () => {
    const survey = await created();
    const max = SURVEY_LIMITS.questionsPerTypeMax.MXMD;
    const ids: number[] = [];
    for (let i = 0; i <= max; i++) ids.push(await libraryQuestion({ type: 'MXMD' }));
    await refused(
      () =>
        step(survey.Id, {
          Step: 'Flow',
          Flows: [{ Name: 'A', Questions: ids.map((QuestionId) => ({ QuestionId })) }],
        }),
      400,
      ErrorCode.QuestionLimitReached,
    );
    const flows = Array.from({ length: SURVEY_LIMITS.flowsMax + 1 }, (_, i) => ({
      Name: `F${i}`,
      Questions: [],
    }));
    await refused(() => step(survey.Id, { Step: 'Flow', Flows: flows }), 400, ErrorCode.ModelNotValid);
  });

  it('takes display logic on an earlier question of the flow with its values, else 4015', async () => {
    const survey = await created();
    const [a, b] = [await libraryQuestion(), await libraryQuestion()];
    const body = (logic: unknown, order = [a, b]) => ({
      Step: 'Flow',
      Flows: [
        {
          Name: 'A',
          Questions: order.map((QuestionId) => ({
            QuestionId,
            DisplayLogic: QuestionId === b ? logic : null,
          })),
        },
      ],
    });
    await refused(
      () => step(survey.Id, body({ QuestionId: a, Values: [9] })),
      400,
      ErrorCode.DisplayLogicInvalid,
    );
    await refused(
      () => step(survey.Id, body({ QuestionId: a, Values: [1] }, [b, a])),
      400,
      ErrorCode.DisplayLogicInvalid,
    );
    const ok = await saved(survey.Id, body({ QuestionId: a, Values: [1, 2] }));
    expect(ok.Flows.at(-1)!.Questions[1]!.DisplayLogic).toEqual({ QuestionId: a, Values: [1, 2] });
  });

  it('returns removed unanswered questions to the library; answered ones stay with the survey, deleted', async () => {
    const [kept, unanswered, answered] = [
      await libraryQuestion(),
      await libraryQuestion(),
      await libraryQuestion(),
    ];
    const survey = await withQuestions([kept, unanswered, answered]);
    const [invitee] = await db()
      .insert(invitees)
      .values({
        tenantId: f.tenantId,
        surveyId: survey.Id,
        transactionDate: new Date('2026-01-02T00:00:00Z'),
      })
      .returning({ id: invitees.id });
    const [session] = await db()
      .insert(sessions)
      .values({
        tenantId: f.tenantId,
        surveyId: survey.Id,
        inviteeId: invitee!.id,
        createdAt: new Date('2026-01-02T00:00:00Z'),
      })
      .returning({ id: sessions.id });
    await db()
      .insert(answers)
      .values({ tenantId: f.tenantId, sessionId: session!.id, questionId: answered, choiceValue: 1 });
    const flow = survey.Flows[0]!;
    const after = await saved(survey.Id, {
      Step: 'Flow',
      Flows: [{ Id: flow.Id, Name: flow.Name, Questions: [{ QuestionId: kept }] }],
    });
    expect(after.Flows[0]!.Questions.map((q) => q.QuestionId)).toEqual([kept]);
    const rows = await db().select().from(questions).where(eq(questions.surveyId, survey.Id));
    expect(rows.find((q) => q.id === answered)).toMatchObject({ isDeleted: true, flowId: null });
    const [back] = await db().select().from(questions).where(eq(questions.id, unanswered));
    expect(back).toMatchObject({ surveyId: null, flowId: null, isDeleted: false });
    // A survey with invitees cannot be deleted (4017).
    await refused(() => f.call('DELETE', `/api/surveys/${survey.Id}`), 400, ErrorCode.SurveyHasInvitees);
  });
});

describe('audience', () => {
  it('takes registry rows allowed for the audience with values the tenant holds', async () => {
    const survey = await created();
    const conditions = [
      { Property: 'ChannelSet', Value: { Ids: [id.channel] } },
      { Property: 'Segments', Value: [`${id.group};${id.segment}`], Exclude: true },
      { Property: 'CustomData3', Value: 'VIP' },
    ];
    const after = await saved(survey.Id, { Step: 'Audience', Conditions: conditions });
    expect(after.Audience.Conditions).toEqual([
      { Property: 'ChannelSet', Value: { Ids: [id.channel] }, Exclude: false },
      { Property: 'Segments', Value: [`${id.group};${id.segment}`], Exclude: true },
      { Property: 'CustomData3', Value: 'VIP', Exclude: false },
    ]);
    expect(after.WizardStep).toBe(3);
  });

  it('refuses other properties, bad values and unknown or foreign ids (4023), and too many conditions', async () => {
    const survey = await created();
    const audience = (Conditions: unknown[]) => () => step(survey.Id, { Step: 'Audience', Conditions });
    const code = ErrorCode.AudienceConditionInvalid;
    await refused(audience([{ Property: 'SurveyId', Value: [1] }]), 400, code);
    await refused(audience([{ Property: 'Nope', Value: [1] }]), 400, code);
    await refused(audience([{ Property: 'ChannelSet', Value: 'x' }]), 400, code);
    await refused(audience([{ Property: 'ChannelSet', Value: { Ids: [id.otherChannel] } }]), 400, code);
    await refused(audience([{ Property: 'Segments', Value: [`${id.group};999999`] }]), 400, code);
    await refused(audience([{ Property: 'TransactionTypeId', Value: [2147483647] }]), 400, code);
    const many = Array.from({ length: SURVEY_LIMITS.audienceConditionsMax + 1 }, () => ({
      Property: 'CustomData1',
      Value: 'x',
    }));
    await refused(audience(many), 400, ErrorCode.ModelNotValid);
  });
});

describe('channel', () => {
  it('saves channels, the primary one and a template per channel', async () => {
    const survey = await created();
    const after = await saved(survey.Id, channelStep());
    expect(after.Channel).toMatchObject({ Channels: [1, 2], PrimaryChannel: 1, ExpiryDays: 7 });
    expect(after.Channel.Templates).toHaveLength(2);
  });

  it('keeps the communication frequency in days (1–365; 0 or none: no limit)', async () => {
    const survey = await created();
    const limited = await saved(survey.Id, channelStep({ CommunicationFrequencyDays: 30 }));
    expect(limited.Channel.CommunicationFrequencyDays).toBe(30);
    const unlimited = await saved(survey.Id, channelStep({ CommunicationFrequencyDays: 0 }));
    expect(unlimited.Channel.CommunicationFrequencyDays).toBeNull();
    await refused(
      () => step(survey.Id, channelStep({ CommunicationFrequencyDays: 366 })),
      400,
      ErrorCode.ModelNotValid,
    );
  });

  it('refuses no channel (4020), a primary not chosen (4021), a missing template (4027), an e-mail without subject', async () => {
    const survey = await created();
    await refused(() => step(survey.Id, channelStep({ Channels: [] })), 400, ErrorCode.ChannelRequired);
    await refused(
      () => step(survey.Id, channelStep({ PrimaryChannel: 3 })),
      400,
      ErrorCode.PrimaryChannelNotChosen,
    );
    await refused(
      () => step(survey.Id, channelStep({ Templates: [{ Channel: 1, Subject: 'S', Body: 'B' }] })),
      400,
      ErrorCode.InvitationTemplateMissing,
    );
    const body = await refused(
      () =>
        step(
          survey.Id,
          channelStep({
            Templates: [
              { Channel: 1, Body: 'B' },
              { Channel: 2, Body: 'B' },
            ],
          }),
        ),
      400,
      ErrorCode.ModelNotValid,
    );
    expect(body.Details?.[0]?.Path).toBe('Templates.0.Subject');
    const reminder = { FrequencyMinutes: 60, NotFinishedDays: 1, Subject: '', Body: 'B' };
    await refused(() => step(survey.Id, channelStep({ Reminder: reminder })), 400, ErrorCode.ModelNotValid);
    await refused(() => step(survey.Id, channelStep({ ExpiryDays: 366 })), 400, ErrorCode.ModelNotValid);
  });
});

describe('quota', () => {
  const quota = (overrides: Record<string, unknown> = {}) => ({
    Name: 'Gold customers',
    LimitType: 1,
    Limit: 100,
    Conditions: [{ Property: 'ChannelSet', Value: { Ids: [id.channel] } }],
    RefreshCron: '*/15 * * * *',
    PresentationFrequency: 2,
    ...overrides,
  });

  it('saves quotas, keeps the ids sent and removes the others; a question quota needs a question of the survey', async () => {
    const q = await libraryQuestion();
    const survey = await withQuestions([q]);
    const first = await saved(survey.Id, { Step: 'Quota', Quotas: [quota(), quota({ Name: 'Second' })] });
    expect(first.Quotas.map((row) => row.Name)).toEqual(['Gold customers', 'Second']);
    const again = await saved(survey.Id, {
      Step: 'Quota',
      Quotas: [{ ...quota({ LimitType: 4, QuestionId: q }), Id: first.Quotas[1]!.Id }],
    });
    expect(again.Quotas).toEqual([
      expect.objectContaining({ Id: first.Quotas[1]!.Id, LimitType: 4, QuestionId: q }),
    ]);
    const foreign = await libraryQuestion();
    await refused(
      () => step(survey.Id, { Step: 'Quota', Quotas: [quota({ LimitType: 4, QuestionId: foreign })] }),
      400,
      ErrorCode.ModelNotValid,
    );
  });

  it('refuses a refresh cron outside the refresh job schedule (4022) and bad conditions (4023)', async () => {
    const survey = await created();
    await refused(
      () => step(survey.Id, { Step: 'Quota', Quotas: [quota({ RefreshCron: '*/7 * * * *' })] }),
      400,
      ErrorCode.QuotaCronOutsideSchedule,
    );
    await refused(
      () =>
        step(survey.Id, {
          Step: 'Quota',
          Quotas: [quota({ Conditions: [{ Property: 'Source', Value: ['x'] }] })],
        }),
      400,
      ErrorCode.AudienceConditionInvalid,
    );
  });
});

describe('activation, status, test invitations, clone, delete', () => {
  it('refuses activation without an active flow with a question (4016); deactivation is always allowed', async () => {
    const empty = await created();
    await refused(
      () => step(empty.Id, { Step: 'Activate', IsActive: true }),
      400,
      ErrorCode.SurveyWithoutFlow,
    );
    await refused(
      () => f.call('PUT', `/api/surveys/${empty.Id}/status`, { body: { IsActive: true } }),
      400,
      ErrorCode.SurveyWithoutFlow,
    );
    const ready = await withQuestions([await libraryQuestion()]);
    const active = await saved(ready.Id, { Step: 'Activate', IsActive: true });
    expect(active).toMatchObject({ IsActive: true, WizardStep: 6 });
    const off = await f.call('PUT', `/api/surveys/${ready.Id}/status`, { body: { IsActive: false } });
    expect(off.json<SurveyDetail>().IsActive).toBe(false);
    const rows = await db().select().from(audits).where(eq(audits.operationScope, 'Survey'));
    expect(rows.some((row) => (JSON.parse(row.operationData) as { Note?: string }).Note === 'status')).toBe(
      true,
    );
  });

  it('stores a test invitation for an active survey only (4018), to the tenant’s test users (4019)', async () => {
    const survey = await withQuestions([await libraryQuestion()]);
    const invite = (TestUserIds: number[]) => () =>
      f.call('POST', `/api/surveys/${survey.Id}/test-invitations`, { body: { TestUserIds, Channel: 1 } });
    await refused(invite([id.tester]), 400, ErrorCode.TestInvitationSurveyInactive);
    await saved(survey.Id, { Step: 'Activate', IsActive: true });
    await refused(invite([id.admin]), 400, ErrorCode.TestUserUnknown);
    await refused(invite([]), 400, ErrorCode.ModelNotValid);
    const response = await invite([id.tester])();
    expect(response.status).toBe(201);
    const [row] = await db()
      .select()
      .from(surveyTestInvitations)
      .where(eq(surveyTestInvitations.surveyId, survey.Id));
    expect(row).toMatchObject({ testUserIds: [id.tester], channel: 1, requestedBy: id.admin, sentAt: null });
    const testUsers = await f.call('GET', '/api/testusers');
    const testUserIds = testUsers.json<{ Id: number }[]>().map((user) => user.Id);
    expect(testUserIds).toContain(id.tester);
    expect(testUserIds).not.toContain(id.admin);
  });

  it('clones a survey as an inactive draft with copies of its questions, without integration codes', async () => {
    const [a, b] = [await libraryQuestion(), await libraryQuestion()];
    const survey = await withQuestions([a, b], { IntegrationCode: 'CLONE-ME' });
    const flow = survey.Flows[0]!;
    await saved(survey.Id, {
      Step: 'Flow',
      Flows: [
        {
          Id: flow.Id,
          Name: flow.Name,
          Questions: [{ QuestionId: a }, { QuestionId: b, DisplayLogic: { QuestionId: a, Values: [1] } }],
        },
      ],
    });
    await saved(survey.Id, channelStep());
    await saved(survey.Id, {
      Step: 'Quota',
      Quotas: [{ Name: 'Q', LimitType: 4, Limit: 5, QuestionId: b, Conditions: [] }],
    });
    await saved(survey.Id, { Step: 'Activate', IsActive: true });
    const response = await f.call('POST', `/api/surveys/${survey.Id}/clone`);
    expect(response.status).toBe(201);
    const copy = response.json<SurveyDetail>();
    expect(copy).toMatchObject({
      Title: 'Branch visit (copy)',
      IsActive: false,
      WizardStep: 5,
      IntegrationCode: null,
      Channel: { Channels: [1, 2], PrimaryChannel: 1 },
    });
    const [copyA, copyB] = copy.Flows[0]!.Questions;
    expect([copyA!.QuestionId, copyB!.QuestionId]).not.toContain(a);
    expect(copyB!.DisplayLogic).toEqual({ QuestionId: copyA!.QuestionId, Values: [1] });
    expect(copy.Quotas[0]).toMatchObject({ LimitType: 4, QuestionId: copyB!.QuestionId });
  });

  it('deletes a survey without invitees and returns its questions to the library', async () => {
    const q = await libraryQuestion();
    const survey = await withQuestions([q]);
    expect((await f.call('DELETE', `/api/surveys/${survey.Id}`)).status).toBe(204);
    expect((await f.call('GET', `/api/surveys/${survey.Id}`)).status).toBe(404);
    const [back] = await db().select().from(questions).where(eq(questions.id, q));
    expect(back).toMatchObject({ surveyId: null, flowId: null });
  });
});

describe('the list and the lookups', () => {
  it('answers the lookup without grid parameters and the grid with them, never type 7', async () => {
    const survey = await created({ Title: 'Grid zebra', JourneyStageId: id.stage });
    const lookup = await f.call('GET', '/api/surveys?isForFilter=true');
    expect(Array.isArray(lookup.json())).toBe(true);
    const page = await f.call(
      'GET',
      `/api/surveys?$filter=${encodeURIComponent("contains(Title,'zebra')")}&$top=5`,
    );
    expect(page.status, JSON.stringify(page.json())).toBe(200);
    const rows = page.json<GridPage<SurveyRow>>();
    expect(rows.Count).toBe(1);
    expect(rows.Items[0]).toMatchObject({
      Id: survey.Id,
      JourneyStageName: 'Onboarding',
      FlowCount: 1,
      InvitedCount: 0,
      LastAnswerAt: null,
    });
    const queried = await f.call('POST', '/api/surveys/query?$top=100', {
      body: { Search: 'ZEBRA', IsActive: false, Type: 1, JourneyStageId: id.stage },
    });
    expect(queried.json<GridPage<SurveyRow>>().Items.map((row) => row.Id)).toEqual([survey.Id]);
    const all = await f.call('GET', '/api/surveys?$top=1000');
    expect(all.json<GridPage<SurveyRow>>().Items.every((row) => row.Type !== 7)).toBe(true);
  });

  it('shows a wizard save in the survey lookup at once', async () => {
    const survey = await created({ Title: 'Before rename' });
    await saved(survey.Id, { Step: 'General', ...general({ Title: 'After rename' }) });
    const lookup = await f.call('GET', '/api/surveys');
    const titles = lookup.json<{ Id: number; Title: string }[]>().filter((row) => row.Id === survey.Id);
    expect(titles).toEqual([expect.objectContaining({ Title: 'After rename' })]);
    // The question picker: a placed question shows under its survey at once, and leaves it when removed.
    const question = await libraryQuestion();
    const flow = survey.Flows[0]!;
    const place = (ids: number[]) =>
      saved(survey.Id, {
        Step: 'Flow',
        Flows: [{ Id: flow.Id, Name: flow.Name, Questions: ids.map((QuestionId) => ({ QuestionId })) }],
      });
    const picker = async () =>
      (await f.call('GET', `/api/questions?surveyId=${survey.Id}`)).json<{ Id: number }[]>().map((q) => q.Id);
    await place([question]);
    expect(await picker()).toEqual([question]);
    await place([]);
    expect(await picker()).toEqual([]);
  });

  it('names the target types in the caller’s language', async () => {
    const types = await f.call('GET', '/api/surveyTargetTypes');
    expect(types.json<{ Id: number }[]>().map((type) => type.Id)).toEqual([1, 2, 3]);
  });
});

describe('prioritisation', () => {
  it('lists surveys with their limits and saves them all or nothing (4024 for a touchpoint-only survey)', async () => {
    const editable = await created({ Title: 'Prio editable' });
    await saved(editable.Id, channelStep());
    const touchpoint = await created({ Title: 'Prio touchpoint' });
    await saved(
      touchpoint.Id,
      channelStep({ Channels: [11], PrimaryChannel: 11, Templates: [{ Channel: 11, Body: 'B' }] }),
    );
    const list = await f.call('GET', '/api/survey-prioritization');
    const rows = list.json<SurveyPrioritisationRow[]>();
    expect(rows.find((row) => row.SurveyId === touchpoint.Id)?.Editable).toBe(false);
    expect(rows.find((row) => row.SurveyId === editable.Id)?.Editable).toBe(true);
    const items = [
      { SurveyId: editable.Id, MaxInvitationsPerInterval: 10, IntervalMinutes: 60 },
      { SurveyId: touchpoint.Id, MaxInvitationsPerInterval: 10, IntervalMinutes: 60 },
    ];
    await refused(
      () => f.call('PUT', '/api/survey-prioritization', { body: { Items: items } }),
      400,
      ErrorCode.PrioritisationNotEditable,
    );
    const ok = await f.call('PUT', '/api/survey-prioritization', { body: { Items: items.slice(0, 1) } });
    expect(ok.status).toBe(200);
    expect(ok.json<SurveyPrioritisationRow[]>().find((row) => row.SurveyId === editable.Id)).toMatchObject({
      MaxInvitationsPerInterval: 10,
      IntervalMinutes: 60,
    });
  });
});
