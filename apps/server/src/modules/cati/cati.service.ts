import type { z } from 'zod';
import {
  CATI_DEFAULTS,
  CATI_LIMITS,
  CatiOutcome,
  ErrorCode,
  InteractionChannel,
  reasonKey,
  type CatiCall,
  type CatiCampaign,
  type CatiQueue,
  type catiCampaignSaveSchema,
  type catiOutcomeSchema,
} from '@loupe/contracts';
import { requireTenant, type Actor } from '../../core/actor.js';
import { found } from '../../core/refusals.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import { INVITEE_MASK, isInviteeMasked } from '../alerts/index.js';
import { emitInvitationFailed } from '../integrations/index.js';
import { renderInvitationText } from '../invitations/index.js';
import { invitationLinks, inviteePlaceholderValues } from '../message-templates/index.js';
import {
  createCatiRepository,
  type CallRow,
  type CampaignRow,
  type QueueContext,
} from './cati.repository.js';

/*
 * The CATI agents' work (docs/cati.md): the queue, taking a call (one invitation per open call, claimed with SKIP
 * LOCKED and backed by the unique index of open calls), the call screen's details, and ending a call with its
 * outcome — the queue's next step, the invitation's failure or opt-out, the integration event of a failure.
 */

const MINUTE_MS = 60_000;
/** Claims of the next invitation tried when each meets another agent's claim of the same one. */
const CLAIM_ATTEMPTS = 3;
const DAY_MS = 86_400_000;

/** Failure reasons a call writes to the invitation (and its `invitation.failed` event). */
const CATI_FAILURE = {
  AttemptsExhausted: 'CatiAttemptsExhausted',
  WrongNumber: 'WrongNumber',
} as const;

type Deps = { db: Db; publicUrl: string; now?: () => Date };
type OutcomeBody = z.output<typeof catiOutcomeSchema>;
type CampaignBody = z.output<typeof catiCampaignSaveSchema>;

const iso = (value: unknown) => new Date(value as string | Date).toISOString();
const isoOrNull = (value: unknown) => (value === null || value === undefined ? null : iso(value));

