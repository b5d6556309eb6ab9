import {
  ErrorCode,
  InteractionChannel,
  SURVEY_LIMITS,
  SurveyType,
  hasAnyScope,
  quotaCronWithinSchedule,
  wizardStepNumber,
  type FlowSave,
  type InvitationTemplate,
  type LanguageCode,
  type QuotaSave,
  type Scope,
  type SurveyAudience,
  type SurveyChannel,
  type SurveyDetail,
  type SurveyGeneral,
  type SurveyPrioritisationRow,
  type SurveyPrioritisationSave,
  type SurveyStepSave,
  type TestUser,
  type testInvitationSchema,
} from '@loupe/contracts';
import type { z } from 'zod';
import type { InvitationService } from '../invitations/index.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { refusingConflicts } from '../../db/refusing-conflicts.js';
import { badRequest, forbidden, notFound } from '../../errors.js';
import { requireTenant, type Actor } from '../../core/actor.js';
import { labelsChanged } from '../../core/labels-version.js';
import { fieldRefusal, fieldTaken, invalidField } from '../../core/refusals.js';
import { checkedConditions } from './survey-conditions.js';
import type { QuestionRecord, SurveyRecord, SurveyRepository } from './survey.repository.js';

type TestInvitation = z.infer<typeof testInvitationSchema>;

/** Channel settings kept in `surveys.channel_settings`. */
type ChannelSettings = Pick<SurveyChannel, 'Templates' | 'ExpiryDays' | 'Reminder'>;

const integrationCodeUsed = () => fieldTaken(ErrorCode.SurveyIntegrationCodeUsed, 'IntegrationCode');
const refusal = (code: ErrorCode, path: string, message: string) => fieldRefusal(code, path, message);

/** The name of the flow a new survey starts with, in the survey's language. */
const FIRST_FLOW_NAME: Partial<Record<LanguageCode, string>> = { tr: 'Ana akış', ar: 'المسار الرئيسي' };
/** What a clone's title ends with, in the caller's language. */
const COPY_SUFFIX: Partial<Record<string, string>> = { tr: ' (kopya)', ar: ' (نسخة)' };
const TARGET_TYPE_NAMES: Record<number, { tr: string; en: string }> = {
  1: { tr: 'İşlem sonrası', en: 'Transactional' },
  2: { tr: 'İlişkisel (periyodik)', en: 'Relationship (periodic)' },
  3: { tr: 'Hedefli liste', en: 'Targeted list' },
};

const WRITE_SCOPE: Record<number, Scope> = {
  [SurveyType.Own]: 'survey:manage',
  [SurveyType.External]: 'externalSurvey:manage',
};

/** survey:manage changes the product's own surveys, externalSurvey:manage the external ones (type 4). */
function assertMayWrite(actor: Actor, type: number): void {
  const scope = WRITE_SCOPE[type];
  if (!scope || !hasAnyScope(actor.scopes, [scope])) throw forbidden();
}

function channelSettingsOf(survey: SurveyRecord): ChannelSettings {
  const settings = (survey.channelSettings ?? {}) as Partial<ChannelSettings>;
  return {
    Templates: settings.Templates ?? [],
    ExpiryDays: settings.ExpiryDays ?? null,
    Reminder: settings.Reminder ?? null,
  };
}

/** False for a survey with no invitation channel and a touchpoint primary channel (surveys spec §5). */
function prioritisable(survey: SurveyRecord): boolean {
  const invitationChannels = survey.channels.filter((channel) => channel !== InteractionChannel.Touchpoint);
  return !(invitationChannels.length === 0 && survey.primaryChannel === InteractionChannel.Touchpoint);
}

/**
 * Surveys and their six-step wizard (surveys spec §2-§5; docs/surveys-wizard.md). Every write runs in one
 * transaction, so a refusal changes nothing; the audit trail records it (audited-routes.ts).
 */
/** What sends a test invitation (modules/invitations): in the request's transaction, then woken after it. */
type TestInvitationSender = Pick<InvitationService, 'createTestInvitations' | 'wake'>;

