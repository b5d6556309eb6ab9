// The three baselines of the widget benchmark (issue 9), for NPS by channel and NPS by month over the same rows
// as the widgets: the largest survey's NPS answers with a transaction date in the 12-month range, by the
// session's transaction channel (a branch) or by tenant-local month.
//
//   (a) naive:  the matching rows from PostgreSQL into JS (one row per answer), aggregated in JS — what survey
//               tools that "load the responses and summarise them" do.
//   (b) best PostgreSQL: one aggregating statement given what our replica has — the NPS answers denormalised
//               into one table (tenant, survey, tenant-local day and month, channel, score) with a covering index
//               on (tenant, survey, day), read by index-only scans after VACUUM, with parallel workers and enough
//               work_mem. (The same statement over the system-of-record tables needs a three-way join of millions
//               of rows; bench/RESULTS.md gives that figure.)
//   (c) floor:  a scan over typed arrays in this process (survey, day, month, channel, score) sorted by survey
//               and day, so the range is found by binary search and only its rows are read: loaded once from the
//               replica's facts before the clock starts — no I/O, no parsing, no network.
import { DuckDBInstance } from '@duckdb/node-api';
import type pg from 'pg';
import { NEUTRAL_MIN_SCORE, PROMOTER_MIN_SCORE } from '@loupe/contracts';

export type Scope = {
  tenantId: number;
  surveyId: number;
  /** The survey's NPS question (experience 101 on the 0-10 scale). */
  questionId: number;
  timeZone: string;
  /** Tenant-local calendar days, both included. */
  from: string;
  to: string;
};

/** Counts per group: channel id or 'YYYY-MM'. */
export type NpsGroups = Map<string, { responses: number; promoters: number; detractors: number }>;
export type Grouping = 'channel' | 'month';

const add = (groups: NpsGroups, key: string, score: number) => {
  let entry = groups.get(key);
  if (!entry) {
    entry = { responses: 0, promoters: 0, detractors: 0 };
    groups.set(key, entry);
  }
  entry.responses += 1;
  if (score >= PROMOTER_MIN_SCORE) entry.promoters += 1;
  else if (score < NEUTRAL_MIN_SCORE) entry.detractors += 1;
};

// The rows both PostgreSQL baselines read: an answer to the NPS question of a session whose invitee's transaction
// falls in the range (whole tenant-local days).
const FROM_WHERE = `
  FROM invitees i
  JOIN sessions s ON s.invitee_id = i.id
  JOIN answers a ON a.session_id = s.id
  WHERE i.tenant_id = $1 AND s.survey_id = $2 AND a.question_id = $3 AND a.score IS NOT NULL
    AND i.transaction_date >= ($4::date::timestamp AT TIME ZONE $6)
    AND i.transaction_date < (($5::date + 1)::timestamp AT TIME ZONE $6)`;
const KEY_SQL: Record<Grouping, string> = {
  channel: 'i.transaction_channel_id::text',
  month: `to_char(i.transaction_date AT TIME ZONE $6, 'YYYY-MM')`,
};
const params = (scope: Scope) => [
  scope.tenantId,
  scope.surveyId,
  scope.questionId,
  scope.from,
  scope.to,
  scope.timeZone,
];

/**
 * Builds baseline (b)'s table afresh from the system of record (the NPS answers of every survey, all time) with
 * its covering index, and refreshes the visibility map and statistics; returns the seconds taken.
 */
