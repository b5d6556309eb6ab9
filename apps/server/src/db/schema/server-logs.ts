import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The server's own structured log (pino), kept for the logs screen (docs/health-and-logs.md): written in batches
 * off the request path by modules/logs/server-log-sink.ts, bounded by count and age by the hourly `trim-server-logs`
 * schedule. No foreign keys: a line outlives its tenant or user, and an insert never waits on another table.
 */
export const serverLogs = pgTable(
  'server_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** When pino wrote the line. */
    loggedAt: timestamp('logged_at', { withTimezone: true }).notNull(),
    /** The spec's level name (contracts LOG_LEVELS), mapped from pino's number. */
    level: text('level').notNull(),
    requestId: text('request_id'),
    /** The tenant the request acted in; null for tenantless callers and the server's own lines. */
    tenantId: integer('tenant_id'),
    message: text('message').notNull(),
    /** The line's other fields, secrets redacted, cut to a bounded size. */
    context: jsonb('context'),
  },
  (t) => [
    index('server_logs_logged_at_idx').on(t.loggedAt),
    index('server_logs_tenant_logged_at_idx').on(t.tenantId, t.loggedAt),
    index('server_logs_request_id_idx').on(t.requestId),
  ],
);
