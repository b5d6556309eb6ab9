// `npm run bench:imports` (never part of `npm test`; docs/data-flow.md, bench/RESULTS.md): 100,000-row invitee
// imports through `POST /api/import-data-logs` on PostgreSQL, from the upload to the log's Processed: a CSV and an
// XLSX into a survey that is not open (staging, the elimination rules and the move into invitees), then the CSV
// into an open e-mail survey (the same plus the invitations module making 100,000 invitations). Prints rows/s.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { IMPORT_LOG_STATUS, type ImportDataLogDetail } from '@loupe/contracts';
import { surveyFlows, surveys, transactionChannels } from '../apps/server/src/db/schema/index.js';
import {
  XLSX_MIME,
  csvFile,
  multipartBody,
  xlsxFile,
} from '../apps/server/src/modules/imports/imports-fixture.js';
import { signInNewUser } from '../apps/server/src/test/tenant-test-actors.js';
import { createTestApp } from '../apps/server/src/test/test-app.js';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    server: {
      type: 'string',
      default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    },
  },
});
const ROWS = Number(args.rows);
const TARGET_MS = 60_000;
process.env.LOUPE_TEST_DB = 'postgres';
process.env.TEST_DATABASE_URL = args.server;

const t = await createTestApp(
  process.env.BENCH_LOG
    ? { logger: (await import('../apps/server/src/logger.js')).createLogger('info') }
    : {},
);
await t.app.ready();
const db = t.database.db;
const channelCode = `B-${randomUUID().slice(0, 6)}`;
await db
  .insert(transactionChannels)
  .values({ tenantId: t.tenantId, name: 'Bench branch', code: channelCode, level: 1, path: [] });
const template = { Channel: 1, Subject: 'Your visit', Body: '<p><a href="{{ExecutionLink}}">Start</a></p>' };
async function survey(open: boolean) {
  const [row] = await db
    .insert(surveys)
    .values({
      tenantId: t.tenantId,
      title: `Bench ${randomUUID().slice(0, 6)}`,
      language: 'en',
      channels: [1],
      primaryChannel: 1,
      channelSettings: { Templates: [template] },
    })
    .returning({ id: surveys.id });
  if (open) await db.insert(surveyFlows).values({ tenantId: t.tenantId, surveyId: row!.id, name: 'Main' });
  return row!.id;
}
const token = await signInNewUser(t, {
  userName: `bench-${randomUUID().slice(0, 6)}`,
  tenantId: t.tenantId,
  scopes: ['invitation:manage'],
});

function rows(prefix: string): string[][] {
  const header = [
    'InviteeFullName',
    'InviteeEmail',
    'InviteeMSISDN',
    'TransactionChannel',
    'TransactionDate',
    'CustomData1',
  ];
  const body = Array.from({ length: ROWS }, (_, index) => [
    `Customer ${index}`,
    `${prefix}${index}@bench.example`,
    `+90532${String(index).padStart(7, '0')}`,
    channelCode,
    '2026-11-01T10:00:00+03:00',
    `segment ${index % 50}`,
  ]);
  return [header, ...body];
}

async function run(name: string, surveyId: number, file: { name: string; type: string; content: Buffer }) {
  const started = Date.now();
  const { payload, headers } = multipartBody({ SurveyId: String(surveyId) }, file);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/import-data-logs',
    payload,
    headers: { ...headers, ...t.authHeader(token) },
  });
  if (response.statusCode !== 201) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
  const { Id } = response.json<{ Id: number }>();
  let detail: ImportDataLogDetail;
  for (;;) {
    const read = await t.call('GET', `/api/import-data-logs/${Id}`, { token });
    detail = read.json<ImportDataLogDetail>();
    if (detail.Status === IMPORT_LOG_STATUS.Processed || detail.Status === IMPORT_LOG_STATUS.Failed) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const ms = Date.now() - started;
  if (detail.Status !== IMPORT_LOG_STATUS.Processed || detail.StatusCounts.Moved !== ROWS)
    throw new Error(
      `${name}: ended ${detail.Status} with ${detail.StatusCounts.Moved} moved (${detail.Error})`,
    );
  const result = {
    name,
    rows: ROWS,
    bytes: file.content.length,
    ms,
    rowsPerSecond: Math.round((ROWS / ms) * 1000),
    invited: detail.InvitedCount,
    met: ms <= TARGET_MS,
  };
  console.info(
    `${name}: ${ROWS} rows (${(file.content.length / 1e6).toFixed(1)} MB) in ${(ms / 1000).toFixed(1)} s = ${result.rowsPerSecond} rows/s, ${detail.InvitedCount} invitations`,
  );
  return result;
}

const results = [
  await run('CSV, survey not open', await survey(false), {
    name: 'bench.csv',
    type: 'text/csv',
    content: csvFile(rows('csv')),
  }),
  await run('XLSX, survey not open', await survey(false), {
    name: 'bench.xlsx',
    type: XLSX_MIME,
    content: await xlsxFile(rows('xlsx')),
  }),
  await run('CSV, open e-mail survey (with invitations)', await survey(true), {
    name: 'bench-open.csv',
    type: 'text/csv',
    content: csvFile(rows('open')),
  }),
];
await t.close();

const day = new Date().toISOString().slice(0, 10);
fs.mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
fs.writeFileSync(new URL(`./results/imports-${day}.json`, import.meta.url), JSON.stringify(results, null, 2));
const table = [
  '<!-- imports-bench:start -->',
  '## Invitee imports (issue 18)',
  '',
  `Run ${day} on PostgreSQL (\`npm run bench:imports\`): ${ROWS.toLocaleString('en')} rows per file, from the upload to`,
  'the log Processed (staged, the elimination rules, moved into invitees; the last run also makes the invitations).',
  '',
  '| file | rows | MB | seconds | rows/s | invitations | target ≤ 60 s |',
  '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
  ...results.map(
    (result) =>
      `| ${result.name} | ${result.rows} | ${(result.bytes / 1e6).toFixed(1)} | ${(result.ms / 1000).toFixed(1)} | ${result.rowsPerSecond} | ${result.invited} | ${result.met ? 'met' : 'missed'} |`,
  ),
  '<!-- imports-bench:end -->',
].join('\n');
const resultsPath = new URL('./RESULTS.md', import.meta.url);
const current = fs.readFileSync(resultsPath, 'utf8');
const marked = /<!-- imports-bench:start -->[\s\S]*<!-- imports-bench:end -->/;
fs.writeFileSync(
  resultsPath,
  marked.test(current) ? current.replace(marked, table) : `${current.trimEnd()}\n\n${table}\n`,
);
console.info(table);
