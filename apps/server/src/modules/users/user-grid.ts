import { and, eq } from 'drizzle-orm';
import type { TestUserListItem, UserListItem } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { GridFields } from '../../grid/grid-fields.js';
import type { GridListSource } from '../../grid/grid-routes.js';
import { pageOf, selectionOf } from '../../grid/grid-queries.js';
import { countUsers } from './user-counts.js';
import { firstRoleNameSql, roleNamesSql, tenantNameSql } from './user.repository.js';
import { visibleUsers } from './user.service.js';

/**
 * The columns both grids share, which are also their select lists; keys are the row's property names ($filter and
 * $orderby use them).
 */
const commonFields = {
  Id: { sql: users.id, type: 'number' },
  UserName: { sql: users.userName, type: 'string' },
  FullName: { sql: users.fullName, type: 'string' },
  Email: { sql: users.email, type: 'string' },
  MSISDN: { sql: users.msisdn, type: 'string' },
  Title: { sql: users.title, type: 'string' },
  Department: { sql: users.department, type: 'string' },
  Language: { sql: users.language, type: 'string' },
  IsActive: { sql: users.isActive, type: 'boolean' },
  SecurityLevel: { sql: users.securityLevel, type: 'number' },
  Roles: { sql: roleNamesSql, type: 'string' },
  RoleName: { sql: firstRoleNameSql, type: 'string' },
  CreatedDate: { sql: users.createdAt, type: 'date' },
  TwoFactorEnabled: { sql: users.twoFactorEnabled, type: 'boolean' },
} satisfies GridFields;

const userFields = {
  ...commonFields,
  TenantId: { sql: users.tenantId, type: 'number' },
  TenantName: { sql: tenantNameSql, type: 'string' },
  TrialExpireDate: { sql: users.trialExpireDate, type: 'date' },
} satisfies GridFields;

/** `GET|POST /api/users`: the non-test users the caller sees (one tenant, or all for a tenantless Alterna user). */
export function userGridSource(db: Db): GridListSource<UserListItem> {
  return {
    fields: userFields,
    defaultOrder: 'UserName asc, Id asc',
    scope: (request) => and(eq(users.isTestUser, false), visibleUsers(request.actor)),
    async rows(page) {
      const rows = await pageOf(db.select(selectionOf(userFields)).from(users).$dynamic(), page);
      return rows.map((row) => ({
        ...row,
        CreatedDate: row.CreatedDate.toISOString(),
        TrialExpireDate: row.TrialExpireDate?.toISOString() ?? null,
      }));
    },
    count: (where) => countUsers(db, where),
  };
}

/** `GET|POST /api/test-users`: the caller's test users. */
export function testUserGridSource(db: Db): GridListSource<TestUserListItem> {
  return {
    fields: commonFields,
    defaultOrder: 'UserName asc, Id asc',
    scope: (request) => and(eq(users.isTestUser, true), visibleUsers(request.actor)),
    async rows(page) {
      const rows = await pageOf(db.select(selectionOf(commonFields)).from(users).$dynamic(), page);
      return rows.map((row) => ({ ...row, CreatedDate: row.CreatedDate.toISOString() }));
    },
    count: (where) => countUsers(db, where),
  };
}
