import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { optedOutSql } from '../../core/optouts.js';
import {
  INVITEE_PLACEHOLDER_COLUMNS,
  INVITEE_PLACEHOLDER_JOINS,
  inviteePlaceholderValues,
  placeholderText as text,
} from '../message-templates/index.js';
import { rowsOf } from '../../db/rows-of.js';

/*
 * What the respondent API reads and stamps (docs/respondent-api.md). Every query names the tenant it found the
 * guid in: a guid leads to one tenant's rows only.
 */

/** An invitation found by its token, with its invitee's values for the placeholders. */
export type InvitationTarget = {
  kind: 'invitation';
  invitationId: number;
  tenantId: number;
  surveyId: number;
  inviteeId: number;
  expiresAt: Date | null;
  completedAt: Date | null;
  optedOutAt: Date | null;
  openedAt: Date | null;
  startedAt: Date | null;
  isTest: boolean;
  /** The interaction channel it went by (9: a CATI call, answered by an agent on the customer's behalf). */
  channel: number;
  /** Stamped on the invitee row that an anonymised session gets instead of the person's. */
  facts: InviteeFacts;
  email: string | null;
  msisdn: string | null;
  /** The placeholders' values (FullName, Email, … CustomData1-10, TransactionDate, ProductName …). */
  values: Record<string, string | null>;
};

/** A survey link found by its guid: its sessions are anonymous, recorded on its transaction channel. */
export type LinkTarget = {
  kind: 'link';
  linkId: number;
  tenantId: number;
  surveyId: number;
  isActive: boolean;
  transactionChannelId: number | null;
  /** 1 until interaction, 2 once per visitor, 3 once per visit: the page honours it (docs/respondent-page.md). */
  presentationFrequency: 1 | 2 | 3;
};

/** The transaction facts an anonymous session keeps (no name, email, phone or custom data). */
export type InviteeFacts = {
  transactionDate: string;
  transactionChannelId: number | null;
  productId: number | null;
  locationId: number | null;
  transactionTypeId: number | null;
  employeeId: number | null;
  segmentIds: number[];
  isTestUser: boolean;
};

export type SurveyForRespondent = {
  id: number;
  title: string;
  executionTitle: string | null;
  isActive: boolean;
  wizardStep: number;
  language: string;
  anonymisedAnswers: boolean;
  redirectUrl: string | null;
  redirectSeconds: number | null;
  openingMessage: string | null;
  closingMessage: string | null;
  flowId: number | null;
};

export type FlowQuestionRow = {
  id: number;
  parent_id: number | null;
  text: string;
  type: string;
  scale: number | null;
  choice_type: number;
  format_type: string | null;
  multiline: boolean;
  required: boolean;
  allow_comment: boolean;
  page_break_after: boolean;
  display_logic: { QuestionId: number; Values: number[] } | null;
};

export type FlowChoiceRow = {
  id: number;
  question_id: number;
  value: number;
  label: string;
  has_image: boolean;
};

export type SavedAnswerRow = { question_id: number; choice_value: number | null; text: string | null };

export type FoundSession = { id: number; completion: number; resumePage: number };

const asDate = (value: string | Date | null) => (value === null ? null : new Date(value));

