import { count } from 'drizzle-orm';
import type { RoleListItem, SecurityLevel } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { roles } from '../../db/schema/index.js';
import type { GridFields } from '../../grid/grid-fields.js';
import type { GridListSource } from '../../grid/grid-routes.js';
import { countOf } from '../../core/queries.js';
import { pageOf, selectionOf } from '../../grid/grid-queries.js';
import { roleScopeCount, roleTenantIs, roleUserCount } from './role.repository.js';

/** The roles grid's whitelist, which is also its select list. */
const fields = {
  Id: { sql: roles.id, type: 'number' },
  Name: { sql: roles.name, type: 'string' },
  SecurityLevel: { sql: roles.securityLevel, type: 'number' },
  ScopeCount: { sql: roleScopeCount, type: 'number' },
  UserCount: { sql: roleUserCount, type: 'number' },
  CreatedDate: { sql: roles.createdAt, type: 'date' },
} satisfies GridFields;

/** The roles grid (`/api/identity/roles`): the caller's tenant's roles with their scope and user counts. */
export function createRoleGridSource(db: Db): GridListSource<RoleListItem> {
  return {
    fields,
    defaultOrder: 'Name asc, Id asc',
    scope: (request) => roleTenantIs(request.actor.tenantId),
    async rows(page) {
      const rows = await pageOf(db.select(selectionOf(fields)).from(roles).$dynamic(), page);
      return rows.map((row) => ({
        ...row,
        SecurityLevel: row.SecurityLevel as SecurityLevel,
        CreatedDate: row.CreatedDate.toISOString(),
      }));
    },
    count: (where) => countOf(db.select({ n: count() }).from(roles).where(where)),
  };
}
