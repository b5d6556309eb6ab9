// What alert rule evaluation costs the REST data ingest (issue 19: ≤ 10 % with 20 active rules): the same
// server, database and record mix, measured with the tenant's rules all inactive ("0 rules"), with 20 realistic
// rules that flag a share of sessions a CX team works ("20 realistic", the set the bound is judged on) and with 20
// heavy rules that raise more alerts than sessions ("20 heavy"), rotating the three in one process so that drift
// (cache warmth, table growth, autovacuum) falls on all alike.
//
//   npm run bench:alerts
//   node --conditions=source --import tsx bench/alert-ingest.ts [--batches 10] [--batch-size 1000] [--runs 5]
//     [--warmup 2] [--engine postgres|pglite] [--server postgres://postgres@127.0.0.1:5432/test]
//
// A benchmark never fails a build: problems are printed and the process still exits 0.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { percentile, writeJson } from './stats.js';
import { makeBodies, postBatch, startHarness, type Engine, type Harness } from './ingest-harness.js';

const TARGET_OVERHEAD = 0.1;
const RESULTS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

const { values: args } = parseArgs({
  options: {
    batches: { type: 'string', default: '10' },
    'batch-size': { type: 'string', default: '1000' },
    runs: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '2' },
    engine: { type: 'string', default: 'postgres' },
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
const ENGINE: Engine = args.engine === 'pglite' ? 'pglite' : 'postgres';

const MODES = ['0 rules', '20 realistic', '20 heavy'] as const;
type Mode = (typeof MODES)[number];
type RuleSet = 'realistic' | 'heavy';
const RULE_SET: Record<Mode, RuleSet | null> = {
  '0 rules': null,
  '20 realistic': 'realistic',
  '20 heavy': 'heavy',
};

type RuleSpec = { logic: 'and' | 'or'; conditions: object[]; channels?: number[]; products?: number[] };

/**
 * Two sets of 20 rules of every kind the ingest can meet without text analysis (and some that wait for it), over
 * the survey. Heavy: at the roots of the channel and product trees, every session a candidate of every rule, about
 * 1.35 alerts per session. Realistic: what a CX team works, some rules on a few branches or products, together
 * about one alert per ten sessions.
 */
async function createRules(h: Harness): Promise<void> {
  const { tenantId, catalogue } = h;
  const [ids] = await h.database.raw<{
    channels: number[];
    products: number[];
    branches: number[];
    leaves: number[];
    owner: number;
    questions: Record<string, number>;
  }>(
    `SELECT (SELECT array_agg(id) FROM transaction_channels WHERE tenant_id = $1 AND parent_id IS NULL) AS channels,
       (SELECT array_agg(id) FROM products WHERE tenant_id = $1 AND parent_id IS NULL) AS products,
       (SELECT array_agg(id ORDER BY id) FROM transaction_channels c WHERE tenant_id = $1
        AND NOT EXISTS (SELECT 1 FROM transaction_channels k WHERE k.parent_id = c.id)) AS branches,
       (SELECT array_agg(id ORDER BY id) FROM products p WHERE tenant_id = $1
        AND NOT EXISTS (SELECT 1 FROM products k WHERE k.parent_id = p.id)) AS leaves,
       (SELECT id FROM users WHERE user_name = 'admin') AS owner,
       (SELECT json_object_agg(integration_code, id) FROM questions
        WHERE tenant_id = $1 AND survey_id = $2 AND integration_code IS NOT NULL) AS questions`,
    [tenantId, catalogue.surveyId],
  );
  if (!ids) throw new Error('no catalogue ids');
  const nps = ids.questions[catalogue.questions.nps]!;
  const comment = ids.questions[catalogue.questions.comment]!;
  const [s1, s2, s3] = catalogue.questions.scales.map((code) => ids.questions[code]!);
  const score = (questionId: number, Operator: string, Value: unknown) => ({
    Kind: 'score',
    QuestionId: questionId,
    Operator,
    Value,
  });
  const text = (Value: string) => ({ Kind: 'text', QuestionId: comment, Operator: 'contains', Value });
  const custom = (Operator: string, Value: string) => ({
    Kind: 'customData',
    QuestionId: null,
    CustomDataNo: 1,
    Operator,
    Value,
  });
  // Each as narrow as a CX team writes them (together they raise about one alert per two sessions of this mix).
  const detractor = { Kind: 'npsAudience', QuestionId: nps, Operator: 'eq', Value: 'detractor' };
  const heavy: RuleSpec[] = [
    { logic: 'and', conditions: [detractor, text('bekledim')] },
    {
      logic: 'and',
      conditions: [
        { Kind: 'npsAudience', QuestionId: null, Operator: 'in', Value: ['passive'] },
        score(s1!, 'eq', 1),
      ],
    },
    { logic: 'and', conditions: [score(nps, 'eq', 0)] },
    { logic: 'and', conditions: [score(nps, 'between', [3, 4]), text('klima')] },
    { logic: 'and', conditions: [score(s1!, 'eq', 1), score(nps, 'lte', 3)] },
    { logic: 'and', conditions: [score(s2!, 'in', [1, 2]), score(nps, 'eq', 1)] },
    { logic: 'and', conditions: [score(s3!, 'lt', 2), score(nps, 'lt', 2)] },
    { logic: 'and', conditions: [score(s1!, 'lte', 1), score(s2!, 'lte', 1), score(s3!, 'lte', 1)] },
    {
      logic: 'and',
      conditions: [{ Kind: 'choice', QuestionId: s1, Operator: 'eq', Value: 1 }, text('yavaş')],
    },
    { logic: 'and', conditions: [text('bekledim')] },
    { logic: 'and', conditions: [text('waiting time'), score(nps, 'lte', 6)] },
    { logic: 'or', conditions: [text('out of order'), score(nps, 'eq', 2)] },
    { logic: 'and', conditions: [custom('contains', '-77')] },
    { logic: 'and', conditions: [custom('eq', 'TRX-1-1')] },
    { logic: 'and', conditions: [score(nps, 'eq', 0), custom('ne', 'x')] },
    { logic: 'and', conditions: [score(nps, 'eq', 1), text('klima')] },
    { logic: 'and', conditions: [score(nps, 'gte', 11)] },
    {
      logic: 'and',
      conditions: [{ Kind: 'sentiment', QuestionId: comment, Operator: 'eq', Value: 'negative' }],
    },
    { logic: 'and', conditions: [{ Kind: 'topic', QuestionId: null, Operator: 'in', Value: [1, 2] }] },
    {
      logic: 'or',
      conditions: [{ Kind: 'emotion', QuestionId: null, Operator: 'eq', Value: 3 }, score(nps, 'eq', 3)],
    },
  ];
  // A few branches (products): every fifth of them, the share a regional team or a product owner watches.
  const some = (all: number[], from: number) => all.filter((_, i) => i % 5 === from);
  const realistic: RuleSpec[] = [
    { logic: 'and', conditions: [score(nps, 'eq', 0), text('klima')] },
    { logic: 'and', conditions: [score(nps, 'eq', 1), text('bekledim')] },
    { logic: 'and', conditions: [score(nps, 'eq', 2), score(s1!, 'eq', 1), text('out of order')] },
    { logic: 'and', conditions: [score(nps, 'eq', 0), text('waiting time')] },
    { logic: 'and', conditions: [score(nps, 'lte', 4), text('yavaş')], channels: some(ids.branches, 0) },
    {
      logic: 'and',
      conditions: [detractor, score(nps, 'eq', 0), score(s1!, 'eq', 1)],
      channels: some(ids.branches, 1),
    },
    { logic: 'and', conditions: [score(nps, 'eq', 0), score(s2!, 'eq', 1)], products: some(ids.leaves, 2) },
    {
      logic: 'and',
      conditions: [
        score(nps, 'eq', 0),
        score(s1!, 'eq', 1),
        score(s2!, 'eq', 1),
        score(s3!, 'eq', 1),
        text('klima'),
      ],
    },
    {
      logic: 'and',
      conditions: [
        { Kind: 'choice', QuestionId: s2, Operator: 'eq', Value: 1 },
        text('yavaş'),
        score(nps, 'eq', 1),
      ],
    },
    { logic: 'and', conditions: [score(nps, 'between', [0, 1]), custom('contains', '-77')] },
    { logic: 'and', conditions: [custom('eq', 'TRX-1-1')] },
    { logic: 'or', conditions: [score(nps, 'gte', 11), score(s1!, 'gt', 5)] },
    { logic: 'and', conditions: [score(s3!, 'in', [1]), score(nps, 'eq', 2), text('bekledim')] },
    {
      logic: 'and',
      conditions: [
        { Kind: 'npsAudience', QuestionId: nps, Operator: 'in', Value: ['passive'] },
        text('out of order'),
      ],
      channels: some(ids.branches, 3),
    },
    { logic: 'and', conditions: [score(nps, 'lte', 1), text('waiting time')], products: some(ids.leaves, 4) },
    { logic: 'and', conditions: [score(nps, 'ne', 10), score(nps, 'eq', 1), custom('contains', '-99')] },
    { logic: 'and', conditions: [score(s2!, 'lt', 2), score(nps, 'eq', 3)], channels: some(ids.branches, 2) },
    {
      logic: 'and',
      conditions: [{ Kind: 'sentiment', QuestionId: comment, Operator: 'eq', Value: 'negative' }],
    },
    { logic: 'and', conditions: [{ Kind: 'topic', QuestionId: null, Operator: 'in', Value: [1, 2] }] },
    {
      logic: 'or',
      conditions: [{ Kind: 'emotion', QuestionId: null, Operator: 'eq', Value: 3 }, text('never again')],
    },
  ];
  for (const [set, rules] of [
    ['heavy', heavy],
    ['realistic', realistic],
  ] as const) {
    for (const [index, rule] of rules.entries()) {
      await h.database.raw(
        `INSERT INTO alert_rules (tenant_id, title, survey_ids, product_ids, channel_ids, logic, conditions,
           owner_type, owner_id, due_hours, is_active)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, 'user', $8, 48, false)`,
        [
          tenantId,
          `Bench ${set} rule ${index + 1}`,
          [catalogue.surveyId],
          rule.products ?? ids.products,
          rule.channels ?? ids.channels,
          rule.logic,
          JSON.stringify(rule.conditions),
          ids.owner,
        ],
      );
    }
  }
}

async function setMode(h: Harness, mode: Mode): Promise<void> {
  await h.database.raw(`UPDATE alert_rules SET is_active = (title LIKE $2) WHERE tenant_id = $1`, [
    h.tenantId,
    `Bench ${RULE_SET[mode] ?? 'no'} rule %`,
  ]);
}

type Measurement = {
  mode: Mode;
  run: number;
  sessions: number;
  seconds: number;
  sessionsPerSecond: number;
  alerts: number;
};

const alertCount = async (h: Harness) =>
  Number(
    (
      await h.database.raw<{ n: string }>('SELECT count(*) AS n FROM alerts WHERE tenant_id = $1', [
        h.tenantId,
      ])
    )[0]?.n ?? 0,
  );

async function measure(h: Harness, mode: Mode, run: number, seed: number): Promise<Measurement> {
  await setMode(h, mode);
  const bodies = makeBodies(h.catalogue, BATCHES, BATCH_SIZE, seed);
  const alertsBefore = await alertCount(h);
  const started = performance.now();
  for (const body of bodies) await postBatch(h, body, BATCH_SIZE);
  const seconds = (performance.now() - started) / 1000;
  const sessions = BATCHES * BATCH_SIZE;
  return {
    mode,
    run,
    sessions,
    seconds: Math.round(seconds * 1000) / 1000,
    sessionsPerSecond: Math.round(sessions / seconds),
    alerts: (await alertCount(h)) - alertsBefore,
  };
}

async function main() {
  process.stdout.write(
    `Alert rule evaluation in REST data ingest (${ENGINE}): ${BATCHES} batches of ${BATCH_SIZE} records per ` +
      `measurement, ${RUNS} runs rotating 0, 20 realistic and 20 heavy active rules; ${os.cpus().length} CPUs, ` +
      `node ${process.version}\n\n` +
      `mode           run  sessions/s  alerts raised\n`,
  );
  const h = await startHarness(ENGINE, args.server, { followChanges: false });
  const measurements: Measurement[] = [];
  try {
    await createRules(h);
    for (const [index, mode] of MODES.entries()) {
      await setMode(h, mode);
      for (const body of makeBodies(h.catalogue, WARMUP, BATCH_SIZE, 1 + 50 * index)) {
        await postBatch(h, body, BATCH_SIZE);
      }
    }
    let seed = 1_000;
    for (let run = 1; run <= RUNS; run += 1) {
      // Rotate which mode goes first, so none always runs on the warmer or the larger tables.
      const order = MODES.map((_, i) => MODES[(i + run) % MODES.length]!);
      for (const mode of order) {
        const m = await measure(h, mode, run, (seed += BATCHES));
        measurements.push(m);
        process.stdout.write(
          `${m.mode.padEnd(14)}${String(run).padStart(4)}${m.sessionsPerSecond.toLocaleString('en-US').padStart(12)}` +
            `${String(m.alerts).padStart(15)}\n`,
        );
      }
    }
  } finally {
    await h.close();
  }
  const of = (mode: Mode) => measurements.filter((m) => m.mode === mode);
  const rate = (mode: Mode) =>
    percentile(
      of(mode).map((m) => m.sessionsPerSecond),
      50,
    );
  const without = rate('0 rules');
  const summary = (mode: '20 realistic' | '20 heavy') => {
    const sessionsPerSecond = rate(mode);
    const runs = of(mode);
    const alertsPer1000 =
      (1000 * runs.reduce((sum, m) => sum + m.alerts, 0)) / runs.reduce((sum, m) => sum + m.sessions, 0);
    // The extra time per session the rules cost, relative to the ingest without them.
    return {
      sessionsPerSecond,
      alertsPer1000: Math.round(alertsPer1000),
      overhead: without / sessionsPerSecond - 1,
    };
  };
  const realistic = summary('20 realistic');
  const heavy = summary('20 heavy');
  process.stdout.write(`\nmedian sessions/s: 0 rules ${Math.round(without).toLocaleString('en-US')}\n`);
  for (const [name, s] of [
    ['20 realistic', realistic],
    ['20 heavy', heavy],
  ] as const) {
    const verdict = s.overhead <= TARGET_OVERHEAD ? 'within' : 'MISSES';
    process.stdout.write(
      `${name}: ${Math.round(s.sessionsPerSecond).toLocaleString('en-US')} sessions/s, ${s.alertsPer1000} ` +
        `alerts per 1,000 sessions; overhead ${(s.overhead * 100).toFixed(1)} % (${verdict} the ` +
        `${TARGET_OVERHEAD * 100} % bound${name === '20 heavy' ? ', reported beside the realistic set' : ''})\n`,
    );
  }
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `alert-ingest-${new Date().toISOString().slice(0, 10)}.json`);
  await writeJson(file, {
    benchmark: 'alert-ingest',
    date: new Date().toISOString(),
    engine: ENGINE,
    targetOverhead: TARGET_OVERHEAD,
    host: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version },
    options: { batches: BATCHES, batchSize: BATCH_SIZE, runs: RUNS, warmup: WARMUP },
    medianPerSecond: { withoutRules: without },
    realistic,
    heavy,
    measurements,
  });
  process.stdout.write(`Wrote ${path.relative(process.cwd(), file)}\n`);
}

try {
  await main();
} catch (error) {
  process.stdout.write(`benchmark failed: ${error instanceof Error ? error.stack : String(error)}\n`);
}
process.exit(0);
