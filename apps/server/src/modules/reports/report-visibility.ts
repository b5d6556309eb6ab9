import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { reports, roleReports, roles, userRoles } from '../../db/schema/index.js';
import type { Actor } from '../../core/actor.js';

/*
 * Who sees a report (reports spec §6): a user sees the reports assigned (role_reports) to any of their roles
 * (user_roles), in their own tenant. Reads and writes alike go through this: a report the caller cannot see is
 * 404 to them, whatever their scopes. Roles are read from the database on each request, so a changed role
 * assignment counts at once.
 */

/** `reports` rows the actor sees; a tenantless caller sees none. */
export function reportVisibleTo(actor: Actor): SQL {
  if (actor.tenantId === null) return sql`false`;
  return and(
    eq(reports.tenantId, actor.tenantId),
    sql`exists (select 1 from ${roleReports} join ${userRoles} on ${userRoles.roleId} = ${roleReports.roleId}
      where ${roleReports.reportId} = ${reports.id} and ${userRoles.userId} = ${actor.userId})`,
  )!;
}

/** The ids of the reports the actor sees, as a subquery (`col in (…)`). */
export function visibleReportIds(actor: Actor): SQL {
  return sql`(select ${reports.id} from ${reports} where ${reportVisibleTo(actor)})`;
}

/**
 * The actor's first role (lowest position, then lowest id; shell spec §6), of their tenant: a new report is
 * assigned to it, and without report:advance its assignments are not the caller's to change.
 */
export async function firstRoleOf(executor: Executor, actor: Actor): Promise<number | undefined> {
  if (actor.tenantId === null) return undefined;
  const [row] = await executor
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, actor.userId), eq(roles.tenantId, actor.tenantId)))
    .orderBy(asc(userRoles.position), asc(userRoles.roleId))
    .limit(1);
  return row?.roleId;
}
