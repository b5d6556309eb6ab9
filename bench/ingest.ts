// Ingest rate of the REST data API (issue 3 item 5): answered sessions per second through the real server
// over real HTTP, on PostgreSQL (target 10,000/s) and on embedded PGlite for comparison, plus how long the
// analytics replica's own sync loop takes to show the last batch.
//
//   npm run bench:ingest
//   node --conditions=source --import tsx bench/ingest.ts [--batches 20] [--batch-size 1000] [--runs 3]
//     [--warmup 3] [--engines postgres,pglite] [--clients 1,2] [--server postgres://postgres@127.0.0.1:5432/test]
//     what-ifs: [--drop-fks tenant|all] [--without-sync]; [--label name] [--profile]
//
// Each run posts --batches batches of --batch-size records per client setting: with 1 client sequentially,
// with 2 clients each sending its next batch as soon as its previous one is answered. The replica is a
// file-less DuckDB database started as in production (polling every 250 ms); "visible" never calls flush().
//
// A benchmark never fails a build: problems are printed and the process still exits 0.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { writeJson } from './stats.js';
import {
  backendCpu,
  cpuSpent,
  makeBodies,
  postBatch,
  startHarness,
  type Engine,
  type Harness,
} from './ingest-harness.js';

const TARGET_PER_SECOND = 10_000;
const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
const today = () => new Date().toISOString().slice(0, 10);
const POLL_MS = 20;
/** Longest wait for the replica to show a measurement's sessions before giving up on that number. */
const VISIBLE_TIMEOUT_MS = 60_000;

const { values: args } = parseArgs({
  options: {
    batches: { type: 'string', default: '20' },
    'batch-size': { type: 'string', default: '1000' },
    runs: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '3' },
    engines: { type: 'string', default: 'postgres,pglite' },
    clients: { type: 'string', default: '1,2' },
    /** What-if: drop the tenant foreign keys of the response tables ('tenant') or all their keys ('all'). */
    'drop-fks': { type: 'string', default: 'none' },
    /** Leaves the replica's sync loop off, to see what it costs the ingest (no "visible" times then). */
    'without-sync': { type: 'boolean', default: false },
    /** Appended to the results file name (ingest-<date>-<label>.json) and stored in it. */
    label: { type: 'string', default: '' },
    /** Writes a V8 CPU profile of the measured batches (main thread) to bench/results/. */
    profile: { type: 'boolean', default: false },
    server: {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
  },
});
const BATCHES = Number(args.batches);
const BATCH_SIZE = Number(args['batch-size']);
const RUNS = Number(args.runs);
const WARMUP = Number(args.warmup);
const ENGINES = args.engines.split(',').filter((e): e is Engine => e === 'postgres' || e === 'pglite');
const CLIENTS = args.clients.split(',').map(Number);

// ---------------------------------------------------------------------------------------------------------
// Measurement.

