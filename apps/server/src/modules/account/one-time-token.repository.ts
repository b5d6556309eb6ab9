import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { oneTimeTokens } from '../../db/schema/index.js';

/** What a mailed link does. */
export type LinkPurpose = 'reset-password' | 'confirm-email';

/** Mailed links are valid 12 hours (shell spec §2). */
export const LINK_LIFETIME_MS = 12 * 3_600_000;

export type LinkRow = typeof oneTimeTokens.$inferSelect;
/** A link as the page sees it: still usable, past its 12 hours, or already used. */
export type LinkState = 'valid' | 'expired' | 'used';

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** A transaction or the database itself. */
type Executor = Pick<Db, 'select' | 'insert' | 'update'>;

/** Single-use link tokens: 32 random bytes (base64url) in the mail, only their SHA-256 in the database. */
export function createOneTimeTokenRepository(db: Db, now: () => Date) {
  return {
    /**
     * A new token string for the user; only its hash is stored. Given an `id` that exists (the link a mail job's
     * earlier attempt made, whose token is lost), that link gets the new token and a fresh 12 hours.
     */
    async create(
      executor: Executor,
      user: { id: number; tenantId: number | null },
      purpose: LinkPurpose,
      id: string = randomUUID(),
    ) {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      const fresh = {
        tokenHash: sha256(token),
        expiresAt: new Date(at.getTime() + LINK_LIFETIME_MS),
        createdAt: at,
      };
      await executor
        .insert(oneTimeTokens)
        .values({ id, tenantId: user.tenantId, userId: user.id, purpose, ...fresh })
        .onConflictDoUpdate({ target: oneTimeTokens.id, set: fresh });
      return token;
    },

    async findById(executor: Executor, id: string): Promise<LinkRow | undefined> {
      const [row] = await executor.select().from(oneTimeTokens).where(eq(oneTimeTokens.id, id));
      return row;
    },

    async find(token: string, purpose: LinkPurpose): Promise<{ row: LinkRow; state: LinkState } | undefined> {
      const [row] = await db
        .select()
        .from(oneTimeTokens)
        .where(and(eq(oneTimeTokens.tokenHash, sha256(token)), eq(oneTimeTokens.purpose, purpose)));
      if (!row) return undefined;
      const state: LinkState = row.usedAt ? 'used' : row.expiresAt <= now() ? 'expired' : 'valid';
      return { row, state };
    },

    /**
     * Marks the link used when it still is unused (and, unless `evenExpired`, unexpired); false when another
     * request got there first. One statement, so a link works exactly once.
     */
    async claim(executor: Executor, id: string, { evenExpired = false } = {}): Promise<boolean> {
      const at = now();
      const claimed = await executor
        .update(oneTimeTokens)
        .set({ usedAt: at })
        .where(
          and(
            eq(oneTimeTokens.id, id),
            isNull(oneTimeTokens.usedAt),
            evenExpired ? undefined : gt(oneTimeTokens.expiresAt, at),
          ),
        )
        .returning({ id: oneTimeTokens.id });
      return claimed.length > 0;
    },

    /** Retires the user's other unused links of a purpose once one of them did its job. */
    async retireAll(executor: Executor, userId: number, purpose: LinkPurpose): Promise<void> {
      await executor
        .update(oneTimeTokens)
        .set({ usedAt: now() })
        .where(
          and(
            eq(oneTimeTokens.userId, userId),
            eq(oneTimeTokens.purpose, purpose),
            isNull(oneTimeTokens.usedAt),
          ),
        );
    },

    /** Whether a link of this purpose went to the user within `withinMs` (one mail a minute at most). */
    async issuedRecently(
      executor: Executor,
      userId: number,
      purpose: LinkPurpose,
      withinMs: number,
    ): Promise<boolean> {
      const [row] = await executor
        .select({ id: oneTimeTokens.id })
        .from(oneTimeTokens)
        .where(
          and(
            eq(oneTimeTokens.userId, userId),
            eq(oneTimeTokens.purpose, purpose),
            gt(oneTimeTokens.createdAt, new Date(now().getTime() - withinMs)),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}

export type OneTimeTokenRepository = ReturnType<typeof createOneTimeTokenRepository>;
