import { sql, type SQL } from 'drizzle-orm';
import {
  NEUTRAL_MIN_SCORE,
  PROMOTER_MIN_SCORE,
  type AlertConditionKind,
  type AlertOperator,
  type AlertRuleCondition,
} from '@loupe/contracts';
import type { Executor } from '../../db/executor.js';
import { alertsCreatedOutbox } from '../integrations/index.js';

/*
 * Alert rule evaluation (docs/alerts.md, "Rules and evaluation"): run in the transaction that stores a session's
 * answers (REST data's batch, the respondent page's completing save), so an alert exists exactly when its answers
 * do. One query reads the tenant's active rules (they are few; reading them in the transaction means a rule saved
 * on another node counts from its commit on), then one statement evaluates every rule against every completed
 * session of the batch and inserts the alerts and their 'created' history rows. The unique (rule_id, session_id)
 * key makes a second evaluation of the same session a no-op: an alert is never raised twice.
 */

/** One stored condition as the evaluator reads it (what the save schema gave). */
type Condition = AlertRuleCondition;

type ActiveRule = {
  id: number;
  survey_ids: number[];
  product_ids: number[];
  channel_ids: number[];
  logic: string;
  conditions: Condition[];
  /** The owner user's or role's id when it still exists; null otherwise. */
  owner_user_id: number | null;
  owner_role_id: number | null;
  due_hours: number;
  jit: string;
};

/** Sentiment words as text_analyses.sentiment_score stores them. */
const SENTIMENT_SCORES: Record<string, number> = { positive: 4, neutral: 2, negative: 0 };

/** The kinds read from text analysis, which may arrive after the answers (`evaluateAlertRulesOnTextAnalysis`). */
const TEXT_ANALYSIS_KINDS: readonly AlertConditionKind[] = ['sentiment', 'topic', 'emotion'];

/** What joins a question's texts in `s.answers` (`t`): chr(1), which a contains value hardly holds. */
const TEXT_SEPARATOR = '\u0001';

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);
const numbers = (value: unknown) => sql.param(list(value).map(Number));
const texts = (value: unknown) => sql.param(list(value).map(String));

/** `column <op> value` for the comparison operators. */
function compare(column: SQL, operator: AlertOperator, value: unknown, type: 'number' | 'text'): SQL {
  const one = type === 'number' ? sql`${Number(value)}::double precision` : sql`${String(value)}::text`;
  switch (operator) {
    case 'eq':
      return sql`${column} = ${one}`;
    case 'ne':
      return sql`${column} <> ${one}`;
    case 'lt':
      return sql`${column} < ${one}`;
    case 'lte':
      return sql`${column} <= ${one}`;
    case 'gt':
      return sql`${column} > ${one}`;
    case 'gte':
      return sql`${column} >= ${one}`;
    case 'in':
      return type === 'number'
        ? sql`${column} = ANY(${numbers(value)}::double precision[])`
        : sql`${column} = ANY(${texts(value)}::text[])`;
    case 'between': {
      const [min, max] = list(value).map(Number);
      return sql`${column} BETWEEN ${min}::double precision AND ${max}::double precision`;
    }
    case 'contains':
      return sql`strpos(lower(${column}), lower(${String(value)}::text)) > 0`;
  }
}

/**
 * An answer of the session (to the condition's question, or any) for which `where` holds: an index probe
 * (answers_session_idx) per condition and session, for the conditions the sources (below) cannot answer: text
 * analysis, NPS audiences of any question. The others read the session's answers aggregated once into `s` (one
 * probe per session, not per condition).
 */
const anAnswer = (condition: Condition, where: SQL) => sql`EXISTS (
  SELECT 1 FROM answers a WHERE a.session_id = s.session_id
    ${condition.QuestionId === null ? sql`` : sql`AND a.question_id = ${condition.QuestionId}::integer`}
    AND ${where})`;

/** The NPS audience of a 0-10 score, as the reports count it. */
const audienceOf = (
  score: SQL,
) => sql`CASE WHEN ${score} >= ${PROMOTER_MIN_SCORE}::double precision THEN 'promoter'
  WHEN ${score} >= ${NEUTRAL_MIN_SCORE}::double precision THEN 'passive' ELSE 'detractor' END`;

