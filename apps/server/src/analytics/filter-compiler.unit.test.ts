import {
  DOUBLE,
  DuckDBInstance,
  INTEGER,
  LIST,
  listValue,
  STRUCT,
  structValue,
  TINYINT,
  VARCHAR,
  type DuckDBConnection,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';
import { TIME_COLUMN_IDS, type ReportFilter, type WidgetDataFilters } from '@loupe/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compileFilter,
  type CompileFilterInput,
  type DataRestrictions,
  type SqlParam,
  type TreeLevels,
} from './filter-compiler.js';
import {
  CHANNEL_LEVELS,
  LOCATION_LEVELS,
  PRODUCT_LEVELS,
  REPLICA_DDL,
  REPLICA_TABLES,
  TIME_COLUMNS,
  type ReplicaTable,
} from './replica-schema.js';
import { textTerms } from './text-terms.js';

// A small hand-made replica. Tenant 1:
//   channels  1 Bank > 10 North > 11 Branch N1, 12 Branch N2;  1 Bank > 20 South > 21 Branch S1
//   products  100 Cards > 101 Credit, 102 Debit;  200 Loans > 201 Mortgage
//   locations 1000 Turkey > 1100 İstanbul > 1110 Kadıköy;  1000 Turkey > 1200 Ankara > 1210 Çankaya
//   segments  group 1: 501 Gold, 502 Silver;  group 2: 601 Young, 602 Senior
//   surveys   31 (NPS question 41, CSAT 42, open-ended 51 and 54), 32 (NPS 43, open-ended 52)
//   topics    801 waiting, 802 staff, 803 price (model 1);  emotions 901 joy, 902 calm, 903 anger (model 2)
// Tenant 2 holds copies of sessions 1 and 3 as sessions 90 and 91, with the very same dimension ids. Every
// session has its row in `sessions`, its measured answers in `facts` and its open-ended answers in `comments`.

type Session = {
  id: number;
  tenant: number;
  channel: number[] | null;
  product: number[] | null;
  channelLocation: number[] | null;
  inviteeLocation: number[] | null;
  transactionType: number | null;
  employee: number | null;
  segments: number[];
  survey: number;
  journey: number | null;
  status: 1 | 2;
  completion: 1 | 2;
  source: string;
  nps: number | null;
  sentiment: number | null;
  topics: number[] | null;
  emotions: number[] | null;
  /** A test user's session (a test invitation). */
  test?: true;
  /** yyyymmdd keys of the transaction, answered, invited and created dates. */
  days: [number, number, number, number];
};

