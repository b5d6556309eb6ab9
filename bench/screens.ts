// The new screens' heavy queries (issue 25): survey statistics, survey prioritisation, the insight centre
// (satisfaction profiler, driver simulation, topic discovery, topic explorer), alert rule statistics, the alert grid
// and the bell's count, and the invitee pool at 1,000,000 staged invitees, each over HTTP on the bench dataset,
// unfiltered and with one realistic filter, p50 and p95 of --runs warm calls after 2 warm-ups.
//
//   npm run bench:screens -- --responses 1000000        only the screens, on an existing (or new) dataset
//   options: [--runs 20] [--server postgres://postgres@127.0.0.1:5432/test] [--data-dir /var/tmp/loupe-bench]
//            [--port 3490] [--label name]
//
// `npm run bench` (bench/widgets.ts) calls the same `measureScreens` after the widgets (`--skip-screens` leaves it
// out) and writes the figures into its JSON and its RESULTS.md block. Run alone, this file prepares the dataset
// as widgets.ts does (bench/bench-dataset.ts), tops the pool up, starts the built server on the dataset's replica,
// prints one table and writes bench/results/screens-<date>-<N>.json and its own block in bench/RESULTS.md.
// Each call is sent as its screen sends it (apps/web/src/features/...); an answer that is not 2xx with a body is
// printed as a problem. A benchmark never fails a build: problems are printed and the process exits 0.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createAnalyticsReplica, replicaFilePath } from '../apps/server/src/analytics/replica.js';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client.js';
import { DATASET_OPTIONS, databaseUrl, ensureDatabase } from './bench-database.js';
import { prepareDataset, type Dataset } from './bench-dataset.js';
import { callApi, type Api } from './bench-report.js';
import { signIn } from './ingest-harness.js';
import { startServer, type ServerProcess } from './server-process.js';
import { markdownTable, ms, table, timeRuns, writeJson, type Timing } from './stats.js';

/** Issue 25: every new screen's query, filtered and unfiltered, at the bench dataset size. */
const SCREEN_TARGETS = { p50: 50, p95: 100 };
/** The invitee pool is measured at this many staged invitees (issue 25: "invitee pool at 1M invitees"). */
const POOL_SIZE = 1_000_000;

const fmt = new Intl.NumberFormat('en-US');

// ---------------------------------------------------------------------------------------------------------
// The pool at 1M: staged invitees, as the pool grid reads them.

export type PoolFigures = {
  /** Rows of `invitees` (the system of record's invitees, one per invitation of the demo). */
  invitees: number;
  /** Rows of `staged_invitees` (the pool's table) before and after the top-up. */
  stagedBefore: number;
  staged: number;
  /** Seconds the top-up took; null when the pool was already full. */
  toppedUpSeconds: number | null;
};

const countOf = async (database: DatabaseHandle, query: string, tenantId: number) =>
  Number((await database.raw<{ n: string }>(query, [tenantId]))[0]?.n ?? 0);

/**
 * Tops the tenant's invitee pool (`staged_invitees`, what GET/POST /api/invitee-pool read) up to `size` rows in
 * one set-based statement: each new row is the staged row of one of the tenant's invitees (name, email, MSISDN,
 * survey, channel, product, type, employee, location, transaction date; status Moved with its invitee id), as an
 * import that moved it would have left it, the newest invitees first. When there are fewer invitees than rows
 * wanted, generate_series makes the rest: realistic names, emails and phones on the tenant's branches, status New.
 * Kept like the rest of the dataset: a second run finds the pool full and writes nothing.
 */