/**
 * The questions whose answers the conditions read, each read once per session into columns of `s` (index i):
 * `s<i>` its scores, `c<i>` its chosen values (double precision arrays), `t<i>` its texts lower-cased and joined
 * by chr(1). The key null stands for any question of the session.
 */
type Sources = Map<number | null, number>;

function sourceOf(sources: Sources, questionId: number | null): number {
  let index = sources.get(questionId);
  if (index === undefined) {
    index = sources.size;
    sources.set(questionId, index);
  }
  return index;
}

/** The columns of `s` for the sources, aggregated from the session's answers in one pass. */
function sourceColumns(sources: Sources): SQL {
  return sql.join(
    [...sources].map(([questionId, index]) => {
      const of = questionId === null ? sql`` : sql`a.question_id = ${questionId}::integer AND `;
      return sql`array_agg(a.score) FILTER (WHERE ${of}a.score IS NOT NULL) AS ${sql.raw(`s${index}`)},
        array_agg(a.choice_value::double precision) FILTER (WHERE ${of}a.choice_value IS NOT NULL)
          AS ${sql.raw(`c${index}`)},
        string_agg(lower(a.text), ${TEXT_SEPARATOR}::text) FILTER (WHERE ${of}a.text IS NOT NULL)
          AS ${sql.raw(`t${index}`)}`;
    }),
    sql`, `,
  );
}

/**
 * An element of `values` (a session's scores or chosen values, null when none) for which `column <operator>
 * value` holds. The comparisons read the array as `= ANY` / `&&` do; a range or an audience looks at each element.
 */
function anElement(values: SQL, operator: AlertOperator, value: unknown, audience = false): SQL {
  const one = sql`${Number(value)}::double precision`;
  if (audience) {
    return sql`EXISTS (SELECT 1 FROM unnest(${values}) x(v) WHERE ${audienceOf(sql`x.v`)} = ANY(${texts(value)}::text[]))`;
  }
  switch (operator) {
    case 'eq':
      return sql`${one} = ANY(${values})`;
    case 'ne':
      return sql`${one} <> ANY(${values})`;
    case 'lt':
      return sql`${one} > ANY(${values})`;
    case 'lte':
      return sql`${one} >= ANY(${values})`;
    case 'gt':
      return sql`${one} < ANY(${values})`;
    case 'gte':
      return sql`${one} <= ANY(${values})`;
    case 'in':
      return sql`${values} && ${numbers(value)}::double precision[]`;
    case 'between':
    case 'contains':
      return sql`EXISTS (SELECT 1 FROM unnest(${values}) x(v) WHERE ${compare(sql`x.v`, operator, value, 'number')})`;
  }
}

/** The predicate of one condition over the batch's session row `s`. */
function predicateOf(condition: Condition, sources: Sources): SQL {
  const { Operator: operator, Value: value } = condition;
  const column = (prefix: 's' | 'c' | 't') =>
    sql.raw(`s.${prefix}${sourceOf(sources, condition.QuestionId)}`);
  switch (condition.Kind) {
    case 'score':
      return anElement(column('s'), operator, value);
    case 'choice':
      return anElement(column('c'), operator, value);
    case 'npsAudience':
      if (condition.QuestionId !== null) return anElement(column('s'), operator, value, true);
      // Without a named question: any NPS question's answer (its experience measures NPS, on a 0-10 scale).
      return anAnswer(
        condition,
        sql`a.score IS NOT NULL AND EXISTS (SELECT 1 FROM questions q
            JOIN experiences x ON x.id = q.experience_id WHERE q.id = a.question_id AND x.measurement_type = 0)
            AND ${audienceOf(sql`a.score`)} = ANY(${texts(value)}::text[])`,
      );
    case 'sentiment':
      return anAnswer(
        condition,
        sql`EXISTS (SELECT 1 FROM text_analyses ta WHERE ta.answer_id = a.id
          AND ta.sentiment_score = ANY(${sql.param(list(value).map((word) => SENTIMENT_SCORES[String(word)] ?? -2))}::integer[]))`,
      );
    case 'topic':
    case 'emotion':
      return anAnswer(
        condition,
        sql`EXISTS (SELECT 1 FROM text_topics tt WHERE tt.answer_id = a.id
          AND tt.topic_id = ANY(${numbers(value)}::integer[]))`,
      );
    case 'text':
      // The texts joined by chr(1): a value without chr(1) matches within one text only.
      if (operator === 'contains' && !String(value).includes(TEXT_SEPARATOR)) {
        return sql`strpos(${column('t')}, lower(${String(value)}::text)) > 0`;
      }
      return anAnswer(
        condition,
        sql`a.text IS NOT NULL AND ${compare(sql`a.text`, operator, value, 'text')}`,
      );
    case 'customData': {
      const custom = sql`s.custom_data[${condition.CustomDataNo ?? 0}::integer]`;
      if (operator === 'ne') return sql`${custom} IS DISTINCT FROM ${String(value)}::text`;
      return sql`${custom} IS NOT NULL AND ${compare(custom, operator, value, 'text')}`;
    }
  }
}

