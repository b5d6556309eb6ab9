import type { AnalyticsReplica } from '../analytics/replica.js';
import type { Db } from '../db/client.js';

/** What every module's routes are built from: the database and the analytics replica. */
export type ModuleDeps = { db: Db; replica: AnalyticsReplica };