export async function ensureInviteePool(
  database: DatabaseHandle,
  tenantId: number,
  { size = POOL_SIZE, log }: { size?: number; log: (line: string) => void },
): Promise<PoolFigures> {
  const invitees = await countOf(
    database,
    'SELECT count(*) AS n FROM invitees WHERE tenant_id = $1',
    tenantId,
  );
  const stagedBefore = await countOf(
    database,
    'SELECT count(*) AS n FROM staged_invitees WHERE tenant_id = $1',
    tenantId,
  );
  let toppedUpSeconds: number | null = null;
  if (stagedBefore < size) {
    const started = performance.now();
    const missing = size - stagedBefore;
    log(`Topping the invitee pool up by ${fmt.format(missing)} staged invitees …`);
    // Invitees not in the pool yet, newest first: the pool's rows of the demo's own invitations.
    await database.raw(
      `INSERT INTO staged_invitees (tenant_id, survey_id, full_name, email, msisdn, language, location_id,
         transaction_date, transaction_channel_id, product_id, transaction_type_id, employee_id, segment_ids,
         is_test_user, status, invitee_id, created_at)
       SELECT i.tenant_id, i.survey_id, i.full_name, i.email, i.msisdn, i.language, i.location_id,
         i.transaction_date, i.transaction_channel_id, i.product_id, i.transaction_type_id, i.employee_id,
         i.segment_ids, i.is_test_user, 2, i.id, i.created_at
       FROM invitees i
       WHERE i.tenant_id = $1
         AND NOT EXISTS (SELECT 1 FROM staged_invitees s WHERE s.tenant_id = $1 AND s.invitee_id = i.id)
       ORDER BY i.id DESC
       LIMIT $2`,
      [tenantId, missing],
    );
    const afterInvitees = await countOf(
      database,
      'SELECT count(*) AS n FROM staged_invitees WHERE tenant_id = $1',
      tenantId,
    );
    if (afterInvitees < size) await generatePoolRows(database, tenantId, size - afterInvitees);
    // As autovacuum leaves a table at rest: statistics, and the visibility map its index-only scans need.
    await database.raw('VACUUM ANALYZE staged_invitees');
    toppedUpSeconds = ms((performance.now() - started) / 1000);
  }
  const staged = await countOf(
    database,
    'SELECT count(*) AS n FROM staged_invitees WHERE tenant_id = $1',
    tenantId,
  );
  log(
    `Invitee pool: ${fmt.format(staged)} staged invitees (${fmt.format(invitees)} invitees)` +
      (toppedUpSeconds === null ? '' : `, topped up in ${toppedUpSeconds} s`),
  );
  return { invitees, stagedBefore, staged, toppedUpSeconds };
}

/** The bench's own user: every tenant scope but mask:invitee, so the pool's name search is allowed. */
export const SCREENS_USER = 'bench-screens';

/**
 * The screens' user, once per dataset: the demo admin holds every tenant scope, mask:invitee included, and a
 * masked caller may not search the pool by name (400), so the screens are read as an administrator without the
 * mask, as a tenant's own data team would be. Signs in with the demo admin's password (its hash is copied).
 */
export async function ensureScreensUser(database: DatabaseHandle, tenantId: number): Promise<void> {
  await database.raw(
    `WITH role AS (
       INSERT INTO roles (tenant_id, name, security_level, scopes)
       SELECT r.tenant_id, 'Bench screens', r.security_level, array_remove(r.scopes, 'mask:invitee')
       FROM roles r JOIN user_roles ur ON ur.role_id = r.id JOIN users u ON u.id = ur.user_id
       WHERE u.tenant_id = $1 AND u.user_name = 'admin'
         AND NOT EXISTS (SELECT 1 FROM users WHERE lower(user_name) = $2)
       LIMIT 1
       RETURNING id, tenant_id, security_level),
     member AS (
       INSERT INTO users (tenant_id, user_name, full_name, email, language, security_level, password_hash)
       SELECT role.tenant_id, $2, 'Bench Screens', 'bench-screens@demo-bank.example', 'en', role.security_level,
         (SELECT password_hash FROM users WHERE tenant_id = $1 AND user_name = 'admin')
       FROM role RETURNING id)
     INSERT INTO user_roles (tenant_id, user_id, role_id, position)
     SELECT role.tenant_id, member.id, role.id, 0 FROM role, member`,
    [tenantId, SCREENS_USER],
  );
}

/**
 * The PostgreSQL tables the screens read, as autovacuum would leave them: this machine's server runs with
 * autovacuum off, and the demo's alerts are written then updated (a third of their row versions dead, no
 * statistics), which sends the planner to nested loops over stale estimates that a live system would not see.
 */
export async function settleScreenTables(database: DatabaseHandle): Promise<void> {
  await database.raw(
    'VACUUM ANALYZE alerts, alert_rules, alert_history, staged_invitees, surveys, transaction_channels, roles, users',
  );
}