/**
 * The sessions of the batch a rule covers (its surveys, and its product and channel nodes or their branches)
 * whose answers meet its conditions, each with what the rule gives its alert: the rule's own values are bound
 * here, so the insert joins nothing back (a join back to the batch was planned as a nested loop over every
 * pair: 4 M comparisons for 1,000 sessions).
 */
function ruleMatches(rule: ActiveRule, sources: Sources): SQL {
  const joiner = rule.logic === 'or' ? sql` OR ` : sql` AND `;
  const conditions = rule.conditions.map((condition) => sql`(${predicateOf(condition, sources)})`);
  // The alert's question: the first condition's that names one; its score in the session is the alert's.
  const questionId = rule.conditions.find((condition) => condition.QuestionId !== null)?.QuestionId ?? null;
  return sql`
    SELECT ${rule.id}::integer AS rule_id, ${questionId}::integer AS question_id,
      ${rule.owner_user_id}::integer AS user_id, ${rule.owner_role_id}::integer AS role_id,
      ${rule.due_hours}::integer AS due_hours, s.session_id, s.survey_id, s.invitee_id, s.transaction_channel_id,
      s.product_id, s.employee_id
    FROM s
    WHERE s.survey_id = ANY(${sql.param(rule.survey_ids)}::integer[])
      AND s.channel_path && ${sql.param(rule.channel_ids)}::integer[]
      AND s.product_path && ${sql.param(rule.product_ids)}::integer[]
      AND (${sql.join(conditions, joiner)})`;
}

type Evaluation = {
  tenantId: number;
  /** Sessions just stored or completed; the ones not completed are skipped. */
  sessionIds: readonly number[];
  /** The alerts' creation time (their due time counts from it). */
  now: Date;
};

