// Where a REST data batch's time goes, step by step, without HTTP and without the replica's sync loop: JSON
// parsing, record validation, the catalogue query, the checks and the store statement. Per step: wall ms, CPU ms
// of this process and CPU ms of the PostgreSQL backends (from /proc; CPU time is what a shared, busy machine
// distorts least). Then PostgreSQL's own account of the insert (EXPLAIN ANALYZE, rolled back), which lists the
// foreign-key and change-log trigger time.
//
//   node --conditions=source --import tsx bench/ingest-profile.ts [--engine postgres|pglite] [--repeat 20] [--explain]
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { restDataRequestSchema } from '@loupe/contracts';
import { createRestDataRepository } from '../apps/server/src/modules/rest-data/rest-data.repository.js';
import {
  checkRecords,
  collectCodes,
  parseRecords,
} from '../apps/server/src/modules/rest-data/rest-data.validation.js';
import { makeBodies, startHarness, type Engine, type Harness } from './ingest-harness.js';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    repeat: { type: 'string', default: '20' },
    'batch-size': { type: 'string', default: '1000' },
    explain: { type: 'boolean', default: false },
    'drop-fks': { type: 'string', default: 'none' },
    server: {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
  },
});
const REPEAT = Number(args.repeat);
const SIZE = Number(args['batch-size']);

// Keeps the last statement that inserted answers, to replay it under EXPLAIN ANALYZE.
let captured: { text: string; values: unknown[] } | undefined;
const clientQuery = Reflect.get(pg.Client.prototype, 'query') as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...params: unknown[]) {
  const [config, values] = params as [unknown, unknown];
  const text = typeof config === 'string' ? config : (config as { text?: string } | undefined)?.text;
  if (text?.includes('INSERT INTO answers')) {
    captured = {
      text,
      values: Array.isArray(values) ? values : ((config as { values?: unknown[] }).values ?? []),
    };
  }
  return clientQuery.apply(this, params);
} as typeof pg.Client.prototype.query;

/** CPU ms used so far by the backends of the harness's database (0 on PGlite, which runs in this process). */
async function backendCpuMs(h: Harness): Promise<number> {
  if (h.engine !== 'postgres') return 0;
  const rows = await h.database.raw<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
  );
  let total = 0;
  for (const { pid } of rows) {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    total += (Number(fields[11]) + Number(fields[12])) * 10;
  }
  return total;
}

const h = await startHarness(args.engine as Engine, args.server, {
  followChanges: false,
  dropForeignKeys: args['drop-fks'] as 'none' | 'tenant' | 'all',
});
try {
  const repository = createRestDataRepository(h.database.db);
  const bodies = makeBodies(h.catalogue, REPEAT + 2, SIZE, 7);
  const [user] = await h.database.raw<{ id: number }>(`SELECT id FROM users WHERE user_name = 'admin'`);
  type Step = { wall: number[]; node: number; pg: number };
  const steps = new Map<string, Step>();
  let counting = false;
  const time = async <T>(name: string, work: () => Promise<T> | T): Promise<T> => {
    const pgBefore = counting ? await backendCpuMs(h) : 0;
    const nodeBefore = process.cpuUsage();
    const started = performance.now();
    const result = await work();
    const wall = performance.now() - started;
    const node = process.cpuUsage(nodeBefore);
    if (counting) {
      const step = steps.get(name) ?? { wall: [], node: 0, pg: 0 };
      step.wall.push(wall);
      step.node += (node.user + node.system) / 1000;
      step.pg += (await backendCpuMs(h)) - pgBefore;
      steps.set(name, step);
    }
    return result;
  };

  for (const [i, body] of bodies.entries()) {
    counting = i >= 2; // the first two batches warm up
    const text = body.toString();
    const json = await time('JSON.parse body', () => JSON.parse(text) as unknown);
    const call = await time('envelope schema', () => restDataRequestSchema.parse(json));
    const survey = await time('findSurvey', () => repository.findSurvey(h.tenantId, call.SurveyId));
    const { parsed, errors } = await time('parseRecords', () => parseRecords(call.Records, 'en'));
    const catalog = await time('loadCatalog', () =>
      repository.loadCatalog(h.tenantId, survey!, collectCodes(parsed.map((p) => p.record))),
    );
    const { rows } = await time('checkRecords', () => checkRecords(parsed, catalog, 'en'));
    const result = { Accepted: rows.length, Rejected: errors.length, Errors: errors };
    await time('store', () =>
      repository.store(h.tenantId, survey!, rows, undefined, () => ({
        tenantId: h.tenantId,
        userId: user!.id,
        surveyId: survey!.id,
        request: text.slice(0, 64 * 1024),
        requestBytes: body.length,
        result,
        acceptedCount: rows.length,
        rejectedCount: 0,
      })),
    );
  }

  const [load1] = (await import('node:os')).loadavg();
  process.stdout.write(
    `${args.engine}: per batch of ${SIZE} records, ${REPEAT} batches (load average ${load1?.toFixed(1)})\n` +
      `  ${'step'.padEnd(18)}${'wall p50'.padStart(10)}${'wall min'.padStart(10)}${'node cpu'.padStart(10)}${'pg cpu'.padStart(8)}\n`,
  );
  const totals = { p50: 0, min: 0, node: 0, pg: 0 };
  for (const [name, step] of steps) {
    const sorted = [...step.wall].sort((a, b) => a - b);
    const p50 = sorted[Math.floor(sorted.length / 2)]!;
    const min = sorted[0]!;
    const node = step.node / REPEAT;
    const pgCpu = step.pg / REPEAT;
    totals.p50 += p50;
    totals.min += min;
    totals.node += node;
    totals.pg += pgCpu;
    process.stdout.write(
      `  ${name.padEnd(18)}${p50.toFixed(1).padStart(10)}${min.toFixed(1).padStart(10)}${node.toFixed(1).padStart(10)}${pgCpu.toFixed(0).padStart(8)}\n`,
    );
  }
  process.stdout.write(
    `  ${'total'.padEnd(18)}${totals.p50.toFixed(1).padStart(10)}${totals.min.toFixed(1).padStart(10)}${totals.node.toFixed(1).padStart(10)}${totals.pg.toFixed(0).padStart(8)}\n`,
  );

  if (args.explain && captured && h.database.pool) {
    const client = await h.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT set_config('TimeZone', 'Europe/Istanbul', true)`);
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS) ${captured.text}`,
        captured.values,
      );
      const lines = plan.rows.map((r) => r['QUERY PLAN']);
      process.stdout.write(`\n${lines.join('\n')}\n`);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  }
} finally {
  await h.close();
}
process.exit(0);
