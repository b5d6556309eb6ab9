import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { activeOptoutAddresses, optedOutSql } from '../../core/optouts.js';
import {
  INVITEE_PLACEHOLDER_COLUMNS,
  INVITEE_PLACEHOLDER_JOINS,
  inviteePlaceholderValues,
  placeholderText as text,
} from '../message-templates/index.js';
import { rowsOf } from '../../db/rows-of.js';
import { emitInvitationFailed } from '../integrations/index.js';

/*
 * What the invitations module reads and writes (docs/invitations.md). The request paths name the caller's tenant
 * in every statement; the jobs work on rows across tenants and carry each row's own tenant into what they read
 * next (its invitee, survey, gateway configuration).
 */

/** Message kinds of `invitation_messages`. */
export const MessageKind = { Invitation: 1, Reminder: 2, NotFinished: 3 } as const;
export type MessageKind = (typeof MessageKind)[keyof typeof MessageKind];

type ChannelTemplate = { Channel: number; Subject: string | null; Body: string };
type ReminderSettings = {
  FrequencyMinutes: number;
  NotFinishedDays: number | null;
  Subject: string;
  Body: string;
};

/** A survey as the sender needs it: its channels, templates, expiry and reminder (the wizard's channel step). */
export type SurveyForSending = {
  id: number;
  title: string;
  type: number;
  language: string;
  isActive: boolean;
  open: boolean;
  channels: number[];
  primaryChannel: number | null;
  templates: ChannelTemplate[];
  expiryDays: number | null;
  reminder: ReminderSettings | null;
  /** Days within which this survey invites an address once; null or 0: no limit. */
  communicationFrequencyDays: number | null;
  /** The tenant's system rules: at most `invitationLimit` invitations per `contactFrequencyDays` (0: off). */
  invitationLimit: number;
  contactFrequencyDays: number;
};

export type InviteeAddress = {
  id: number;
  email: string | null;
  msisdn: string | null;
  phone: string | null;
  callbackData: string | null;
};

export type NewInvitation = {
  tenantId: number;
  inviteeId: number;
  surveyId: number;
  channel: number;
  invitedAt: Date;
  expiresAt: Date;
  isTest: boolean;
  testInvitationId: number | null;
};

/** One message claimed for an attempt, with what rendering it needs. */
export type ClaimedMessage = {
  id: number;
  tenantId: number;
  invitationId: number;
  kind: MessageKind;
  seq: number;
  channel: number;
  attempts: number;
  token: string;
  surveyId: number;
  isTest: boolean;
  testInvitationId: number | null;
  expiresAt: Date | null;
  completedAt: Date | null;
  startedAt: Date | null;
  optedOutAt: Date | null;
  failedAt: Date | null;
  email: string | null;
  msisdn: string | null;
  optedOut: boolean;
  /** The placeholders' values of the invitee (FullName, Email … CustomData1-10, TransactionDate …). */
  values: Record<string, string | null>;
};

const asDate = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

function surveyOf(row: Record<string, unknown>): SurveyForSending {
  const settings = (row.channel_settings ?? {}) as {
    Templates?: ChannelTemplate[];
    ExpiryDays?: number | null;
    Reminder?: ReminderSettings | null;
  };
  return {
    id: row.id as number,
    title: row.title as string,
    type: row.type as number,
    language: row.language as string,
    isActive: row.is_active as boolean,
    open: (row.is_active as boolean) && (row.wizard_step as number) >= 6 && row.flow_id !== null,
    channels: (row.channels as number[] | null) ?? [],
    primaryChannel: row.primary_channel as number | null,
    templates: settings.Templates ?? [],
    expiryDays: settings.ExpiryDays ?? null,
    reminder: settings.Reminder ?? null,
    communicationFrequencyDays: (row.communication_frequency_days as number | null | undefined) ?? null,
    invitationLimit: Number(row.invitation_limit ?? 0),
    contactFrequencyDays: Number(row.contact_frequency_days ?? 0),
  };
}