export function createRespondentRepository(db: Db) {
  return {
    /** The invitation whose token, or the survey link whose guid, this is; undefined for neither. */
    async findTarget(guid: string): Promise<InvitationTarget | LinkTarget | undefined> {
      const [invitation] = await rowsOf<Record<string, unknown>>(
        db,
        sql`
          SELECT inv.id, inv.tenant_id, inv.survey_id, inv.invitee_id, inv.expires_at, inv.completed_at,
            inv.opted_out_at, inv.opened_at, inv.started_at, inv.is_test, inv.channel, i.transaction_channel_id, i.product_id,
            i.location_id, i.transaction_type_id, i.employee_id, i.segment_ids, i.is_test_user,
            ${INVITEE_PLACEHOLDER_COLUMNS}
          FROM invitations inv
          JOIN invitees i ON i.id = inv.invitee_id AND i.tenant_id = inv.tenant_id
          ${INVITEE_PLACEHOLDER_JOINS}
          WHERE inv.token = ${guid}::uuid`,
      );
      if (invitation) return invitationTarget(invitation);
      const [link] = await rowsOf<{
        id: number;
        tenant_id: number;
        survey_id: number;
        is_active: boolean;
        transaction_channel_id: number | null;
        presentation_frequency: number;
      }>(
        db,
        sql`SELECT id, tenant_id, survey_id, is_active, transaction_channel_id, presentation_frequency
            FROM survey_links
            WHERE guid = ${guid}::uuid`,
      );
      if (!link) return undefined;
      return {
        kind: 'link',
        linkId: link.id,
        tenantId: link.tenant_id,
        surveyId: link.survey_id,
        isActive: link.is_active,
        transactionChannelId: link.transaction_channel_id,
        presentationFrequency: presentationFrequencyOf(link.presentation_frequency),
      };
    },

    /** Whether an opt-out of the tenant in force now (core/optouts.ts) matches this email or MSISDN (any channel). */
    async isOptedOut(tenantId: number, email: string | null, msisdn: string | null): Promise<boolean> {
      if (email === null && msisdn === null) return false;
      const [row] = await rowsOf<{ found: boolean }>(
        db,
        sql`SELECT ${optedOutSql(sql`${tenantId}::integer`, sql`${email}::text`, sql`${msisdn}::text`)} AS found`,
      );
      return row?.found === true;
    },

    async survey(tenantId: number, surveyId: number): Promise<SurveyForRespondent | undefined> {
      const [row] = await rowsOf<Record<string, unknown>>(
        db,
        sql`
          SELECT s.id, s.title, s.execution_title, s.is_active, s.wizard_step, s.language, s.anonymised_answers,
            s.redirect_url, s.redirect_seconds, s.opening_message, s.closing_message,
            (SELECT f.id FROM survey_flows f WHERE f.tenant_id = s.tenant_id AND f.survey_id = s.id AND f.is_active
             ORDER BY f.id LIMIT 1) AS flow_id
          FROM surveys s WHERE s.id = ${surveyId}::integer AND s.tenant_id = ${tenantId}::integer`,
      );
      if (!row) return undefined;
      return {
        id: row.id as number,
        title: row.title as string,
        executionTitle: row.execution_title as string | null,
        isActive: row.is_active as boolean,
        wizardStep: row.wizard_step as number,
        language: row.language as string,
        anonymisedAnswers: row.anonymised_answers as boolean,
        redirectUrl: row.redirect_url as string | null,
        redirectSeconds: row.redirect_seconds as number | null,
        openingMessage: row.opening_message as string | null,
        closingMessage: row.closing_message as string | null,
        flowId: row.flow_id as number | null,
      };
    },

    /** The flow's live questions in position order (matrix rows after), with their live choices. */
    async flow(
      tenantId: number,
      surveyId: number,
      flowId: number,
    ): Promise<{ questions: FlowQuestionRow[]; choices: FlowChoiceRow[] }> {
      const questions = await rowsOf<FlowQuestionRow>(
        db,
        sql`
          WITH top AS (
            SELECT * FROM questions WHERE tenant_id = ${tenantId}::integer AND survey_id = ${surveyId}::integer
              AND flow_id = ${flowId}::integer AND parent_id IS NULL AND NOT is_deleted)
          SELECT q.id, q.parent_id, q.text, q.type, q.scale, q.choice_type, q.format_type, q.multiline, q.required,
            q.allow_comment, q.page_break_after, q.display_logic
          FROM (SELECT * FROM top UNION ALL
                SELECT sub.* FROM questions sub JOIN top ON sub.parent_id = top.id
                WHERE sub.tenant_id = ${tenantId}::integer AND NOT sub.is_deleted) q
          ORDER BY q.parent_id NULLS FIRST, q.position, q.id`,
      );
      const ids = questions.map((q) => q.id);
      const choices = await rowsOf<FlowChoiceRow>(
        db,
        sql`
          SELECT id, question_id, value, label, image IS NOT NULL AS has_image FROM question_choices
          WHERE tenant_id = ${tenantId}::integer AND question_id = ANY(${sql.param(ids)}::integer[])
            AND NOT is_deleted
          ORDER BY position, value`,
      );
      return { questions, choices };
    },

    /** An Image choice's picture, if the choice belongs to the survey's live questions. */
    async choiceImage(
      tenantId: number,
      surveyId: number,
      choiceId: number,
    ): Promise<{ image: Buffer; mime: string } | undefined> {
      const [row] = await rowsOf<{ image: Buffer | Uint8Array; image_mime: string | null }>(
        db,
        sql`
          SELECT c.image, c.image_mime FROM question_choices c JOIN questions q ON q.id = c.question_id
          WHERE c.id = ${choiceId}::integer AND c.tenant_id = ${tenantId}::integer AND q.tenant_id = ${tenantId}::integer
            AND q.survey_id = ${surveyId}::integer AND NOT c.is_deleted AND NOT q.is_deleted AND c.image IS NOT NULL`,
      );
      if (!row) return undefined;
      return { image: Buffer.from(row.image), mime: row.image_mime ?? 'application/octet-stream' };
    },

    /** The session of an invitation (non-anonymised survey). */
    async sessionOfInvitation(tenantId: number, invitationId: number): Promise<FoundSession | undefined> {
      return foundSession(
        await rowsOf(
          db,
          sql`SELECT id, completion, resume_page FROM sessions
              WHERE tenant_id = ${tenantId}::integer AND invitation_id = ${invitationId}::bigint
              ORDER BY id DESC LIMIT 1`,
        ),
      );
    },

    /** The session a resume key's hash names, in this survey. */
    async sessionOfKey(
      tenantId: number,
      surveyId: number,
      keyHash: string,
    ): Promise<FoundSession | undefined> {
      return foundSession(
        await rowsOf(
          db,
          sql`SELECT id, completion, resume_page FROM sessions
              WHERE resume_key_hash = ${keyHash}::text AND tenant_id = ${tenantId}::integer
                AND survey_id = ${surveyId}::integer`,
        ),
      );
    },

    async answers(tenantId: number, sessionId: number): Promise<SavedAnswerRow[]> {
      return rowsOf<SavedAnswerRow>(
        db,
        sql`SELECT question_id, choice_value, text FROM answers
            WHERE tenant_id = ${tenantId}::integer AND session_id = ${sessionId}::bigint ORDER BY id`,
      );
    },

    /** Stamps opened_at on the invitation's first visit (never again). */
    async markOpened(tenantId: number, invitationId: number, at: Date): Promise<void> {
      await db.execute(sql`
        UPDATE invitations SET opened_at = ${at.toISOString()}::timestamptz
        WHERE id = ${invitationId}::bigint AND tenant_id = ${tenantId}::integer AND opened_at IS NULL`);
    },
  };
}

