import { sql, type SQL } from 'drizzle-orm';
import { CATI_DEFAULTS, CATI_LIMITS, CatiOutcome, InteractionChannel } from '@loupe/contracts';
import { optedOutSql } from '../../core/optouts.js';
import type { Executor } from '../../db/executor.js';
import { rowsOf } from '../../db/rows-of.js';
import { INVITEE_PLACEHOLDER_COLUMNS, INVITEE_PLACEHOLDER_JOINS } from '../message-templates/index.js';

/*
 * What the CATI module reads and writes (docs/cati.md). Every statement names the caller's tenant. The queue is
 * one query (`waiting`) read three ways: the agent's list, the counts, and the claim of one invitation with
 * `FOR UPDATE OF inv SKIP LOCKED`, so that the list an agent sees and the invitation a call takes follow one rule.
 */

const DAY_MS = 86_400_000;
const CATI = InteractionChannel.Cati;

/** Who asks and when: the queue's rule depends on both (a callback promised by the caller, the retry waits). */
export type QueueContext = { tenantId: number; userId: number; now: Date };

const at = (value: Date) => sql`${value.toISOString()}::timestamptz`;

/** The UTC day of `now`, as the daily quota counts it: [start, end). */
function utcDayOf(now: Date): { start: Date; end: Date } {
  const start = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  return { start, end: new Date(start.getTime() + DAY_MS) };
}

/**
 * `open_surveys`: the tenant's surveys a respondent page would show (active, wizard finished, an active flow —
 * the respondent module's "Open" rule), each with its campaign settings (or the defaults) and today's completed
 * calls against its daily quota.
 */
function openSurveys({ tenantId, now }: QueueContext): SQL {
  const day = utcDayOf(now);
  return sql`open_surveys AS (
      SELECT s.id, s.title, (${CATI} = ANY(s.channels)) AS offers_cati,
        coalesce(c.priority, ${CATI_DEFAULTS.priority}::smallint)::int AS priority,
        coalesce(c.daily_quota, ${CATI_DEFAULTS.dailyQuota}::integer) AS daily_quota,
        (SELECT count(*) FROM cati_calls k WHERE k.tenant_id = s.tenant_id AND k.survey_id = s.id
           AND k.outcome = ${CatiOutcome.Completed} AND k.ended_at >= ${at(day.start)} AND k.ended_at < ${at(day.end)}
        )::int AS completed_today
      FROM surveys s LEFT JOIN cati_campaigns c ON c.survey_id = s.id AND c.tenant_id = s.tenant_id
      WHERE s.tenant_id = ${tenantId}::integer AND s.is_active AND s.wizard_step >= 6
        AND EXISTS (SELECT 1 FROM survey_flows f WHERE f.tenant_id = s.tenant_id AND f.survey_id = s.id AND f.is_active))`;
}

const quotaReached = sql`(s.daily_quota > 0 AND s.completed_today >= s.daily_quota)`;
const due = (now: Date) => sql`(q.callback_at IS NOT NULL AND q.callback_at <= ${at(now)})`;
const mine = (userId: number) => sql`coalesce(q.callback_user_id = ${userId}::integer, false)`;

/**
 * FROM … WHERE of the waiting CATI invitations: channel 9, not test, not completed, opted out, failed or expired,
 * no opt-out in force for the invitee, on an open survey, no open call, and in the queue (no row yet, or an open
 * row whose retry wait is over); a callback promised by another agent only `callbackHoldMinutes` after its time.
 */
function waiting({ tenantId, userId, now }: QueueContext): SQL {
  const hold = new Date(now.getTime() - CATI_LIMITS.callbackHoldMinutes * 60_000);
  return sql`FROM invitations inv
      JOIN open_surveys s ON s.id = inv.survey_id
      JOIN invitees i ON i.id = inv.invitee_id AND i.tenant_id = inv.tenant_id
      LEFT JOIN cati_queue q ON q.invitation_id = inv.id AND q.tenant_id = inv.tenant_id
    WHERE inv.tenant_id = ${tenantId}::integer AND inv.channel = ${CATI} AND NOT inv.is_test
      AND inv.completed_at IS NULL AND inv.opted_out_at IS NULL AND inv.failed_at IS NULL
      AND (inv.expires_at IS NULL OR inv.expires_at > ${at(now)})
      AND NOT ${optedOutSql(sql`inv.tenant_id`, sql`i.email`, sql`i.msisdn`, now)}
      AND NOT EXISTS (SELECT 1 FROM cati_calls k WHERE k.invitation_id = inv.id AND k.ended_at IS NULL)
      AND (q.invitation_id IS NULL OR (q.closed_at IS NULL AND (q.next_call_at IS NULL OR q.next_call_at <= ${at(now)})))
      AND (q.callback_at IS NULL OR q.callback_user_id IS NULL OR q.callback_user_id = ${userId}::integer
        OR q.callback_at <= ${at(hold)})`;
}

