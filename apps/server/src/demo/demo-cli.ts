import { parseArgs } from 'node:util';
import { createAnalyticsReplica, replicaFilePath } from '../analytics/replica.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DEFAULT_DEMO_SEED, loadDemoData } from './demo-data.js';
import { consoleProgress } from './progress-bar.js';
import { ensureConsoleClient, seedDemoIdentity } from './seed-identity.js';
import { ensureWidgetCatalogue } from '../modules/widgets/ensure-widget-catalogue.js';

// `npm run demo -- --responses N [--seed S]`: adds N answered sessions to the Demo Bank tenant of the configured
// database (DATABASE_URL or the PGlite files under DATA_DIR), creating the tenant first when needed.
const usage = 'Usage: npm run demo -- --responses N [--seed S]';

const { values } = parseArgs({
  options: {
    responses: { type: 'string', short: 'n' },
    seed: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}

const config = loadConfig();
const responses =
  values.responses === undefined ? config.demoResponses : Number(values.responses.replaceAll('_', ''));
const seed = values.seed === undefined ? DEFAULT_DEMO_SEED : Number(values.seed);
if (!Number.isSafeInteger(responses) || responses < 0 || !Number.isSafeInteger(seed)) {
  process.stderr.write(`${usage}\n`);
  process.exit(2);
}

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  await ensureConsoleClient(database.db);
  await ensureWidgetCatalogue(database.db);
  const { tenantId } = await seedDemoIdentity(database.db);
  const result = await loadDemoData(database, {
    tenantId,
    responses,
    seed,
    append: true,
    onProgress: consoleProgress('Demo sessions'),
  });
  const rate = result.seconds > 0 ? Math.round(result.sessions / result.seconds) : result.sessions;
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  process.stdout.write(
    `Added ${result.sessions.toLocaleString('en-US')} answered sessions to Demo Bank (${where}) in ` +
      `${result.seconds}s, ${rate.toLocaleString('en-US')} sessions/s.\n`,
  );
  // The bulk load bypasses the change log, so the replica is rebuilt from the database in one pass.
  const replica = await createAnalyticsReplica({
    database,
    path: replicaFilePath(config.dataDir),
    memoryLimit: config.replicaMemoryLimit,
  }).catch((error: unknown) => {
    throw new Error(
      `cannot open the analytics replica (is the server running? stop it first): ${String(error)}`,
    );
  });
  try {
    const progress = consoleProgress('Analytics replica');
    const rebuilt = await replica.rebuild(({ sessions, totalSessions }) => progress(sessions, totalSessions));
    process.stdout.write(
      `Rebuilt the analytics replica in ${rebuilt.seconds}s: ${rebuilt.sessions.toLocaleString('en-US')} sessions.\n`,
    );
  } finally {
    await replica.close();
  }
} finally {
  await database.close();
}
