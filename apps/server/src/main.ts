import { createAnalyticsReplica, replicaFilePath } from './analytics/replica.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { ensureDemoReviews } from './demo/demo-reviews.js';
import { loadDemoData } from './demo/demo-data.js';
import { DEMO_PASSWORD, DEMO_SIGN_INS, SECOND_DEMO_RESPONSES } from './demo/demo-users.js';
import { consoleProgress } from './demo/progress-bar.js';
import { ensureConsoleClient, seedDemoIdentity, seedSecondDemoTenant } from './demo/seed-identity.js';
import { seedDemoIntegrations } from './modules/integrations/demo.js';
import { ensureWidgetCatalogue } from './modules/widgets/ensure-widget-catalogue.js';
import { createLogger } from './logger.js';
import { createServerLogSink } from './modules/logs/index.js';
import { createAccessTokenSigner, loadSigningSecret } from './modules/auth/access-token.js';
import { ensureFirstRunOperator, hasOperator } from './setup/operator.js';

const config = loadConfig();
// The log also goes to the server_logs table (the logs screen), once the app is ready.
const logSink = createServerLogSink();
const logger = createLogger(config.logLevel, logSink);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
await ensureConsoleClient(database.db);
await ensureWidgetCatalogue(database.db);
// LOUPE_OPERATOR_PASSWORD on first start: the installation operator, when there is none yet.
const operatorCreated = await ensureFirstRunOperator(database.db, config);
if (operatorCreated) logger.info({ userName: operatorCreated }, 'installation operator created');

let demoLoaded = 0;
let demoTenantId: number | undefined;
if (config.demoData) {
  const { tenantId } = await seedDemoIdentity(database.db);
  demoTenantId = tenantId;
  const demo = await loadDemoData(database, {
    tenantId,
    responses: config.demoResponses,
    onProgress: consoleProgress('Loading demo data    '),
  });
  demoLoaded = demo.sessions;
  // The review source and its already-imported reviews (docs/review-sources.md "Demo"), before the replica build.
  if (config.demoResponses > 0) demoLoaded += await ensureDemoReviews(database.db, tenantId);
  // A second, small tenant, so that tenant isolation is visible.
  const second = await seedSecondDemoTenant(database.db);
  const small = Math.min(SECOND_DEMO_RESPONSES, config.demoResponses);
  demoLoaded += (await loadDemoData(database, { tenantId: second.tenantId, responses: small })).sessions;
}

const replica = await createAnalyticsReplica({
  database,
  path: replicaFilePath(config.dataDir),
  logger,
  memoryLimit: config.replicaMemoryLimit,
});
if (demoLoaded > 0) {
  // The bulk load bypasses the change log; build the replica from it in one pass, with progress.
  const progress = consoleProgress('Building analytics   ');
  await replica.rebuild(({ sessions, totalSessions }) => progress(sessions, totalSessions));
}
// A node whose replica is new (another node of a cluster, docs/scaling.md) or stale builds it here, with
// progress, and listens only once it has caught up; /api/health/ready says so from then on.
const catchUp = consoleProgress('Building analytics   ');
await replica.start(({ sessions, totalSessions }) => catchUp(sessions, totalSessions));

const signer = createAccessTokenSigner(await loadSigningSecret(database.db, config.tokenSecret));
// The demo's integrations (docs/integrations.md "Demo"): their secrets are sealed with the signer's derived key.
if (demoTenantId !== undefined)
  await seedDemoIntegrations(database.db, demoTenantId, signer.deriveKey('integration-secret'));
const app = await buildApp({
  database,
  replica,
  signer,
  logger,
  logSink,
  webRoot: config.webDist,
  respondentRoot: config.respondentDist,
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  try {
    // The app first (its requests, then its job queue, whose running jobs may still write), then what it used.
    // Not an onClose hook: Fastify runs those last added first, which would close the database before the queue.
    await app.close();
    await replica.close();
    await database.close();
    clearTimeout(force);
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
const noOperator = !config.demoData && !(await hasOperator(database.db));
const lines = [
  '',
  `Loupe is running at http://localhost:${config.port} (database: ${where})`,
  ...(config.demoData
    ? [
        `Demo users (password ${DEMO_PASSWORD}):`,
        ...DEMO_SIGN_INS.map(({ user, tenant }) => `  ${user.userName.padEnd(8)} ${user.role}, ${tenant}`),
      ]
    : []),
  ...(noOperator
    ? [
        'No installation operator yet: create one with `npm run setup -- --operator <name>`',
        '(or start with LOUPE_OPERATOR_PASSWORD set).',
      ]
    : []),
  '',
];
process.stdout.write(lines.join('\n') + '\n');
