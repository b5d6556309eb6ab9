import { sql } from 'drizzle-orm';
import type { ClientListItem } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { oauthClients } from '../../db/schema/index.js';
import type { GridListSource } from '../../grid/grid-routes.js';
import { clientTenantIs } from './client.repository.js';

/** The clients grid (`/api/clients`): the caller's tenant's OAuth clients, never their secrets. */
export function createClientGridSource(db: Db): GridListSource<ClientListItem> {
  return {
    fields: {
      Id: { sql: oauthClients.id, type: 'string' },
      Name: { sql: oauthClients.name, type: 'string' },
      ApplicationType: { sql: oauthClients.applicationType, type: 'number' },
      Active: { sql: oauthClients.active, type: 'boolean' },
      AllowedOrigin: { sql: oauthClients.allowedOrigin, type: 'string' },
      AccessTokenLifeTime: { sql: oauthClients.accessTokenLifetime, type: 'number' },
      RefreshTokenLifeTime: { sql: oauthClients.refreshTokenLifetime, type: 'number' },
      CreatedDate: { sql: oauthClients.createdAt, type: 'date' },
    },
    defaultOrder: 'Name asc, Id asc',
    scope: (request) => clientTenantIs(request.actor.tenantId),
    async rows(page) {
      const rows = await db
        .select({
          id: oauthClients.id,
          name: oauthClients.name,
          applicationType: oauthClients.applicationType,
          active: oauthClients.active,
          allowedOrigin: oauthClients.allowedOrigin,
          accessTokenLifetime: oauthClients.accessTokenLifetime,
          refreshTokenLifetime: oauthClients.refreshTokenLifetime,
          createdAt: oauthClients.createdAt,
        })
        .from(oauthClients)
        .where(page.where)
        .orderBy(...page.orderBy)
        .limit(page.limit)
        .offset(page.offset);
      return rows.map((row) => ({
        Id: row.id,
        Name: row.name,
        ApplicationType: row.applicationType === 1 ? 1 : 0,
        Active: row.active,
        AllowedOrigin: row.allowedOrigin,
        AccessTokenLifeTime: row.accessTokenLifetime,
        RefreshTokenLifeTime: row.refreshTokenLifetime,
        CreatedDate: row.createdAt.toISOString(),
      }));
    },
    async count(where) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(oauthClients)
        .where(where);
      return row?.count ?? 0;
    },
  };
}