/** The queue's order: due callbacks (the caller's first, oldest first), priority, fewest attempts, soonest expiry. */
function queueOrder({ userId, now }: QueueContext): SQL {
  return sql`ORDER BY ${due(now)} DESC, (${due(now)} AND ${mine(userId)}) DESC,
      CASE WHEN ${due(now)} THEN q.callback_at END ASC, s.priority DESC, coalesce(q.attempts, 0) ASC,
      inv.expires_at ASC NULLS LAST, inv.id ASC`;
}

type QueueRow = {
  invitation_id: string | number;
  survey_id: number;
  survey_name: string;
  full_name: string | null;
  phone: string | null;
  language: string | null;
  priority: number;
  attempts: number;
  last_outcome: number | null;
  callback_at: string | Date | null;
  callback_user_id: number | null;
  is_due: boolean;
  expires_at: string | Date | null;
};

const queueColumns = (
  context: QueueContext,
) => sql`inv.id AS invitation_id, inv.survey_id, s.title AS survey_name,
    i.full_name, coalesce(i.msisdn, i.home_tel, i.work_tel) AS phone, i.language, s.priority,
    coalesce(q.attempts, 0)::int AS attempts, q.last_outcome, q.callback_at, q.callback_user_id,
    ${due(context.now)} AS is_due, inv.expires_at`;

export type CallRow = {
  id: string | number;
  invitation_id: string | number;
  survey_id: number;
  survey_name: string;
  started_at: string | Date;
  ended_at: string | Date | null;
  was_callback: boolean;
  token: string;
  completed_at: string | Date | null;
  attempts: number;
  script_notes: string | null;
  channel_settings: { Templates?: { Channel: number; Subject: string | null; Body: string }[] } | null;
  phone: string | null;
} & Record<string, unknown>;

type OpenCall = {
  id: number;
  invitationId: number;
  surveyId: number;
  endedAt: Date | null;
};

type InvitationForOutcome = {
  id: number;
  surveyId: number;
  completedAt: Date | null;
  email: string | null;
  msisdn: string | null;
  attempts: number;
  maxAttempts: number;
  noAnswerRetryMinutes: number;
  busyRetryMinutes: number;
};

export type CampaignRow = {
  survey_id: number;
  survey_name: string;
  offers_cati: boolean;
  priority: number | null;
  daily_quota: number | null;
  max_attempts: number | null;
  no_answer_retry_minutes: number | null;
  busy_retry_minutes: number | null;
  script_notes: string | null;
};

const asDate = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

