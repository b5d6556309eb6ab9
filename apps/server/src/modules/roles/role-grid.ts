import { sql } from 'drizzle-orm';
import type { RoleListItem, SecurityLevel } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { roles } from '../../db/schema/index.js';
import type { GridListSource } from '../../grid/grid-routes.js';
import { roleScopeCount, roleTenantIs, roleUserCount } from './role.repository.js';

/** The roles grid (`/api/identity/roles`): the caller's tenant's roles with their scope and user counts. */
export function createRoleGridSource(db: Db): GridListSource<RoleListItem> {
  return {
    fields: {
      Id: { sql: roles.id, type: 'number' },
      Name: { sql: roles.name, type: 'string' },
      SecurityLevel: { sql: roles.securityLevel, type: 'number' },
      ScopeCount: { sql: roleScopeCount, type: 'number' },
      UserCount: { sql: roleUserCount, type: 'number' },
      CreatedDate: { sql: roles.createdAt, type: 'date' },
    },
    defaultOrder: 'Name asc, Id asc',
    scope: (request) => roleTenantIs(request.actor.tenantId),
    async rows(page) {
      const rows = await db
        .select({
          id: roles.id,
          name: roles.name,
          securityLevel: roles.securityLevel,
          scopeCount: roleScopeCount,
          userCount: roleUserCount,
          createdAt: roles.createdAt,
        })
        .from(roles)
        .where(page.where)
        .orderBy(...page.orderBy)
        .limit(page.limit)
        .offset(page.offset);
      return rows.map((row) => ({
        Id: row.id,
        Name: row.name,
        SecurityLevel: row.securityLevel as SecurityLevel,
        ScopeCount: row.scopeCount,
        UserCount: row.userCount,
        CreatedDate: row.createdAt.toISOString(),
      }));
    },
    async count(where) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(roles)
        .where(where);
      return row?.count ?? 0;
    },
  };
}
