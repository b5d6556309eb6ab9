import { NEUTRAL_MIN_SCORE, PROMOTER_MIN_SCORE, RespondentType } from '@loupe/contracts';
import {
  CHANNEL_LEVELS,
  INVITATION_TIMES,
  LOCATION_LEVELS,
  PHRASE_ENTRIES,
  PRODUCT_LEVELS,
  TIME_COLUMNS,
} from './replica-schema.js';

// How a batch of sessions travels from PostgreSQL to the replica.
//
// PostgreSQL does the lookups it is good at: it joins each session to its tenant, survey, invitee, invitation,
// channel, product and locations (each of the four times as its instant and as the wall clock of the tenant's zone,
// with AT TIME ZONE, for the day, week and month keys), each answer to its question and experience and text
// analysis, each topic label to its model. It returns three narrow exports, each as ONE CSV text (string_agg): the
// sessions, the answers that become facts or comments, and the topic and emotion labels. DuckDB reads them with
// read_csv, groups per session (NPS answer, first comment's sentiment, topic and emotion ids), derives per-level
// ids and time keys, and writes the replica tables.
//
// Why not finished fact rows or json from PostgreSQL: measured on PGlite with 100k sessions, json_agg of the
// answers took 8.7 s and DuckDB's json_transform 8.4 s, the same rows as CSV 1.5 s and read_csv 0.2 s; and
// wide fact rows repeat ~80 dimension columns per answer.

/** Which sessions a batch holds: an explicit id list (sync, `$1` bigint[]) or an id range (rebuild, `$1 < id <= $2`). */
export type SessionSelection = 'ids' | 'range';

type CsvKind = 'number' | 'text' | 'integers' | 'instant' | 'local time' | 'boolean';
type ExportColumn = { name: string; sql: string; kind: CsvKind; duck: string };

/** Measurement types that make a scored answer a fact: 0 NPS, 1 custom metric, 2 average score. */
const MEASURED_TYPES = '0, 1, 2';
/** A staged answer (alias `a`) that becomes a fact: scored, of a measured type. */
const FACT_ANSWER = `a.score IS NOT NULL AND a.measurement_type IN (${MEASURED_TYPES})`;
/** The NPS question a session's nps_score and respondent type come from: experience 101 on the 0-10 scale. */
const NPS_EXPERIENCE_ID = 101;
const NPS_SCALE = 11;

const col = (name: string, sql: string, kind: CsvKind, duck: string): ExportColumn => ({
  name,
  sql,
  kind,
  duck,
});
const int = (name: string, sql: string) => col(name, sql, 'number', 'INTEGER');
const bigint = (name: string, sql: string) => col(name, sql, 'number', 'BIGINT');
const tiny = (name: string, sql: string) => col(name, sql, 'number', 'TINYINT');
const ints = (name: string, sql: string) => col(name, sql, 'integers', 'INTEGER[]');
// A time travels twice, as microseconds since 1970-01-01 00:00: `<t>_at` since the UTC epoch (the instant) and
// `<t>_local` of the wall clock in the tenant's zone, which the day, week, month and part-of-day keys come from
// (text output of a timestamp would depend on the server's DateStyle; to_char costs twice as much).
const time = (prefix: string, sql: string) => [
  col(`${prefix}_at`, sql, 'instant', 'BIGINT'),
  col(`${prefix}_local`, `${sql} AT TIME ZONE t.time_zone`, 'local time', 'BIGINT'),
];

/** One export: its stage table, columns, FROM and the key column a batch selects by (a session's or an invitation's id). */
type Export = { table: string; columns: ExportColumn[]; from: string; keyColumn: string; where?: string };

