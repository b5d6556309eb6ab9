import { AuditOperationType, type CreateAudit } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { audits } from '../../db/schema/index.js';
import type { Actor } from '../../core/actor.js';

/** Who did it: the signed-in caller, or for sign-in events the account tried (ids null when unknown). */
export type AuditActor = { userId: number | null; tenantId: number | null; userName: string | null };

/** One audit row as the server writes it. `data` that is not a string is stored as JSON. */
export type AuditEntry = {
  actor: AuditActor;
  /** The tenant the row belongs to (whose administrators see it); the actor's tenant when absent. */
  tenantId?: number | null;
  operationType: AuditOperationType;
  operationScope: string;
  data?: unknown;
  ipAddress: string;
};

/** Stored OperationData is cut to this many characters (the grid shows the first 200, the detail all of it). */
const AUDIT_DATA_MAX_LENGTH = 100_000;

/** Keys whose values never reach the audit log, at any depth: passwords, hashes, secrets, tokens, codes. */
const SECRET_KEY = /password|secret|hash|token|otp|recovery|captcha/i;
export const REDACTED = '[redacted]';

/** A copy of `value` with every secret-looking key's value replaced by REDACTED (defence in depth). */
function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 20) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      copy[key] = SECRET_KEY.test(key) ? REDACTED : redactSecrets(item, depth + 1);
    }
    return copy;
  }
  return value;
}

function dataText(data: unknown): string {
  if (data === undefined || data === null) return '';
  const text = typeof data === 'string' ? data : JSON.stringify(redactSecrets(data));
  return text.length > AUDIT_DATA_MAX_LENGTH ? `${text.slice(0, AUDIT_DATA_MAX_LENGTH)}…` : text;
}

/** Text columns do not hold NUL; a name tried at sign-in may contain one. */
const clean = (text: string | null, max: number) =>
  text === null ? null : text.replaceAll('\u0000', '').slice(0, max);

/** The one writer of audit rows: the server's own records and the two kinds a client may send. */
export function createAuditService({ db }: { db: Db }) {
  async function record(entry: AuditEntry) {
    const [row] = await db
      .insert(audits)
      .values({
        tenantId: entry.tenantId === undefined ? entry.actor.tenantId : entry.tenantId,
        userId: entry.actor.userId,
        userName: clean(entry.actor.userName, 256),
        operationType: entry.operationType,
        operationScope: clean(entry.operationScope, 500) ?? '',
        operationData: clean(dataText(entry.data), AUDIT_DATA_MAX_LENGTH + 1) ?? '',
        ipAddress: entry.ipAddress,
      })
      .returning({ id: audits.id, createdAt: audits.createdAt });
    if (!row) throw new Error('audit insert returned nothing');
    return { Id: row.id, CreatedDate: row.createdAt.toISOString() };
  }

  return {
    record,

    /**
     * What a client reports (`POST /api/audits`, types 6 and 7 only): the caller's user, tenant, address and the
     * time come from the server, never from the body. A logout's data is the caller's own user name.
     */
    recordFromClient(actor: Actor, entry: CreateAudit, ipAddress: string) {
      const logout = entry.OperationType === AuditOperationType.Logout;
      return record({
        actor,
        operationType: entry.OperationType,
        operationScope: logout ? 'Logout' : entry.OperationScope,
        data: logout ? actor.userName : entry.OperationData,
        ipAddress,
      });
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