export type RespondentRepository = ReturnType<typeof createRespondentRepository>;

/** An invitation's state as a save sees it, the row locked until the save's transaction ends. */
type LockedInvitation = { completedAt: Date | null; optedOutAt: Date | null; expiresAt: Date | null };

/**
 * The writes of a save and an opt-out, each on the transaction it is given: the invitation row is locked first,
 * so two saves of one invitation never both create a session.
 */
export const respondentWrites = {
  async lockInvitation(tx: Db, tenantId: number, invitationId: number): Promise<LockedInvitation> {
    const [row] = await rowsOf<{
      completed_at: string | null;
      opted_out_at: string | null;
      expires_at: string | null;
    }>(
      tx,
      sql`SELECT completed_at, opted_out_at, expires_at FROM invitations
          WHERE id = ${invitationId}::bigint AND tenant_id = ${tenantId}::integer FOR UPDATE`,
    );
    if (!row) throw new Error(`invitation ${invitationId} vanished`);
    return {
      completedAt: asDate(row.completed_at),
      optedOutAt: asDate(row.opted_out_at),
      expiresAt: asDate(row.expires_at),
    };
  },

  /** An invitee holding only the transaction facts: the person of an anonymous session stays unknown. */
  async insertAnonymousInvitee(
    tx: Db,
    { tenantId, surveyId, facts }: { tenantId: number; surveyId: number; facts: InviteeFacts },
  ): Promise<number> {
    const [row] = await rowsOf<{ id: number | string }>(
      tx,
      sql`
        INSERT INTO invitees (tenant_id, survey_id, transaction_date, transaction_channel_id, product_id,
          location_id, transaction_type_id, employee_id, segment_ids, is_test_user)
        VALUES (${tenantId}::integer, ${surveyId}::integer, ${facts.transactionDate}::timestamptz,
          ${facts.transactionChannelId}::integer, ${facts.productId}::integer, ${facts.locationId}::integer,
          ${facts.transactionTypeId}::integer, ${facts.employeeId}::integer,
          ${sql.param(facts.segmentIds)}::integer[], ${facts.isTestUser})
        RETURNING id`,
    );
    return Number(row!.id);
  },

  /** The funnel's started (first save) and completed stamps; each is set once. */
  async stampInvitation(
    tx: Db,
    {
      tenantId,
      invitationId,
      at,
      complete,
    }: { tenantId: number; invitationId: number; at: Date; complete: boolean },
  ): Promise<void> {
    const time = at.toISOString();
    await tx.execute(sql`
      UPDATE invitations SET started_at = coalesce(started_at, ${time}::timestamptz),
        opened_at = coalesce(opened_at, ${time}::timestamptz),
        completed_at = CASE WHEN ${complete} THEN coalesce(completed_at, ${time}::timestamptz) ELSE completed_at END
      WHERE id = ${invitationId}::bigint AND tenant_id = ${tenantId}::integer`);
  },

  /** Stamps the opt-out and records it once; false when the invitation had already opted out. */
  async optOut(
    tx: Db,
    opt: {
      tenantId: number;
      invitationId: number;
      email: string | null;
      msisdn: string | null;
      reason: string | null;
      at: Date;
    },
  ): Promise<boolean> {
    const stamped = await rowsOf<{ id: number | string }>(
      tx,
      sql`UPDATE invitations SET opted_out_at = ${opt.at.toISOString()}::timestamptz
          WHERE id = ${opt.invitationId}::bigint AND tenant_id = ${opt.tenantId}::integer AND opted_out_at IS NULL
          RETURNING id`,
    );
    if (stamped.length === 0) return false;
    await tx.execute(sql`
      INSERT INTO optouts (tenant_id, email, msisdn, channel, reason, source, invitation_id)
      VALUES (${opt.tenantId}::integer, ${opt.email}::text, ${opt.msisdn}::text, NULL, ${opt.reason}::text,
        'unsubscribe-link', ${opt.invitationId}::bigint)`);
    return true;
  },
};

