import { ensureDemoAlerts } from './demo-alerts.js';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.js';
import { tenants } from '../db/schema/index.js';
import { ensureDemoCatalog } from './demo-catalog.js';
import { ensureDemoReports } from './demo-reports.js';
import { ensureDemoTemplates } from './demo-templates.js';
import { ensureDemoSurveyLinks } from './demo-survey-links.js';
import { ensureDemoImports } from './demo-imports.js';
import { ensureDemoOptouts } from './demo-optouts.js';
import { ensureDemoCati } from './demo-cati.js';
import { ensureDemoAiDatasets } from './demo-ai-datasets.js';
import { seedDemoAnnotationWorks } from '../modules/ai-annotation-works/index.js';
import { ensureDemoAiJobs } from './demo-ai-jobs.js';
import { ensureDemoFtpExports } from './demo-ftp-exports.js';
import { ensureDemoEmailReports } from './demo-email-reports.js';
import { ensureDemoDataAdmin } from './demo-data-admin.js';
import { ensureDemoHealthHistory } from './demo-health-history.js';
import { ensureDemoSentimentModels } from './demo-sentiment-models.js';
import {
  COPY_COLUMNS,
  SessionGenerator,
  type BatchRows,
  type CopyTable,
  type IdCursor,
} from './demo-generator.js';

/** The seed of `npm start`'s demo data and of `npm run demo` without --seed. */
export const DEFAULT_DEMO_SEED = 42;

export type LoadDemoOptions = {
  tenantId: number;
  /** Answered sessions to add. */
  responses: number;
  seed?: number;
  /** Add sessions even when the tenant has some already (npm run demo); otherwise a tenant with data is left alone. */
  append?: boolean;
  onProgress?(done: number, total: number): void;
};

// Bigserial tables whose ids the loader assigns itself, in foreign-key order.
const ID_TABLES = [
  ['invitees', 'invitee'],
  ['invitations', 'invitation'],
  ['sessions', 'session'],
  ['answers', 'answer'],
] as const satisfies readonly (readonly [CopyTable, keyof IdCursor])[];
const COPY_ORDER: readonly CopyTable[] = [
  'invitees',
  'invitations',
  'sessions',
  'answers',
  'text_analyses',
  'text_topics',
];

/**
 * Loads the Demo Bank's reference data and `responses` answered sessions ending today (ARCHITECTURE §6), with
 * COPY in batches so memory stays flat at any size. Does nothing for a tenant that has sessions unless
 * `append` is set. The change-log triggers are told to skip the load: the caller rebuilds the analytics replica.
 */
export async function loadDemoData(
  database: DatabaseHandle,
  options: LoadDemoOptions,
): Promise<{ sessions: number; seconds: number }> {
  const started = performance.now();
  const elapsed = () => Math.round((performance.now() - started) / 100) / 10;
  const { tenantId, responses } = options;
  const [existing] = await database.raw<{ found: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM sessions WHERE tenant_id = $1) AS found',
    [tenantId],
  );
  if (existing?.found && !options.append) {
    await ensureDemoReports(database.db, tenantId);
    await ensureDemoSurveyLinks(database.db, tenantId);
    await ensureDemoImports(database.db, tenantId);
    await ensureDemoOptouts(database.db, tenantId);
    await ensureDemoFtpExports(database.db, tenantId);
    await ensureDemoEmailReports(database.db, tenantId);
    await ensureDemoDataAdmin(database.db, tenantId);
    await ensureDemoHealthHistory(database.db, tenantId);
    await ensureDemoAlerts(database.db, tenantId);
    await ensureDemoCati(database.db, tenantId);
    await ensureDemoAiDatasets(database.db, tenantId);
    await seedDemoAnnotationWorks(database.db, tenantId);
    await ensureDemoSentimentModels(database.db, tenantId);
    await ensureDemoAiJobs(database.db, tenantId);
    return { sessions: 0, seconds: elapsed() };
  }

  const catalog = await ensureDemoCatalog(database.db, tenantId);
  // After the catalogue: the reports' text-analytics widgets name its topic model.
  await ensureDemoReports(database.db, tenantId);
  await ensureDemoTemplates(database.db, tenantId);
  await ensureDemoSurveyLinks(database.db, tenantId);
  await ensureDemoImports(database.db, tenantId);
  await ensureDemoOptouts(database.db, tenantId);
  await ensureDemoFtpExports(database.db, tenantId);
  await ensureDemoEmailReports(database.db, tenantId);
  await ensureDemoDataAdmin(database.db, tenantId);
  await ensureDemoHealthHistory(database.db, tenantId);
  if (responses <= 0) return { sessions: 0, seconds: elapsed() };

  const clock = { nowMs: Date.now(), today: await tenantToday(database, tenantId) };
  const ids = await nextIds(database);
  // A later `npm run demo` continues with a stream of its own instead of repeating the first load's sessions.
  const lastSessionId = ids.session - 1;
  const generator = new SessionGenerator(
    catalog,
    tenantId,
    (options.seed ?? DEFAULT_DEMO_SEED) + lastSessionId * 7919,
    clock,
  );
  const batchSize = database.kind === 'pglite' ? 10_000 : 25_000;

  let done = 0;
  options.onProgress?.(0, responses);
  // The next batch is generated while the previous one is copied: on PostgreSQL the server works in its own
  // process, so the two overlap.
  let pending: Promise<void> = Promise.resolve();
  while (done < responses) {
    const size = Math.min(batchSize, responses - done);
    const rows = await generateBatch(generator, size, ids);
    await pending;
    await reserveIds(database, ids);
    done += size;
    const reached = done;
    pending = copyBatch(database, rows).then(() => options.onProgress?.(reached, responses));
    // Awaited on the next turn; until then a failure must not count as unhandled.
    pending.catch(() => {});
  }
  await pending;
  // The alerts the demo's rules raise on the sessions just loaded (their figures are the sessions').
  await ensureDemoAlerts(database.db, tenantId);
  // The call centre's queue and call history (docs/cati.md), on the CATI invitations just loaded.
  await ensureDemoCati(database.db, tenantId);
  // After the answers: the datasets copy the comments of the last 90 days.
  await ensureDemoAiDatasets(database.db, tenantId);
  // The demo annotation works (their datasets copy the comments just loaded).
  await seedDemoAnnotationWorks(database.db, tenantId);
  // After the comments: the demo's scoring job starts past them.
  await ensureDemoAiJobs(database.db, tenantId);
  // The demo's sentiment models, trained on the comments just loaded (docs/ai-sentiment-models.md § Demo).
  await ensureDemoSentimentModels(database.db, tenantId);
  // Fresh planner statistics: autovacuum analyses a table only some time after a bulk load, and until then the
  // planner guesses — a replica sync reading 5,000 sessions' topics chose a full scan of every topic row (1.3 s per
  // batch at 10 million sessions instead of milliseconds by the session index).
  await database.raw(`ANALYZE ${COPY_ORDER.join(', ')}`);
  return { sessions: responses, seconds: elapsed() };
}