const S1: Session = {
  id: 1,
  tenant: 1,
  channel: [1, 10, 11],
  product: [100, 101],
  channelLocation: [1000, 1100, 1110],
  inviteeLocation: [1000, 1100, 1110],
  transactionType: 7,
  employee: 301,
  segments: [501, 601],
  survey: 31,
  journey: 71,
  status: 1,
  completion: 1,
  source: 'survey',
  nps: 10,
  sentiment: 4,
  topics: [801],
  emotions: [901],
  days: [20240105, 20240106, 20240104, 20240103],
};
const S3: Session = {
  id: 3,
  tenant: 1,
  channel: [1, 20, 21],
  product: [200, 201],
  channelLocation: [1000, 1200, 1210],
  inviteeLocation: [1000, 1100, 1110],
  transactionType: 7,
  employee: 303,
  segments: [501, 602],
  survey: 31,
  journey: 71,
  status: 1,
  completion: 2,
  source: 'survey',
  nps: 3,
  sentiment: 0,
  topics: [801, 803],
  emotions: [903],
  days: [20240215, 20240216, 20240214, 20240213],
};
const SESSIONS: Session[] = [
  S1,
  {
    id: 2,
    tenant: 1,
    channel: [1, 10, 12],
    product: [100, 102],
    channelLocation: [1000, 1100, 1110],
    inviteeLocation: [1000, 1200, 1210],
    transactionType: 8,
    employee: 302,
    segments: [502],
    survey: 31,
    journey: 72,
    status: 2,
    completion: 1,
    source: 'rest-api',
    nps: 8,
    sentiment: 2,
    topics: [802],
    emotions: [902],
    days: [20240110, 20240201, 20240109, 20231228],
  },
  S3,
  {
    id: 4,
    tenant: 1,
    channel: [1, 20],
    product: [100],
    channelLocation: [1000, 1200],
    inviteeLocation: null,
    transactionType: null,
    employee: null,
    segments: [],
    survey: 32,
    journey: null,
    status: 1,
    completion: 1,
    source: 'import',
    nps: 6,
    sentiment: -1,
    topics: [],
    emotions: [],
    days: [20240301, 20240302, 20240229, 20240228],
  },
  {
    id: 5,
    tenant: 1,
    channel: [1, 10, 11],
    product: [100, 101],
    channelLocation: [1000, 1100, 1110],
    inviteeLocation: [1000, 1100, 1110],
    transactionType: 8,
    employee: 301,
    segments: [601],
    survey: 32,
    journey: 72,
    status: 1,
    completion: 1,
    source: 'survey',
    nps: 9,
    sentiment: null,
    topics: null,
    emotions: null,
    days: [20231231, 20240102, 20240101, 20231229],
  },
  {
    id: 6,
    tenant: 1,
    channel: null,
    product: null,
    channelLocation: null,
    inviteeLocation: null,
    transactionType: 7,
    employee: null,
    segments: [502, 602],
    survey: 31,
    journey: 71,
    status: 2,
    completion: 1,
    source: 'survey',
    nps: null,
    sentiment: null,
    topics: null,
    emotions: null,
    days: [20240120, 20240120, 20240119, 20240118],
  },
  { ...S1, id: 90, tenant: 2 },
  { ...S3, id: 91, tenant: 2 },
  // A test user's copy of session 1: in no figure unless the filter includes test answers.
  { ...S1, id: 7, test: true },
];

/** Measured answers: session, question, experience, score. */
const FACTS: [number, number, number, number][] = [
  [1, 41, 101, 10],
  [1, 42, 601, 4],
  [2, 41, 101, 8],
  [3, 41, 101, 3],
  [3, 42, 601, 2],
  [4, 43, 101, 6],
  [5, 43, 101, 9],
  [6, 42, 601, 5],
  [90, 41, 101, 10],
  [90, 42, 601, 4],
  [91, 41, 101, 3],
  [7, 41, 101, 10],
];

type Comment = {
  answer: number;
  session: number;
  question: number;
  text: string;
  language: string;
  sentiment: number;
  topics: number[];
  emotions: number[];
};
const COMMENTS: Comment[] = [
  {
    answer: 1,
    session: 1,
    question: 51,
    text: 'Şubede çok bekledim ama personel güler yüzlüydü.',
    language: 'tr',
    sentiment: 4,
    topics: [801],
    emotions: [901],
  },
  {
    answer: 2,
    session: 1,
    question: 54,
    text: 'Fiyatlar normal.',
    language: 'tr',
    sentiment: 2,
    topics: [],
    emotions: [],
  },
  {
    answer: 3,
    session: 2,
    question: 51,
    text: 'I waited too long at the branch.',
    language: 'en',
    sentiment: 2,
    topics: [802],
    emotions: [902],
  },
  {
    answer: 4,
    session: 3,
    question: 51,
    text: 'Şubeler kalabalık, kredi kartı faizi yüksek.',
    language: 'tr',
    sentiment: 0,
    topics: [801, 803],
    emotions: [],
  },
  {
    answer: 5,
    session: 3,
    question: 54,
    text: 'Waiting time is terrible',
    language: 'en',
    sentiment: 0,
    topics: [803],
    emotions: [903],
  },
  {
    answer: 6,
    session: 4,
    question: 52,
    text: 'No comment really',
    language: 'en',
    sentiment: -1,
    topics: [],
    emotions: [],
  },
  {
    answer: 90,
    session: 90,
    question: 51,
    text: 'Şubede çok bekledim ama personel güler yüzlüydü.',
    language: 'tr',
    sentiment: 4,
    topics: [801],
    emotions: [901],
  },
];

const levelsOf = (paths: (number[] | null)[]) =>
  new Map(paths.flatMap((path) => (path ?? []).map((id, index) => [id, index + 1] as const)));
