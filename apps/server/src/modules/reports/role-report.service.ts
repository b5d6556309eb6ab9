import { and, count, eq, sql } from 'drizzle-orm';
import {
  ErrorCode,
  hasAnyScope,
  type IdentityRole,
  type RoleReport,
  type SecurityLevel,
  type roleReportSaveSchema,
} from '@loupe/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { isForeignKeyViolation } from '../../db/pg-errors.js';
import { reports, roleReports, roles } from '../../db/schema/index.js';
import { AppError, badRequest, forbidden, notFound } from '../../errors.js';
import type { GridListSource } from '../../grid/grid-routes.js';
import { requireTenant, type Actor } from '../../core/actor.js';
import { countOf } from '../../core/queries.js';
import { pageOf } from '../../grid/grid-queries.js';
import { firstRoleOf, reportVisibleTo, visibleReportIds } from './report-visibility.js';
import { anyOf } from '../../db/any-of.js';

type RoleReportInput = z.output<typeof roleReportSaveSchema>;
type Deps = { db: Db };

const roleReportColumns = {
  reportId: roleReports.reportId,
  roleId: roleReports.roleId,
  roleName: roles.name,
  config: roleReports.config,
};

const toRoleReport = (row: { reportId: number; roleId: number; roleName: string; config: string }) => ({
  ReportId: row.reportId,
  RoleId: row.roleId,
  RoleName: row.roleName,
  Config: row.config,
});

/**
 * `GET /api/rolereports/?$orderby=RoleId&$filter=ReportId eq {id}`: the role assignments of the reports the
 * caller sees, with the role's name.
 */
export function createRoleReportGridSource(db: Db): GridListSource<RoleReport> {
  return {
    fields: {
      ReportId: { sql: roleReports.reportId, type: 'number' },
      RoleId: { sql: roleReports.roleId, type: 'number' },
      RoleName: { sql: roles.name, type: 'string' },
    },
    defaultOrder: 'RoleId asc, ReportId asc',
    scope: (request) => anyOf(roleReports.reportId, visibleReportIds(request.actor)),
    async rows(page) {
      const query = db
        .select(roleReportColumns)
        .from(roleReports)
        .innerJoin(roles, eq(roles.id, roleReports.roleId))
        .$dynamic();
      return (await pageOf(query, page)).map(toRoleReport);
    },
    count: (where) =>
      countOf(
        db
          .select({ n: count() })
          .from(roleReports)
          .innerJoin(roles, eq(roles.id, roleReports.roleId))
          .where(where),
      ),
  };
}

/**
 * Which roles see a report (reports spec §2 role dialog, §6): only for reports the caller sees (else 404); a role
 * of another tenant, or none, is 400 2100; without report:advance the caller's own (first) role is not theirs to
 * add or remove (403); the last assignment of a report stays (400 3113), so a report never becomes one nobody
 * can open. Every write runs in one transaction.
 */
export function createRoleReportService({ db }: Deps) {
  async function assertVisibleReport(tx: Executor, actor: Actor, reportId: number): Promise<void> {
    const [row] = await tx
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.id, reportId), reportVisibleTo(actor)))
      .for('update');
    if (!row) throw notFound();
  }

  async function assertNotOwnRole(tx: Executor, actor: Actor, roleId: number): Promise<void> {
    if (hasAnyScope(actor.scopes, ['report:advance'])) return;
    if ((await firstRoleOf(tx, actor)) === roleId) throw forbidden();
  }

  async function assignment(tx: Executor, reportId: number, roleId: number) {
    const [row] = await tx
      .select(roleReportColumns)
      .from(roleReports)
      .innerJoin(roles, eq(roles.id, roleReports.roleId))
      .where(and(eq(roleReports.reportId, reportId), eq(roleReports.roleId, roleId)));
    return row;
  }

  return {
    /** `GET /api/rolereports/roleChoices`: the roles of the caller's tenant the dialog offers, by name. */
    async roleChoices(actor: Actor): Promise<IdentityRole[]> {
      const tenantId = requireTenant(actor);
      const rows = await db
        .select({ id: roles.id, name: roles.name, securityLevel: roles.securityLevel })
        .from(roles)
        .where(eq(roles.tenantId, tenantId))
        .orderBy(sql`lower(${roles.name})`, roles.id);
      return rows.map((row) => ({
        Id: row.id,
        Name: row.name,
        SecurityLevel: row.securityLevel as SecurityLevel,
      }));
    },

    /** `POST /api/rolereports`: assigns (or re-assigns with the new Config) a role to a report. */
    async add(actor: Actor, input: RoleReportInput): Promise<RoleReport> {
      const tenantId = requireTenant(actor);
      try {
        return await db.transaction(async (tx) => {
          await assertVisibleReport(tx, actor, input.ReportId);
          const [role] = await tx
            .select({ id: roles.id })
            .from(roles)
            .where(and(eq(roles.id, input.RoleId), eq(roles.tenantId, tenantId)));
          if (!role) {
            throw badRequest(ErrorCode.SameTenantRequired, [{ Path: 'RoleId', Message: 'Unknown role' }]);
          }
          await assertNotOwnRole(tx, actor, input.RoleId);
          await tx
            .insert(roleReports)
            .values({ tenantId, reportId: input.ReportId, roleId: input.RoleId, config: input.Config })
            .onConflictDoUpdate({
              target: [roleReports.roleId, roleReports.reportId],
              set: { config: input.Config },
            });
          const row = await assignment(tx, input.ReportId, input.RoleId);
          if (!row) throw new Error('role report insert is missing');
          return toRoleReport(row);
        });
      } catch (error) {
        // The role or report was deleted meanwhile.
        if (isForeignKeyViolation(error)) throw notFound();
        throw error;
      }
    },

    /** `DELETE /api/rolereports/{roleId}/{reportId}`. */
    async remove(actor: Actor, roleId: number, reportId: number): Promise<void> {
      requireTenant(actor);
      await db.transaction(async (tx) => {
        await assertVisibleReport(tx, actor, reportId);
        if (!(await assignment(tx, reportId, roleId))) throw notFound();
        await assertNotOwnRole(tx, actor, roleId);
        const [others] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(roleReports)
          .where(eq(roleReports.reportId, reportId));
        if ((others?.count ?? 0) <= 1) {
          throw new AppError(400, ErrorCode.RestValidRoleRequired, [
            { Path: 'RoleId', Message: 'A report keeps at least one role' },
          ]);
        }
        await tx
          .delete(roleReports)
          .where(and(eq(roleReports.reportId, reportId), eq(roleReports.roleId, roleId)));
      });
    },
  };
}