// Sessions generated between two turns of the event loop, so a running COPY keeps its socket fed.
const GENERATION_SLICE = 1_000;

async function generateBatch(generator: SessionGenerator, size: number, ids: IdCursor): Promise<BatchRows> {
  const rows: BatchRows = {
    invitees: [],
    invitations: [],
    sessions: [],
    answers: [],
    text_analyses: [],
    text_topics: [],
  };
  for (let made = 0; made < size; made += GENERATION_SLICE) {
    const slice = generator.generate(Math.min(GENERATION_SLICE, size - made), ids);
    for (const table of COPY_ORDER) rows[table].push(...slice[table]);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return rows;
}

async function copyBatch(database: DatabaseHandle, rows: BatchRows): Promise<void> {
  for (const table of COPY_ORDER) {
    const lines = rows[table];
    if (lines.length > 0)
      await database.copyRows(table, COPY_COLUMNS[table], lines, { bulkLoad: true, trusted: true });
  }
}

/** The first free id of each table the loader fills: past both the highest row and the sequence. */
async function nextIds(database: DatabaseHandle): Promise<IdCursor> {
  const ids = { invitee: 1, invitation: 1, session: 1, answer: 1 };
  for (const [table, key] of ID_TABLES) {
    // Table names come from the constant list above, never from input.
    const [row] = await database.raw<{ next: number | string }>(
      `SELECT greatest(coalesce(max(id), 0),
         coalesce(pg_sequence_last_value(pg_get_serial_sequence('${table}', 'id')::regclass), 0)) + 1 AS next
       FROM ${table}`,
    );
    ids[key] = Number(row?.next ?? 1);
  }
  return ids;
}

/** Moves each sequence past the ids a batch used, so other writers do not pick them. */
async function reserveIds(database: DatabaseHandle, ids: IdCursor): Promise<void> {
  const parts = ID_TABLES.filter(([, key]) => ids[key] > 1).map(
    ([table, key]) => `setval(pg_get_serial_sequence('${table}', 'id'), ${ids[key] - 1})`,
  );
  if (parts.length > 0) await database.raw(`SELECT ${parts.join(', ')}`);
}

/** Today's date in the tenant's time zone as days since 1970-01-01. */
async function tenantToday(database: DatabaseHandle, tenantId: number): Promise<number> {
  const [tenant] = await database.db
    .select({ timeZone: tenants.timeZone })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  const local = new Intl.DateTimeFormat('en-CA', { timeZone: tenant?.timeZone ?? 'UTC' }).format(new Date());
  return Math.floor(Date.parse(`${local}T00:00:00Z`) / 86_400_000);
}
