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

/** A JS array bound as one PostgreSQL array parameter (Drizzle would otherwise spread it into a list). */
const array = (values: readonly unknown[]) => sql.param(values);

/**
 * The statement that inserts every accepted record at once: the rows travel as one typed array parameter per
 * column (PostgreSQL reads an array of integers or text several times faster than the same values in jsonb), each
 * gets its invitee, invitation and session ids from the sequences up front (so children can point at parents
 * without a round trip), and data-modifying CTEs fill the four tables. The answers travel flat, each with its
 * record's position. Foreign keys are checked at the end of the statement, when every parent row exists. A date
 * with an offset is that instant; one without is read in the tenant's time zone. It answers the new sessions' ids
 * (`{ id }` rows), for the alert rules' evaluation.
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
  const n = rows.length;
  const column = <T>() => new Array<T>(n);
  const transactionInstant = column<string | null>();
  const transactionLocal = column<string | null>();
  const answeredInstant = column<string | null>();
  const answeredLocal = column<string | null>();
  const channelIds = column<number>();
  const productIds = column<number | null>();
  const typeIds = column<number | null>();
  const employeeIds = column<number | null>();
  const locationIds = column<number | null>();
  // Each record's segment ids as an array literal: the records' lists differ in length, and a PostgreSQL array
  // parameter must be rectangular.
  const segmentIds = column<string>();
  const fullNames = column<string | null>();
  const emails = column<string | null>();
  const msisdns = column<string | null>();
  const languages = column<string | null>();
  const customData = Array.from({ length: 10 }, () => column<string | null>());
  const completions = column<number>();
  const answerRecord: number[] = [];
  const questionIds: number[] = [];
  const choiceValues: (number | null)[] = [];
  const scores: (number | null)[] = [];
  const texts: (string | null)[] = [];
  rows.forEach((row, i) => {
    const transactionIsInstant = WITH_OFFSET.test(row.transactionDate);
    const answeredIsInstant = row.answeredDate !== null && WITH_OFFSET.test(row.answeredDate);
    transactionInstant[i] = transactionIsInstant ? row.transactionDate : null;
    transactionLocal[i] = transactionIsInstant ? null : row.transactionDate;
    answeredInstant[i] = answeredIsInstant ? row.answeredDate : null;
    answeredLocal[i] = answeredIsInstant ? null : row.answeredDate;
    channelIds[i] = row.channelId;
    productIds[i] = row.productId;
    typeIds[i] = row.transactionTypeId;
    employeeIds[i] = row.employeeId;
    locationIds[i] = row.locationId;
    segmentIds[i] = `{${row.segmentIds.join(',')}}`;
    fullNames[i] = row.fullName;
    emails[i] = row.email;
    msisdns[i] = row.msisdn;
    languages[i] = row.language;
    customData.forEach((slot, k) => (slot[i] = row.customData[k] ?? null));
    completions[i] = row.completion;
    for (const answer of row.answers) {
      answerRecord.push(i + 1);
      questionIds.push(answer.questionId);
      choiceValues.push(answer.choiceValue);
      scores.push(answer.score);
      texts.push(answer.text);
    }
  });

  const tenant = sql`${tenantId}::integer`;
  const surveyId = sql`${survey.id}::integer`;
  const timeZone = sql`${survey.timeZone}::text`;
  const texts10 = sql.join(
    customData.map((slot) => sql`${array(slot)}::text[]`),
    sql`, `,
  );
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
      FROM seq, unnest(${array(transactionInstant)}::timestamptz[], ${array(transactionLocal)}::timestamp[],
          ${array(answeredInstant)}::timestamptz[], ${array(answeredLocal)}::timestamp[],
          ${array(channelIds)}::integer[], ${array(productIds)}::integer[], ${array(typeIds)}::integer[],
          ${array(employeeIds)}::integer[], ${array(locationIds)}::integer[], ${array(segmentIds)}::text[],
          ${array(fullNames)}::text[], ${array(emails)}::text[], ${array(msisdns)}::text[],
          ${array(languages)}::text[], ${texts10}, ${array(completions)}::smallint[])
        WITH ORDINALITY AS r(transaction_instant, transaction_local, answered_instant, answered_local, channel_id,
          product_id, type_id, employee_id, location_id, segment_ids, full_name, email, msisdn, language,
          custom_data1, custom_data2, custom_data3, custom_data4, custom_data5, custom_data6, custom_data7,
          custom_data8, custom_data9, custom_data10, completion, record)
    ),
    new_invitees AS (
      INSERT INTO invitees (id, tenant_id, survey_id, full_name, email, msisdn, language, location_id,
        transaction_date, transaction_channel_id, product_id, transaction_type_id, employee_id, segment_ids,
        custom_data1, custom_data2, custom_data3, custom_data4, custom_data5, custom_data6, custom_data7,
        custom_data8, custom_data9, custom_data10)
      SELECT invitee_id, ${tenant}, ${surveyId}, full_name, email, msisdn, language, location_id,
        transaction_date, channel_id, product_id, type_id, employee_id, segment_ids::integer[],
        custom_data1, custom_data2, custom_data3, custom_data4, custom_data5, custom_data6, custom_data7,
        custom_data8, custom_data9, custom_data10
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
      FROM unnest(${array(answerRecord)}::integer[], ${array(questionIds)}::integer[],
          ${array(choiceValues)}::integer[], ${array(scores)}::double precision[], ${array(texts)}::text[])
        WITH ORDINALITY AS a(record, question_id, choice_value, score, text, n)
        JOIN src ON src.record = a.record
      -- The posted order in the ids, record by record, as the answers arrived.
      ORDER BY a.n
    )
    SELECT session_id AS id FROM src`;
}