const LEVELS: TreeLevels = {
  channels: levelsOf(SESSIONS.map((session) => session.channel)),
  products: levelsOf(SESSIONS.map((session) => session.product)),
  locations: levelsOf(SESSIONS.flatMap((session) => [session.channelLocation, session.inviteeLocation])),
};

const INTEGER_LIST = LIST(INTEGER);
const LABEL_LIST = LIST(STRUCT({ model_id: INTEGER, topic_id: INTEGER, sentiment: TINYINT }));
const EMOTION_LIST = LIST(STRUCT({ model_id: INTEGER, topic_id: INTEGER, intensity: DOUBLE }));

type Row = Record<string, [DuckDBValue, DuckDBType?]>;

function treeColumns(prefix: string, depth: number, path: number[] | null): Row {
  const row: Row = {};
  for (let level = 1; level <= depth; level += 1) row[`${prefix}_l${level}`] = [path?.[level - 1] ?? null];
  return row;
}

function dimensions(session: Session): Row {
  const list = (ids: number[] | null): [DuckDBValue, DuckDBType?] =>
    ids ? [listValue(ids), INTEGER_LIST] : [null];
  const row: Row = {
    tenant_id: [session.tenant],
    survey_id: [session.survey],
    session_id: [session.id],
    invitee_id: [session.id * 10],
    journey_stage_id: [session.journey],
    channel_id: [session.channel?.at(-1) ?? null],
    channel_level: [session.channel?.length ?? null],
    ...treeColumns('channel', CHANNEL_LEVELS, session.channel),
    product_id: [session.product?.at(-1) ?? null],
    product_level: [session.product?.length ?? null],
    ...treeColumns('product', PRODUCT_LEVELS, session.product),
    channel_location_id: [session.channelLocation?.at(-1) ?? null],
    ...treeColumns('channel_location', LOCATION_LEVELS, session.channelLocation),
    invitee_location_id: [session.inviteeLocation?.at(-1) ?? null],
    ...treeColumns('invitee_location', LOCATION_LEVELS, session.inviteeLocation),
    transaction_type_id: [session.transactionType],
    employee_id: [session.employee],
    segment_ids: list(session.segments),
    session_status: [session.status],
    completion: [session.completion],
    source: [session.source],
    is_test: [session.test ?? false],
    nps_score: [session.nps],
    respondent_type: [session.nps === null ? null : session.nps >= 9 ? 0 : session.nps >= 7 ? 1 : 2],
    sentiment_score: [session.sentiment],
    topic_ids: list(session.topics),
    emotion_ids: list(session.emotions),
  };
  Object.values(TIME_COLUMNS).forEach(
    (prefix, index) => (row[`${prefix}_day`] = [session.days[index] ?? null]),
  );
  return row;
}

async function insert(connection: DuckDBConnection, table: string, row: Row) {
  const columns = Object.keys(row);
  await connection.run(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    columns.map((column) => row[column]?.[0] ?? null),
    // Lists need their type; scalars are inferred from the value.
    columns.map((column) => row[column]?.[1]) as DuckDBType[],
  );
}

let instance: DuckDBInstance;
let connection: DuckDBConnection;

beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  connection = await instance.connect();
  for (const ddl of REPLICA_DDL) await connection.run(ddl);
  const sessionById = new Map(SESSIONS.map((session) => [session.id, session]));
  for (const session of SESSIONS) await insert(connection, 'sessions', dimensions(session));
  for (const [sessionId, question, experience, score] of FACTS) {
    const session = sessionById.get(sessionId)!;
    await insert(connection, 'facts', {
      ...dimensions(session),
      question_id: [question],
      experience_id: [experience],
      score: [score],
    });
  }
  for (const comment of COMMENTS) {
    const session = sessionById.get(comment.session)!;
    await insert(connection, 'comments', {
      ...dimensions(session),
      // sentiment_score, topic_ids and emotion_ids stay the session's; these are the comment's own.
      comment_sentiment_score: [comment.sentiment],
      answer_id: [comment.answer],
      question_id: [comment.question],
      text: [comment.text],
      language: [comment.language],
      search_terms: [listValue(textTerms(comment.text, comment.language)), LIST(VARCHAR)],
      topic_labels: [
        listValue(
          comment.topics.map((topic) =>
            structValue({ model_id: 1, topic_id: topic, sentiment: comment.sentiment }),
          ),
        ),
        LABEL_LIST,
      ],
      emotion_labels: [
        listValue(
          comment.emotions.map((emotion) => structValue({ model_id: 2, topic_id: emotion, intensity: 0.8 })),
        ),
        EMOTION_LIST,
      ],
    });
  }
});

