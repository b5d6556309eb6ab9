import { count, eq } from 'drizzle-orm';
import type { TenantListItem } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { licenses, tenants } from '../../db/schema/index.js';
import type { GridListSource } from '../../grid/grid-routes.js';
import { tenantUserCount } from './tenant.repository.js';
import { visibleTenants } from './tenant.service.js';

/** The tenants grid: every tenant for a tenantless caller, else the caller's own. */
export function createTenantGridSource(db: Db): GridListSource<TenantListItem> {
  return {
    fields: {
      Id: { sql: tenants.id, type: 'number' },
      Name: { sql: tenants.name, type: 'string' },
      UserCount: { sql: tenantUserCount, type: 'number' },
      CreatedDate: { sql: tenants.createdAt, type: 'date' },
      LicenseValidUntil: { sql: licenses.validUntil, type: 'date' },
    },
    defaultOrder: 'Name asc, Id asc',
    scope: (request) => visibleTenants(request.actor),
    async rows(page) {
      const rows = await db
        .select({
          id: tenants.id,
          name: tenants.name,
          userCount: tenantUserCount,
          createdAt: tenants.createdAt,
          licenseValidUntil: licenses.validUntil,
        })
        .from(tenants)
        .leftJoin(licenses, eq(licenses.tenantId, tenants.id))
        .where(page.where)
        .orderBy(...page.orderBy)
        .limit(page.limit)
        .offset(page.offset);
      return rows.map((row) => ({
        Id: row.id,
        Name: row.name,
        UserCount: row.userCount,
        CreatedDate: row.createdAt.toISOString(),
        LicenseValidUntil: row.licenseValidUntil?.toISOString() ?? null,
      }));
    },
    async count(where) {
      const [row] = await db
        .select({ n: count() })
        .from(tenants)
        .leftJoin(licenses, eq(licenses.tenantId, tenants.id))
        .where(where);
      return row?.n ?? 0;
    },
  };
}
