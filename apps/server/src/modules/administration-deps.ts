import type { AnalyticsReplica } from '../analytics/replica.js';
import type { Db } from '../db/client.js';

/** What the administration modules (users, roles, clients, tenants, configurations, …) are built from. */
export type AdministrationDeps = { db: Db; replica: AnalyticsReplica };
