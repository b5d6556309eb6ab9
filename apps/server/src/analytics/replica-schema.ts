import { FILTER_TREES, type TimeColumn } from '@loupe/contracts';

/**
 * The analytics replica's tables in DuckDB (ARCHITECTURE §2). Both tables carry the same dimension columns,
 * so one WHERE clause from the filter compiler selects the same respondents in either.
 *
 * - `facts`: one row per answered measured question (session × question with a score).
 * - `comments`: one row per open-ended answer, with its text analysis.
 * - `sessions`: one row per session (the dimension columns only).
 *
 * Each of the four times is kept as its instant, `<t>_at` TIMESTAMPTZ (shown to a caller at the caller's
 * TimezoneOffset), with integer keys computed at sync time from its wall clock in the tenant's time zone (converted
 * in PostgreSQL with AT TIME ZONE, so a day follows the zone's daylight-saving changes): `<t>_day` yyyymmdd,
 * `<t>_week` ISO year*100+week, `<t>_month` yyyymm, `<t>_quarter` year*10+quarter, `<t>_dow` ISO day of week 1
 * (Monday) to 7, and `<t>_pod` part of day 0..5 for 00-09, 09-12, 12-15, 15-18, 18-21, 21-00.
 */

/** The time columns a widget may choose (dataFilters.TimeColumn) and their column prefix in the replica. */
export const TIME_COLUMNS = {
  TransactionDateId: 'transaction',
  AnsweredDateId: 'answered',
  InvitedDateId: 'invited',
  CreatedDateId: 'created',
} as const satisfies Record<TimeColumn, string>;
type TimeColumnId = keyof typeof TIME_COLUMNS;
export type TimePrefix = (typeof TIME_COLUMNS)[TimeColumnId];

/** The levels kept of each tree (the filter-field registry's tree depths). */
export const CHANNEL_LEVELS = FILTER_TREES.channels.depth;
export const PRODUCT_LEVELS = FILTER_TREES.products.depth;
export const LOCATION_LEVELS = FILTER_TREES.locations.depth;

const levels = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}_l${i + 1} INTEGER`).join(',\n  ');

/** The times an invitation row keeps, each as `<t>_at` and its tenant-local keys. */
export const INVITATION_TIMES = ['invited', 'sent', 'delivered', 'opened'] as const;

const timeColumnsOf = (prefixes: readonly string[]) =>
  prefixes
    .map(
      (t) =>
        `${t}_at TIMESTAMPTZ, ${t}_day INTEGER, ${t}_week INTEGER, ${t}_month INTEGER, ${t}_quarter INTEGER, ` +
        `${t}_dow TINYINT, ${t}_pod TINYINT`,
    )
    .join(',\n  ');

/** comments.phrase_words and phrase_pairs: analytics/phrase-words.ts's PhraseEntry lists. */
export const PHRASE_ENTRIES = 'STRUCT(stem VARCHAR, form VARCHAR, uses INTEGER, first BOOLEAN)[]';

/** Columns shared by `facts` and `comments`: who answered, about what, where and when. */
const dimensionColumns = `
  tenant_id INTEGER NOT NULL,
  survey_id INTEGER NOT NULL,
  flow_id INTEGER,
  session_id BIGINT NOT NULL,
  invitee_id BIGINT NOT NULL,
  journey_stage_id INTEGER,
  channel_id INTEGER,
  channel_level TINYINT,
  ${levels('channel', CHANNEL_LEVELS)},
  product_id INTEGER,
  product_level TINYINT,
  ${levels('product', PRODUCT_LEVELS)},
  channel_location_id INTEGER,
  ${levels('channel_location', LOCATION_LEVELS)},
  invitee_location_id INTEGER,
  ${levels('invitee_location', LOCATION_LEVELS)},
  transaction_type_id INTEGER,
  employee_id INTEGER,
  segment_ids INTEGER[],
  session_status TINYINT,
  completion TINYINT,
  source VARCHAR,
  -- A test user's session (a test invitation): left out of every figure unless the filter includes test answers.
  is_test BOOLEAN,
  -- The session's NPS answer (0-10), its respondent type (0 promoter 9-10, 1 neutral 7-8, 2 detractor 0-6),
  -- and the sentiment, topics and emotions of its comments: these filters apply to every widget.
  nps_score DOUBLE,
  respondent_type TINYINT,
  sentiment_score TINYINT,
  topic_ids INTEGER[],
  emotion_ids INTEGER[],
  ${timeColumnsOf(Object.values(TIME_COLUMNS))}`;

/** The replica's row tables that carry the dimension columns above (the filter compiler's tables). */
export const REPLICA_TABLES = ['facts', 'comments', 'sessions'] as const;
export type ReplicaTable = (typeof REPLICA_TABLES)[number];

/**
 * Every table the sync writes: the row tables above, and
 * - `answers`: one row per answer of a session (every question type, the matrix sub-questions' too), its choice
 *   value or NULL for a text, and whether it is the session's first row of its question: the survey statistics'
 *   answered counts, distributions and drop-off. Its dimensions are the session's (join `sessions` on session_id).
 * - `invitations`: one row per invitation, with the invitee's transaction channel, product and employee (so the
 *   caller's data restrictions apply as on the other tables) and the invited, sent, delivered and opened times
 *   (instant and tenant-local keys, as above). Kept by invitation id, not by session: it follows the change
 *   sequence's invitation ops (docs/surveys-statistics.md).
 */
export const STORED_TABLES = [...REPLICA_TABLES, 'answers', 'invitations'] as const;
export type StoredTable = (typeof STORED_TABLES)[number];
/** The stored tables whose rows belong to one session (deleted and re-read by session id). */
export const SESSION_TABLES = [
  'facts',
  'comments',
  'sessions',
  'answers',
] as const satisfies readonly StoredTable[];

const tableColumns: Record<StoredTable, string> = {
  facts: `${dimensionColumns},
  question_id INTEGER NOT NULL,
  experience_id INTEGER,
  measurement_type TINYINT,
  scale TINYINT,
  choice_value INTEGER,
  score DOUBLE NOT NULL