const EXPORTS = {
  sessions: {
    table: 'stage_sessions',
    keyColumn: 's.id',
    from: `sessions s
  JOIN tenants t ON t.id = s.tenant_id
  JOIN surveys sv ON sv.id = s.survey_id
  JOIN invitees i ON i.id = s.invitee_id
  LEFT JOIN invitations inv ON inv.id = s.invitation_id
  LEFT JOIN transaction_channels ch ON ch.id = i.transaction_channel_id
  LEFT JOIN locations cl ON cl.id = ch.location_id
  LEFT JOIN products pr ON pr.id = i.product_id
  LEFT JOIN locations il ON il.id = i.location_id`,
    columns: [
      bigint('session_id', 's.id'),
      int('tenant_id', 's.tenant_id'),
      int('survey_id', 's.survey_id'),
      int('flow_id', 's.flow_id'),
      bigint('invitee_id', 's.invitee_id'),
      int('journey_stage_id', 'sv.journey_stage_id'),
      int('channel_id', 'i.transaction_channel_id'),
      tiny('channel_level', 'ch.level'),
      ints('channel_path', 'ch.path'),
      int('product_id', 'i.product_id'),
      tiny('product_level', 'pr.level'),
      ints('product_path', 'pr.path'),
      int('channel_location_id', 'ch.location_id'),
      ints('channel_location_path', 'cl.path'),
      int('invitee_location_id', 'i.location_id'),
      ints('invitee_location_path', 'il.path'),
      int('transaction_type_id', 'i.transaction_type_id'),
      int('employee_id', 'i.employee_id'),
      ints('segment_ids', 'i.segment_ids'),
      tiny('session_status', 's.status'),
      tiny('completion', 's.completion'),
      col('source', 's.source', 'text', 'VARCHAR'),
      col('is_test', 'i.is_test_user', 'boolean', 'BOOLEAN'),
      ...time('transaction', 'i.transaction_date'),
      ...time('answered', 's.answered_at'),
      ...time('invited', 'inv.invited_at'),
      ...time('created', 's.created_at'),
      bigint('invitation_id', 's.invitation_id'),
      tiny('invitation_channel', 'inv.channel'),
    ],
  },
  // Every answer of the session (the survey statistics' answered counts, distributions and drop-off).
  choices: {
    table: 'stage_choices',
    keyColumn: 'a.session_id',
    from: 'answers a',
    where: `a.choice_value IS NOT NULL OR btrim(a.text) <> ''`,
    columns: [
      bigint('session_id', 'a.session_id'),
      int('question_id', 'a.question_id'),
      int('choice_value', 'a.choice_value'),
    ],
  },
  answers: {
    table: 'stage_answers',
    keyColumn: 'a.session_id',
    from: `answers a
  JOIN questions q ON q.id = a.question_id
  LEFT JOIN experiences e ON e.id = q.experience_id
  LEFT JOIN text_analyses ta ON ta.answer_id = a.id`,
    // Only the answers that become a fact or a comment.
    where: `(a.score IS NOT NULL AND e.measurement_type IN (${MEASURED_TYPES}))
    OR (q.type = 'OETX' AND btrim(a.text) <> '')`,
    columns: [
      bigint('answer_id', 'a.id'),
      bigint('session_id', 'a.session_id'),
      int('question_id', 'a.question_id'),
      int('choice_value', 'a.choice_value'),
      col('score', 'a.score', 'number', 'DOUBLE'),
      int('experience_id', 'q.experience_id'),
      tiny('measurement_type', 'e.measurement_type'),
      tiny('scale', 'q.scale'),
      int('position', 'q.position'),
      col('is_comment', `q.type = 'OETX' AND btrim(a.text) <> ''`, 'boolean', 'BOOLEAN'),
      col('text', `CASE WHEN q.type = 'OETX' THEN a.text END`, 'text', 'VARCHAR'),
      col('language', 'ta.language', 'text', 'VARCHAR'),
      col('translated_text', 'ta.translated_text', 'text', 'VARCHAR'),
      tiny('sentiment_score', 'ta.sentiment_score'),
    ],
  },
  labels: {
    table: 'stage_labels',
    keyColumn: 'tt.session_id',
    from: 'text_topics tt JOIN topic_models m ON m.id = tt.model_id',
    columns: [
      bigint('answer_id', 'tt.answer_id'),
      bigint('session_id', 'tt.session_id'),
      int('model_id', 'tt.model_id'),
      int('topic_id', 'tt.topic_id'),
      tiny('sentiment_score', 'tt.sentiment_score'),
      col('intensity', 'tt.intensity', 'number', 'DOUBLE'),
      col('is_emotion', 'm.is_emotion_model', 'boolean', 'BOOLEAN'),
    ],
  },
} satisfies Record<string, Export>;

export type ExportName = keyof typeof EXPORTS;
export const EXPORT_NAMES = Object.keys(EXPORTS) as ExportName[];

/**
 * Invitations travel on their own (by invitation id): an invitation is sent, delivered and opened without any
 * session. The invitee gives the transaction channel, product and employee the caller's restrictions apply to.
 */