/** `count` new staged rows from generate_series: names, emails and phones made up, the tenant's branches. */
async function generatePoolRows(database: DatabaseHandle, tenantId: number, count: number): Promise<void> {
  await database.raw(
    `WITH first_names AS (SELECT array['Ayşe','Mehmet','Elif','Can','Zeynep','Emre','Deniz','Burak','Selin','Murat',
            'Anna','James','Maria','David','Sofia','Lucas','Emma','Noah','Olivia','Liam'] AS a),
          last_names AS (SELECT array['Yılmaz','Kaya','Demir','Şahin','Çelik','Yıldız','Aydın','Öztürk','Arslan','Doğan',
            'Smith','Johnson','Brown','Garcia','Miller','Davis','Wilson','Moore','Taylor','Clark'] AS a),
          branches AS (SELECT array_agg(id ORDER BY id) AS a FROM transaction_channels
            WHERE tenant_id = $1 AND NOT EXISTS (SELECT 1 FROM transaction_channels c WHERE c.parent_id = transaction_channels.id)),
          survey AS (SELECT id FROM surveys WHERE tenant_id = $1 ORDER BY id LIMIT 1)
     INSERT INTO staged_invitees (tenant_id, survey_id, full_name, email, msisdn, transaction_date,
       transaction_channel_id, invitee_channel_id, status, created_at)
     SELECT $1, survey.id,
       f.a[1 + g % 20] || ' ' || l.a[1 + (g / 20) % 20],
       'customer' || g || '@example.com',
       '+90532' || lpad((g % 10000000)::text, 7, '0'),
       now() - (g % 525600) * interval '1 minute',
       b.a[1 + g % greatest(cardinality(b.a), 1)],
       1 + g % 2, 0,
       now() - (g % 525600) * interval '1 minute'
     FROM generate_series(1, $2::integer) g, first_names f, last_names l, branches b, survey`,
    [tenantId, count],
  );
}

// ---------------------------------------------------------------------------------------------------------
// The calls, as the screens send them.

type Call = { method: 'GET' | 'POST'; url: string; body?: unknown };

type ScreenCase = {
  screen: string;
  /** The method and path the screen calls. */
  call: string;
  unfiltered: Call;
  /** The screen's realistic filter, or null when the screen sends none (filters in the browser). */
  filtered: Call | null;
  filter: string;
};

type ScreenContext = {
  tenantId: number;
  /** The largest survey (BRANCH), its region RG-01, and the 12-month range up to today (tenant-local). */
  surveyId: number;
  regionId: number;
  from: string;
  to: string;
};

const dayBefore = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
};

/** Grid query string as the DataGrid sends its first page (grid-query.ts buildGridParams, page size 10). */
const gridPage = (orderBy: string, filter?: string) =>
  new URLSearchParams({
    $top: '10',
    $skip: '0',
    $count: 'true',
    $orderby: orderBy,
    ...(filter ? { $filter: filter } : {}),
  }).toString();

/** A name fragment of the pool that matches some but not most rows, as a user types into the search box. */
async function poolSearchTerm(database: DatabaseHandle, tenantId: number): Promise<string> {
  const [row] = await database.raw<{ term: string | null }>(
    `SELECT lower(split_part(full_name, ' ', 2)) AS term FROM staged_invitees
     WHERE tenant_id = $1 AND full_name LIKE '% %' ORDER BY id DESC LIMIT 1`,
    [tenantId],
  );
  return row?.term?.slice(0, 5) || 'smith';
}