`,
  comments: `${dimensionColumns},
  answer_id BIGINT NOT NULL,
  question_id INTEGER NOT NULL,
  text VARCHAR NOT NULL,
  translated_text VARCHAR,
  language VARCHAR,
  -- Lower-cased, stemmed words of the text for FreeTextFilter (Turkish and English).
  search_terms VARCHAR[],
  -- The top phrases' words and adjacent pairs of a Turkish or English text, cut at sync (analytics/phrase-words.ts).
  phrase_words ${PHRASE_ENTRIES},
  phrase_pairs ${PHRASE_ENTRIES},
  -- The comment's own labels: topic ids with their sentiment, from every topic model, and emotion ids.
  topic_labels STRUCT(model_id INTEGER, topic_id INTEGER, sentiment TINYINT)[],
  emotion_labels STRUCT(model_id INTEGER, topic_id INTEGER, intensity DOUBLE)[],
  -- This comment's own sentiment (sentiment_score is the session's, from its first analysed comment).
  comment_sentiment_score TINYINT
`,
  // One row per session, answered or not: response counts and "answered sessions" without a measured answer.
  // invitation_id and invitation_channel (the interaction channel, 1 email … 12 API) tie it to its invitation.
  // experience_ids: the experiences of the session's facts, sorted, distinct — a weighted experience index counts
  // its sessions here (one row each) instead of counting distinct session ids over millions of facts.
  sessions: `${dimensionColumns},
  invitation_id BIGINT,
  invitation_channel TINYINT,
  experience_ids INTEGER[]
`,
  answers: `
  tenant_id INTEGER NOT NULL,
  survey_id INTEGER NOT NULL,
  session_id BIGINT NOT NULL,
  question_id INTEGER NOT NULL,
  choice_value INTEGER,
  -- The session's first row of this question (a multiple choice has one row per choice): the sessions that
  -- answered a question are a count of these, not count(DISTINCT session_id) over every row.
  first_of_question BOOLEAN NOT NULL
`,
  invitations: `
  tenant_id INTEGER NOT NULL,
  survey_id INTEGER NOT NULL,
  invitation_id BIGINT NOT NULL,
  invitee_id BIGINT NOT NULL,
  invitation_channel TINYINT NOT NULL,
  channel_id INTEGER,
  ${levels('channel', CHANNEL_LEVELS)},
  product_id INTEGER,
  ${levels('product', PRODUCT_LEVELS)},
  employee_id INTEGER,
  ${timeColumnsOf(INVITATION_TIMES)}
`,
};

/** CREATE TABLE for one stored table, optionally under another name (rebuild and compaction build beside it). */
export function replicaTableDdl(table: StoredTable, name: string = table): string {
  return `CREATE TABLE IF NOT EXISTS ${name} (${tableColumns[table]})`;
}

export const REPLICA_DDL = [
  ...STORED_TABLES.map((table) => replicaTableDdl(table)),
  `CREATE TABLE IF NOT EXISTS replica_state (name VARCHAR PRIMARY KEY, value BIGINT NOT NULL)`,
];