const INVITATION_EXPORT: Export = {
  table: 'stage_invitations',
  keyColumn: 'inv.id',
  from: `invitations inv
  JOIN tenants t ON t.id = inv.tenant_id
  JOIN invitees i ON i.id = inv.invitee_id
  LEFT JOIN transaction_channels ch ON ch.id = i.transaction_channel_id
  LEFT JOIN products pr ON pr.id = i.product_id`,
  columns: [
    bigint('invitation_id', 'inv.id'),
    int('tenant_id', 'inv.tenant_id'),
    int('survey_id', 'inv.survey_id'),
    bigint('invitee_id', 'inv.invitee_id'),
    tiny('invitation_channel', 'inv.channel'),
    int('channel_id', 'i.transaction_channel_id'),
    ints('channel_path', 'ch.path'),
    int('product_id', 'i.product_id'),
    ints('product_path', 'pr.path'),
    int('employee_id', 'i.employee_id'),
    ...INVITATION_TIMES.flatMap((t) => time(t, `inv.${t}_at`)),
  ],
};

// One CSV field. Empty and unquoted is NULL; text and lists are quoted.
function csvField({ sql, kind }: ExportColumn): string {
  switch (kind) {
    case 'number':
      return `coalesce((${sql})::text, '')`;
    case 'boolean':
      return `CASE WHEN ${sql} THEN 'true' WHEN NOT (${sql}) THEN 'false' ELSE '' END`;
    case 'text':
      return `coalesce('"' || replace(${sql}, '"', '""') || '"', '')`;
    case 'integers':
      return `coalesce('"[' || array_to_string(${sql}, ',') || ']"', '')`;
    case 'instant':
    case 'local time':
      return `coalesce((extract(epoch FROM ${sql}) * 1000000)::bigint::text, '')`;
  }
}

/**
 * PostgreSQL: one export of a batch as CSV text in the column `csv` ('' when empty). Parameters as in
 * `SessionSelection`.
 */
export function exportSql(name: ExportName, selection: SessionSelection): string {
  return exportOf(EXPORTS[name], selection);
}

/** PostgreSQL: the invitations of a batch as CSV, selected by invitation id as `SessionSelection` says. */
export function invitationExportSql(selection: SessionSelection): string {
  return exportOf(INVITATION_EXPORT, selection);
}

function exportOf(spec: Export, selection: SessionSelection): string {
  const key = spec.keyColumn;
  const byKey = selection === 'ids' ? `${key} = ANY($1::bigint[])` : `${key} > $1 AND ${key} <= $2`;
  const line = spec.columns.map(csvField).join(` || ',' || `);
  const where = spec.where ? `${byKey} AND (${spec.where})` : byKey;
  return `SELECT coalesce(string_agg(${line}, E'\\n'), '') AS csv FROM ${spec.from} WHERE ${where}`;
}

/** DuckDB: the temp tables the exports are read into, and the one for the comments' search terms. */
export const STAGE_DDL = [
  ...[...EXPORT_NAMES.map((name): Export => EXPORTS[name]), INVITATION_EXPORT].map(
    (spec) =>
      `CREATE OR REPLACE TEMP TABLE ${spec.table} (${spec.columns.map((c) => `${c.name} ${c.duck}`).join(', ')})`,
  ),
  // The search terms and phrases of each (text, language) seen lately, across batches: comments repeat (templates, "Thank
  // you", a customer base's stock phrases), so most of a big load's comments are stemmed once per text, not once
  // each. Emptied when it holds TERM_CACHE_MAX texts.
  `CREATE OR REPLACE TEMP TABLE term_cache (text VARCHAR, language VARCHAR, terms VARCHAR[],
    phrase_words ${PHRASE_ENTRIES}, phrase_pairs ${PHRASE_ENTRIES})`,
];

/** Texts the term cache holds at most before it starts over. */
export const TERM_CACHE_MAX = 200_000;
export const TERM_CACHE_SIZE_SQL = 'SELECT count(*) AS count FROM term_cache';
export const CLEAR_TERM_CACHE_SQL = 'DELETE FROM term_cache';

export const CLEAR_STAGE_SQL = EXPORT_NAMES.map((name) => `DELETE FROM ${EXPORTS[name].table}`);

const SAME_TEXT = (t: string, a: string) =>
  `${t}.text = ${a}.text AND ${t}.language IS NOT DISTINCT FROM ${a}.language`;

/** DuckDB: appends one export's CSV file to its stage table. `file` is a path the replica made itself. */
export function readExportSql(name: ExportName | 'invitations', file: string): string {
  const spec: Export = name === 'invitations' ? INVITATION_EXPORT : EXPORTS[name];
  const columns = spec.columns.map((c) => `'${c.name}': '${c.duck}'`).join(', ');
  return `INSERT INTO ${spec.table} SELECT * FROM read_csv('${file.replaceAll("'", "''")}', columns = {${columns}},
  header = false, auto_detect = false, delim = ',', quote = '"', escape = '"', nullstr = '',
  allow_quoted_nulls = false, new_line = '\\n')`;
}