export function createSurveyService({
  db,
  repository,
  testInvitations,
}: {
  db: Db;
  repository: SurveyRepository;
  testInvitations?: TestInvitationSender;
}) {
  async function existing(executor: Executor, tenantId: number, id: number): Promise<SurveyRecord> {
    const survey = await repository.find(executor, tenantId, id);
    if (!survey) throw notFound();
    return survey;
  }

  /** One transaction; once it commits, widget answers stop reusing labels read before it. */
  async function writing<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    const result = await refusingConflicts(() => db.transaction(work), { onDuplicate: integrationCodeUsed });
    labelsChanged();
    return result;
  }

  async function detail(executor: Executor, survey: SurveyRecord): Promise<SurveyDetail> {
    const [flows, placed, quotas, inviteeCount, answerCount] = [
      await repository.flows(executor, survey.id),
      await repository.questionsOf(executor, survey.id),
      await repository.quotas(executor, survey.id),
      await repository.inviteeCount(executor, survey.id),
      await repository.answerCount(executor, survey.id),
    ];
    const settings = channelSettingsOf(survey);
    return {
      Id: survey.id,
      Title: survey.title,
      ExecutionTitle: survey.executionTitle,
      Language: survey.language,
      JourneyStageId: survey.journeyStageId,
      Type: survey.type,
      TargetType: survey.targetType,
      AnonymisedAnswers: survey.anonymisedAnswers,
      RedirectUrl: survey.redirectUrl,
      RedirectSeconds: survey.redirectSeconds,
      OpeningMessage: survey.openingMessage,
      ClosingMessage: survey.closingMessage,
      CacheTime: survey.cacheTime,
      IntegrationCode: survey.integrationCode,
      IsActive: survey.isActive,
      WizardStep: survey.wizardStep,
      Flows: flows.map((flow) => ({
        Id: flow.id,
        Name: flow.name,
        IsActive: flow.isActive,
        Questions: placed
          .filter((q) => q.flowId === flow.id && q.parentId === null && !q.isDeleted)
          .map((q) => ({
            QuestionId: q.id,
            Text: q.text,
            QuestionTypeName: q.type,
            ExperienceId: q.experienceId,
            IsMeasurement: q.isMeasurement,
            PageBreakAfter: q.pageBreakAfter,
            DisplayLogic: (q.displayLogic ??
              null) as SurveyDetail['Flows'][number]['Questions'][number]['DisplayLogic'],
          })),
      })),
      Audience: { Conditions: ((survey.audience ?? {}) as Partial<SurveyAudience>).Conditions ?? [] },
      Channel: {
        Channels: survey.channels as SurveyChannel['Channels'],
        PrimaryChannel: survey.primaryChannel as SurveyChannel['PrimaryChannel'],
        ...settings,
        CommunicationFrequencyDays: survey.communicationFrequencyDays,
      },
      Quotas: quotas.map((quota) => ({
        Id: quota.id,
        Name: quota.name,
        LimitType: quota.limitType as QuotaSave['LimitType'],
        Limit: quota.limit,
        QuestionId: quota.questionId,
        Conditions: quota.conditions as QuotaSave['Conditions'],
        RefreshCron: quota.refreshCron,
        PresentationFrequency: quota.presentationFrequency as QuotaSave['PresentationFrequency'],
      })),
      InviteeCount: inviteeCount,
      AnswerCount: answerCount,
      CreatedAt: survey.createdAt.toISOString(),
      UpdatedAt: survey.updatedAt.toISOString(),
    };
  }

  async function read(executor: Executor, tenantId: number, id: number): Promise<SurveyDetail> {
    return detail(executor, await existing(executor, tenantId, id));
  }

  // ------------------------------------------------------------------------------------------ general info

  async function generalValues(tx: Executor, tenantId: number, body: SurveyGeneral, exceptId?: number) {
    if (
      body.IntegrationCode &&
      (await repository.integrationCodeTaken(tx, tenantId, body.IntegrationCode, exceptId))
    )
      throw integrationCodeUsed();
    if (
      body.JourneyStageId !== null &&
      !(await repository.journeyStageExists(tx, tenantId, body.JourneyStageId))
    )
      throw refusal(ErrorCode.AudienceConditionInvalid, 'JourneyStageId', 'Unknown journey stage.');
    return {
      title: body.Title,
      executionTitle: body.ExecutionTitle ?? null,
      language: body.Language,
      journeyStageId: body.JourneyStageId,
      type: body.Type,
      targetType: body.TargetType,
      anonymisedAnswers: body.AnonymisedAnswers,
      redirectUrl: body.RedirectUrl ?? null,
      redirectSeconds: body.RedirectSeconds ?? null,
      openingMessage: body.OpeningMessage ?? null,
      closingMessage: body.ClosingMessage ?? null,
      cacheTime: body.CacheTime ?? null,
      integrationCode: body.IntegrationCode || null,
    };
  }

  // ------------------------------------------------------------------------------------------- flow design

  /** Flow rules 4025, 4014, 4013, 4015 on the flows as sent; answers the questions they name by id. */
  async function checkFlows(
    tx: Executor,
    tenantId: number,
    survey: SurveyRecord,
    flows: FlowSave[],
  ): Promise<Map<number, QuestionRecord>> {
    const existingFlowIds = new Set((await repository.flows(tx, survey.id)).map((flow) => flow.id));
    const seenFlows = new Set<number>();
    for (const [index, flow] of flows.entries()) {
      if (flow.Id === undefined) continue;
      if (!existingFlowIds.has(flow.Id) || seenFlows.has(flow.Id))
        throw invalidField(`Flows.${index}.Id`, 'Unknown flow.');
      seenFlows.add(flow.Id);
    }
    const seen = new Set<number>();
    for (const [index, flow] of flows.entries()) {
      for (const [position, question] of flow.Questions.entries()) {
        if (seen.has(question.QuestionId))
          throw refusal(
            ErrorCode.QuestionPlacedTwice,
            `Flows.${index}.Questions.${position}.QuestionId`,
            'Placed twice.',
          );
        seen.add(question.QuestionId);
      }
    }
    const found = new Map(
      (await repository.placeable(tx, tenantId, [...seen])).map((question) => [question.id, question]),
    );
    const measurement = await repository.measurementTypes(
      tx,
      [...found.values()].flatMap((q) =>
        q.isMeasurement && q.experienceId !== null ? [q.experienceId] : [],
      ),
    );
    const choices = await repository.choiceValues(tx, [...seen]);
    for (const [index, flow] of flows.entries()) {
      const perType = new Map<string, number>();
      const measured = new Set<number>();
      const earlier = new Set<number>();
      for (const [position, placed] of flow.Questions.entries()) {
        const at = `Flows.${index}.Questions.${position}`;
        const question = found.get(placed.QuestionId);
        // A removed question may come back to its own survey; another's removed question is not placeable.
        if (!question || (question.isDeleted && question.surveyId !== survey.id))
          throw invalidField(`${at}.QuestionId`, 'Unknown question.');
        const typeCount = (perType.get(question.type) ?? 0) + 1;
        perType.set(question.type, typeCount);
        const typeMax = (SURVEY_LIMITS.questionsPerTypeMax as Record<string, number>)[question.type];
        if (typeMax !== undefined && typeCount > typeMax)
          throw refusal(
            ErrorCode.QuestionLimitReached,
            `${at}.QuestionId`,
            `At most ${typeMax} ${question.type}.`,
          );
        const type = question.experienceId === null ? undefined : measurement.get(question.experienceId);
        if (question.isMeasurement && type !== undefined) {
          if (measured.has(type))
            throw refusal(
              ErrorCode.MeasurementQuestionDuplicate,
              `${at}.QuestionId`,
              'Measurement type taken.',
            );
          measured.add(type);
        }
        const logic = placed.DisplayLogic;
        if (logic) {
          const values = choices.get(logic.QuestionId);
          if (!earlier.has(logic.QuestionId) || !values || logic.Values.some((value) => !values.has(value)))
            throw refusal(ErrorCode.DisplayLogicInvalid, `${at}.DisplayLogic`, 'Invalid display logic.');
        }
        earlier.add(placed.QuestionId);
      }
    }
    return found;
  }

  async function saveFlows(tx: Executor, tenantId: number, survey: SurveyRecord, flows: FlowSave[]) {
    const found = await checkFlows(tx, tenantId, survey, flows);
    const before = await repository.flows(tx, survey.id);
    const current = (await repository.questionsOf(tx, survey.id)).filter((q) => q.parentId === null);
    const kept = new Set<number>();
    const flowIds: number[] = [];
    for (const flow of flows) {
      if (flow.Id === undefined) {
        flowIds.push(
          await repository.insertFlow(tx, {
            tenantId,
            surveyId: survey.id,
            name: flow.Name,
            isActive: flow.IsActive,
          }),
        );
      } else {
        await repository.updateFlow(tx, flow.Id, { name: flow.Name, isActive: flow.IsActive });
        flowIds.push(flow.Id);
      }
    }
    for (const [index, flow] of flows.entries()) {
      const flowId = flowIds[index]!;
      // Input id -> placed id: a copy has a new id, and later display logic names it by the one sent.
      const placedIds = new Map<number, number>();
      for (const [position, placed] of flow.Questions.entries()) {
        const question = found.get(placed.QuestionId)!;
        const displayLogic = placed.DisplayLogic
          ? { ...placed.DisplayLogic, QuestionId: placedIds.get(placed.DisplayLogic.QuestionId)! }
          : null;
        const where = {
          surveyId: survey.id,
          flowId,
          position,
          pageBreakAfter: placed.PageBreakAfter,
          displayLogic,
        };
        if (question.surveyId === null || question.surveyId === survey.id) {
          await repository.place(tx, question.id, where);
          kept.add(question.id);
          placedIds.set(placed.QuestionId, question.id);
        } else {
          placedIds.set(placed.QuestionId, await repository.copyQuestion(tx, question, where));
        }
      }
    }
    const removed = current.filter((q) => !kept.has(q.id) && !q.isDeleted).map((q) => q.id);
    const answered = await repository.answered(tx, removed);
    await repository.retire(
      tx,
      removed.filter((id) => answered.has(id)),
    );
    await repository.unplace(
      tx,
      removed.filter((id) => !answered.has(id)),
    );
    const dropped = before.filter((flow) => !flowIds.includes(flow.id)).map((flow) => flow.id);
    if (dropped.length > 0 && (await repository.flowsWithSessions(tx, dropped)))
      throw invalidField('Flows', 'A flow with answers cannot be removed; deactivate it instead.');
    await repository.removeFlows(tx, dropped);
  }

  // ------------------------------------------------------------------------------------------------ channel

  function channelValues(body: SurveyChannel) {
    const channels = [...new Set(body.Channels)].sort((a, b) => a - b);
    if (channels.length === 0) throw refusal(ErrorCode.ChannelRequired, 'Channels', 'Choose a channel.');
    if (body.PrimaryChannel === null || !channels.includes(body.PrimaryChannel))
      throw refusal(ErrorCode.PrimaryChannelNotChosen, 'PrimaryChannel', 'Not among the channels.');
    const templates: InvitationTemplate[] = [];
    for (const channel of channels) {
      const index = body.Templates.findIndex((template) => template.Channel === channel);
      const template = body.Templates[index];
      if (!template) throw refusal(ErrorCode.InvitationTemplateMissing, 'Templates', `Channel ${channel}.`);
      const needsSubject = channel === InteractionChannel.Email;
      if (needsSubject && !template.Subject) throw invalidField(`Templates.${index}.Subject`, 'Required.');
      templates.push({
        Channel: channel,
        Subject: needsSubject ? template.Subject : null,
        Body: template.Body,
      });
    }
    const settings: ChannelSettings = {
      Templates: templates,
      ExpiryDays: body.ExpiryDays,
      Reminder: body.Reminder,
    };
    return {
      channels,
      primaryChannel: body.PrimaryChannel,
      channelSettings: settings,
      // 0 and none alike: no limit.
      communicationFrequencyDays: body.CommunicationFrequencyDays || null,
    };
  }

  // -------------------------------------------------------------------------------------------------- quota

  async function saveQuotas(tx: Executor, tenantId: number, surveyId: number, quotas: QuotaSave[]) {
    const before = await repository.quotas(tx, surveyId);
    const beforeIds = new Set(before.map((quota) => quota.id));
    const live = new Set(
      (await repository.questionsOf(tx, surveyId))
        .filter((q) => !q.isDeleted && q.flowId !== null)
        .map((q) => q.id),
    );
    const rows = [];
    for (const [index, quota] of quotas.entries()) {
      const at = `Quotas.${index}`;
      if (quota.Id !== undefined && !beforeIds.has(quota.Id))
        throw invalidField(`${at}.Id`, 'Unknown quota.');
      const isQuestionQuota = quota.LimitType === 4;
      if (isQuestionQuota && (quota.QuestionId == null || !live.has(quota.QuestionId)))
        throw invalidField(`${at}.QuestionId`, 'A question of this survey is required.');
      if (quota.RefreshCron && !quotaCronWithinSchedule(quota.RefreshCron))
        throw refusal(ErrorCode.QuotaCronOutsideSchedule, `${at}.RefreshCron`, 'Outside the job schedule.');
      const conditions = await checkedConditions(
        tx,
        repository,
        tenantId,
        quota.Conditions,
        `${at}.Conditions`,
      );
      rows.push({
        id: quota.Id,
        values: {
          name: quota.Name,
          limitType: quota.LimitType,
          limit: quota.Limit,
          questionId: isQuestionQuota ? quota.QuestionId! : null,
          conditions,
          refreshCron: quota.RefreshCron || null,
          presentationFrequency: quota.PresentationFrequency,
          position: index,
        },
      });
    }
    const keptIds = new Set(rows.flatMap((row) => (row.id === undefined ? [] : [row.id])));
    await repository.removeQuotas(
      tx,
      [...beforeIds].filter((id) => !keptIds.has(id)),
    );
    for (const row of rows) {
      if (row.id === undefined) await repository.insertQuota(tx, { tenantId, surveyId, ...row.values });
      else await repository.updateQuota(tx, row.id, row.values);
    }
  }

  // ------------------------------------------------------------------------------------------------ activate

  async function assertActivatable(tx: Executor, surveyId: number): Promise<void> {
    const flows = (await repository.flows(tx, surveyId)).filter((flow) => flow.isActive);
    const questions = await repository.questionsOf(tx, surveyId);
    const ready = flows.some((flow) =>
      questions.some((q) => q.flowId === flow.id && q.parentId === null && !q.isDeleted),
    );
    if (!ready) throw badRequest(ErrorCode.SurveyWithoutFlow);
  }

  async function setActive(tx: Executor, survey: SurveyRecord, isActive: boolean, extra = {}): Promise<void> {
    if (isActive) await assertActivatable(tx, survey.id);
    await repository.update(tx, survey.id, { isActive, ...extra });
  }

  // ------------------------------------------------------------------------------------------------- clone

  async function cloneQuestionsAndQuotas(
    tx: Executor,
    tenantId: number,
    source: SurveyRecord,
    copyId: number,
  ) {
    const placed = (await repository.questionsOf(tx, source.id)).filter(
      (q) => q.parentId === null && !q.isDeleted,
    );
    const newIds = new Map<number, number>();
    for (const flow of await repository.flows(tx, source.id)) {
      const flowId = await repository.insertFlow(tx, {
        tenantId,
        surveyId: copyId,
        name: flow.name,
        isActive: flow.isActive,
      });
      for (const question of placed.filter((q) => q.flowId === flow.id)) {
        newIds.set(
          question.id,
          await repository.copyQuestion(tx, question, {
            surveyId: copyId,
            flowId,
            position: question.position,
          }),
        );
      }
    }
    for (const [oldId, newId] of newIds) {
      const logic = placed.find((q) => q.id === oldId)?.displayLogic as { QuestionId: number } | null;
      const mapped = logic ? newIds.get(logic.QuestionId) : undefined;
      await repository.setDisplayLogic(tx, newId, logic && mapped ? { ...logic, QuestionId: mapped } : null);
    }
    for (const quota of await repository.quotas(tx, source.id)) {
      const questionId = quota.questionId === null ? null : (newIds.get(quota.questionId) ?? null);
      if (quota.limitType === 4 && questionId === null) continue;
      const { id: _id, surveyId: _s, ...values } = quota;
      await repository.insertQuota(tx, { ...values, tenantId, surveyId: copyId, questionId });
    }
  }

  return {
    async get(actor: Actor, id: number): Promise<SurveyDetail> {
      return read(db, requireTenant(actor), id);
    },

    async create(actor: Actor, body: SurveyGeneral): Promise<SurveyDetail> {
      const tenantId = requireTenant(actor);
      assertMayWrite(actor, body.Type);
      const id = await writing(async (tx) => {
        const values = await generalValues(tx, tenantId, body);
        const surveyId = await repository.insert(tx, { tenantId, ...values, isActive: false, wizardStep: 1 });
        const name = FIRST_FLOW_NAME[body.Language] ?? 'Main flow';
        await repository.insertFlow(tx, { tenantId, surveyId, name, isActive: true });
        return surveyId;
      });
      return read(db, tenantId, id);
    },

    async saveStep(actor: Actor, id: number, body: SurveyStepSave): Promise<SurveyDetail> {
      const tenantId = requireTenant(actor);
      await writing(async (tx) => {
        const survey = await existing(tx, tenantId, id);
        assertMayWrite(actor, survey.type);
        const wizardStep = Math.max(survey.wizardStep, wizardStepNumber(body.Step));
        switch (body.Step) {
          case 'General': {
            assertMayWrite(actor, body.Type);
            const values = await generalValues(tx, tenantId, body, id);
            await repository.update(tx, id, { ...values, wizardStep });
            return;
          }
          case 'Flow':
            await saveFlows(tx, tenantId, survey, body.Flows);
            await repository.update(tx, id, { wizardStep });
            return;
          case 'Audience': {
            const Conditions = await checkedConditions(
              tx,
              repository,
              tenantId,
              body.Conditions,
              'Conditions',
            );
            await repository.update(tx, id, { audience: { Conditions }, wizardStep });
            return;
          }
          case 'Channel':
            await repository.update(tx, id, { ...channelValues(body), wizardStep });
            return;
          case 'Quota':
            await saveQuotas(tx, tenantId, id, body.Quotas);
            await repository.update(tx, id, { wizardStep });
            return;
          case 'Activate':
            await setActive(tx, survey, body.IsActive, { wizardStep });
        }
      });
      return read(db, tenantId, id);
    },

    async setStatus(actor: Actor, id: number, isActive: boolean): Promise<SurveyDetail> {
      const tenantId = requireTenant(actor);
      await writing(async (tx) => {
        const survey = await existing(tx, tenantId, id);
        assertMayWrite(actor, survey.type);
        await setActive(tx, survey, isActive);
      });
      return read(db, tenantId, id);
    },

    async remove(actor: Actor, id: number): Promise<void> {
      const tenantId = requireTenant(actor);
      await writing(async (tx) => {
        const survey = await existing(tx, tenantId, id);
        assertMayWrite(actor, survey.type);
        const invited = await repository.inviteeCount(tx, id);
        if (invited > 0 || (await repository.sessionCount(tx, id)) > 0)
          throw badRequest(ErrorCode.SurveyHasInvitees, [{ Path: 'InviteeCount', Message: String(invited) }]);
        const placed = (await repository.questionsOf(tx, id)).filter((q) => q.parentId === null);
        await repository.unplace(
          tx,
          placed.map((q) => q.id),
        );
        await repository.remove(tx, id);
      });
    },

    async clone(actor: Actor, id: number, language: string): Promise<SurveyDetail> {
      const tenantId = requireTenant(actor);
      const copyId = await writing(async (tx) => {
        const source = await existing(tx, tenantId, id);
        assertMayWrite(actor, source.type);
        const suffix = COPY_SUFFIX[language] ?? ' (copy)';
        const { id: _id, createdAt: _c, updatedAt: _u, ...fields } = source;
        const copyId = await repository.insert(tx, {
          ...fields,
          title: `${source.title.slice(0, SURVEY_LIMITS.titleMax - suffix.length)}${suffix}`,
          integrationCode: null,
          isActive: false,
          wizardStep: Math.min(source.wizardStep, wizardStepNumber('Activate') - 1),
        });
        await cloneQuestionsAndQuotas(tx, tenantId, source, copyId);
        return copyId;
      });
      return read(db, tenantId, copyId);
    },

    async testInvitation(actor: Actor, id: number, body: TestInvitation): Promise<{ Id: number }> {
      const tenantId = requireTenant(actor);
      const answer = await writing(async (tx) => {
        const survey = await existing(tx, tenantId, id);
        assertMayWrite(actor, survey.type);
        if (!survey.isActive) throw badRequest(ErrorCode.TestInvitationSurveyInactive);
        const testUsers = new Set((await repository.testUsers(tx, tenantId)).map((user) => user.Id));
        const ids = [...new Set(body.TestUserIds)];
        if (ids.some((userId) => !testUsers.has(userId)))
          throw refusal(ErrorCode.TestUserUnknown, 'TestUserIds', 'Not a test user of this tenant.');
        const Id = await repository.insertTestInvitation(tx, {
          tenantId,
          surveyId: id,
          testUserIds: ids,
          channel: body.Channel,
          requestedBy: actor.userId,
        });
        // Sent now: one invitation per test user, queued in this transaction (sent_at stamped once delivered).
        await testInvitations?.createTestInvitations(tx, {
          id: Id,
          tenantId,
          surveyId: id,
          testUserIds: ids,
          channel: body.Channel,
        });
        return { Id };
      });
      testInvitations?.wake();
      return answer;
    },

    testUsers: (actor: Actor): Promise<TestUser[]> => repository.testUsers(db, requireTenant(actor)),

    targetTypes: (language: string) =>
      Object.entries(TARGET_TYPE_NAMES).map(([id, names]) => ({
        Id: Number(id),
        Name: language === 'tr' ? names.tr : names.en,
      })),

    async prioritisation(actor: Actor): Promise<SurveyPrioritisationRow[]> {
      const rows = await repository.prioritisable(db, requireTenant(actor));
      return rows.map((survey) => ({
        SurveyId: survey.id,
        Title: survey.title,
        IsActive: survey.isActive,
        Channels: survey.channels,
        PrimaryChannel: survey.primaryChannel,
        MaxInvitationsPerInterval: survey.maxInvitationsPerInterval,
        IntervalMinutes: survey.intervalMinutes,
        Editable: prioritisable(survey),
      }));
    },

    async savePrioritisation(
      actor: Actor,
      body: SurveyPrioritisationSave,
    ): Promise<SurveyPrioritisationRow[]> {
      const tenantId = requireTenant(actor);
      await writing(async (tx) => {
        const ids = body.Items.map((item) => item.SurveyId);
        const found = new Map((await repository.prioritisable(tx, tenantId, ids)).map((s) => [s.id, s]));
        const seen = new Set<number>();
        for (const [index, item] of body.Items.entries()) {
          const survey = found.get(item.SurveyId);
          if (!survey || seen.has(item.SurveyId))
            throw invalidField(`Items.${index}.SurveyId`, 'Unknown survey.');
          seen.add(item.SurveyId);
          assertMayWrite(actor, survey.type);
          if (!prioritisable(survey))
            throw refusal(ErrorCode.PrioritisationNotEditable, `Items.${index}.SurveyId`, 'Not editable.');
          if ((item.MaxInvitationsPerInterval === null) !== (item.IntervalMinutes === null))
            throw invalidField(`Items.${index}.IntervalMinutes`, 'Both or neither.');
        }
        for (const item of body.Items) {
          await repository.update(tx, item.SurveyId, {
            maxInvitationsPerInterval: item.MaxInvitationsPerInterval,
            intervalMinutes: item.IntervalMinutes,
          });
        }
      });
      return this.prioritisation(actor);
    },
  };
}
