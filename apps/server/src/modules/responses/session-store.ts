import { createHash, randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { evaluateAlertRules } from '../alert-rules/index.js';
import { emitSessionsCompleted } from '../integrations/index.js';
import { rowsOf } from '../../db/rows-of.js';

/*
 * The one storage path of answered sessions (ARCHITECTURE §3): REST data's batches and the respondent page's
 * saves both write sessions and answers here, so the replica's change triggers, and later the alert rules and
 * integration events, see every session the same way whatever its source. An answer row holds one chosen value
 * (with its score on the question's scale), or an open text; a question's comment rides in `text` of its choice
 * row, as REST data has always stored it.
 */

/** The survey a batch is stored into: its tenant's time zone reads dates without an offset. */
type StoreSurvey = { id: number; timeZone: string; flowId: number | null };

/** Interaction channel of invitations created by the REST data API (12 = API). */
const API_INTERACTION_CHANNEL = 12;

// A date-time that names its instant: Z or ±hh:mm after the time (the only forms the record schema accepts).
const WITH_OFFSET = /(?:Z|[+-]\d{2}:\d{2})$/;

/** A value on a 0-10 (scale 11) or 1-5 (scale 5) scale. */
export function isOnScale(scale: number | null, value: number): boolean {
  if (scale === 11) return value >= 0 && value <= 10;
  if (scale === 5) return value >= 1 && value <= 5;
  return false;
}

/** The score of a chosen value: the value itself on the question's scale; off-scale ("don't know") none. */
export function scoreOf(scale: number | null, value: number): number | null {
  return isOnScale(scale, value) ? value : null;
}

/** One stored answer row. */
export type StoredAnswer = {
  questionId: number;
  choiceValue: number | null;
  score: number | null;
  text: string | null;
};

/** What is stored for one accepted record: the invitee's facts, the session's completion and its answers. */
export type ResponseRow = {
  transactionDate: string;
  answeredDate: string | null;
  channelId: number;
  productId: number | null;
  transactionTypeId: number | null;
  employeeId: number | null;
  locationId: number | null;
  segmentIds: number[];
  fullName: string | null;
  email: string | null;
  msisdn: string | null;
  language: string | null;
  customData: (string | null)[];
  /** 1 completed (every required question answered), 2 started but not completed. */
  completion: 1 | 2;
  answers: StoredAnswer[];
};

/** A new resume key for a session without a stored way back to its invitee, and the hash kept of it. */
export function newSessionKey(): { key: string; hash: string } {
  const key = randomBytes(24).toString('base64url');
  return { key, hash: hashSessionKey(key) };
}

export const hashSessionKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A respondent page's session as it is first saved. */
type NewSession = {
  tenantId: number;
  surveyId: number;
  flowId: number | null;
  inviteeId: number;
  /** Null for a survey link's and an anonymised survey's session. */
  invitationId: number | null;
  resumeKeyHash: string | null;
  /** The survey link the session came through (its session count), null for an invitation's. */
  surveyLinkId: number | null;
};

/** What one save of the respondent page writes. */
type SessionSave = {
  tenantId: number;
  /** An existing session, or the one to create. */
  session: { id: number } | NewSession;
  /** The questions the save answers: their earlier answers are replaced by `answers`. */
  questionIds: number[];
  answers: StoredAnswer[];
  complete: boolean;
  resumePage: number;
  now: Date;
};

/**
 * Saves one page of a respondent's answers in the caller's transaction: creates the session on the first save
 * (started, not completed), replaces the posted questions' answers, and on completion marks it completed and
 * answered, and evaluates the tenant's alert rules on it. Returns the session's id.
 */
export async function saveSessionAnswers(db: Db, save: SessionSave): Promise<number> {
  const { tenantId, now } = save;
  const at = now.toISOString();
  let sessionId: number;
  if ('id' in save.session) {
    sessionId = save.session.id;
  } else {
    const s = save.session;
    const [created] = await rowsOf<{ id: number | string }>(
      db,
      sql`
        INSERT INTO sessions (tenant_id, survey_id, flow_id, invitee_id, invitation_id, created_at, completion,
          status, source, resume_key_hash, resume_page, survey_link_id)
        VALUES (${tenantId}::integer, ${s.surveyId}::integer, ${s.flowId}::integer, ${s.inviteeId}::bigint,
          ${s.invitationId}::bigint, ${at}::timestamptz, 2, 1, 'survey', ${s.resumeKeyHash}::text, 0,
          ${s.surveyLinkId}::integer)
        RETURNING id`,
    );
    sessionId = Number(created!.id);
  }
  if (save.questionIds.length > 0) {
    await db.execute(sql`
      DELETE FROM answers WHERE tenant_id = ${tenantId}::integer AND session_id = ${sessionId}::bigint
        AND question_id = ANY(${sql.param(save.questionIds)}::integer[])`);
  }
  if (save.answers.length > 0) {
    const payload = save.answers.map((a) => ({
      question_id: a.questionId,
      choice_value: a.choiceValue,
      score: a.score,
      text: a.text,
    }));
    // WITH ORDINALITY keeps the posted order in the ids: a ranking (MXRO) reads back in its order.
    await db.execute(sql`
      INSERT INTO answers (tenant_id, session_id, question_id, choice_value, score, text)
      SELECT ${tenantId}::integer, ${sessionId}::bigint, (a.e->>'question_id')::integer,
        (a.e->>'choice_value')::integer, (a.e->>'score')::double precision, a.e->>'text'
      FROM jsonb_array_elements(${JSON.stringify(payload)}::jsonb) WITH ORDINALITY AS a(e, n)
      ORDER BY a.n`);
  }
  await db.execute(sql`
    UPDATE sessions SET resume_page = ${save.resumePage}::smallint,
      completion = CASE WHEN ${save.complete} THEN 1 ELSE completion END,
      answered_at = CASE WHEN ${save.complete} THEN ${at}::timestamptz ELSE answered_at END
    WHERE id = ${sessionId}::bigint AND tenant_id = ${tenantId}::integer`);
  // The completing save raises the session's alerts with its answers (docs/alerts.md, "Rules and evaluation").
  // …and writes its session.completed integration event (docs/integrations.md), before the alerts' own.
  if (save.complete) {
    await emitSessionsCompleted(db, tenantId, [sessionId]);
    await evaluateAlertRules(db, { tenantId, sessionIds: [sessionId], now });
  }
  return sessionId;
}

/**
 * The statement that inserts every accepted record at once: the rows travel as one JSON
 * parameter, each gets its invitee, invitation and session ids from the sequences up front (so children can point
 * at parents without a round trip), and data-modifying CTEs fill the four tables. Foreign keys are checked at the
 * end of the statement, when every parent row exists. A date with an offset is that instant; one without is read
 * in the tenant's time zone. It answers the new sessions' ids (`{ id }` rows), for the alert rules' evaluation.
 */
export function insertResponses({
  tenantId,
  survey,
  rows,
}: {
  tenantId: number;
  survey: StoreSurvey;
  rows: ResponseRow[];
}): SQL {
  const payload = rows.map((row) => {
    const transactionInstant = WITH_OFFSET.test(row.transactionDate);
    const answeredInstant = row.answeredDate !== null && WITH_OFFSET.test(row.answeredDate);
    return {
      transaction_instant: transactionInstant ? row.transactionDate : null,
      transaction_local: transactionInstant ? null : row.transactionDate,
      answered_instant: answeredInstant ? row.answeredDate : null,
      answered_local: answeredInstant ? null : row.answeredDate,
      channel_id: row.channelId,
      product_id: row.productId,
      type_id: row.transactionTypeId,
      employee_id: row.employeeId,
      location_id: row.locationId,
      segment_ids: row.segmentIds,
      full_name: row.fullName,
      email: row.email,
      msisdn: row.msisdn,
      language: row.language,
      custom_data: row.customData,
      completion: row.completion,
      answers: row.answers.map((answer) => ({
        question_id: answer.questionId,
        choice_value: answer.choiceValue,
        score: answer.score,
        text: answer.text,
      })),
    };
  });

  const tenant = sql`${tenantId}::integer`;
  const surveyId = sql`${survey.id}::integer`;
  const timeZone = sql`${survey.timeZone}::text`;
  return sql`
    WITH seq AS (
      SELECT pg_get_serial_sequence('invitees', 'id')::regclass AS invitees,
        pg_get_serial_sequence('invitations', 'id')::regclass AS invitations,
        pg_get_serial_sequence('sessions', 'id')::regclass AS sessions
    ),
    src AS MATERIALIZED (
      SELECT r.*,
        nextval(seq.invitees) AS invitee_id,
        nextval(seq.invitations) AS invitation_id,
        nextval(seq.sessions) AS session_id,
        coalesce(r.transaction_instant, r.transaction_local AT TIME ZONE ${timeZone}) AS transaction_date,
        coalesce(r.answered_instant, r.answered_local AT TIME ZONE ${timeZone}, now()) AS answered
      FROM seq, jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) AS r(
        transaction_instant timestamptz, transaction_local timestamp, answered_instant timestamptz,
        answered_local timestamp, channel_id integer, product_id integer, type_id integer, employee_id integer,
        location_id integer, segment_ids integer[], full_name text, email text, msisdn text, language text,
        custom_data text[], completion smallint, answers jsonb)
    ),
    new_invitees AS (
      INSERT INTO invitees (id, tenant_id, survey_id, full_name, email, msisdn, language, location_id,
        transaction_date, transaction_channel_id, product_id, transaction_type_id, employee_id, segment_ids,
        custom_data1, custom_data2, custom_data3, custom_data4, custom_data5, custom_data6, custom_data7,
        custom_data8, custom_data9, custom_data10)
      SELECT invitee_id, ${tenant}, ${surveyId}, full_name, email, msisdn, language, location_id,
        transaction_date, channel_id, product_id, type_id, employee_id, segment_ids,
        custom_data[1], custom_data[2], custom_data[3], custom_data[4], custom_data[5], custom_data[6],
        custom_data[7], custom_data[8], custom_data[9], custom_data[10]
      FROM src
    ),
    new_invitations AS (
      INSERT INTO invitations (id, tenant_id, invitee_id, survey_id, channel, token, invited_at)
      SELECT invitation_id, ${tenant}, invitee_id, ${surveyId}, ${API_INTERACTION_CHANNEL}::smallint,
        gen_random_uuid(), answered
      FROM src
    ),
    new_sessions AS (
      INSERT INTO sessions (id, tenant_id, survey_id, flow_id, invitee_id, invitation_id, created_at,
        answered_at, completion, status, source)
      SELECT session_id, ${tenant}, ${surveyId}, ${survey.flowId}::integer, invitee_id, invitation_id,
        answered, answered, completion, 1, 'rest-api'
      FROM src
    ),
    new_answers AS (
      INSERT INTO answers (tenant_id, session_id, question_id, choice_value, score, text)
      SELECT ${tenant}, src.session_id, a.question_id, a.choice_value, a.score, a.text
      FROM src CROSS JOIN LATERAL jsonb_to_recordset(src.answers)
        AS a(question_id integer, choice_value integer, score double precision, text text)
    )
    SELECT session_id AS id FROM src`;
}
