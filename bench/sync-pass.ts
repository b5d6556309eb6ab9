// What one pass of the analytics replica's sync costs, by how many sessions it applies (issue 25; bench/RESULTS.md
// "The replica's sync during ingest").
//
//   npm run bench:sync-pass -- [--sizes 1,25,250,1000,5000] [--runs 7] [--server postgres://…] [--label name]
//
// For each size: one REST data batch of that many answered sessions (the real server over HTTP, as bench:ingest),
// then one `flush()` of the replica, which applies exactly them in one pass; the loop itself is not started. A
// pass is timed alone: wall ms, the CPU of this process (the sync's JavaScript and DuckDB's threads; nothing else
// runs meanwhile) and of the database's PostgreSQL backends (the exports). A least-squares line through
// (sessions, CPU) splits a pass into a part it costs whatever its size and a part per 1,000 sessions; the ratio
// printed is a pass of each size against its sessions' share of the largest pass.
//
// A benchmark never fails a build: problems are printed and the process still exits 0.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { backendCpu, cpuSpent, makeBodies, postBatch, startHarness, type Harness } from './ingest-harness.js';
import { ms, percentile, resultsFile, table, writeJson } from './stats.js';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1,25,250,1000,5000' },
    runs: { type: 'string', default: '7' },
    server: {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
    label: { type: 'string', default: '' },
  },
});
const SIZES = args.sizes.split(',').map(Number);
const RUNS = Number(args.runs);

type Pass = { wallMs: number; nodeCpuMs: number; postgresCpuMs: number | null };
type SizeResult = {
  sessions: number;
  runs: number;
  wallMsP50: number;
  nodeCpuMsP50: number;
  /** PostgreSQL CPU is read in 10 ms ticks: the mean over the runs. */
  postgresCpuMsMean: number | null;
};

const processCpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

async function measurePass(h: Harness, body: string, sessions: number): Promise<Pass> {
  await postBatch(h, body, sessions);
  const pgBefore = await backendCpu(h);
  const cpuBefore = processCpuMs();
  const started = performance.now();
  await h.replica.flush();
  const wallMs = performance.now() - started;
  const nodeCpuMs = processCpuMs() - cpuBefore;
  return { wallMs, nodeCpuMs, postgresCpuMs: cpuSpent(pgBefore, await backendCpu(h)) };
}

/** Least squares y = fixed + perSession * x. */
function fitLine(points: { x: number; y: number }[]): { fixed: number; perSession: number } {
  const n = points.length;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / n;
  const sxx = points.reduce((sum, p) => sum + (p.x - meanX) ** 2, 0);
  const sxy = points.reduce((sum, p) => sum + (p.x - meanX) * (p.y - meanY), 0);
  const perSession = sxx === 0 ? 0 : sxy / sxx;
  return { fixed: meanY - perSession * meanX, perSession };
}

async function main() {
  const h = await startHarness('postgres', args.server, { followChanges: false });
  try {
    await h.replica.flush(); // builds the replica from the demo load
    const results: SizeResult[] = [];
    let seed = 1;
    for (const size of SIZES) {
      // One unmeasured pass of this size first (DuckDB's caches, the server's code paths).
      const bodies = makeBodies(h.catalogue, RUNS + 1, size, (seed += 10_000));
      await measurePass(h, bodies[0]!, size);
      const passes: Pass[] = [];
      for (const body of bodies.slice(1)) passes.push(await measurePass(h, body, size));
      const pg = passes.map((p) => p.postgresCpuMs);
      results.push({
        sessions: size,
        runs: passes.length,
        wallMsP50: ms(
          percentile(
            passes.map((p) => p.wallMs),
            50,
          ),
        ),
        nodeCpuMsP50: ms(
          percentile(
            passes.map((p) => p.nodeCpuMs),
            50,
          ),
        ),
        postgresCpuMsMean: pg.some((v) => v === null)
          ? null
          : ms(pg.reduce((sum: number, v) => sum + (v ?? 0), 0) / pg.length),
      });
    }
    report(results);
    const node = fitLine(results.map((r) => ({ x: r.sessions, y: r.nodeCpuMsP50 })));
    const file = resultsFile('sync-pass', args.label);
    await writeJson(file, {
      benchmark: 'sync-pass',
      date: new Date().toISOString(),
      host: { cpus: os.cpus().length, node: process.version, loadAverage: os.loadavg().map(ms) },
      options: { sizes: SIZES, runs: RUNS },
      results,
      fit: { nodeCpuMsFixed: ms(node.fixed), nodeCpuMsPer1000: ms(node.perSession * 1000) },
    });
    console.log(
      `\nA pass costs this process about ${ms(node.fixed)} CPU-ms whatever its size, plus ` +
        `${ms(node.perSession * 1000)} per 1,000 sessions (least squares over the p50s).\nWrote ${file}`,
    );
  } finally {
    await h.close();
  }
}

function report(results: SizeResult[]) {
  const largest = results.reduce((a, b) => (b.sessions > a.sessions ? b : a));
  const perSessionAtLargest = largest.nodeCpuMsP50 / largest.sessions;
  console.log(
    `One sync pass by its size: ${RUNS} runs each; ${os.cpus().length} CPUs, node ${process.version}, ` +
      `load ${os.loadavg().map(ms).join(' ')}`,
  );
  console.log(
    table(
      ['sessions', 'wall p50 ms', 'node CPU p50 ms', 'pg CPU mean ms', 'node CPU per 1k', 'vs largest pass'],
      results.map((r) => [
        r.sessions,
        r.wallMsP50,
        r.nodeCpuMsP50,
        r.postgresCpuMsMean ?? '-',
        ms((r.nodeCpuMsP50 * 1000) / r.sessions),
        `${ms(r.nodeCpuMsP50 / (perSessionAtLargest * r.sessions))}x`,
      ]),
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 0;
});
