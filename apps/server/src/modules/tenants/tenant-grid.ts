import { count, eq } from 'drizzle-orm';
import type { TenantListItem } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { licenses, tenants } from '../../db/schema/index.js';
import type { GridFields } from '../../grid/grid-fields.js';
import type { GridListSource } from '../../grid/grid-routes.js';
import { countOf } from '../../core/queries.js';
import { pageOf, selectionOf } from '../../grid/grid-queries.js';
import { tenantUserCount } from './tenant.repository.js';
import { visibleTenants } from './tenant.service.js';

/** The tenants grid's whitelist, which is also its select list. */
const fields = {
  Id: { sql: tenants.id, type: 'number' },
  Name: { sql: tenants.name, type: 'string' },
  UserCount: { sql: tenantUserCount, type: 'number' },
  CreatedDate: { sql: tenants.createdAt, type: 'date' },
  LicenseValidUntil: { sql: licenses.validUntil, type: 'date' },
} satisfies GridFields;

/** The tenants grid: every tenant for a tenantless caller, else the caller's own. */
export function createTenantGridSource(db: Db): GridListSource<TenantListItem> {
  return {
    fields,
    defaultOrder: 'Name asc, Id asc',
    scope: (request) => visibleTenants(request.actor),
    async rows(page) {
      const query = db
        .select(selectionOf(fields))
        .from(tenants)
        .leftJoin(licenses, eq(licenses.tenantId, tenants.id));
      const rows = await pageOf(query.$dynamic(), page);
      return rows.map((row) => ({
        ...row,
        CreatedDate: row.CreatedDate.toISOString(),
        LicenseValidUntil: row.LicenseValidUntil?.toISOString() ?? null,
      }));
    },
    count: (where) =>
      countOf(
        db
          .select({ n: count() })
          .from(tenants)
          .leftJoin(licenses, eq(licenses.tenantId, tenants.id))
          .where(where),
      ),
  };
}