async function screenCases(
  api: Api,
  database: DatabaseHandle,
  context: ScreenContext,
): Promise<ScreenCase[]> {
  const { surveyId, regionId, from, to } = context;
  const models = await callApi<{ Id: number; IsEmotionModel?: boolean }[]>(
    api,
    'GET',
    '/api/filters/topic-models-with-emotion',
  ).catch(() => []);
  const modelId = models.find((model) => !model.IsEmotionModel)?.Id ?? null;
  const term = await poolSearchTerm(database, context.tenantId);
  // The report filter of the insight screens: the 12-month range; filtered, the survey and one region.
  const range = { TimeRange: [from, to] };
  const narrowed = { ...range, SurveyId: [surveyId], ChannelSet: { Ids: [regionId] } };
  const statistics = (extra: Record<string, string>) =>
    `/api/survey-statistics?${new URLSearchParams({ from, to, timezoneOffset: '-180', ...extra }).toString()}`;
  const topicBody = (filter: Record<string, unknown>) => ({ ...filter, TopicModelId: modelId ?? 0 });
  return [
    {
      screen: 'Survey statistics',
      call: 'GET /api/survey-statistics',
      unfiltered: { method: 'GET', url: statistics({ period: 'month' }) },
      filtered: { method: 'GET', url: statistics({ period: 'month', surveyIds: String(surveyId) }) },
      filter: 'the largest survey',
    },
    {
      screen: 'One survey statistics',
      call: 'GET /api/surveys/{id}/statistics',
      unfiltered: {
        method: 'GET',
        url: `/api/surveys/${surveyId}/statistics?${new URLSearchParams({ from, to, timezoneOffset: '-180', period: 'month' }).toString()}`,
      },
      filtered: {
        method: 'GET',
        url: `/api/surveys/${surveyId}/statistics?${new URLSearchParams({ from: dayBefore(to, 29), to, timezoneOffset: '-180', period: 'day' }).toString()}`,
      },
      filter: 'last 30 days by day',
    },
    {
      screen: 'Survey prioritisation',
      call: 'GET /api/survey-prioritization',
      unfiltered: { method: 'GET', url: '/api/survey-prioritization' },
      filtered: null,
      filter: 'none (the screen filters in the browser)',
    },
    {
      screen: 'Satisfaction profiler',
      call: 'POST /api/insight/satisfaction-profiler',
      unfiltered: {
        method: 'POST',
        url: '/api/insight/satisfaction-profiler',
        body: { ...range, GroupBy: 'experience', Scale: 10, Period: 'MM' },
      },
      filtered: {
        method: 'POST',
        url: '/api/insight/satisfaction-profiler',
        body: { ...narrowed, GroupBy: 'question', Scale: 10, Period: 'MM' },
      },
      filter: 'survey + region, by question',
    },
    {
      screen: 'Driver simulation',
      call: 'POST /api/insight/simulation',
      unfiltered: {
        method: 'POST',
        url: '/api/insight/simulation',
        body: { ...range, ...(modelId ? { TopicModelId: modelId } : {}), Reduction: 20 },
      },
      filtered: {
        method: 'POST',
        url: '/api/insight/simulation',
        body: { ...narrowed, ...(modelId ? { TopicModelId: modelId } : {}), Reduction: 20 },
      },
      filter: 'survey + region',
    },
    {
      screen: 'Topic discovery',
      call: 'POST /api/insight/topic-discovery',
      unfiltered: {
        method: 'POST',
        url: '/api/insight/topic-discovery',
        body: { ...topicBody(range), Sentiment: 'all', Order: 'newest', Top: 10, Skip: 0 },
      },
      filtered: {
        method: 'POST',
        url: '/api/insight/topic-discovery',
        body: { ...topicBody(narrowed), Sentiment: 'negative', Order: 'newest', Top: 10, Skip: 0 },
      },
      filter: 'survey + region, negative',
    },
    {
      screen: 'Topic explorer',
      call: 'POST /api/insight/topic-explorer',
      unfiltered: {
        method: 'POST',
        url: '/api/insight/topic-explorer',
        body: { ...topicBody(range), Period: 'month', OnlyMainTopics: false },
      },
      filtered: {
        method: 'POST',
        url: '/api/insight/topic-explorer',
        body: { ...topicBody(narrowed), Period: 'month', OnlyMainTopics: false },
      },
      filter: 'survey + region',
    },
    {
      screen: 'Alert rule statistics',
      call: 'GET /api/alert-rule-statistics',
      unfiltered: { method: 'GET', url: '/api/alert-rule-statistics?period=month' },
      filtered: {
        method: 'GET',
        url: `/api/alert-rule-statistics?period=week&from=${dayBefore(to, 89)}&to=${to}`,
      },
      filter: 'weeks of the last 90 days',
    },
    {
      screen: 'Alerts grid',
      call: 'POST /api/alerts/query',
      unfiltered: { method: 'POST', url: `/api/alerts/query?${gridPage('CreatedAt desc')}`, body: {} },
      filtered: {
        method: 'POST',
        url: `/api/alerts/query?${gridPage('CreatedAt desc')}`,
        body: { Status: [0, 1], TransactionChannels: [regionId] },
      },
      filter: 'open statuses + region',
    },
    {
      screen: 'Alert bell',
      call: 'GET /api/alerts/count',
      unfiltered: { method: 'GET', url: '/api/alerts/count?alertOperatorStatus=0' },
      filtered: { method: 'GET', url: '/api/alerts/count?alertOperatorStatus=1' },
      filter: 'read instead of unread',
    },
    {
      screen: 'Invitee pool',
      call: 'POST /api/invitee-pool/query',
      unfiltered: { method: 'POST', url: `/api/invitee-pool/query?${gridPage('CreateDate desc')}`, body: {} },
      filtered: {
        method: 'POST',
        url: `/api/invitee-pool/query?${gridPage('CreateDate desc', `contains(tolower(InviteeFullName),'${term}')`)}`,
        body: {},
      },
      filter: `name search '${term}'`,
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------
// Measuring.

type Figure = Omit<Timing, 'samples'>;

export type ScreenFigures = {
  screen: string;
  call: string;
  filter: string;
  unfiltered: Figure | null;
  filtered: Figure | null;
  /** JSON length of the unfiltered answer. */
  bytes: number;
  problems: string[];
};

/** One call; a problem (not 2xx, or an empty body) as text instead of an exception. */
async function checkedCall(api: Api, call: Call): Promise<{ bytes: number } | { problem: string }> {
  try {
    const answer = await callApi<unknown>(api, call.method, call.url, call.body);
    const text = answer === undefined ? '' : JSON.stringify(answer);
    if (text === '' || text === '{}' || text === '[]')
      return { problem: `${call.method} ${call.url}: empty body` };
    return { bytes: text.length };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

async function timeCall(api: Api, call: Call | null, runs: number, problems: string[]) {
  if (!call) return { figure: null, bytes: 0 };
  const checked = await checkedCall(api, call);
  if ('problem' in checked) {
    problems.push(checked.problem);
    return { figure: null, bytes: 0 };
  }
  const { samples: _samples, ...figure } = await timeRuns(
    () => callApi(api, call.method, call.url, call.body),
    { runs },
  );
  return { figure, bytes: checked.bytes };
}

/** Each screen's call unfiltered and filtered; problems are printed and kept, never thrown. */
export async function measureScreens(
  api: Api,
  database: DatabaseHandle,
  context: ScreenContext,
  { runs, log }: { runs: number; log: (line: string) => void },
): Promise<ScreenFigures[]> {
  const figures: ScreenFigures[] = [];
  for (const item of await screenCases(api, database, context)) {
    const problems: string[] = [];
    const unfiltered = await timeCall(api, item.unfiltered, runs, problems);
    const filtered = await timeCall(api, item.filtered, runs, problems);
    figures.push({
      screen: item.screen,
      call: item.call,
      filter: item.filter,
      unfiltered: unfiltered.figure,
      filtered: filtered.figure,
      bytes: unfiltered.bytes,
      problems,
    });
    const at = (figure: Figure | null, key: 'p50' | 'p95') => (figure ? figure[key] : '—');
    log(
      `  ${item.call.padEnd(42)} p50 ${at(unfiltered.figure, 'p50')} / ${at(filtered.figure, 'p50')} ms, ` +
        `p95 ${at(unfiltered.figure, 'p95')} / ${at(filtered.figure, 'p95')} ms`,
    );
    for (const problem of problems) log(`    problem: ${problem}`);
  }
  return figures;
}

/** The screen context of the dataset: the largest survey, its region RG-01 and the last 12 months. */
export async function screenContext(database: DatabaseHandle, tenantId: number): Promise<ScreenContext> {
  const [row] = await database.raw<{ survey_id: number; region_id: number; time_zone: string }>(
    `SELECT sv.id AS survey_id, t.time_zone,
       (SELECT id FROM transaction_channels WHERE tenant_id = $1 AND code = 'RG-01') AS region_id
     FROM surveys sv JOIN tenants t ON t.id = sv.tenant_id
     WHERE sv.tenant_id = $1 AND sv.integration_code = 'BRANCH'`,
    [tenantId],
  );
  if (!row?.region_id) throw new Error('the demo catalogue has no BRANCH survey or region RG-01');
  const to = new Date().toLocaleDateString('en-CA', { timeZone: row.time_zone });
  const fromDate = new Date(`${to}T00:00:00Z`);
  fromDate.setUTCFullYear(fromDate.getUTCFullYear() - 1);
  fromDate.setUTCDate(fromDate.getUTCDate() + 1);
  return {
    tenantId,
    surveyId: row.survey_id,
    regionId: row.region_id,
    from: fromDate.toISOString().slice(0, 10),
    to,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Targets and tables, shared with widgets.ts.

type ScreenCheck = { target: string; measured: string; met: boolean };

export function screenChecks(figures: readonly ScreenFigures[]): ScreenCheck[] {
  const measured = figures.flatMap((f) =>
    (['unfiltered', 'filtered'] as const).flatMap((k) => {
      const figure = f[k];
      return figure ? [{ name: `${f.call} ${k}`, figure }] : [];
    }),
  );
  const failed = figures.filter((f) => f.problems.length > 0).map((f) => f.call);
  // The table below names every call; the check counts them and names the slowest.
  const check = (key: 'p50' | 'p95', limit: number): ScreenCheck => {
    const over = measured.filter((m) => m.figure[key] > limit);
    const slowest = [...measured].sort((a, b) => b.figure[key] - a.figure[key])[0];
    return {
      target: `every new screen's query ${key} ≤ ${limit} ms`,
      measured:
        `${over.length} of ${measured.length} calls over` +
        (slowest ? `; slowest ${slowest.figure[key]} ms (${slowest.name})` : '') +
        (failed.length > 0 ? `; not measured (problem): ${failed.join(', ')}` : ''),
      met: over.length === 0 && failed.length === 0,
    };
  };
  return [check('p50', SCREEN_TARGETS.p50), check('p95', SCREEN_TARGETS.p95)];
}

export const SCREEN_HEADER = [
  'screen',
  'call',
  'p50',
  'p95',
  'filtered p50',
  'filtered p95',
  'filter',
  'met',
];

export function screenRows(figures: readonly ScreenFigures[]): (string | number)[][] {
  const within = (f: Figure | null) => !f || (f.p50 <= SCREEN_TARGETS.p50 && f.p95 <= SCREEN_TARGETS.p95);
  return figures.map((f) => [
    f.screen,
    f.call,
    f.unfiltered?.p50 ?? '—',
    f.unfiltered?.p95 ?? '—',
    f.filtered?.p50 ?? '—',
    f.filtered?.p95 ?? '—',
    f.filter,
    f.problems.length > 0 ? 'problem' : within(f.unfiltered) && within(f.filtered) ? 'yes' : 'no',
  ]);
}

/** The markdown part of the screens: the pool line, the table and the problems. */
export function screensMarkdown(
  figures: readonly ScreenFigures[],
  pool: PoolFigures | null,
  runs: number,
): string[] {
  const problems = figures.flatMap((f) => f.problems.map((p) => `- ${f.call}: ${p}`));
  return [
    `### New screens (ms, ${runs} warm runs each; targets p50 ≤ ${SCREEN_TARGETS.p50} ms, p95 ≤ ${SCREEN_TARGETS.p95} ms)`,
    '',
    ...(pool
      ? [
          `Invitee pool: ${fmt.format(pool.staged)} staged invitees (${fmt.format(pool.invitees)} invitees)` +
            (pool.toppedUpSeconds === null
              ? '.'
              : `, topped up from ${fmt.format(pool.stagedBefore)} in ${pool.toppedUpSeconds} s.`),
          '',
        ]
      : []),
    markdownTable(
      SCREEN_HEADER,
      screenRows(figures).map((row) => row.map((cell) => (cell === 'no' ? '**no**' : cell))),
    ),
    ...(problems.length > 0 ? ['', 'Problems:', '', ...problems] : []),
  ];
}

// ---------------------------------------------------------------------------------------------------------
// Run alone: `npm run bench:screens`.

const HERE = path.dirname(fileURLToPath(import.meta.url));
const RESULTS_DIR = path.join(HERE, 'results');
const RESULTS_MD = path.join(HERE, 'RESULTS.md');

type ScreensResults = {
  benchmark: 'screens';
  date: string;
  command: string;
  host: { cpus: number; cpuModel: string; memoryGb: number; node: string };
  dataset: Dataset;
  pool: PoolFigures;
  screens: ScreenFigures[];
  memory: { rssMb: number; peakRssMb: number; hwmMb: number };
  checks: ScreenCheck[];
};

async function writeResults(
  r: ScreensResults,
  responses: number,
  runs: number,
  label: string,
): Promise<void> {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(
    RESULTS_DIR,
    `screens-${r.date.slice(0, 10)}-${responses}${label ? `-${label}` : ''}.json`,
  );
  await writeJson(file, r);
  const start = `<!-- bench:screens:${responses}:start -->`;
  const end = `<!-- bench:screens:${responses}:end -->`;
  const block = [
    start,
    `## Screens run of ${r.date.slice(0, 10)}: ${fmt.format(r.dataset.answeredSessions)} answered sessions`,
    '',
    `- Command: \`${r.command}\``,
    `- Machine: ${r.host.cpus} × ${r.host.cpuModel}, ${r.host.memoryGb} GB, Node ${r.host.node}`,
    `- Server memory: peak RSS ${r.memory.peakRssMb} MB, high-water ${r.memory.hwmMb} MB`,
    '',
    markdownTable(
      ['target', 'measured', 'met'],
      r.checks.map((c) => [c.target, c.measured, c.met ? 'yes' : '**no**']),
    ),
    '',
    ...screensMarkdown(r.screens, r.pool, runs),
    end,
  ].join('\n');
  const previous = fs.existsSync(RESULTS_MD) ? fs.readFileSync(RESULTS_MD, 'utf8') : '# Benchmark results\n';
  const at = previous.indexOf(start);
  const until = previous.indexOf(end);
  fs.writeFileSync(
    RESULTS_MD,
    at >= 0 && until > at
      ? previous.slice(0, at) + block + previous.slice(until + end.length)
      : `${previous.trimEnd()}\n\n${block}\n`,
  );
  process.stdout.write(
    `\nWrote ${path.relative(process.cwd(), file)} and ${path.relative(process.cwd(), RESULTS_MD)}\n`,
  );
}

async function runAlone(): Promise<void> {
  const { values: args } = parseArgs({
    options: {
      ...DATASET_OPTIONS,
      port: { type: 'string', default: '3490' },
      label: { type: 'string', default: '' },
    },
  });
  const responses = Number(args.responses.replaceAll('_', ''));
  const runs = Number(args.runs);
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const name = `loupe_bench_${responses}`;
  const url = databaseUrl(args.server, name);
  await ensureDatabase(args.server, name);
  const dataDir = path.join(args['data-dir'], String(responses));
  const database = await openDatabase({ databaseUrl: url, dataDir: undefined });
  let server: ServerProcess | undefined;
  try {
    const dataset = await prepareDataset(database, { name, responses, log });
    log(`Dataset: ${fmt.format(dataset.answeredSessions)} answered sessions in ${name}`);
    const pool = await ensureInviteePool(database, dataset.tenantId, { log });
    await ensureScreensUser(database, dataset.tenantId);
    await settleScreenTables(database);
    const context = await screenContext(database, dataset.tenantId);
    const replicaFile = replicaFilePath(dataDir);
    if (fs.existsSync(replicaFile)) {
      // Brought up to date first (whatever changed since it was last written), so that the server's change sync
      // is idle while the screens are measured, as widgets.ts does.
      log('Catching the analytics replica up …');
      const replica = await createAnalyticsReplica({ database, path: replicaFile });
      await replica.flush().finally(() => replica.close());
    } else log('No replica in the data directory: the server rebuilds it at start (minutes at 1M) …');
    log('Starting the server …');
    server = await startServer({ databaseUrl: url, dataDir, port: Number(args.port) });
    const api: Api = { baseUrl: server.baseUrl, token: await signIn(server.baseUrl, SCREENS_USER) };
    log(`New screens, ${runs} runs each (unfiltered / filtered):`);
    const screens = await measureScreens(api, database, context, { runs, log });
    const results: ScreensResults = {
      benchmark: 'screens',
      date: new Date().toISOString(),
      command: `npm run bench:screens -- ${process.argv.slice(2).join(' ')}`.trim(),
      host: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model.trim() ?? '?',
        memoryGb: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
      },
      dataset,
      pool,
      screens,
      memory: server.memory(),
      checks: screenChecks(screens),
    };
    log('');
    log(table(SCREEN_HEADER, screenRows(screens)));
    log('');
    log(
      table(
        ['target', 'measured', 'met'],
        results.checks.map((c) => [c.target, c.measured, c.met ? 'yes' : 'NO']),
      ),
    );
    await writeResults(results, responses, runs, args.label);
  } finally {
    await server?.stop();
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    await runAlone();
  } catch (error) {
    process.stderr.write(
      `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
}