export function createCatiRepository() {
  return {
    /** The first `limit` waiting invitations in the queue's order (surveys whose quota is reached left out). */
    async queue(db: Executor, context: QueueContext, limit: number): Promise<QueueRow[]> {
      return rowsOf<QueueRow>(
        db,
        sql`WITH ${openSurveys(context)}
            SELECT ${queueColumns(context)} ${waiting(context)} AND NOT ${quotaReached}
            ${queueOrder(context)} LIMIT ${limit}::integer`,
      );
    },

    /** The open surveys offering CATI or with invitations waiting: their quota and waiting counts (quota aside). */
    async queueSurveys(db: Executor, context: QueueContext) {
      return rowsOf<{
        survey_id: number;
        survey_name: string;
        priority: number;
        daily_quota: number;
        completed_today: number;
        waiting: number;
      }>(
        db,
        sql`WITH ${openSurveys(context)},
            w AS (SELECT inv.survey_id, count(*)::int AS waiting ${waiting(context)} GROUP BY inv.survey_id)
            SELECT s.id AS survey_id, s.title AS survey_name, s.priority, s.daily_quota, s.completed_today,
              coalesce(w.waiting, 0) AS waiting
            FROM open_surveys s LEFT JOIN w ON w.survey_id = s.id
            WHERE s.offers_cati OR w.waiting > 0
            ORDER BY s.priority DESC, s.title, s.id`,
      );
    },

    /** Serialises one agent's claims: two tabs of the same agent cannot both open a call. */
    async lockAgent(tx: Executor, userId: number): Promise<void> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(74022, ${userId}::integer)`);
    },

    /** The caller's open call, if any. */
    async openCallOf(db: Executor, tenantId: number, userId: number): Promise<number | undefined> {
      const [row] = await rowsOf<{ id: string | number }>(
        db,
        sql`SELECT id FROM cati_calls WHERE tenant_id = ${tenantId}::integer AND agent_user_id = ${userId}::integer
              AND ended_at IS NULL ORDER BY id LIMIT 1`,
      );
      return row ? Number(row.id) : undefined;
    },

    /** Whether the invitation is the tenant's (another tenant's id reads as missing). */
    async invitationExists(db: Executor, tenantId: number, invitationId: number): Promise<boolean> {
      const [row] = await rowsOf<{ id: string }>(
        db,
        sql`SELECT id FROM invitations WHERE id = ${invitationId}::bigint AND tenant_id = ${tenantId}::integer`,
      );
      return row !== undefined;
    },

    /**
     * Claims the next waiting invitation (or the given one when it waits), locking its row; another transaction's
     * claim skips it. Answers its id, survey and whether a due callback is served.
     */
    async claim(
      tx: Executor,
      context: QueueContext,
      invitationId: number | null,
    ): Promise<{ invitation_id: string | number; survey_id: number; is_due: boolean } | undefined> {
      const one = invitationId === null ? sql`` : sql`AND inv.id = ${invitationId}::bigint`;
      const [row] = await rowsOf<{ invitation_id: string | number; survey_id: number; is_due: boolean }>(
        tx,
        sql`WITH ${openSurveys(context)}
            SELECT inv.id AS invitation_id, inv.survey_id, ${due(context.now)} AS is_due
            ${waiting(context)} AND NOT ${quotaReached} ${one}
            ${queueOrder(context)} LIMIT 1 FOR UPDATE OF inv SKIP LOCKED`,
      );
      return row;
    },

    /** The call row, the queue's count and the invitation's first contact, for a claimed invitation. */
    async startCall(
      tx: Executor,
      { tenantId, userId, now }: QueueContext,
      claimed: { invitationId: number; surveyId: number; wasCallback: boolean },
    ): Promise<number> {
      const [call] = await rowsOf<{ id: string | number }>(
        tx,
        sql`INSERT INTO cati_calls (tenant_id, invitation_id, survey_id, agent_user_id, started_at, was_callback)
            VALUES (${tenantId}::integer, ${claimed.invitationId}::bigint, ${claimed.surveyId}::integer,
              ${userId}::integer, ${at(now)}, ${claimed.wasCallback})
            RETURNING id`,
      );
      await tx.execute(sql`INSERT INTO cati_queue (invitation_id, tenant_id, attempts)
          VALUES (${claimed.invitationId}::bigint, ${tenantId}::integer, 1)
          ON CONFLICT (invitation_id) DO UPDATE SET attempts = cati_queue.attempts + 1`);
      await tx.execute(sql`UPDATE invitations SET sent_at = coalesce(sent_at, ${at(now)})
          WHERE id = ${claimed.invitationId}::bigint AND tenant_id = ${tenantId}::integer`);
      return Number(call!.id);
    },

    /** A call with what its screen shows: the invitee's placeholders, the survey's templates, the campaign notes. */
    async call(db: Executor, tenantId: number, callId: number): Promise<CallRow | undefined> {
      const [row] = await rowsOf<CallRow>(
        db,
        sql`SELECT k.id, k.invitation_id, k.survey_id, s.title AS survey_name, k.started_at, k.ended_at,
              k.was_callback, inv.token, inv.completed_at, coalesce(q.attempts, 0)::int AS attempts, c.script_notes,
              s.channel_settings, coalesce(i.msisdn, i.home_tel, i.work_tel) AS phone, inv.invitee_id,
              ${INVITEE_PLACEHOLDER_COLUMNS}
            FROM cati_calls k
            JOIN invitations inv ON inv.id = k.invitation_id AND inv.tenant_id = k.tenant_id
            JOIN surveys s ON s.id = k.survey_id AND s.tenant_id = k.tenant_id
            JOIN invitees i ON i.id = inv.invitee_id AND i.tenant_id = inv.tenant_id
            ${INVITEE_PLACEHOLDER_JOINS}
            LEFT JOIN cati_queue q ON q.invitation_id = k.invitation_id AND q.tenant_id = k.tenant_id
            LEFT JOIN cati_campaigns c ON c.survey_id = k.survey_id AND c.tenant_id = k.tenant_id
            WHERE k.id = ${callId}::bigint AND k.tenant_id = ${tenantId}::integer`,
      );
      return row;
    },

    /** The invitation's other calls, newest first. */
    async previousCalls(db: Executor, tenantId: number, invitationId: number, callId: number) {
      return rowsOf<{
        started_at: string | Date;
        outcome: number | null;
        note: string | null;
        agent_name: string;
      }>(
        db,
        sql`SELECT k.started_at, k.outcome, k.note, u.full_name AS agent_name
            FROM cati_calls k JOIN users u ON u.id = k.agent_user_id
            WHERE k.tenant_id = ${tenantId}::integer AND k.invitation_id = ${invitationId}::bigint
              AND k.id <> ${callId}::bigint
            ORDER BY k.started_at DESC, k.id DESC LIMIT 20`,
      );
    },

    /** The caller's own call, locked for its outcome. */
    async lockOwnCall(tx: Executor, context: QueueContext, callId: number): Promise<OpenCall | undefined> {
      const [row] = await rowsOf<Record<string, unknown>>(
        tx,
        sql`SELECT id, invitation_id, survey_id, ended_at FROM cati_calls
            WHERE id = ${callId}::bigint AND tenant_id = ${context.tenantId}::integer
              AND agent_user_id = ${context.userId}::integer
            FOR UPDATE`,
      );
      if (!row) return undefined;
      return {
        id: Number(row.id),
        invitationId: Number(row.invitation_id),
        surveyId: row.survey_id as number,
        endedAt: asDate(row.ended_at),
      };
    },

    /** The invitation a call ends on, locked, with its queue count and its campaign's settings. */
    async invitationForOutcome(
      tx: Executor,
      tenantId: number,
      invitationId: number,
    ): Promise<InvitationForOutcome> {
      const [row] = await rowsOf<Record<string, unknown>>(
        tx,
        sql`SELECT inv.id, inv.survey_id, inv.completed_at, i.email, i.msisdn, coalesce(q.attempts, 0)::int AS attempts,
              coalesce(c.max_attempts, ${CATI_DEFAULTS.maxAttempts}::smallint)::int AS max_attempts,
              coalesce(c.no_answer_retry_minutes, ${CATI_DEFAULTS.noAnswerRetryMinutes}::integer) AS no_answer,
              coalesce(c.busy_retry_minutes, ${CATI_DEFAULTS.busyRetryMinutes}::integer) AS busy
            FROM invitations inv
            JOIN invitees i ON i.id = inv.invitee_id AND i.tenant_id = inv.tenant_id
            LEFT JOIN cati_queue q ON q.invitation_id = inv.id AND q.tenant_id = inv.tenant_id
            LEFT JOIN cati_campaigns c ON c.survey_id = inv.survey_id AND c.tenant_id = inv.tenant_id
            WHERE inv.id = ${invitationId}::bigint AND inv.tenant_id = ${tenantId}::integer
            FOR UPDATE OF inv`,
      );
      return {
        id: Number(row!.id),
        surveyId: row!.survey_id as number,
        completedAt: asDate(row!.completed_at),
        email: (row!.email as string | null) ?? null,
        msisdn: (row!.msisdn as string | null) ?? null,
        attempts: row!.attempts as number,
        maxAttempts: row!.max_attempts as number,
        noAnswerRetryMinutes: row!.no_answer as number,
        busyRetryMinutes: row!.busy as number,
      };
    },

    async endCall(
      tx: Executor,
      tenantId: number,
      callId: number,
      end: {
        now: Date;
        outcome: number;
        callbackAt: Date | null;
        refusalReason: string | null;
        note: string | null;
      },
    ): Promise<void> {
      await tx.execute(sql`UPDATE cati_calls SET ended_at = ${at(end.now)}, outcome = ${end.outcome}::smallint,
            callback_at = ${end.callbackAt === null ? null : end.callbackAt.toISOString()}::timestamptz,
            refusal_reason = ${end.refusalReason}::text, note = ${end.note}::text
          WHERE id = ${callId}::bigint AND tenant_id = ${tenantId}::integer`);
    },

    /** The invitation's place in the queue after an outcome. */
    async setQueue(
      tx: Executor,
      tenantId: number,
      invitationId: number,
      state: {
        outcome: number;
        nextCallAt: Date | null;
        callbackAt: Date | null;
        callbackUserId: number | null;
        closedAt: Date | null;
      },
    ): Promise<void> {
      const time = (value: Date | null) => sql`${value === null ? null : value.toISOString()}::timestamptz`;
      await tx.execute(sql`UPDATE cati_queue SET last_outcome = ${state.outcome}::smallint,
            next_call_at = ${time(state.nextCallAt)}, callback_at = ${time(state.callbackAt)},
            callback_user_id = ${state.callbackUserId}::integer, closed_at = ${time(state.closedAt)}
          WHERE invitation_id = ${invitationId}::bigint AND tenant_id = ${tenantId}::integer`);
    },

    async failInvitation(tx: Executor, tenantId: number, invitationId: number, now: Date, reason: string) {
      await tx.execute(sql`UPDATE invitations SET failed_at = coalesce(failed_at, ${at(now)}),
            failure_reason = ${reason}::text
          WHERE id = ${invitationId}::bigint AND tenant_id = ${tenantId}::integer`);
    },

    async optOutInvitation(
      tx: Executor,
      tenantId: number,
      invitation: InvitationForOutcome,
      optout: { now: Date; reason: string; untilDate: Date | null },
    ): Promise<void> {
      await tx.execute(sql`INSERT INTO optouts (tenant_id, email, msisdn, channel, reason, until_date, is_forever,
            source, invitation_id, created_at, updated_at)
          VALUES (${tenantId}::integer, ${invitation.email}::text, ${invitation.msisdn}::text, ${CATI}::smallint,
            ${optout.reason}::text,
            ${optout.untilDate === null ? null : optout.untilDate.toISOString()}::timestamptz,
            ${optout.untilDate === null}, 'cati', ${invitation.id}::bigint, ${at(optout.now)}, ${at(optout.now)})`);
      await tx.execute(sql`UPDATE invitations SET opted_out_at = coalesce(opted_out_at, ${at(optout.now)})
          WHERE id = ${invitation.id}::bigint AND tenant_id = ${tenantId}::integer`);
    },

    /** The system rules' CATI opt-out reasons of the tenant (none when it has no rules). */
    async refusalReasons(db: Executor, tenantId: number): Promise<{ Reason: string; Days: number }[]> {
      const [row] = await rowsOf<{ reasons: { Reason: string; Days: number }[] | null }>(
        db,
        sql`SELECT cati_optout_frequencies AS reasons FROM system_rules WHERE tenant_id = ${tenantId}::integer`,
      );
      return (row?.reasons ?? []).map(({ Reason, Days }) => ({ Reason, Days }));
    },

    /** The tenant's surveys (all, or one) with their CATI campaign settings as stored (null: defaults). */
    async campaigns(db: Executor, tenantId: number, surveyId?: number): Promise<CampaignRow[]> {
      const one =
        surveyId === undefined ? sql`AND ${CATI} = ANY(s.channels)` : sql`AND s.id = ${surveyId}::integer`;
      return rowsOf<CampaignRow>(
        db,
        sql`SELECT s.id AS survey_id, s.title AS survey_name, (${CATI} = ANY(s.channels)) AS offers_cati,
              c.priority, c.daily_quota, c.max_attempts, c.no_answer_retry_minutes, c.busy_retry_minutes,
              c.script_notes
            FROM surveys s LEFT JOIN cati_campaigns c ON c.survey_id = s.id AND c.tenant_id = s.tenant_id
            WHERE s.tenant_id = ${tenantId}::integer ${one}
            ORDER BY s.title, s.id`,
      );
    },

    async saveCampaign(
      db: Executor,
      tenantId: number,
      surveyId: number,
      campaign: {
        priority: number;
        dailyQuota: number;
        maxAttempts: number;
        noAnswerRetryMinutes: number;
        busyRetryMinutes: number;
        scriptNotes: string | null;
      },
      now: Date,
    ): Promise<void> {
      await db.execute(sql`INSERT INTO cati_campaigns (survey_id, tenant_id, priority, daily_quota, max_attempts,
            no_answer_retry_minutes, busy_retry_minutes, script_notes, updated_at)
          VALUES (${surveyId}::integer, ${tenantId}::integer, ${campaign.priority}::smallint,
            ${campaign.dailyQuota}::integer, ${campaign.maxAttempts}::smallint, ${campaign.noAnswerRetryMinutes}::integer,
            ${campaign.busyRetryMinutes}::integer, ${campaign.scriptNotes}::text, ${at(now)})
          ON CONFLICT (survey_id) DO UPDATE SET priority = excluded.priority, daily_quota = excluded.daily_quota,
            max_attempts = excluded.max_attempts, no_answer_retry_minutes = excluded.no_answer_retry_minutes,
            busy_retry_minutes = excluded.busy_retry_minutes, script_notes = excluded.script_notes,
            updated_at = excluded.updated_at`);
    },
  };
}
