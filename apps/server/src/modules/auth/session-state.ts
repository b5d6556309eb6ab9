import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { refreshTokens, userRoles, users } from '../../db/schema/index.js';

/**
 * How long an API node trusts what it last read of a user (active, token version): a deactivated user, or a
 * token whose version was raised on another node, is refused within this time. The database is the truth.
 */
const SESSION_STATE_TTL_MS = 1_000;
const CACHED_USERS = 50_000;

/** What an access token is checked against on every request. */
export type SessionState = { isActive: boolean; tokenVersion: number };

// Raised on every bump made by this process: a cached state read before it is read again, so the node that
// made a change refuses the old tokens at once (other nodes within SESSION_STATE_TTL_MS).
let epoch = 0;

/** Whose sessions end: some users, the holders of a role, or everyone of a tenant. */
export type SessionTarget = { userIds: readonly number[] } | { roleId: number } | { tenantId: number };

/**
 * Ends the sessions of the target users: raises their token version, so every access token issued before is
 * refused, and revokes their refresh tokens. `keepFamily` spares one sign-in's refresh token (the caller's own,
 * whose access token is then renewed through it); `keepRefreshTokens` spares them all, for changes after which
 * a refresh is enough (roles and scopes: the next access token carries the new ones). The one place the token
 * version changes; call it in the transaction of the change that ends the sessions.
 */
export async function endSessions(
  executor: Executor,
  target: SessionTarget,
  {
    keepFamily,
    keepRefreshTokens = false,
    at = new Date(),
  }: { keepFamily?: string; keepRefreshTokens?: boolean; at?: Date } = {},
): Promise<void> {
  let who: SQL;
  if ('userIds' in target) {
    if (target.userIds.length === 0) return;
    who = inArray(users.id, [...target.userIds]);
  } else if ('roleId' in target) {
    who = inArray(
      users.id,
      executor.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, target.roleId)),
    );
  } else {
    who = eq(users.tenantId, target.tenantId);
  }
  epoch++;
  await executor
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(who);
  epoch++;
  if (keepRefreshTokens) return;
  await executor
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(
      and(
        inArray(refreshTokens.userId, executor.select({ id: users.id }).from(users).where(who)),
        isNull(refreshTokens.revokedAt),
        keepFamily === undefined ? undefined : ne(refreshTokens.familyId, keepFamily),
      ),
    );
}

type Membership = { tenantId: number | null; roleIds: readonly number[] };

/**
 * After a user was saved: a changed tenant ends the user's sessions; changed roles (or their order, the first
 * being the user's role) end the access tokens, and the next refresh carries the new scopes.
 */
export async function endSessionsOnChange(
  executor: Executor,
  before: Membership & { id: number },
  after: Membership,
): Promise<void> {
  const sameRoles =
    before.roleIds.length === after.roleIds.length &&
    before.roleIds.every((id, i) => id === after.roleIds[i]);
  if (before.tenantId !== after.tenantId) await endSessions(executor, { userIds: [before.id] });
  else if (!sameRoles) await endSessions(executor, { userIds: [before.id] }, { keepRefreshTokens: true });
}

/**
 * The users' current session state, cached per API node for at most SESSION_STATE_TTL_MS, so the check costs
 * no database round trip per request: one read per user and second at most, shared by concurrent requests.
 */
export function createSessionStateReader(db: Db) {
  type Entry = { state: SessionState | null; epoch: number };
  const cache = new LRUCache<number, Entry>({
    max: CACHED_USERS,
    ttl: SESSION_STATE_TTL_MS,
    fetchMethod: async (userId) => {
      const readAt = epoch;
      const [row] = await db
        .select({ isActive: users.isActive, tokenVersion: users.tokenVersion })
        .from(users)
        .where(eq(users.id, userId));
      return { state: row ?? null, epoch: readAt };
    },
  });

  return {
    /** The user's state, or null for a user that no longer exists. */
    async read(userId: number): Promise<SessionState | null> {
      let entry = await cache.fetch(userId);
      if (entry && entry.epoch !== epoch) entry = await cache.fetch(userId, { forceRefresh: true });
      return entry?.state ?? null;
    },
  };
}

export type SessionStateReader = ReturnType<typeof createSessionStateReader>;
