import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The worker nodes (the spec's "hangfire servers", docs/jobs-and-retention.md): each node running the job queue
 * upserts its row when the queue starts and every 30 s after, and deletes it when it stops. A node that died
 * leaves its row behind; the list shows only the nodes seen in the last 2 minutes. Installation-wide, no tenant.
 */
export const jobServers = pgTable(
  'job_servers',
  {
    /** The node's id: host name, process id and a random part, new at every start. */
    id: text('id').primaryKey(),
    hostName: text('host_name').notNull(),
    pid: integer('pid').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The pg-boss queues this node works. */
    queues: text('queues').array().notNull().default([]),
  },
  (t) => [index('job_servers_last_seen_idx').on(t.lastSeenAt)],
);