function claimedMessage(row: Record<string, unknown>): ClaimedMessage {
  const values = inviteePlaceholderValues(row);
  return {
    id: Number(row.id),
    tenantId: row.tenant_id as number,
    invitationId: Number(row.invitation_id),
    kind: row.kind as MessageKind,
    seq: row.seq as number,
    channel: row.channel as number,
    attempts: row.attempts as number,
    token: row.token as string,
    surveyId: row.survey_id as number,
    isTest: row.is_test as boolean,
    testInvitationId: row.test_invitation_id as number | null,
    expiresAt: asDate(row.expires_at),
    completedAt: asDate(row.completed_at),
    startedAt: asDate(row.started_at),
    optedOutAt: asDate(row.opted_out_at),
    failedAt: asDate(row.failed_at),
    email: text(row.email),
    msisdn: text(row.msisdn),
    optedOut: row.opted_out as boolean,
    values,
  };
}

export function createInvitationRepository() {
  return {
    async survey(db: Executor, tenantId: number, surveyId: number): Promise<SurveyForSending | undefined> {
      const [row] = await rowsOf<Record<string, unknown>>(
        db,
        sql`SELECT s.id, s.title, s.type, s.language, s.is_active, s.wizard_step, s.channels, s.primary_channel,
              s.channel_settings, s.communication_frequency_days,
              coalesce(r.invitation_limit, 0) AS invitation_limit,
              coalesce(r.contact_frequency_days, 0) AS contact_frequency_days,
              (SELECT f.id FROM survey_flows f WHERE f.tenant_id = s.tenant_id AND f.survey_id = s.id AND f.is_active
               ORDER BY f.id LIMIT 1) AS flow_id
            FROM surveys s LEFT JOIN system_rules r ON r.tenant_id = s.tenant_id
            WHERE s.id = ${surveyId}::integer AND s.tenant_id = ${tenantId}::integer`,
      );
      return row ? surveyOf(row) : undefined;
    },

    /** Serialises the invitation writes of one tenant, so that two requests cannot both pass the 5-hour rule. */
    async lockTenant(tx: Executor, tenantId: number): Promise<void> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(74017, ${tenantId}::integer)`);
    },

    async invitees(
      db: Executor,
      tenantId: number,
      surveyId: number,
      ids: number[],
    ): Promise<InviteeAddress[]> {
      const rows = await rowsOf<Record<string, unknown>>(
        db,
        sql`SELECT id, email, msisdn, coalesce(home_tel, work_tel) AS phone, callback_data FROM invitees
            WHERE tenant_id = ${tenantId}::integer AND survey_id = ${surveyId}::integer
              AND id = ANY(${sql.param(ids)}::bigint[])`,
      );
      return rows.map((row) => ({
        id: Number(row.id),
        email: text(row.email),
        msisdn: text(row.msisdn),
        phone: text(row.phone),
        callbackData: text(row.callback_data),
      }));
    },

    /** Which of these addresses (emails lower-cased, MSISDNs as they are) have an opt-out in force at `at`. */
    async optedOut(
      db: Executor,
      { tenantId, emails, msisdns, at }: { tenantId: number; emails: string[]; msisdns: string[]; at: Date },
    ): Promise<Set<string>> {
      const tenant = sql`${tenantId}::integer`;
      const rows = await rowsOf<{ address: string }>(
        db,
        sql`SELECT a.address FROM (${activeOptoutAddresses(tenant, 'email', { at })}) AS a(address)
              WHERE a.address = ANY(${sql.param(emails)}::text[])
            UNION SELECT m.address FROM (${activeOptoutAddresses(tenant, 'msisdn', { at })}) AS m(address)
              WHERE m.address = ANY(${sql.param(msisdns)}::text[])`,
      );
      return new Set(rows.map((row) => row.address));
    },

    /**
     * Which of these addresses got a (non-test) invitation of the tenant since `since`: on any survey, or on
     * `surveyId` only; with `atLeast`, only the addresses invited that many times or more.
     */
    async invitedSince(
      db: Executor,
      {
        tenantId,
        emails,
        msisdns,
        since,
        surveyId,
        atLeast,
      }: {
        tenantId: number;
        emails: string[];
        msisdns: string[];
        since: Date;
        surveyId?: number;
        atLeast?: number;
      },
    ): Promise<Set<string>> {
      const found = new Set<string>();
      if (emails.length === 0 && msisdns.length === 0) return found;
      const onSurvey = surveyId === undefined ? sql`` : sql`AND inv.survey_id = ${surveyId}::integer`;
      const times = atLeast === undefined ? 1 : atLeast;
      const rows = await rowsOf<{ address: string }>(
        db,
        sql`SELECT a.address FROM (
              SELECT lower(i.email) AS address FROM invitations inv JOIN invitees i ON i.id = inv.invitee_id
                WHERE inv.tenant_id = ${tenantId}::integer AND NOT inv.is_test ${onSurvey}
                  AND inv.invited_at > ${since.toISOString()}::timestamptz
                  AND lower(i.email) = ANY(${sql.param(emails)}::text[])
              UNION ALL
              SELECT i.msisdn FROM invitations inv JOIN invitees i ON i.id = inv.invitee_id
                WHERE inv.tenant_id = ${tenantId}::integer AND NOT inv.is_test ${onSurvey}
                  AND inv.invited_at > ${since.toISOString()}::timestamptz
                  AND i.msisdn = ANY(${sql.param(msisdns)}::text[])) a
            GROUP BY a.address HAVING count(*) >= ${times}::integer`,
      );
      for (const row of rows) found.add(row.address);
      return found;
    },

    /** Inserts the invitations and their first messages; answers the invitation and message ids in order. */
    async insertInvitations(
      tx: Executor,
      rows: NewInvitation[],
    ): Promise<{ invitationId: number; messageId: number }[]> {
      if (rows.length === 0) return [];
      const col = <T>(pick: (row: NewInvitation) => T) => rows.map(pick);
      const invitations = await rowsOf<{ id: string | number; channel: number }>(
        tx,
        sql`INSERT INTO invitations (tenant_id, invitee_id, survey_id, channel, token, invited_at, expires_at, is_test,
              test_invitation_id)
            SELECT t, i, s, c, gen_random_uuid(), a, e, x, r
            FROM unnest(${sql.param(col((r) => r.tenantId))}::integer[], ${sql.param(col((r) => r.inviteeId))}::bigint[],
              ${sql.param(col((r) => r.surveyId))}::integer[], ${sql.param(col((r) => r.channel))}::smallint[],
              ${sql.param(col((r) => r.invitedAt.toISOString()))}::timestamptz[], ${sql.param(col((r) => r.expiresAt.toISOString()))}::timestamptz[],
              ${sql.param(col((r) => r.isTest))}::boolean[], ${sql.param(col((r) => r.testInvitationId))}::integer[])
              WITH ORDINALITY AS u(t, i, s, c, a, e, x, r, n)
            ORDER BY n
            RETURNING id, channel`,
      );
      const ids = invitations.map((row) => Number(row.id));
      const messages = await rowsOf<{ id: string | number; invitation_id: string | number }>(
        tx,
        sql`INSERT INTO invitation_messages (tenant_id, invitation_id, kind, seq, channel)
            SELECT ${rows[0]!.tenantId}::integer, inv.id, 1, 0, inv.channel FROM invitations inv
            WHERE inv.id = ANY(${sql.param(ids)}::bigint[])
            RETURNING id, invitation_id`,
      );
      const messageOf = new Map(messages.map((row) => [Number(row.invitation_id), Number(row.id)]));
      return ids.map((invitationId) => ({ invitationId, messageId: messageOf.get(invitationId)! }));
    },

    /**
     * Claims messages for one attempt each: those not yet delivered nor failed, and with no other attempt running
     * (a claim older than `leaseSeconds` belongs to a node that died). The others (another worker has them, or
     * they are done) are left out of the answer.
     */
    async claim(db: Db, messageIds: number[], leaseSeconds: number): Promise<ClaimedMessage[]> {
      const rows = await rowsOf<Record<string, unknown>>(
        db,
        sql`WITH claimed AS (
              UPDATE invitation_messages SET attempts = attempts + 1, attempt_started_at = now()
              WHERE id = ANY(${sql.param(messageIds)}::bigint[]) AND delivered_at IS NULL AND failed_at IS NULL
                AND (attempt_started_at IS NULL OR attempt_started_at < now() - make_interval(secs => ${leaseSeconds}::integer))
              RETURNING *)
            SELECT m.id, m.tenant_id, m.invitation_id, m.kind, m.seq, m.channel, m.attempts,
              inv.token, inv.survey_id, inv.is_test, inv.test_invitation_id, inv.expires_at, inv.completed_at,
              inv.started_at, inv.opted_out_at, inv.failed_at, inv.invitee_id,
              ${INVITEE_PLACEHOLDER_COLUMNS},
              ${optedOutSql(sql`inv.tenant_id`, sql`i.email`, sql`i.msisdn`)} AS opted_out
            FROM claimed m
            JOIN invitations inv ON inv.id = m.invitation_id AND inv.tenant_id = m.tenant_id
            JOIN invitees i ON i.id = inv.invitee_id AND i.tenant_id = inv.tenant_id
            ${INVITEE_PLACEHOLDER_JOINS}`,
      );
      return rows.map(claimedMessage);
    },

    /**
     * Handover: these messages are about to leave, each with its Message-ID (the invitations' sent_at for their
     * first message). One statement for a batch.
     */
    async markSent(db: Db, messages: { message: ClaimedMessage; providerId: string }[]): Promise<void> {
      if (messages.length === 0) return;
      await db.execute(sql`WITH m AS (
            UPDATE invitation_messages im SET sent_at = coalesce(im.sent_at, now()), provider_message_id = p.provider_id
            FROM unnest(${sql.param(messages.map((m) => m.message.id))}::bigint[],
              ${sql.param(messages.map((m) => m.providerId))}::text[]) AS p(id, provider_id)
            WHERE im.id = p.id RETURNING im.invitation_id, im.tenant_id, im.kind, im.attempts)
          UPDATE invitations inv SET sent_at = coalesce(inv.sent_at, now()), attempts = m.attempts
          FROM m WHERE m.kind = 1 AND inv.id = m.invitation_id AND inv.tenant_id = m.tenant_id`);
    },

    /** Accepted by the SMTP server or the gateway: never sent again. One statement, so all of it or none. */
    async markDelivered(db: Db, message: ClaimedMessage, providerId: string | null): Promise<void> {
      const first = message.kind === MessageKind.Invitation;
      await db.execute(sql`WITH m AS (
            UPDATE invitation_messages SET delivered_at = now(), attempt_started_at = NULL, failure_reason = NULL,
              provider_message_id = coalesce(${providerId}::text, provider_message_id)
            WHERE id = ${message.id}::bigint RETURNING invitation_id),
          inv AS (
            UPDATE invitations SET delivered_at = coalesce(delivered_at, now()), sent_at = coalesce(sent_at, now()),
              failure_reason = NULL
            WHERE ${first} AND id = (SELECT invitation_id FROM m) AND tenant_id = ${message.tenantId}::integer)
          UPDATE survey_test_invitations SET sent_at = coalesce(sent_at, now())
          WHERE id = ${message.testInvitationId}::integer AND tenant_id = ${message.tenantId}::integer
            AND EXISTS (SELECT 1 FROM m)`);
    },

    /** Given up (a permanent failure, the last attempt, or nothing left to send it for). */
    async markFailed(db: Db, message: ClaimedMessage, reason: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE invitation_messages SET failed_at = now(), attempt_started_at = NULL,
              failure_reason = ${reason}::text
            WHERE id = ${message.id}::bigint`);
        if (message.kind === MessageKind.Invitation) {
          await tx.execute(sql`UPDATE invitations SET failed_at = coalesce(failed_at, now()),
                failure_reason = ${reason}::text, attempts = ${message.attempts}::smallint
              WHERE id = ${message.invitationId}::bigint AND tenant_id = ${message.tenantId}::integer
                AND delivered_at IS NULL`);
          // The invitation's integration event (docs/integrations.md), with the failure it records.
          await emitInvitationFailed(tx, {
            tenantId: message.tenantId,
            invitationId: message.invitationId,
            reason,
          });
        }
      });
    },

    /** A message that was not sent for a reason that ends it (expired, completed, opted out). */
    async markDropped(db: Db, message: ClaimedMessage, reason: string): Promise<void> {
      await db.execute(sql`UPDATE invitation_messages SET failed_at = now(), attempt_started_at = NULL,
            failure_reason = ${reason}::text
          WHERE id = ${message.id}::bigint`);
    },

    /** A temporary failure with attempts left: the claim is let go and the reason kept until the next try. */
    async releaseForRetry(db: Db, message: ClaimedMessage, reason: string): Promise<void> {
      await db.execute(sql`UPDATE invitation_messages SET attempt_started_at = NULL, failure_reason = ${reason}::text
          WHERE id = ${message.id}::bigint`);
      if (message.kind === MessageKind.Invitation) {
        await db.execute(sql`UPDATE invitations SET attempts = ${message.attempts}::smallint,
              failure_reason = ${reason}::text
            WHERE id = ${message.invitationId}::bigint AND tenant_id = ${message.tenantId}::integer`);
      }
    },

    /** The tenant's SMS gateway section (its own, else the installation's), as stored. */
    async smsGatewayJson(db: Db, tenantId: number): Promise<string | undefined> {
      const [row] = await rowsOf<{ json_config: string }>(
        db,
        sql`SELECT json_config FROM service_configurations
            WHERE section = 'SmsGateway' AND (tenant_id = ${tenantId}::integer OR tenant_id IS NULL)
            ORDER BY tenant_id NULLS LAST, (config_type = '*') DESC, id LIMIT 1`,
      );
      return row?.json_config;
    },

    /**
     * Due not-started reminders, claimed: each invitation's count goes up and a message row is made, in the
     * caller's transaction, so that a tick that runs twice makes each reminder once.
     */
    async claimReminders(tx: Executor, { max, limit }: { max: number; limit: number }) {
      return rowsOf<{ id: string | number; tenant_id: number }>(
        tx,
        sql`WITH due AS (
              SELECT inv.id FROM invitations inv
              JOIN surveys s ON s.id = inv.survey_id AND s.tenant_id = inv.tenant_id
              JOIN invitees i ON i.id = inv.invitee_id
              WHERE inv.delivered_at IS NOT NULL AND inv.started_at IS NULL AND inv.completed_at IS NULL
                AND inv.opted_out_at IS NULL AND inv.failed_at IS NULL AND NOT inv.is_test AND inv.channel IN (1, 2)
                AND EXISTS (SELECT 1 FROM invitation_messages first WHERE first.invitation_id = inv.id
                  AND first.kind = 1 AND first.seq = 0 AND first.delivered_at IS NOT NULL)
                AND (inv.expires_at IS NULL OR inv.expires_at > now())
                AND inv.reminders_sent < ${max}::integer
                AND s.is_active AND jsonb_typeof(s.channel_settings->'Reminder') = 'object'
                AND coalesce(inv.last_reminded_at, inv.delivered_at)
                  <= now() - make_interval(mins => (s.channel_settings->'Reminder'->>'FrequencyMinutes')::integer)
                AND NOT ${optedOutSql(sql`inv.tenant_id`, sql`i.email`, sql`i.msisdn`)}
              ORDER BY inv.id LIMIT ${limit}::integer
              FOR UPDATE OF inv SKIP LOCKED),
            counted AS (
              UPDATE invitations inv SET reminders_sent = reminders_sent + 1, last_reminded_at = now()
              FROM due WHERE inv.id = due.id
              RETURNING inv.id, inv.tenant_id, inv.channel, inv.reminders_sent)
            INSERT INTO invitation_messages (tenant_id, invitation_id, kind, seq, channel)
            SELECT tenant_id, id, 2, reminders_sent, channel FROM counted
            ON CONFLICT DO NOTHING
            RETURNING id, tenant_id`,
      );
    },

    /** Due not-finished reminders (one per invitation, NotFinishedDays after its session started), claimed. */
    async claimNotFinishedReminders(tx: Executor, { limit }: { limit: number }) {
      return rowsOf<{ id: string | number; tenant_id: number }>(
        tx,
        sql`WITH due AS (
              SELECT inv.id FROM invitations inv
              JOIN surveys s ON s.id = inv.survey_id AND s.tenant_id = inv.tenant_id
              JOIN invitees i ON i.id = inv.invitee_id
              WHERE inv.started_at IS NOT NULL AND inv.completed_at IS NULL AND inv.opted_out_at IS NULL
                AND inv.failed_at IS NULL AND inv.not_finished_reminded_at IS NULL AND NOT inv.is_test
                AND inv.channel IN (1, 2)
                AND EXISTS (SELECT 1 FROM invitation_messages first WHERE first.invitation_id = inv.id
                  AND first.kind = 1 AND first.seq = 0 AND first.delivered_at IS NOT NULL)
                AND (inv.expires_at IS NULL OR inv.expires_at > now())
                AND s.is_active AND jsonb_typeof(s.channel_settings->'Reminder'->'NotFinishedDays') = 'number'
                AND inv.started_at
                  <= now() - make_interval(days => (s.channel_settings->'Reminder'->>'NotFinishedDays')::integer)
                AND NOT ${optedOutSql(sql`inv.tenant_id`, sql`i.email`, sql`i.msisdn`)}
              ORDER BY inv.id LIMIT ${limit}::integer
              FOR UPDATE OF inv SKIP LOCKED),
            stamped AS (
              UPDATE invitations inv SET not_finished_reminded_at = now()
              FROM due WHERE inv.id = due.id
              RETURNING inv.id, inv.tenant_id, inv.channel)
            INSERT INTO invitation_messages (tenant_id, invitation_id, kind, seq, channel)
            SELECT tenant_id, id, 3, 0, channel FROM stamped
            ON CONFLICT DO NOTHING
            RETURNING id, tenant_id`,
      );
    },

    /**
     * Messages whose attempt belongs to a node that died (a claim older than the lease, no outcome): the claim is
     * released in the same statement, so each is queued again once (the next claim still decides who sends).
     * Messages never claimed need nothing: their pg-boss job is in the database, and a dead node's running job is
     * failed and retried by pg-boss once it expires.
     */
    async releaseStranded(db: Executor, { leaseSeconds, limit }: { leaseSeconds: number; limit: number }) {
      const rows = await rowsOf<{ id: string | number }>(
        db,
        sql`UPDATE invitation_messages SET attempt_started_at = NULL
            WHERE id IN (
              SELECT id FROM invitation_messages
              WHERE delivered_at IS NULL AND failed_at IS NULL AND attempt_started_at IS NOT NULL
                AND attempt_started_at < now() - make_interval(secs => ${leaseSeconds}::integer)
              ORDER BY id LIMIT ${limit}::integer
              FOR UPDATE SKIP LOCKED)
            RETURNING id`,
      );
      return rows.map((row) => Number(row.id));
    },

    /** One page of a survey's invitations, newest first, with the invitee's name and addresses. */
    async list(
      db: Executor,
      tenantId: number,
      surveyId: number,
      { top, skip }: { top: number; skip: number },
    ) {
      const items = await rowsOf<Record<string, unknown>>(
        db,
        sql`SELECT inv.*, i.full_name, i.email, i.msisdn FROM invitations inv
            JOIN invitees i ON i.id = inv.invitee_id AND i.tenant_id = inv.tenant_id
            WHERE inv.tenant_id = ${tenantId}::integer AND inv.survey_id = ${surveyId}::integer
            ORDER BY inv.id DESC LIMIT ${top}::integer OFFSET ${skip}::integer`,
      );
      const [count] = await rowsOf<{ count: number }>(
        db,
        sql`SELECT count(*)::integer AS count FROM invitations
            WHERE tenant_id = ${tenantId}::integer AND survey_id = ${surveyId}::integer`,
      );
      return { items, count: count?.count ?? 0 };
    },

    /** The tenant's test users among `ids`, with their addresses. */
    async testUsers(db: Executor, tenantId: number, ids: number[]) {
      return rowsOf<{ id: number; full_name: string; email: string | null; msisdn: string | null }>(
        db,
        sql`SELECT id, full_name, email, msisdn FROM users
            WHERE tenant_id = ${tenantId}::integer AND is_test_user AND id = ANY(${sql.param(ids)}::integer[])
            ORDER BY id`,
      );
    },

    /** An invitee row standing for a test user (marked as a test user, so its answers stay out of widgets). */
    async insertTestInvitee(
      tx: Executor,
      values: {
        tenantId: number;
        surveyId: number;
        fullName: string;
        email: string | null;
        msisdn: string | null;
        language: string;
      },
    ): Promise<number> {
      const [row] = await rowsOf<{ id: string | number }>(
        tx,
        sql`INSERT INTO invitees (tenant_id, survey_id, full_name, email, msisdn, language, transaction_date,
              is_test_user)
            VALUES (${values.tenantId}::integer, ${values.surveyId}::integer, ${values.fullName}::text,
              ${values.email}::text, ${values.msisdn}::text, ${values.language}::text, now(), true)
            RETURNING id`,
      );
      return Number(row!.id);
    },
  };
}

export type InvitationRepository = ReturnType<typeof createInvitationRepository>;