afterAll(() => {
  connection?.closeSync();
  instance?.closeSync();
});

type Options = Partial<Omit<CompileFilterInput, 'table'>>;

/** The compiler's parameters as DuckDB values: a list binds as one list parameter. */
const duckParams = (params: readonly SqlParam[]): DuckDBValue[] =>
  params.map(
    (param) => (Array.isArray(param) ? listValue([...(param as (number | string)[])]) : param) as DuckDBValue,
  );

/** The distinct session ids the compiled clause selects from a table. */
async function selected(table: ReplicaTable, options: Options, column = 'session_id'): Promise<number[]> {
  const { where, params } = compileFilter({ tenantId: 1, levels: LEVELS, ...options, table });
  const reader = await connection.runAndReadAll(
    `SELECT DISTINCT ${column} FROM ${table} WHERE ${where} ORDER BY 1`,
    duckParams(params),
  );
  return reader.getRows().map(([value]) => Number(value));
}

/** The sessions a report filter (and options) selects from each replica table. */
async function byTable(report: ReportFilter, options: Options = {}) {
  const selection: Record<string, number[]> = {};
  for (const table of REPLICA_TABLES) selection[table] = await selected(table, { report, ...options });
  return selection;
}

/** The expected session ids per table; the sessions table selects what facts do unless told otherwise. */
function tables(facts: number[], comments: number[], sessions: number[] = facts) {
  return { facts, comments, sessions };
}

const ALL = tables([1, 2, 3, 4, 5, 6], [1, 2, 3, 4]);

