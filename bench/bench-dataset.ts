// The benchmark dataset: database loupe_bench_<N> on the local PostgreSQL, filled with the demo generator up to
// N answered sessions and kept between runs, so a second run only measures. Shared by every benchmark that runs
// on "the N demo" (widgets, the respondent page).
import type { DatabaseHandle } from '../apps/server/src/db/client.js';
import { loadDemoData } from '../apps/server/src/demo/demo-data.js';
import { consoleProgress } from '../apps/server/src/demo/progress-bar.js';
import { ensureConsoleClient, seedDemoIdentity } from '../apps/server/src/demo/seed-identity.js';
import { ensureWidgetCatalogue } from '../apps/server/src/modules/widgets/ensure-widget-catalogue.js';

export type Dataset = {
  database: string;
  tenantId: number;
  answeredSessions: number;
  loaded: { sessions: number; seconds: number } | null;
};

const fmt = new Intl.NumberFormat('en-US');

async function answeredSessions(database: DatabaseHandle, tenantId: number): Promise<number> {
  const [row] = await database.raw<{ n: string }>(
    'SELECT count(*) AS n FROM sessions WHERE tenant_id = $1 AND answered_at IS NOT NULL',
    [tenantId],
  );
  return Number(row?.n ?? 0);
}

/** Migrates `database` (named `name`) and tops the demo tenant up to `responses` answered sessions. */
export async function prepareDataset(
  database: DatabaseHandle,
  { name, responses, log }: { name: string; responses: number; log: (line: string) => void },
): Promise<Dataset> {
  await database.migrate();
  await ensureConsoleClient(database.db);
  await ensureWidgetCatalogue(database.db);
  const { tenantId } = await seedDemoIdentity(database.db);
  const existing = await answeredSessions(database, tenantId);
  let loaded: Dataset['loaded'] = null;
  if (existing < responses) {
    log(`Loading ${fmt.format(responses - existing)} demo sessions into ${name} …`);
    const result = await loadDemoData(database, {
      tenantId,
      responses: responses - existing,
      append: true,
      onProgress: consoleProgress('Demo sessions'),
    });
    loaded = { sessions: result.sessions, seconds: result.seconds };
  }
  return { database: name, tenantId, answeredSessions: await answeredSessions(database, tenantId), loaded };
}
