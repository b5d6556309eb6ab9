// Where a widget's or a screen's time goes (issue 25): the server built in this process on the bench dataset and
// its replica, each given catalogue widget or GET path called --runs times, and the fastest call printed with the
// time of every replica query it ran. What is left of a call's time beyond its queries is HTTP, sign-in checks and
// the PostgreSQL lookups around them. With --save, each answer is written to <dir>/<name>.json, so two runs (before
// and after a change) can be compared byte for byte with `cmp`.
//
//   npm run bench:profile -- --responses 1000000 4 24 33 '/api/surveys/1/statistics?from=2025-12-01&to=2026-11-30&timezoneOffset=-180&period=month'
//   options: [--runs 12] [--filtered] [--full-sql] [--from 2025-12-01 --to 2026-11-30] [--save dir] [--port 3495]
//            [--replica file] [--user manager] [--server postgres://…] [--data-dir /var/tmp/loupe-bench]
//
// Widgets are sent as `npm run bench` sends them (bench-report.ts: the catalogue's dataFilters and the dialog's
// choices) on the dataset's largest survey; --filtered adds passives and detractors (RespondentType 1, 2). The
// result cache is off, so every call is computed. The replica is the one `npm run bench` keeps for the dataset
// (or --replica); it is opened as it stands, not brought up to date.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createAnalyticsReplica, replicaFilePath } from '../apps/server/src/analytics/replica.js';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { createLogger } from '../apps/server/src/logger.js';
import { createAccessTokenSigner } from '../apps/server/src/modules/auth/access-token.js';
import { DATASET_OPTIONS, databaseUrl } from './bench-database.js';
import { benchSettings, catalogueWidgets, dataPath, type Api } from './bench-report.js';
import { signIn } from './ingest-harness.js';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    ...DATASET_OPTIONS,
    runs: { type: 'string', default: '12' },
    filtered: { type: 'boolean', default: false },
    from: { type: 'string' },
    to: { type: 'string' },
    save: { type: 'string' },
    port: { type: 'string', default: '3495' },
    replica: { type: 'string' },
    /** Print each replica query whole, with its parameters (to run it alone, e.g. under EXPLAIN ANALYZE). */
    'full-sql': { type: 'boolean', default: false },
    user: { type: 'string', default: 'manager' },
  },
});

type QueryTime = { sql: string; ms: number };
type Call = { name: string; url: string; init: RequestInit };

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function main(): Promise<void> {
  const responses = Number(args.responses.replaceAll('_', ''));
  const database = await openDatabase({
    databaseUrl: databaseUrl(args.server, `loupe_bench_${responses}`),
    dataDir: undefined,
  });
  const replica = await createAnalyticsReplica({
    database,
    path: args.replica ?? replicaFilePath(path.join(args['data-dir'], String(responses))),
  });
  // Every replica query of the call being timed, with its time.
  let queries: QueryTime[] = [];
  const query = replica.query.bind(replica);
  replica.query = async (sql, params) => {
    const started = performance.now();
    try {
      return await query(sql, params);
    } finally {
      const text = sql.replace(/\s+/g, ' ');
      queries.push({
        sql: args['full-sql'] ? `${text}\n      params: ${JSON.stringify(params ?? [])}` : text.slice(0, 150),
        ms: performance.now() - started,
      });
    }
  };
  // …and every PostgreSQL statement, marked 'pg': what a call spends outside the replica.
  const pool = database.pool;
  if (pool) {
    const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = async (...args) => {
      const started = performance.now();
      try {
        return await poolQuery(...args);
      } finally {
        const first = args[0] as string | { text: string };
        const text = typeof first === 'string' ? first : first.text;
        queries.push({
          sql: `pg: ${text.replace(/\s+/g, ' ').slice(0, 146)}`,
          ms: performance.now() - started,
        });
      }
    };
  }
  process.env.WIDGET_RESULT_CACHE = 'off';
  const app = await buildApp({
    database,
    replica,
    signer: createAccessTokenSigner(randomBytes(48)),
    logger: createLogger('silent'),
    config: { ...loadConfig(), rateLimits: null, jobSchedules: false },
  });
  try {
    const baseUrl = await app.listen({ port: Number(args.port), host: '127.0.0.1' });
    const api: Api = { baseUrl, token: await signIn(baseUrl, args.user) };
    const headers = { authorization: `Bearer ${api.token}`, language: 'en' };
    const to = args.to ?? isoDay(Date.now());
    const from = args.from ?? isoDay(Date.parse(`${to}T00:00:00Z`) - 364 * DAY_MS);
    const settings = await benchSettings(api);
    const ids = new Set(positionals.filter((item) => !item.startsWith('/')).map(Number));
    const calls: Call[] = [
      ...positionals
        .filter((item) => item.startsWith('/'))
        .map((url, i) => ({ name: `path-${i + 1}`, url, init: { headers } })),
      ...catalogueWidgets(settings)
        .filter((widget) => ids.has(widget.id))
        .map((widget) => ({
          name: `widget-${widget.id}`,
          url: /channel-table$|answers$/.test(widget.endpoint)
            ? `${dataPath(widget.endpoint)}?$top=20&$skip=0&$count=true`
            : dataPath(widget.endpoint),
          init: {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({
              TimeRange: [from, to],
              SurveyId: [settings.surveyId],
              ...(args.filtered ? { RespondentType: [1, 2] } : {}),
              DataFilters: widget.dataFilters,
            }),
          },
        })),
    ];
    for (const call of calls) await profile(baseUrl, call);
  } finally {
    await app.close();
    await replica.close();
    await database.close();
  }

  async function profile(baseUrl: string, call: Call): Promise<void> {
    let best = { ms: Infinity, queries: [] as QueryTime[] };
    for (let run = 0; run < Number(args.runs); run++) {
      queries = [];
      const started = performance.now();
      const response = await fetch(`${baseUrl}${call.url}`, call.init);
      const body = await response.text();
      const ms = performance.now() - started;
      if (run === 0) {
        if (!response.ok) process.stdout.write(`${call.name}: ${response.status} ${body.slice(0, 300)}\n`);
        if (args.save) {
          fs.mkdirSync(args.save, { recursive: true });
          fs.writeFileSync(path.join(args.save, `${call.name}.json`), body);
        }
      }
      if (ms < best.ms) best = { ms, queries };
    }
    process.stdout.write(`${call.name} ${call.url.slice(0, 90)}: fastest ${best.ms.toFixed(1)} ms\n`);
    for (const item of best.queries)
      process.stdout.write(`  ${item.ms.toFixed(1).padStart(7)} ms  ${item.sql}\n`);
  }
}

await main();