describe('compileFilter', () => {
  it('selects every session of the tenant when nothing is filtered', async () => {
    expect(await byTable({})).toEqual(ALL);
  });

  it('TimeRange: whole days on the transaction date by default, both ends included', async () => {
    expect(await byTable({ TimeRange: ['2024-01-01', '2024-01-31'] })).toEqual(tables([1, 2, 6], [1, 2]));
    expect(await byTable({ TimeRange: ['2024-01-05', '2024-01-10T00:00:00'] })).toEqual(
      tables([1, 2], [1, 2]),
    );
  });

  it("TimeRange on the widget's TimeColumn", async () => {
    const january: ReportFilter = { TimeRange: ['2024-01-01', '2024-01-31'] };
    const byColumn: Record<string, number[]> = {};
    for (const TimeColumn of TIME_COLUMN_IDS) {
      byColumn[TimeColumn] = await selected('facts', { report: january, dataFilters: { TimeColumn } });
    }
    expect(byColumn).toEqual({
      TransactionDateId: [1, 2, 6],
      AnsweredDateId: [1, 5, 6],
      InvitedDateId: [1, 2, 5, 6],
      CreatedDateId: [1, 6],
    });
  });

  it('ChannelSet: the chosen channels and everything below them', async () => {
    expect(await byTable({ ChannelSet: { Ids: [10] } })).toEqual(tables([1, 2, 5], [1, 2]));
    expect(await byTable({ ChannelSet: { Ids: [21] } })).toEqual(tables([3], [3]));
    expect(await byTable({ ChannelSet: { Ids: [1] } })).toEqual(tables([1, 2, 3, 4, 5], [1, 2, 3, 4]));
    expect(await byTable({ ChannelSet: { Ids: [11, 20] } })).toEqual(tables([1, 3, 4, 5], [1, 3, 4]));
  });

  it('ChannelSet: one equality on the node level, and the same rows for a node missing from the levels lookup', async () => {
    const { where, params } = compileFilter({
      tenantId: 1,
      table: 'facts',
      levels: LEVELS,
      report: { ChannelSet: { Ids: [11, 12, 20] } },
    });
    // A list binds as one parameter, however long.
    expect(where).toBe('tenant_id = ? AND (channel_l2 = ? OR channel_l3 = ANY(?)) AND is_test IS NOT TRUE');
    expect(params).toEqual([1, 20, [11, 12]]);
    const withoutLevels = await selected('facts', { levels: {}, report: { ChannelSet: { Ids: [20] } } });
    expect(withoutLevels).toEqual([3, 4]);
  });

  it('ProductSet: the chosen products and everything below them', async () => {
    expect(await byTable({ ProductSet: { Ids: [100] } })).toEqual(tables([1, 2, 4, 5], [1, 2, 4]));
    expect(await byTable({ ProductSet: { Ids: [201] } })).toEqual(tables([3], [3]));
  });

  it('ChannelLocationSet: where the channel is', async () => {
    expect(await byTable({ ChannelLocationSet: { Ids: [1100] } })).toEqual(tables([1, 2, 5], [1, 2]));
    expect(await byTable({ ChannelLocationSet: { Ids: [1210] } })).toEqual(tables([3], [3]));
  });

  it('InviteeLocationSet: where the invitee is', async () => {
    expect(await byTable({ InviteeLocationSet: { Ids: [1100] } })).toEqual(tables([1, 3, 5], [1, 3]));
    expect(await byTable({ InviteeLocationSet: { Ids: [1000] } })).toEqual(tables([1, 2, 3, 5], [1, 2, 3]));
  });

  it('TransactionTypeId', async () => {
    expect(await byTable({ TransactionTypeId: [7] })).toEqual(tables([1, 3, 6], [1, 3]));
    expect(await byTable({ TransactionTypeId: [7, 8] })).toEqual(tables([1, 2, 3, 5, 6], [1, 2, 3]));
  });

  it("Segments 'groupId;id': any segment within a group, every group", async () => {
    expect(await byTable({ Segments: ['1;501'] })).toEqual(tables([1, 3], [1, 3]));
    expect(await byTable({ Segments: ['1;501', '1;502'] })).toEqual(tables([1, 2, 3, 6], [1, 2, 3]));
    expect(await byTable({ Segments: ['1;501', '2;602'] })).toEqual(tables([3], [3]));
    // Past 32 ids a group is one list parameter instead of one list_contains per id: the same rows.
    const many = Array.from({ length: 40 }, (_, i) => `1;${900 + i}`);
    expect(await byTable({ Segments: ['1;501', '1;502', ...many] })).toEqual(tables([1, 2, 3, 6], [1, 2, 3]));
  });

  it('RespondentType: promoter 0, neutral 1, detractor 2', async () => {
    expect(await byTable({ RespondentType: [0] })).toEqual(tables([1, 5], [1]));
    expect(await byTable({ RespondentType: [1, 2] })).toEqual(tables([2, 3, 4], [2, 3, 4]));
  });

  it('JourneyStages', async () => {
    expect(await byTable({ JourneyStages: [71] })).toEqual(tables([1, 3, 6], [1, 3]));
  });

  it("ExperienceIds: the sessions that answered the experience, every fact of theirs; a widget's own: its facts", async () => {
    expect(await byTable({ ExperienceIds: [601] })).toEqual(tables([1, 3, 6], [1, 3]));
    // The report's filter selects respondents: every answer of sessions 1, 3 and 6 (an NPS widget reads their NPS).
    expect(await selected('facts', { report: { ExperienceIds: [601] } }, 'question_id')).toEqual([41, 42]);
    // A widget's own ExperienceIds or ExperienceId say what it measures: the facts of the experience.
    expect(await selected('facts', { dataFilters: { ExperienceIds: [601] } }, 'question_id')).toEqual([42]);
    expect(await selected('facts', { dataFilters: { ExperienceId: 601 } }, 'question_id')).toEqual([42]);
  });

  it('SurveyId (one or a list), with DataSourceSurveyIds', async () => {
    expect(await byTable({ SurveyId: [32] })).toEqual(tables([4, 5], [4]));
    expect(await byTable({ SurveyId: 31 })).toEqual(tables([1, 2, 3, 6], [1, 2, 3]));
    expect(await byTable({ DataSourceSurveyIds: [32] })).toEqual(tables([4, 5], [4]));
  });

  it("QuestionId: the facts row's question, the comment's question, the session's questions", async () => {
    expect(await byTable({ QuestionId: [42] })).toEqual(tables([1, 3, 6], []));
    expect(await byTable({ QuestionId: 51 })).toEqual(tables([], [1, 2, 3], [1, 2, 3]));
  });

  it('SessionStatus: 1 validated, 2 not validated, 0 not set', async () => {
    expect(await byTable({ SessionStatus: 2 })).toEqual(tables([2, 6], [2]));
    expect(await byTable({ SessionStatus: 1 })).toEqual(tables([1, 3, 4, 5], [1, 3, 4]));
    expect(await byTable({ SessionStatus: 0 })).toEqual(ALL);
  });

  it('IncludeTestAnswers: test sessions only when the report or the widget includes them', async () => {
    const withTests = tables([1, 2, 3, 4, 5, 6, 7], [1, 2, 3, 4]);
    expect(await byTable({ IncludeTestAnswers: true })).toEqual(withTests);
    expect(await byTable({}, { dataFilters: { IncludeTestAnswers: true } })).toEqual(withTests);
    // Without a report filter (the survey statistics' restriction) nothing is left out.
    const { where, params } = compileFilter({ tenantId: 1, table: 'sessions' });
    expect(where).toBe('tenant_id = ?');
    expect(params).toEqual([1]);
  });

  it('OnlyFinishedSessions: completed sessions only', async () => {
    expect(await byTable({ OnlyFinishedSessions: true })).toEqual(tables([1, 2, 4, 5, 6], [1, 2, 4]));
    expect(await byTable({ OnlyFinishedSessions: false })).toEqual(ALL);
  });

  it("ScoreRange: on the session's NPS answer, null bounds open", async () => {
    expect(await byTable({ ScoreRange: { min: 7, max: 8 } })).toEqual(tables([2], [2]));
    expect(await byTable({ ScoreRange: { min: 9, max: null } })).toEqual(tables([1, 5], [1]));
    expect(await byTable({ ScoreRange: { min: null, max: 6 } })).toEqual(tables([3, 4], [3, 4]));
  });

  it("SentimentFilter: the session's sentiment on facts and sessions, the comment's own on comments; -1 unclassified", async () => {
    expect(await byTable({ SentimentFilter: [4] })).toEqual(tables([1], [1]));
    // Session 1 is positive overall but one of its comments is neutral.
    expect(await byTable({ SentimentFilter: [2] })).toEqual(tables([2], [1, 2]));
    expect(await selected('comments', { report: { SentimentFilter: [2] } }, 'answer_id')).toEqual([2, 3]);
    expect(await byTable({ SentimentFilter: [-1] })).toEqual(tables([4], [4]));
    expect(await byTable({ SentimentFilter: [0, -1] })).toEqual(tables([3, 4], [3, 4]));
  });

  it("a widget's SentimentFilter selects as the report's does: all four keep the sessions with a comment", async () => {
    expect(await selected('facts', { dataFilters: { SentimentFilter: [2] } })).toEqual([2]);
    expect(await selected('facts', { dataFilters: { SentimentFilter: [4, 2, 0, -1] } })).toEqual([
      1, 2, 3, 4,
    ]);
    // With the report's, both apply.
    expect(
      await selected('facts', {
        report: { SentimentFilter: [4, 2] },
        dataFilters: { SentimentFilter: [2, 0] },
      }),
    ).toEqual([2]);
  });

  it('EmotionDimensionFilters: any of the chosen emotions', async () => {
    expect(await byTable({ EmotionDimensionFilters: [903] })).toEqual(tables([3], [3]));
    expect(await selected('comments', { report: { EmotionDimensionFilters: [903] } }, 'answer_id')).toEqual([
      5,
    ]);
    expect(await byTable({ EmotionDimensionFilters: [901, 902] })).toEqual(tables([1, 2], [1, 2]));
  });

  it('UserDimensionFilters2: any of the chosen topics', async () => {
    expect(await byTable({ UserDimensionFilters2: [{ TopicModelId: 1, TopicIds: [803] }] })).toEqual(
      tables([3], [3]),
    );
    const waiting: ReportFilter = { UserDimensionFilters2: [{ TopicModelId: 1, TopicIds: [801] }] };
    expect(await byTable(waiting)).toEqual(tables([1, 3], [1, 3]));
    expect(await selected('comments', { report: waiting }, 'answer_id')).toEqual([1, 4]);
  });

  it('topics with a sentiment: on comments the mentions of those topics with that sentiment', async () => {
    // Comments of topic 801: answer 1 (sentiment 4) and answer 4 (sentiment 0); each label carries the sentiment.
    const negativeWaiting: ReportFilter = {
      UserDimensionFilters2: [{ TopicModelId: 1, TopicIds: [801] }],
      SentimentFilter: [0],
    };
    expect(await selected('comments', { report: negativeWaiting }, 'answer_id')).toEqual([4]);
    const clause = compileFilter({ tenantId: 1, table: 'comments', report: negativeWaiting });
    expect(clause.where).toContain(
      'list_filter(topic_labels, lambda label: list_contains(?, label.topic_id)',
    );
    expect(clause.where).not.toContain('comment_sentiment_score');
    // Elsewhere the session's sentiment and topics, each on its own.
    expect(compileFilter({ tenantId: 1, table: 'facts', report: negativeWaiting }).where).toContain(
      'sentiment_score = ?',
    );
  });

  it('Source: one or a list', async () => {
    expect(await byTable({ Source: ['rest-api', 'import'] })).toEqual(tables([2, 4], [2, 4]));
    expect(await byTable({ Source: 'survey' })).toEqual(tables([1, 3, 5, 6], [1, 3]));
  });

  it('FreeTextFilter: stemmed words in Turkish and English, every word must match', async () => {
    expect(await byTable({ FreeTextFilter: 'şube' })).toEqual(tables([1, 3], [1, 3]));
    expect(await selected('comments', { report: { FreeTextFilter: 'şube' } }, 'answer_id')).toEqual([1, 4]);
    expect(await byTable({ FreeTextFilter: 'waiting' })).toEqual(tables([2, 3], [2, 3]));
    expect(await byTable({ FreeTextFilter: 'ŞUBEDE bekledim' })).toEqual(tables([1], [1]));
    expect(await byTable({ FreeTextFilter: 'the Branch' })).toEqual(tables([2], [2]));
    expect(await byTable({ FreeTextFilter: 'şube waiting' })).toEqual(tables([], []));
  });

  it('restrictions: channels, products and employees, which no filter can widen', async () => {
    const restrict = (restrictions: Partial<DataRestrictions>) => ({
      restrictions: { transactionChannelIds: [], productIds: [], employeeIds: [], ...restrictions },
    });
    const north = restrict({ transactionChannelIds: [10] });
    expect(await byTable({}, north)).toEqual(tables([1, 2, 5], [1, 2]));
    expect(await byTable({ ChannelSet: { Ids: [20] } }, north)).toEqual(tables([], []));
    expect(await byTable({ ChannelSet: { Ids: [1] } }, north)).toEqual(tables([1, 2, 5], [1, 2]));
    expect(await byTable({ ChannelSet: { Ids: [11] } }, north)).toEqual(tables([1, 5], [1]));
    expect(await byTable({}, { ...north, dataFilters: { ChannelSet: { Ids: [1] } } })).toEqual(
      tables([1, 2, 5], [1, 2]),
    );
    expect(await byTable({}, restrict({ productIds: [101] }))).toEqual(tables([1, 5], [1]));
    expect(await byTable({ ProductSet: { Ids: [200] } }, restrict({ productIds: [101] }))).toEqual(
      tables([], []),
    );
    expect(await byTable({}, restrict({ employeeIds: [302] }))).toEqual(tables([2], [2]));
  });

  it("keeps to the caller's tenant", async () => {
    expect(await byTable({}, { tenantId: 2 })).toEqual(tables([90, 91], [90]));
    const sameDimensions: ReportFilter = {
      ChannelSet: { Ids: [11] },
      FreeTextFilter: 'şube',
      ExperienceIds: [101],
    };
    expect(await byTable(sameDimensions)).toEqual(tables([1], [1]));
    expect(await byTable(sameDimensions, { tenantId: 2 })).toEqual(tables([90], [90]));
    expect(await byTable({}, { tenantId: 3 })).toEqual(tables([], []));
  });

  it("narrows the report filter with the widget's dataFilters", async () => {
    const widget = (dataFilters: WidgetDataFilters) => ({ dataFilters });
    expect(await byTable({ ChannelSet: { Ids: [10] } }, widget({ ChannelSet: { Ids: [11] } }))).toEqual(
      tables([1, 5], [1]),
    );
    expect(await byTable({ ChannelSet: { Ids: [11] } }, widget({ ChannelSet: { Ids: [10] } }))).toEqual(
      tables([1, 5], [1]),
    );
    expect(await byTable({ SurveyId: [31] }, widget({ SurveyId: [32] }))).toEqual(tables([], []));
    expect(await byTable({ RespondentType: [0, 2] }, widget({ RespondentType: [2] }))).toEqual(
      tables([3, 4], [3, 4]),
    );
    expect(await byTable({}, widget({ OnlyFinishedSessions: true, SessionStatus: 1 }))).toEqual(
      tables([1, 4, 5], [1, 4]),
    );
    // The widget's SessionStatus replaces the report's.
    expect(await byTable({ SessionStatus: 1 }, widget({ SessionStatus: 2 }))).toEqual(tables([2, 6], [2]));
    expect(await byTable({}, widget({ ExperienceId: 601 }))).toEqual(tables([1, 3, 6], [1, 3]));
    // Keys that shape the widget's own query select no rows.
    expect(
      await byTable({}, widget({ NpsQuestionId: 41, CategoryType: 'MM', Deviate: true, TopNCount: 3 })),
    ).toEqual(ALL);
  });

  it('combines several properties', async () => {
    const filter: ReportFilter = {
      TimeRange: ['2024-02-01', '2024-03-31'],
      ChannelSet: { Ids: [1] },
      RespondentType: [2],
      OnlyFinishedSessions: true,
    };
    expect(await byTable(filter)).toEqual(tables([4], [4]));
    expect(
      await byTable({
        ...filter,
        OnlyFinishedSessions: false,
        SentimentFilter: [0],
        FreeTextFilter: 'kredi',
      }),
    ).toEqual(tables([3], [3]));
  });

  it('ignores empty and cleared values', async () => {
    const cleared: ReportFilter = {
      ChannelSet: { Ids: [] },
      ProductSet: null,
      Segments: [],
      SurveyId: [],
      FreeTextFilter: '   ',
      ScoreRange: { min: null, max: null },
      SessionStatus: 0,
      UserDimensionFilters2: [{ TopicModelId: 1, TopicIds: [] }],
      SentimentFilter: [],
      Source: [''],
    };
    expect(await byTable(cleared, { dataFilters: { ChannelSet: { Ids: [] }, SessionStatus: 0 } })).toEqual(
      ALL,
    );
    expect(compileFilter({ tenantId: 1, table: 'facts', report: cleared }).where).toBe(
      'tenant_id = ? AND is_test IS NOT TRUE',
    );
    // A text of stop words only names nothing to search for.
    expect(await byTable({ FreeTextFilter: 've the' })).toEqual(ALL);
  });

  it('binds every value as a parameter', async () => {
    const attack = "x' OR 1=1 --";
    const report: ReportFilter = { Source: [attack], FreeTextFilter: attack };
    for (const table of REPLICA_TABLES) {
      const { where, params } = compileFilter({ tenantId: 1, table, report });
      expect(where).not.toContain("'");
      expect(params).toContain(attack);
    }
    expect(await byTable({ Source: [attack] })).toEqual(tables([], []));
    expect(await byTable({ FreeTextFilter: attack })).toEqual(tables([], []));
  });

  it('prefixes columns with the query alias', async () => {
    const { where, params } = compileFilter({
      tenantId: 1,
      table: 'facts',
      alias: 'f',
      levels: LEVELS,
      report: { ChannelSet: { Ids: [10] }, FreeTextFilter: 'şube' },
    });
    expect(where).toMatch(/^f\.tenant_id = \? AND f\.channel_l2 = \? AND f\.session_id IN \(SELECT/);
    const reader = await connection.runAndReadAll(
      `SELECT DISTINCT f.session_id FROM facts f WHERE ${where} ORDER BY 1`,
      duckParams(params),
    );
    expect(reader.getRows().map(([id]) => Number(id))).toEqual([1]);
    expect(() => compileFilter({ tenantId: 1, table: 'facts', alias: 'f; DROP TABLE facts' })).toThrow();
  });
});
