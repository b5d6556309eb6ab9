import { and, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { oauthClients } from '../../db/schema/index.js';
import { isTaken } from '../../core/queries.js';
import { tenantIs } from '../../core/tenant-scope.js';

export type ClientRow = typeof oauthClients.$inferSelect;
export type ClientValues = Omit<typeof oauthClients.$inferInsert, 'id' | 'tenantId' | 'createdAt'>;

/** The clients of one tenant; a tenantless caller manages the installation's tenantless clients. */
export const clientTenantIs = (tenantId: number | null): SQL => tenantIs(oauthClients.tenantId, tenantId);

export function createClientRepository(db: Db) {
  return {
    async find(tenantId: number | null, id: string): Promise<ClientRow | undefined> {
      const [row] = await db
        .select()
        .from(oauthClients)
        .where(and(clientTenantIs(tenantId), eq(oauthClients.id, id)));
      return row;
    },

    /** Client ids are unique across the installation: `POST /token` knows a client by its id alone. */
    idTaken: (id: string): Promise<boolean> => isTaken(db, oauthClients.id, eq(oauthClients.id, id)),

    async insert(values: ClientValues & { id: string; tenantId: number | null }): Promise<void> {
      await db.insert(oauthClients).values(values);
    },

    async update(id: string, values: Partial<ClientValues>): Promise<void> {
      await db.update(oauthClients).set(values).where(eq(oauthClients.id, id));
    },

    /** Removes the client; its refresh tokens go with it (foreign key cascade). */
    async remove(id: string): Promise<void> {
      await db.delete(oauthClients).where(eq(oauthClients.id, id));
    },
  };
}

export type ClientRepository = ReturnType<typeof createClientRepository>;