async function evaluate(db: Executor, evaluation: Evaluation, textAnalysisOnly: boolean): Promise<number> {
  const { tenantId, sessionIds, now } = evaluation;
  if (sessionIds.length === 0) return 0;
  // An owner removed since the rule was saved leaves its alerts unassigned.
  const result: unknown = await db.execute(sql`
    SELECT r.id, r.survey_ids, r.product_ids, r.channel_ids, r.logic, r.conditions, r.due_hours,
      (SELECT u.id FROM users u WHERE r.owner_type = 'user' AND u.id = r.owner_id) AS owner_user_id,
      (SELECT g.id FROM roles g WHERE r.owner_type = 'role' AND g.id = r.owner_id) AS owner_role_id,
      current_setting('jit') AS jit
    FROM alert_rules r
    WHERE r.tenant_id = ${tenantId}::integer AND r.is_active`);
  let rules = (result as { rows: ActiveRule[] }).rows.filter((rule) => rule.conditions.length > 0);
  if (textAnalysisOnly)
    rules = rules.filter((rule) => rule.conditions.some((c) => TEXT_ANALYSIS_KINDS.includes(c.Kind)));
  if (rules.length === 0) return 0;

  const at = now.toISOString();
  // Compiling the rules names the answers they read (the sources), which the session rows then carry.
  const sources: Sources = new Map();
  const hits = sql.join(
    rules.map((rule) => ruleMatches(rule, sources)),
    sql` UNION ALL `,
  );
  // The statement's cost estimate (one EXISTS per condition and session) crosses jit_above_cost, and compiling it
  // took longer than running it (0.6 s of 2 s per 1,000 sessions); off for this statement, restored after it.
  await db.execute(sql`SELECT set_config('jit', 'off', true)`);
  const inserted: unknown = await db.execute(sql`
    WITH s AS MATERIALIZED (
      SELECT se.id AS session_id, se.survey_id, i.id AS invitee_id, i.transaction_channel_id,
        i.product_id, i.employee_id, c.path AS channel_path, p.path AS product_path,
        ARRAY[i.custom_data1, i.custom_data2, i.custom_data3, i.custom_data4, i.custom_data5, i.custom_data6,
          i.custom_data7, i.custom_data8, i.custom_data9, i.custom_data10] AS custom_data${
            sources.size === 0 ? sql`` : sql`, ans.*`
          }
      FROM sessions se
        JOIN invitees i ON i.id = se.invitee_id
        JOIN transaction_channels c ON c.id = i.transaction_channel_id
        JOIN products p ON p.id = i.product_id${
          sources.size === 0
            ? sql``
            : sql`
        CROSS JOIN LATERAL (SELECT ${sourceColumns(sources)} FROM answers a WHERE a.session_id = se.id) ans`
        }
      WHERE se.tenant_id = ${tenantId}::integer AND se.id = ANY(${sql.param(sessionIds)}::bigint[])
        AND se.completion = 1 AND se.answered_at IS NOT NULL
    ),
    hits AS (${hits}),
    new_alerts AS (
      INSERT INTO alerts (tenant_id, rule_id, invitee_id, session_id, survey_id, question_id, status, read_status,
        assigned_user_id, assigned_role_id, score, channel_id, employee_id, product_id, created_at, updated_at,
        due_at)
      SELECT ${tenantId}::integer, h.rule_id, h.invitee_id, h.session_id, h.survey_id, h.question_id, 1, 0,
        h.user_id, h.role_id,
        (SELECT round(a.score)::smallint FROM answers a
         WHERE a.session_id = h.session_id AND a.question_id = h.question_id AND a.score IS NOT NULL
         ORDER BY a.id LIMIT 1),
        h.transaction_channel_id, h.employee_id, h.product_id, ${at}::timestamptz, ${at}::timestamptz,
        ${at}::timestamptz + make_interval(hours => h.due_hours)
      FROM hits h
      ON CONFLICT (rule_id, session_id) DO NOTHING
      RETURNING id, rule_id, status, session_id, survey_id, assigned_user_id, assigned_role_id, due_at, created_at
    ),
    history AS (
      INSERT INTO alert_history (tenant_id, alert_id, kind, to_status, created_at)
      SELECT ${tenantId}::integer, id, 'created', 1, ${at}::timestamptz FROM new_alerts
    ),
    integration_events AS (${alertsCreatedOutbox(tenantId, sql`new_alerts`)})
    SELECT count(*)::integer AS raised, set_config('jit', ${rules[0]!.jit}::text, true) AS jit
    FROM new_alerts`);
  return (inserted as { rows: { raised: number }[] }).rows[0]?.raised ?? 0;
}

/**
 * Evaluates the tenant's active alert rules on sessions just stored, in the caller's transaction (the one that
 * stored the answers), and raises one alert per matching rule and session, never twice. Returns how many alerts
 * it raised.
 */
export const evaluateAlertRules = (db: Executor, evaluation: Evaluation): Promise<number> =>
  evaluate(db, evaluation, false);

/**
 * The text-analytics hook: call it, in the transaction that writes a comment's text_analyses / text_topics rows,
 * with the sessions whose comments were scored. Only the active rules with a sentiment, topic or emotion
 * condition are evaluated again (the analysis is news to them); the others had their say with the answers.
 */
export const evaluateAlertRulesOnTextAnalysis = (db: Executor, evaluation: Evaluation): Promise<number> =>
  evaluate(db, evaluation, true);