function foundSession(rows: { id: number | string; completion: number; resume_page: number }[]) {
  const [row] = rows;
  return row ? { id: Number(row.id), completion: row.completion, resumePage: row.resume_page } : undefined;
}

function invitationTarget(row: Record<string, unknown>): InvitationTarget {
  const transactionDate = text(row.transaction_date)!;
  const values = inviteePlaceholderValues(row);
  return {
    kind: 'invitation',
    invitationId: Number(row.id),
    tenantId: row.tenant_id as number,
    surveyId: row.survey_id as number,
    inviteeId: Number(row.invitee_id),
    expiresAt: asDate(row.expires_at as string | null),
    completedAt: asDate(row.completed_at as string | null),
    optedOutAt: asDate(row.opted_out_at as string | null),
    openedAt: asDate(row.opened_at as string | null),
    startedAt: asDate(row.started_at as string | null),
    isTest: row.is_test as boolean,
    channel: row.channel as number,
    email: text(row.email),
    msisdn: text(row.msisdn),
    facts: {
      transactionDate,
      transactionChannelId: row.transaction_channel_id as number | null,
      productId: row.product_id as number | null,
      locationId: row.location_id as number | null,
      transactionTypeId: row.transaction_type_id as number | null,
      employeeId: row.employee_id as number | null,
      segmentIds: (row.segment_ids as number[] | null) ?? [],
      isTestUser: (row.is_test_user as boolean) || (row.is_test as boolean),
    },
    values,
  };
}

/** The stored frequency (a smallint the links API bounds to 1-3); anything else reads as 1, the column's default. */
function presentationFrequencyOf(value: number): 1 | 2 | 3 {
  return value === 2 || value === 3 ? value : 1;
}
