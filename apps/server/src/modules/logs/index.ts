import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Scheduler } from '../../jobs/scheduler.js';
import type { ServerLogSink } from './server-log-sink.js';
import { DEFAULT_SERVER_LOG_BOUNDS, serverLogSchedule } from './server-log-retention.js';
import { serverLogRoutes } from './server-log.routes.js';

export { createServerLogSink, tagRequestLogsWithTenant, type ServerLogSink } from './server-log-sink.js';

/**
 * The server log (issue 20 item 8, docs/health-and-logs.md): the sink writes into `server_logs` once the app is
 * ready and writes what it holds when the app closes; the hourly purge keeps the table bounded; the grid reads it.
 */
export function logsModule(
  app: FastifyInstance,
  deps: { db: Db; scheduler: Scheduler; logger: FastifyBaseLogger; sink?: ServerLogSink },
): void {
  const { db, sink } = deps;
  if (sink) {
    app.addHook('onReady', async () => sink.attach(db));
    app.addHook('onClose', async () => sink.detach());
  }
  deps.scheduler.add(serverLogSchedule({ db, logger: deps.logger, bounds: DEFAULT_SERVER_LOG_BOUNDS }));
  serverLogRoutes(app, { db });
}
