import { count } from 'drizzle-orm';
import type { ClientListItem } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { oauthClients } from '../../db/schema/index.js';
import type { GridFields } from '../../grid/grid-fields.js';
import type { GridListSource } from '../../grid/grid-routes.js';
import { countOf } from '../../core/queries.js';
import { pageOf, selectionOf } from '../../grid/grid-queries.js';
import { clientTenantIs } from './client.repository.js';

/** The clients grid's whitelist, which is also its select list; never the secret. */
const fields = {
  Id: { sql: oauthClients.id, type: 'string' },
  Name: { sql: oauthClients.name, type: 'string' },
  ApplicationType: { sql: oauthClients.applicationType, type: 'number' },
  Active: { sql: oauthClients.active, type: 'boolean' },
  AllowedOrigin: { sql: oauthClients.allowedOrigin, type: 'string' },
  AccessTokenLifeTime: { sql: oauthClients.accessTokenLifetime, type: 'number' },
  RefreshTokenLifeTime: { sql: oauthClients.refreshTokenLifetime, type: 'number' },
  CreatedDate: { sql: oauthClients.createdAt, type: 'date' },
} satisfies GridFields;

/** The clients grid (`/api/clients`): the caller's tenant's OAuth clients, never their secrets. */
export function createClientGridSource(db: Db): GridListSource<ClientListItem> {
  return {
    fields,
    defaultOrder: 'Name asc, Id asc',
    scope: (request) => clientTenantIs(request.actor.tenantId),
    async rows(page) {
      const rows = await pageOf(db.select(selectionOf(fields)).from(oauthClients).$dynamic(), page);
      return rows.map((row) => ({
        ...row,
        ApplicationType: row.ApplicationType === 1 ? 1 : 0,
        CreatedDate: row.CreatedDate.toISOString(),
      }));
    },
    count: (where) => countOf(db.select({ n: count() }).from(oauthClients).where(where)),
  };
}
