import { and, count, eq, type SQL } from 'drizzle-orm';
import type { TestUserListItem, UserListItem } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { GridFields, GridListSource } from '../../grid/grid-routes.js';
import { firstRoleNameSql, roleNamesSql, tenantNameSql } from './user.repository.js';
import { visibleUsers } from './user.service.js';

/** The columns both grids share; keys are the row's property names ($filter and $orderby use them). */
const commonFields: GridFields = {
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
};

const tenantFields: GridFields = {
  TenantId: { sql: users.tenantId, type: 'number' },
  TenantName: { sql: tenantNameSql, type: 'string' },
  TrialExpireDate: { sql: users.trialExpireDate, type: 'date' },
};

const commonColumns = {
  Id: users.id,
  UserName: users.userName,
  FullName: users.fullName,
  Email: users.email,
  MSISDN: users.msisdn,
  Title: users.title,
  Department: users.department,
  Language: users.language,
  IsActive: users.isActive,
  SecurityLevel: users.securityLevel,
  Roles: roleNamesSql,
  RoleName: firstRoleNameSql,
  CreatedDate: users.createdAt,
  TwoFactorEnabled: users.twoFactorEnabled,
};

function countOf(db: Db) {
  return async (where: SQL | undefined) => {
    const [row] = await db.select({ value: count() }).from(users).where(where);
    return Number(row?.value ?? 0);
  };
}

/** `GET|POST /api/users`: the non-test users the caller sees (one tenant, or all for a tenantless Alterna user). */
export function userGridSource(db: Db): GridListSource<UserListItem> {
  return {
    fields: { ...commonFields, ...tenantFields },
    defaultOrder: 'UserName asc, Id asc',
    scope: (request) => and(eq(users.isTestUser, false), visibleUsers(request.actor)),
    async rows(page) {
      const rows = await db
        .select({
          ...commonColumns,
          TenantId: users.tenantId,
          TenantName: tenantNameSql,
          TrialExpireDate: users.trialExpireDate,
        })
        .from(users)
        .where(page.where)
        .orderBy(...page.orderBy)
        .limit(page.limit)
        .offset(page.offset);
      return rows.map((row) => ({
        ...row,
        CreatedDate: row.CreatedDate.toISOString(),
        TrialExpireDate: row.TrialExpireDate?.toISOString() ?? null,
      }));
    },
    count: countOf(db),
  };
}

/** `GET|POST /api/test-users`: the caller's test users. */
export function testUserGridSource(db: Db): GridListSource<TestUserListItem> {
  return {
    fields: commonFields,
    defaultOrder: 'UserName asc, Id asc',
    scope: (request) => and(eq(users.isTestUser, true), visibleUsers(request.actor)),
    async rows(page) {
      const rows = await db
        .select(commonColumns)
        .from(users)
        .where(page.where)
        .orderBy(...page.orderBy)
        .limit(page.limit)
        .offset(page.offset);
      return rows.map((row) => ({ ...row, CreatedDate: row.CreatedDate.toISOString() }));
    },
    count: countOf(db),
  };
}
