import type { CreateAudit } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { audits } from '../../db/schema/index.js';
import type { Actor } from '../../plugins/auth.js';

export function createAuditService({ db }: { db: Db }) {
  return {
    /** Records what the caller did, stamped with the caller's user, tenant and the time. */
    async record(actor: Actor, entry: CreateAudit, ipAddress: string) {
      const [row] = await db
        .insert(audits)
        .values({
          tenantId: actor.tenantId,
          userId: actor.userId,
          userName: actor.userName,
          operationType: entry.OperationType,
          operationScope: entry.OperationScope,
          operationData: entry.OperationData,
          ipAddress,
        })
        .returning({ id: audits.id, createdAt: audits.createdAt });
      if (!row) throw new Error('audit insert returned nothing');
      return { Id: row.id, CreatedDate: row.createdAt.toISOString() };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
