import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createAnalyticsReplica, replicaFilePath } from './replica.js';

// `npm run analytics:rebuild`: reloads the DuckDB replica under DATA_DIR from the configured database
// (DATABASE_URL or the PGlite files under DATA_DIR). DuckDB locks its file, so the server must not be running.

const config = loadConfig();
const file = replicaFilePath(config.dataDir);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const format = new Intl.NumberFormat('en-US');
try {
  await database.migrate();
  const replica = await createAnalyticsReplica({
    database,
    path: file,
    memoryLimit: config.replicaMemoryLimit,
  }).catch((error: unknown) => {
    throw new Error(`cannot open ${file} (is the server running? stop it first): ${String(error)}`);
  });
  try {
    let lastTenth = -1;
    const result = await replica.rebuild(({ sessions, totalSessions }) => {
      const tenth = totalSessions > 0 ? Math.floor((sessions / totalSessions) * 10) : 10;
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      process.stdout.write(`  ${format.format(sessions)} of ${format.format(totalSessions)} sessions\n`);
    });
    const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
    process.stdout.write(
      `Rebuilt ${file} from ${where} in ${result.seconds}s: ${format.format(result.sessions)} sessions, ` +
        `${format.format(result.facts)} facts, ${format.format(result.comments)} comments.\n`,
    );
  } finally {
    await replica.close();
  }
} catch (error) {
  process.stderr.write(
    `analytics:rebuild failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
