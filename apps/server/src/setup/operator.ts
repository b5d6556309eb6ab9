import { and, eq, isNull, sql } from 'drizzle-orm';
import { ALL_SCOPES, SecurityLevel, isValidPassword, type Scope } from '@loupe/contracts';
import type { Db } from '../db/client.js';
import { roles, userRoles, users } from '../db/schema/index.js';
import { hashPassword } from '../core/password.js';

/** The tenantless role every installation operator holds. */
export const OPERATOR_ROLE_NAME = 'Installation Operator';

/**
 * The installation operator's scopes: all of them. The operator is tenantless (security level 0): it creates
 * tenants and their first administrators, and tenant-bound routes refuse a caller without a tenant anyway.
 */
const OPERATOR_ROLE_SCOPES: readonly Scope[] = ALL_SCOPES;

export type OperatorInput = {
  userName: string;
  password: string;
  fullName?: string;
  email?: string | null;
};

/** Why an operator cannot be created from the input; the command and the server print it as it is. */
export class OperatorInputError extends Error {}

/**
 * Creates the tenantless installation operator (security level 0) holding the tenantless "Installation
 * Operator" role with OPERATOR_ROLE_SCOPES, unless a user of that name exists (then nothing changes). The role is
 * made once per installation and shared by every operator. Used by `npm run setup`, the first start with
 * LOUPE_OPERATOR_PASSWORD and the demo seed.
 */
export async function ensureOperator(
  db: Db,
  input: OperatorInput,
): Promise<{ userId: number; created: boolean }> {
  const userName = input.userName.trim();
  if (!/^[\p{L}\p{M}\p{Nd}._@-]{1,100}$/u.test(userName)) {
    throw new OperatorInputError(
      'The operator name must be 1 to 100 letters, digits or . _ @ - (no spaces).',
    );
  }
  if (!isValidPassword(input.password)) {
    throw new OperatorInputError(
      'The password needs at least 6 characters with a lower-case letter, an upper-case letter and a digit, ' +
        'and no spaces.',
    );
  }
  const existing = await findUser(db, userName);
  if (existing) return { userId: existing.id, created: false };

  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [role] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(isNull(roles.tenantId), eq(roles.name, OPERATOR_ROLE_NAME)));
    const roleId =
      role?.id ??
      (
        await tx
          .insert(roles)
          .values({
            tenantId: null,
            name: OPERATOR_ROLE_NAME,
            securityLevel: SecurityLevel.Alterna,
            scopes: [...OPERATOR_ROLE_SCOPES],
          })
          .returning({ id: roles.id })
      )[0]?.id;
    // A concurrent call may have made the user meanwhile: the unique index on the name decides.
    const [user] = await tx
      .insert(users)
      .values({
        tenantId: null,
        userName,
        fullName: input.fullName ?? 'Installation operator',
        email: input.email ?? null,
        language: 'en',
        securityLevel: SecurityLevel.Alterna,
        passwordHash,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) {
      const raced = await findUser(tx, userName);
      if (!raced) throw new Error('operator insert returned nothing');
      return { userId: raced.id, created: false };
    }
    if (roleId === undefined) throw new Error('operator role insert returned nothing');
    await tx.insert(userRoles).values({ tenantId: null, userId: user.id, roleId, position: 0 });
    return { userId: user.id, created: true };
  });
}

async function findUser(db: Db, userName: string) {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.userName}) = lower(${userName})`);
  return user;
}

/** True when the installation has an active tenantless operator (security level 0). */
export async function hasOperator(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(isNull(users.tenantId), eq(users.securityLevel, SecurityLevel.Alterna), eq(users.isActive, true)),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The first start's operator: with LOUPE_OPERATOR_PASSWORD set and no operator yet, creates one named
 * LOUPE_OPERATOR_NAME (default `operator`). Returns the name created, or undefined when nothing was done.
 */
export async function ensureFirstRunOperator(
  db: Db,
  settings: { operatorName: string; operatorPassword: string | undefined },
): Promise<string | undefined> {
  if (settings.operatorPassword === undefined || (await hasOperator(db))) return undefined;
  const { created } = await ensureOperator(db, {
    userName: settings.operatorName,
    password: settings.operatorPassword,
  });
  return created ? settings.operatorName : undefined;
}