export async function prepareBestPostgres(client: pg.Client, scope: Scope): Promise<number> {
  const started = performance.now();
  await client.query(`SET maintenance_work_mem = '512MB'`);
  await client.query('DROP TABLE IF EXISTS bench_nps_facts');
  await client.query(
    `CREATE TABLE bench_nps_facts AS
     SELECT i.tenant_id, s.survey_id,
       (i.transaction_date AT TIME ZONE $2)::date AS day,
       to_char(i.transaction_date AT TIME ZONE $2, 'YYYY-MM') AS month,
       i.transaction_channel_id AS channel_id, a.score::smallint AS score
     FROM answers a
     JOIN questions q ON q.id = a.question_id
     JOIN experiences e ON e.id = q.experience_id AND e.measurement_type = 0
     JOIN sessions s ON s.id = a.session_id
     JOIN invitees i ON i.id = s.invitee_id
     WHERE a.tenant_id = $1 AND a.score IS NOT NULL`.replaceAll(
      '$2',
      `'${scope.timeZone.replaceAll("'", "''")}'`,
    ),
    [scope.tenantId],
  );
  await client.query(
    'CREATE INDEX bench_nps_facts_cover ON bench_nps_facts (tenant_id, survey_id, day) INCLUDE (channel_id, month, score)',
  );
  await client.query('VACUUM (ANALYZE) bench_nps_facts');
  return (performance.now() - started) / 1000;
}

/** (a): every matching row into JS, one object per answer, grouped there. */
export async function naive(client: pg.Client, scope: Scope, grouping: Grouping): Promise<NpsGroups> {
  const { rows } = await client.query<{ key: string; score: number }>(
    `SELECT ${KEY_SQL[grouping]} AS key, a.score::float8 AS score ${FROM_WHERE}`,
    params(scope),
  );
  const groups: NpsGroups = new Map();
  for (const row of rows) add(groups, row.key, row.score);
  return groups;
}

/** Session settings that give PostgreSQL its best shot at the aggregate. */
export async function tunePostgres(client: pg.Client): Promise<void> {
  await client.query(`SET work_mem = '256MB'`);
  await client.query('SET max_parallel_workers_per_gather = 2');
  await client.query('SET jit = off');
}

/** (b): one aggregating statement over the denormalised table. */
export async function bestPostgres(client: pg.Client, scope: Scope, grouping: Grouping): Promise<NpsGroups> {
  const { rows } = await client.query<{ key: string; n: string; p: string; d: string }>(
    `SELECT ${grouping === 'channel' ? 'channel_id::text' : 'month'} AS key, count(*) AS n,
       count(*) FILTER (WHERE score >= ${PROMOTER_MIN_SCORE}) AS p,
       count(*) FILTER (WHERE score < ${NEUTRAL_MIN_SCORE}) AS d
     FROM bench_nps_facts
     WHERE tenant_id = $1 AND survey_id = $2 AND day BETWEEN $3::date AND $4::date
     GROUP BY 1`,
    [scope.tenantId, scope.surveyId, scope.from, scope.to],
  );
  return new Map(
    rows.map((r) => [r.key, { responses: Number(r.n), promoters: Number(r.p), detractors: Number(r.d) }]),
  );
}

/** The columns of (c), one entry per NPS fact of the tenant. */
export type FactColumns = {
  count: number;
  survey: Int32Array;
  day: Int32Array;
  month: Int32Array;
  channel: Int32Array;
  score: Uint8Array;
  /** The highest channel id: channel counters are indexed by id. */
  channelMax: number;
};