/** Waits until the replica shows `expected` answered sessions of the tenant; ms waited, or null on timeout. */
async function waitVisible(h: Harness, expected: number, since: number): Promise<number | null> {
  for (;;) {
    if ((await h.replica.answeredSessionCount(h.tenantId)) >= expected) return performance.now() - since;
    if (performance.now() - since > VISIBLE_TIMEOUT_MS) return null;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function answeredInDatabase(h: Harness): Promise<number> {
  const [row] = await h.database.raw<{ n: number | string }>(
    'SELECT count(*) AS n FROM sessions WHERE tenant_id = $1 AND answered_at IS NOT NULL',
    [h.tenantId],
  );
  return Number(row?.n ?? 0);
}

type Measurement = {
  engine: Engine;
  clients: number;
  run: number;
  batches: number;
  sessions: number;
  seconds: number;
  sessionsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  visibleMs: number | null;
  /** CPU ms per 1,000 sessions while the batches ran: this process (server, client, replica sync, PGlite). */
  nodeCpuMsPer1000: number;
  /** The same for the PostgreSQL backends of the scratch database (null on PGlite or a remote server). */
  postgresCpuMsPer1000: number | null;
  loadAverage: [number, number, number];
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Posts every body, `clients` at a time (each client sends its next batch when the previous one answered). */
async function measure(h: Harness, bodies: string[], clients: number, run: number): Promise<Measurement> {
  // Start from a quiet replica, so its catch-up of earlier batches is not counted here.
  const baseline = await answeredInDatabase(h);
  if (!args['without-sync']) await waitVisible(h, baseline, performance.now());
  const loadAverage = os.loadavg().map((v) => round(v, 2)) as [number, number, number];

  const latencies: number[] = [];
  let next = 0;
  let lastResponse = 0;
  const pgBefore = await backendCpu(h);
  const nodeBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = next++; i < bodies.length; i = next++) {
        latencies.push(await postBatch(h, bodies[i]!, BATCH_SIZE));
        lastResponse = performance.now();
      }
    }),
  );
  const seconds = (lastResponse - started) / 1000;
  const nodeCpu = process.cpuUsage(nodeBefore);
  const pgCpu = cpuSpent(pgBefore, await backendCpu(h));
  const sessions = bodies.length * BATCH_SIZE;
  const visibleMs = args['without-sync'] ? null : await waitVisible(h, baseline + sessions, lastResponse);
  latencies.sort((a, b) => a - b);
  return {
    engine: h.engine,
    clients,
    run,
    batches: bodies.length,
    sessions,
    seconds: round(seconds, 3),
    sessionsPerSecond: Math.round(sessions / seconds),
    p50Ms: round(percentile(latencies, 0.5)),
    p95Ms: round(percentile(latencies, 0.95)),
    maxMs: round(latencies[latencies.length - 1] ?? 0),
    visibleMs: visibleMs === null ? null : Math.round(visibleMs),
    nodeCpuMsPer1000: Math.round((nodeCpu.user + nodeCpu.system) / sessions),
    postgresCpuMsPer1000: pgCpu === null ? null : Math.round((pgCpu * 1000) / sessions),
    loadAverage,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Report.

const pad = (value: string | number, width: number) => String(value).padStart(width);

function printRow(m: Measurement) {
  process.stdout.write(
    `${m.engine.padEnd(9)}${pad(m.clients, 8)}${pad(m.run, 5)}${pad(m.sessionsPerSecond.toLocaleString('en-US'), 12)}` +
      `${pad(m.p50Ms, 9)}${pad(m.p95Ms, 9)}${pad(m.visibleMs ?? (args['without-sync'] ? '-' : 'timeout'), 12)}` +
      `${pad(`${round(m.sessionsPerSecond / TARGET_PER_SECOND, 2)}x`, 10)}` +
      `${pad(m.nodeCpuMsPer1000, 13)}${pad(m.postgresCpuMsPer1000 ?? '-', 6)}   ${m.loadAverage.join(' ')}\n`,
  );
}

type Summary = {
  engine: Engine;
  clients: number;
  bestPerSecond: number;
  medianPerSecond: number;
  medianP50Ms: number;
  medianP95Ms: number;
  medianVisibleMs: number | null;
  bestVsTarget: number;
  medianVsTarget: number;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function summarise(measurements: Measurement[]): Summary[] {
  const keys = [...new Set(measurements.map((m) => `${m.engine}/${m.clients}`))];
  return keys.map((key) => {
    const group = measurements.filter((m) => `${m.engine}/${m.clients}` === key);
    const rates = group.map((m) => m.sessionsPerSecond);
    const visible = group.map((m) => m.visibleMs).filter((v): v is number => v !== null);
    const best = Math.max(...rates);
    const mid = Math.round(median(rates));
    return {
      engine: group[0]!.engine,
      clients: group[0]!.clients,
      bestPerSecond: best,
      medianPerSecond: mid,
      medianP50Ms: round(median(group.map((m) => m.p50Ms))),
      medianP95Ms: round(median(group.map((m) => m.p95Ms))),
      medianVisibleMs: visible.length > 0 ? Math.round(median(visible)) : null,
      bestVsTarget: round(best / TARGET_PER_SECOND, 2),
      medianVsTarget: round(mid / TARGET_PER_SECOND, 2),
    };
  });
}

async function benchEngine(engine: Engine, measurements: Measurement[]): Promise<void> {
  const h = await startHarness(engine, args.server, {
    followChanges: !args['without-sync'],
    dropForeignKeys: args['drop-fks'] as 'none' | 'tenant' | 'all',
  });
  try {
    // Bodies for every measurement up front: the client does no JSON work while the clock runs.
    const warmup = makeBodies(h.catalogue, WARMUP, BATCH_SIZE, 1);
    for (const body of warmup) await postBatch(h, body, BATCH_SIZE);
    const profiler = args.profile ? new Session() : undefined;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    let seed = 1_000;
    for (let run = 1; run <= RUNS; run += 1) {
      for (const clients of CLIENTS) {
        const bodies = makeBodies(h.catalogue, BATCHES, BATCH_SIZE, (seed += BATCHES));
        const m = await measure(h, bodies, clients, run);
        measurements.push(m);
        printRow(m);
      }
    }
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      const file = path.join(RESULTS_DIR, `ingest-${engine}-${today()}.cpuprofile`);
      fs.mkdirSync(RESULTS_DIR, { recursive: true });
      fs.writeFileSync(file, JSON.stringify(profile));
      profiler.disconnect();
      process.stdout.write(`(CPU profile of the measured batches: ${path.relative(process.cwd(), file)})\n`);
    }
  } finally {
    await h.close();
  }
}

async function main() {
  process.stdout.write(
    `REST data ingest: ${BATCHES} batches of ${BATCH_SIZE} records (5 answers each) per measurement, ` +
      `${WARMUP} warm-up batches, ${RUNS} runs; ${os.cpus().length} CPUs, node ${process.version}\n` +
      `"visible" = ms from the last batch's answer until the replica's own sync loop shows every session\n` +
      `"cpu/1k" = CPU ms per 1,000 sessions of this process (server, client, replica sync; PGlite too) and of the\n` +
      `PostgreSQL backends; the machine has ${os.cpus().length * 1000} CPU ms per second\n\n` +
      `${'engine'.padEnd(9)}${pad('clients', 8)}${pad('run', 5)}${pad('sessions/s', 12)}${pad('p50 ms', 9)}` +
      `${pad('p95 ms', 9)}${pad('visible ms', 12)}${pad('vs 10k/s', 10)}${pad('cpu/1k node', 13).slice(-13)}` +
      `${pad('pg', 6)}   load avg (1 5 15)\n`,
  );
  const measurements: Measurement[] = [];
  for (const engine of ENGINES) {
    try {
      await benchEngine(engine, measurements);
    } catch (error) {
      process.stdout.write(
        `${engine}: benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`,
      );
    }
  }

  const summary = summarise(measurements);
  process.stdout.write(
    `\nSummary (best and median of ${RUNS} runs)\n` +
      `engine    clients  best/s    median/s  p50 ms  p95 ms  visible ms  best vs 10k  median vs 10k\n`,
  );
  for (const s of summary) {
    process.stdout.write(
      `${s.engine.padEnd(9)}${pad(s.clients, 8)}${pad(s.bestPerSecond.toLocaleString('en-US'), 8)}` +
        `${pad(s.medianPerSecond.toLocaleString('en-US'), 12)}${pad(s.medianP50Ms, 8)}${pad(s.medianP95Ms, 8)}` +
        `${pad(s.medianVisibleMs ?? '-', 12)}${pad(`${s.bestVsTarget}x`, 13)}${pad(`${s.medianVsTarget}x`, 15)}\n`,
    );
  }

  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `ingest-${today()}${args.label ? `-${args.label}` : ''}.json`);
  const report = {
    benchmark: 'ingest',
    date: new Date().toISOString(),
    targetPerSecond: TARGET_PER_SECOND,
    host: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      node: process.version,
      platform: os.platform(),
    },
    options: {
      batches: BATCHES,
      batchSize: BATCH_SIZE,
      runs: RUNS,
      warmup: WARMUP,
      clients: CLIENTS,
      engines: ENGINES,
      label: args.label,
      dropForeignKeys: args['drop-fks'],
      withoutSync: args['without-sync'],
    },
    summary,
    measurements,
  };
  await writeJson(file, report);
  process.stdout.write(`\nWrote ${path.relative(process.cwd(), file)}\n`);
}

try {
  await main();
} catch (error) {
  process.stdout.write(`benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`);
}
// Open handles (pools, DuckDB) must not keep a finished benchmark alive.
process.exit(0);