export function createCatiService({ db, publicUrl, now = () => new Date() }: Deps) {
  const repository = createCatiRepository();

  const contextOf = (actor: Actor): QueueContext => ({
    tenantId: requireTenant(actor),
    userId: actor.userId,
    now: now(),
  });

  /** A call as its screen shows it; the invitee's name, phone and e-mail masked for mask:invitee. */
  async function callOf(actor: Actor, tenantId: number, callId: number): Promise<CatiCall> {
    const row: CallRow = found(await repository.call(db, tenantId, callId));
    const masked = isInviteeMasked(actor);
    const hide = (value: string | null) => (masked && value !== null ? INVITEE_MASK : value);
    const values = inviteePlaceholderValues(row);
    if (masked)
      for (const key of ['FullName', 'Email', 'MSISDN'] as const) values[key] = hide(values[key] ?? null);
    const template = (row.channel_settings?.Templates ?? []).find(
      (candidate) => candidate.Channel === InteractionChannel.Cati,
    );
    const script = template
      ? renderInvitationText(template, { invitee: values, links: invitationLinks(publicUrl, row.token) })
      : null;
    const previous = await repository.previousCalls(db, tenantId, Number(row.invitation_id), callId);
    return {
      Id: Number(row.id),
      InvitationId: Number(row.invitation_id),
      SurveyId: row.survey_id,
      SurveyName: row.survey_name,
      StartedAt: iso(row.started_at),
      SurveyPath: `/s/${row.token}?mode=agent`,
      WasCallback: row.was_callback,
      Attempts: row.attempts,
      Invitee: {
        FullName: hide(values.FullName ?? null),
        Phone: hide(row.phone),
        Email: hide(values.Email ?? null),
        Language: values.Language ?? null,
        TransactionDate: isoOrNull(row.transaction_date),
        ProductName: values.ProductName ?? null,
        ChannelName: values.TransactionChannelName ?? null,
      },
      Script: script,
      ScriptNotes: row.script_notes,
      IsCompleted: row.completed_at !== null,
      PreviousCalls: previous.map((call) => ({
        StartedAt: iso(call.started_at),
        Outcome: call.outcome,
        Note: call.note,
        AgentName: call.agent_name,
      })),
    };
  }

  /** Ends the call: the queue's next step and what the outcome does to the invitation. */
  async function applyOutcome(actor: Actor, callId: number, body: OutcomeBody) {
    const context = contextOf(actor);
    const { tenantId, userId, now: at } = context;
    const callbackAt = body.CallbackAt === null ? null : new Date(body.CallbackAt);
    if ((body.Outcome === CatiOutcome.Callback) !== (callbackAt !== null))
      throw badRequest(ErrorCode.CatiCallbackTime);
    if (
      callbackAt !== null &&
      (callbackAt.getTime() <= at.getTime() ||
        callbackAt.getTime() > at.getTime() + CATI_LIMITS.callbackDaysMax * DAY_MS)
    )
      throw badRequest(ErrorCode.CatiCallbackTime);
    if ((body.Outcome === CatiOutcome.Refused) !== (body.RefusalReason !== null))
      throw badRequest(ErrorCode.CatiRefusalReason);

    return db.transaction(async (tx) => {
      const call = found(await repository.lockOwnCall(tx, context, callId));
      if (call.endedAt !== null) throw conflict(ErrorCode.CatiCallEnded);
      const invitation = await repository.invitationForOutcome(tx, tenantId, call.invitationId);
      let refusal: { reason: string; untilDate: Date | null } | null = null;
      const queue = {
        outcome: body.Outcome,
        nextCallAt: null as Date | null,
        callbackAt: null as Date | null,
        callbackUserId: null as number | null,
        closedAt: null as Date | null,
      };
      let failure: string | null = null;
      switch (body.Outcome) {
        case CatiOutcome.Completed:
          if (invitation.completedAt === null) throw badRequest(ErrorCode.CatiNotCompleted);
          queue.closedAt = at;
          break;
        case CatiOutcome.Callback:
          queue.callbackAt = callbackAt;
          queue.nextCallAt = callbackAt;
          queue.callbackUserId = userId;
          break;
        case CatiOutcome.NoAnswer:
        case CatiOutcome.Busy: {
          const minutes =
            body.Outcome === CatiOutcome.Busy ? invitation.busyRetryMinutes : invitation.noAnswerRetryMinutes;
          if (invitation.attempts >= invitation.maxAttempts) {
            queue.closedAt = at;
            failure = CATI_FAILURE.AttemptsExhausted;
          } else queue.nextCallAt = new Date(at.getTime() + minutes * MINUTE_MS);
          break;
        }
        case CatiOutcome.WrongNumber:
          queue.closedAt = at;
          failure = CATI_FAILURE.WrongNumber;
          break;
        case CatiOutcome.Refused: {
          refusal = await refusalOf(tx, tenantId, body.RefusalReason!, at);
          queue.closedAt = at;
          break;
        }
      }
      await repository.endCall(tx, tenantId, call.id, {
        now: at,
        outcome: body.Outcome,
        callbackAt,
        refusalReason: refusal?.reason ?? null,
        note: body.Note,
      });
      await repository.setQueue(tx, tenantId, call.invitationId, queue);
      if (failure !== null) {
        await repository.failInvitation(tx, tenantId, call.invitationId, at, failure);
        // The invitation's integration event, as the invitation sender emits it (docs/integrations.md).
        await emitInvitationFailed(tx, { tenantId, invitationId: call.invitationId, reason: failure });
      }
      if (refusal !== null)
        await repository.optOutInvitation(tx, tenantId, invitation, { now: at, ...refusal });
      return { Id: call.id, Outcome: body.Outcome, EndedAt: at.toISOString() };
    });
  }

  /**
   * A refusal's reason as the system rules spell it and the opt-out's end: the reason's days from now, for ever
   * when its days are 0. A tenant without reasons takes any reason, for ever.
   */
  async function refusalOf(tx: Executor, tenantId: number, given: string, at: Date) {
    const reasons = await repository.refusalReasons(tx, tenantId);
    if (reasons.length === 0) return { reason: given, untilDate: null };
    const match = reasons.find((reason) => reasonKey(reason.Reason) === reasonKey(given));
    if (!match) throw badRequest(ErrorCode.CatiRefusalReason);
    return {
      reason: match.Reason,
      untilDate: match.Days > 0 ? new Date(at.getTime() + match.Days * DAY_MS) : null,
    };
  }

  const campaignOf = (row: CampaignRow): CatiCampaign => ({
    SurveyId: row.survey_id,
    SurveyName: row.survey_name,
    Priority: row.priority ?? CATI_DEFAULTS.priority,
    DailyQuota: row.daily_quota ?? CATI_DEFAULTS.dailyQuota,
    MaxAttempts: row.max_attempts ?? CATI_DEFAULTS.maxAttempts,
    NoAnswerRetryMinutes: row.no_answer_retry_minutes ?? CATI_DEFAULTS.noAnswerRetryMinutes,
    BusyRetryMinutes: row.busy_retry_minutes ?? CATI_DEFAULTS.busyRetryMinutes,
    ScriptNotes: row.script_notes,
  });

  return {
    async queue(actor: Actor): Promise<CatiQueue> {
      const context = contextOf(actor);
      const masked = isInviteeMasked(actor);
      const hide = (value: string | null) => (masked && value !== null ? INVITEE_MASK : value);
      const [rows, surveys] = [
        await repository.queue(db, context, CATI_LIMITS.queueMax),
        await repository.queueSurveys(db, context),
      ];
      const Surveys = surveys.map((survey) => ({
        SurveyId: survey.survey_id,
        SurveyName: survey.survey_name,
        Priority: survey.priority,
        DailyQuota: survey.daily_quota,
        CompletedToday: survey.completed_today,
        QuotaReached: survey.daily_quota > 0 && survey.completed_today >= survey.daily_quota,
        Waiting: survey.waiting,
      }));
      return {
        Items: rows.map((row) => ({
          InvitationId: Number(row.invitation_id),
          SurveyId: row.survey_id,
          SurveyName: row.survey_name,
          InviteeFullName: hide(row.full_name),
          Phone: hide(row.phone),
          Language: row.language,
          Priority: row.priority,
          Attempts: row.attempts,
          LastOutcome: row.last_outcome,
          CallbackAt: isoOrNull(row.callback_at),
          IsCallbackDue: row.is_due,
          IsMyCallback: row.callback_at !== null && row.callback_user_id === context.userId,
          ExpiresAt: isoOrNull(row.expires_at),
        })),
        Count: Surveys.reduce((sum, survey) => sum + (survey.QuotaReached ? 0 : survey.Waiting), 0),
        Surveys,
      };
    },

    /**
     * Takes the next waiting invitation, or the given one: 409 19303 when the caller is on a call, 409 19301 when
     * nothing (or not that one) waits, 409 19302 when another agent's claim won the race.
     */
    async start(actor: Actor, invitationId: number | null): Promise<CatiCall> {
      const context = contextOf(actor);
      const claim = () =>
        db.transaction(async (tx) => {
          await repository.lockAgent(tx, context.userId);
          if ((await repository.openCallOf(tx, context.tenantId, context.userId)) !== undefined)
            throw conflict(ErrorCode.CatiCallOpen);
          if (
            invitationId !== null &&
            !(await repository.invitationExists(tx, context.tenantId, invitationId))
          )
            throw notFound();
          const claimed = await repository.claim(tx, context, invitationId);
          if (!claimed) throw conflict(ErrorCode.CatiQueueEmpty);
          return repository.startCall(tx, context, {
            invitationId: Number(claimed.invitation_id),
            surveyId: claimed.survey_id,
            wasCallback: claimed.is_due,
          });
        });
      // A claim that met another agent's (the unique index of open calls refused it) tries the next invitation,
      // a few times; the one asked for by id is simply taken (19302).
      for (let attempt = 1; ; attempt++) {
        try {
          return callOf(actor, context.tenantId, await claim());
        } catch (error) {
          if (error instanceof AppError || !isUniqueViolation(error)) throw error;
          if (invitationId !== null || attempt >= CLAIM_ATTEMPTS)
            throw conflict(ErrorCode.CatiInvitationTaken);
        }
      }
    },

    async current(actor: Actor): Promise<CatiCall | null> {
      const tenantId = requireTenant(actor);
      const callId = await repository.openCallOf(db, tenantId, actor.userId);
      return callId === undefined ? null : callOf(actor, tenantId, callId);
    },

    outcome: applyOutcome,

    async refusalReasons(actor: Actor) {
      return { Reasons: await repository.refusalReasons(db, requireTenant(actor)) };
    },

    async campaigns(actor: Actor): Promise<CatiCampaign[]> {
      return (await repository.campaigns(db, requireTenant(actor))).map(campaignOf);
    },

    /** 404 for another tenant's survey, 400 4039 for a survey without the CATI channel. */
    async saveCampaign(actor: Actor, surveyId: number, body: CampaignBody): Promise<CatiCampaign> {
      const tenantId = requireTenant(actor);
      const [survey] = await repository.campaigns(db, tenantId, surveyId);
      if (!survey) throw notFound();
      if (!survey.offers_cati) throw badRequest(ErrorCode.SurveyChannelNotOffered);
      await repository.saveCampaign(
        db,
        tenantId,
        surveyId,
        {
          priority: body.Priority,
          dailyQuota: body.DailyQuota,
          maxAttempts: body.MaxAttempts,
          noAnswerRetryMinutes: body.NoAnswerRetryMinutes,
          busyRetryMinutes: body.BusyRetryMinutes,
          scriptNotes: body.ScriptNotes,
        },
        now(),
      );
      const [saved] = await repository.campaigns(db, tenantId, surveyId);
      return campaignOf(saved!);
    },
  };
}