/**
 * DuckDB: search terms of staged comments that the replica already holds with the same text and language, taken
 * into the term cache so that a re-scored or re-synced comment is not stemmed again. Run before the session's old
 * rows are deleted.
 */
export const REUSE_TERMS_SQL = `INSERT INTO term_cache
SELECT DISTINCT ON (c.text, c.language) c.text, c.language, c.search_terms, c.phrase_words, c.phrase_pairs
FROM comments c JOIN stage_answers a ON a.answer_id = c.answer_id
WHERE a.is_comment AND ${SAME_TEXT('a', 'c')}
  AND NOT EXISTS (SELECT 1 FROM term_cache t WHERE ${SAME_TEXT('t', 'c')})`;

/** DuckDB: the distinct texts of staged comments whose search terms JS still has to compute. */
export const STAGED_TEXTS_SQL = `SELECT DISTINCT a.text, a.language FROM stage_answers a
WHERE a.is_comment AND NOT EXISTS (SELECT 1 FROM term_cache t WHERE ${SAME_TEXT('t', 'a')})`;

const levelColumns = (b: string, prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${b}.${prefix}_path[${i + 1}] AS ${prefix}_l${i + 1}`);

// A time's instant and its tenant-local keys, as replica-schema.ts defines them.
const timeKeyColumns = (b: string, prefix: string) => {
  const t = `make_timestamp(${b}.${prefix}_local)`;
  return [
    `make_timestamptz(${b}.${prefix}_at) AS ${prefix}_at`,
    `year(${t}) * 10000 + month(${t}) * 100 + day(${t}) AS ${prefix}_day`,
    `yearweek(${t}) AS ${prefix}_week`,
    `year(${t}) * 100 + month(${t}) AS ${prefix}_month`,
    `year(${t}) * 10 + quarter(${t}) AS ${prefix}_quarter`,
    `isodow(${t}) AS ${prefix}_dow`,
    `CASE WHEN hour(${t}) < 9 THEN 0 WHEN hour(${t}) < 12 THEN 1 WHEN hour(${t}) < 15 THEN 2 ` +
      `WHEN hour(${t}) < 18 THEN 3 WHEN hour(${t}) < 21 THEN 4 ELSE 5 END AS ${prefix}_pod`,
  ];
};

/** The dimension columns of every replica table, from a staged session (with its aggregates) aliased `b`. */
const DIMENSIONS = [
  ...[
    'tenant_id',
    'survey_id',
    'flow_id',
    'session_id',
    'invitee_id',
    'journey_stage_id',
    'channel_id',
    'channel_level',
  ].map((c) => `b.${c}`),
  ...levelColumns('b', 'channel', CHANNEL_LEVELS),
  'b.product_id',
  'b.product_level',
  ...levelColumns('b', 'product', PRODUCT_LEVELS),
  'b.channel_location_id',
  ...levelColumns('b', 'channel_location', LOCATION_LEVELS),
  'b.invitee_location_id',
  ...levelColumns('b', 'invitee_location', LOCATION_LEVELS),
  'b.transaction_type_id',
  'b.employee_id',
  'coalesce(b.segment_ids, []) AS segment_ids',
  'b.session_status',
  'b.completion',
  'b.source',
  'coalesce(b.is_test, false) AS is_test',
  'b.nps_score',
  // Promoter 0 (9-10), neutral 1 (7-8), detractor 2 (0-6).
  `CASE WHEN b.nps_score >= ${PROMOTER_MIN_SCORE} THEN ${RespondentType.Promoter} ` +
    `WHEN b.nps_score >= ${NEUTRAL_MIN_SCORE} THEN ${RespondentType.Neutral} ` +
    `WHEN b.nps_score IS NOT NULL THEN ${RespondentType.Detractor} END AS respondent_type`,
  'b.sentiment_score',
  'coalesce(b.topic_ids, []) AS topic_ids',
  'coalesce(b.emotion_ids, []) AS emotion_ids',
  ...Object.values(TIME_COLUMNS).flatMap((t) => timeKeyColumns('b', t)),
].join(',\n  ');

/** DuckDB: the staged batch into the replica tables (or their `_load` twins during a rebuild). */
export function insertBatchSql(suffix = ''): string[] {
  return [
    // Per session, once: the dimension columns, with its NPS answer, its first analysed comment's sentiment
    // and its topic and emotion ids.
    `CREATE OR REPLACE TEMP TABLE batch_dims AS
SELECT ${DIMENSIONS}
FROM (
  SELECT s.*, a.nps_score, a.sentiment_score, l.topic_ids, l.emotion_ids
  FROM stage_sessions s
  LEFT JOIN (
    SELECT session_id,
      first(score ORDER BY position, answer_id)
        FILTER (WHERE experience_id = ${NPS_EXPERIENCE_ID} AND scale = ${NPS_SCALE} AND score IS NOT NULL) AS nps_score,
      first(sentiment_score ORDER BY position, answer_id)
        FILTER (WHERE is_comment AND sentiment_score IS NOT NULL) AS sentiment_score
    FROM stage_answers GROUP BY session_id
  ) a ON a.session_id = s.session_id
  LEFT JOIN (
    SELECT session_id,
      list_sort(list_distinct(list(topic_id) FILTER (WHERE NOT is_emotion))) AS topic_ids,
      list_sort(list_distinct(list(topic_id) FILTER (WHERE is_emotion))) AS emotion_ids
    FROM stage_labels GROUP BY session_id
  ) l ON l.session_id = s.session_id
) b`,
    `CREATE OR REPLACE TEMP TABLE batch_labels AS
SELECT answer_id,
  list({'model_id': model_id, 'topic_id': topic_id, 'sentiment': sentiment_score} ORDER BY model_id, topic_id)
    FILTER (WHERE NOT is_emotion) AS topic_labels,
  list({'model_id': model_id, 'topic_id': topic_id, 'intensity': intensity} ORDER BY model_id, topic_id)
    FILTER (WHERE is_emotion) AS emotion_labels
FROM stage_labels GROUP BY answer_id`,
    `INSERT INTO sessions${suffix} BY NAME
SELECT d.*, s.invitation_id, s.invitation_channel, coalesce(e.experience_ids, []) AS experience_ids
FROM batch_dims d JOIN stage_sessions s ON s.session_id = d.session_id
LEFT JOIN (
  SELECT a.session_id, list_sort(list_distinct(list(a.experience_id))) AS experience_ids
  FROM stage_answers a
  WHERE ${FACT_ANSWER} AND a.experience_id IS NOT NULL
  GROUP BY a.session_id
) e ON e.session_id = d.session_id`,
    `INSERT INTO answers${suffix} BY NAME
SELECT d.tenant_id, d.survey_id, c.session_id, c.question_id, c.choice_value,
  row_number() OVER (PARTITION BY c.session_id, c.question_id ORDER BY c.choice_value) = 1 AS first_of_question
FROM batch_dims d JOIN stage_choices c ON c.session_id = d.session_id`,
    `INSERT INTO facts${suffix} BY NAME
SELECT d.*, a.question_id, a.experience_id, a.measurement_type, a.scale, a.choice_value, a.score
FROM batch_dims d JOIN stage_answers a ON a.session_id = d.session_id
WHERE ${FACT_ANSWER}`,
    `INSERT INTO comments${suffix} BY NAME
SELECT d.*, a.answer_id, a.question_id, a.text, a.translated_text, a.language,
  coalesce(t.terms, []) AS search_terms,
  coalesce(t.phrase_words, []) AS phrase_words,
  coalesce(t.phrase_pairs, []) AS phrase_pairs,
  coalesce(l.topic_labels, []) AS topic_labels,
  coalesce(l.emotion_labels, []) AS emotion_labels,
  a.sentiment_score AS comment_sentiment_score
FROM batch_dims d JOIN stage_answers a ON a.session_id = d.session_id AND a.is_comment
LEFT JOIN batch_labels l ON l.answer_id = a.answer_id
LEFT JOIN term_cache t ON ${SAME_TEXT('t', 'a')}`,
  ];
}

/** DuckDB: the staged invitations into `invitations` (or its `_load` twin during a rebuild). */
export function insertInvitationsSql(suffix = ''): string {
  const columns = [
    'b.tenant_id',
    'b.survey_id',
    'b.invitation_id',
    'b.invitee_id',
    'b.invitation_channel',
    'b.channel_id',
    ...levelColumns('b', 'channel', CHANNEL_LEVELS),
    'b.product_id',
    ...levelColumns('b', 'product', PRODUCT_LEVELS),
    'b.employee_id',
    ...INVITATION_TIMES.flatMap((t) => timeKeyColumns('b', t)),
  ].join(',\n  ');
  return `INSERT INTO invitations${suffix} BY NAME SELECT ${columns} FROM stage_invitations b`;
}

/** DuckDB: empties the invitations' stage table. */
export const CLEAR_INVITATION_STAGE_SQL = `DELETE FROM ${INVITATION_EXPORT.table}`;