/** Loads every NPS fact's survey, transaction day and month keys, channel and score from the replica file. */
export async function loadFactColumns(replicaFile: string, tenantId: number): Promise<FactColumns> {
  const instance = await DuckDBInstance.create(replicaFile, { access_mode: 'READ_ONLY' });
  const connection = await instance.connect();
  try {
    const [countRow] = (
      await connection.runAndReadAll(
        `SELECT count(*)::INTEGER AS n FROM facts WHERE tenant_id = ${tenantId} AND measurement_type = 0`,
      )
    ).getRowObjects();
    const count = Number(countRow?.n ?? 0);
    const columns: FactColumns = {
      count,
      survey: new Int32Array(count),
      day: new Int32Array(count),
      month: new Int32Array(count),
      channel: new Int32Array(count),
      score: new Uint8Array(count),
      channelMax: 0,
    };
    const result = await connection.stream(
      `SELECT survey_id, transaction_day, transaction_month, coalesce(channel_id, 0), score::UTINYINT
       FROM facts WHERE tenant_id = ${tenantId} AND measurement_type = 0 ORDER BY survey_id, transaction_day`,
    );
    let offset = 0;
    for (;;) {
      const chunk = await result.fetchChunk();
      if (!chunk || chunk.rowCount === 0) break;
      const targets = [columns.survey, columns.day, columns.month, columns.channel, columns.score];
      targets.forEach((target, i) => {
        const values = chunk.getColumnValues(i);
        for (let row = 0; row < values.length; row += 1) target[offset + row] = Number(values[row] ?? 0);
      });
      offset += chunk.rowCount;
    }
    columns.count = offset;
    for (const id of columns.channel) if (id > columns.channelMax) columns.channelMax = id;
    return columns;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

const dayKey = (date: string) => Number(date.replaceAll('-', ''));

/** The first index in [lo, hi) whose (survey, day) is not below the given one: the arrays are sorted by both. */
function lowerBound(columns: FactColumns, survey: number, day: number): number {
  let lo = 0;
  let hi = columns.count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const s = columns.survey[mid]!;
    if (s < survey || (s === survey && columns.day[mid]! < day)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * (c): binary search for the survey's range of days, then one pass over those rows, counting into typed arrays
 * indexed by channel id or month key.
 */
export function typedArrayScan(columns: FactColumns, scope: Scope, grouping: Grouping): NpsGroups {
  const from = dayKey(scope.from);
  const to = dayKey(scope.to);
  const keys = grouping === 'channel' ? columns.channel : columns.month;
  // Month keys are yyyymm: slots from the range's first month to its last (a year's gap holds 88 unused slots).
  const base = grouping === 'channel' ? 0 : Math.floor(from / 100);
  const size = grouping === 'channel' ? columns.channelMax + 1 : Math.floor(to / 100) - base + 1;
  const responses = new Int32Array(size);
  const promoters = new Int32Array(size);
  const detractors = new Int32Array(size);
  const { score } = columns;
  const end = lowerBound(columns, scope.surveyId, to + 1);
  for (let i = lowerBound(columns, scope.surveyId, from); i < end; i += 1) {
    const slot = keys[i]! - base;
    const s = score[i]!;
    responses[slot] = responses[slot]! + 1;
    if (s >= PROMOTER_MIN_SCORE) promoters[slot] = promoters[slot]! + 1;
    else if (s < NEUTRAL_MIN_SCORE) detractors[slot] = detractors[slot]! + 1;
  }
  const groups: NpsGroups = new Map();
  for (let slot = 0; slot < size; slot += 1) {
    if (responses[slot] === 0) continue;
    const key = grouping === 'channel' ? String(slot) : monthLabel(slot + base);
    groups.set(key, {
      responses: responses[slot]!,
      promoters: promoters[slot]!,
      detractors: detractors[slot]!,
    });
  }
  return groups;
}

/** yyyymm as a month key to 'YYYY-MM'; month keys past December (the array slots between years) never occur. */
function monthLabel(key: number): string {
  return `${Math.floor(key / 100)}-${String(key % 100).padStart(2, '0')}`;
}

/** The NPS of a group, -100..100. */
export const npsOf = (g: { responses: number; promoters: number; detractors: number }) =>
  g.responses === 0 ? null : ((g.promoters - g.detractors) / g.responses) * 100;

/** Whether two groupings hold the same counts (for the same keys); the first difference, or null. */
export function difference(a: NpsGroups, b: NpsGroups): string | null {
  const keys = new Set([...a.keys(), ...b.keys()]);
  for (const key of keys) {
    const x = a.get(key);
    const y = b.get(key);
    if (x?.responses !== y?.responses || x?.promoters !== y?.promoters || x?.detractors !== y?.detractors) {
      return `${key}: ${JSON.stringify(x)} vs ${JSON.stringify(y)}`;
    }
  }
  return null;
}
