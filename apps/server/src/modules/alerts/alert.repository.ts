import { and, count, eq, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { alerts, userRoles } from '../../db/schema/index.js';
import { anyOf } from '../../db/any-of.js';

/** Reads of the tenant's alerts; every query is limited to `tenantId`. */
export function createAlertRepository(db: Db) {
  return {
    /**
     * Alerts of the tenant with the given read status: all of them, or only those assigned to the user or to
     * one of the user's roles.
     */
    async count({
      tenantId,
      readStatus,
      assignedTo,
    }: {
      tenantId: number;
      readStatus: number;
      assignedTo: number | 'anyone';
    }): Promise<number> {
      const conditions: SQL[] = [eq(alerts.tenantId, tenantId), eq(alerts.readStatus, readStatus)];
      if (assignedTo !== 'anyone') {
        const rolesOfUser = db
          .select({ roleId: userRoles.roleId })
          .from(userRoles)
          .where(eq(userRoles.userId, assignedTo));
        conditions.push(
          or(eq(alerts.assignedUserId, assignedTo), anyOf(alerts.assignedRoleId, rolesOfUser)) as SQL,
        );
      }
      const [row] = await db
        .select({ value: count() })
        .from(alerts)
        .where(and(...conditions));
      return row?.value ?? 0;
    },
  };
}

export type AlertRepository = ReturnType<typeof createAlertRepository>;
