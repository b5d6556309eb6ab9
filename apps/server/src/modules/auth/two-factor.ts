import { createHash, randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** Recovery codes handed out at once (enable, regenerate). */
const RECOVERY_CODE_COUNT = 10;
const TOTP_ISSUER = 'Loupe';
const TOTP_PERIOD_SECONDS = 30;
// Unambiguous lower-case characters; codes read `xxxxx-xxxxx`, 50 random bits each.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Codes are compared without case, spaces or dashes, as people retype them. */
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
// Recovery codes carry 50 random bits each, so a plain SHA-256 is enough to keep them unreadable at rest.
const hashRecoveryCode = (code: string) =>
  createHash('sha256').update(normalizeRecoveryCode(code)).digest('base64url');

type Deps = { db: Db; now?: () => Date };

/** TOTP (RFC 6238, 6 digits, 30 s, ±1 step) and single-use recovery codes of two-factor authentication. */
export function createTwoFactorCodes({ db, now = () => new Date() }: Deps) {
  // The last accepted time step per user, so a code cannot be replayed on this server within its window. Kept in
  // memory: several API nodes would each remember their own (see the report of issue 4).
  const lastTimeSteps = new Map<number, number>();

  /** Checks a 6-digit code against the secret (previous, current or next step), at most once per step. */
  async function verifyTotp(userId: number, secret: string, code: string): Promise<boolean> {
    const token = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(token)) return false;
    try {
      const result = await verify({
        secret,
        token,
        period: TOTP_PERIOD_SECONDS,
        epoch: Math.floor(now().getTime() / 1000),
        epochTolerance: TOTP_PERIOD_SECONDS,
        afterTimeStep: lastTimeSteps.get(userId),
      });
      // The functional API types HOTP and TOTP results together; only TOTP results carry the time step.
      if (!result.valid || !('timeStep' in result)) return false;
      lastTimeSteps.set(userId, result.timeStep);
      return true;
    } catch {
      return false;
    }
  }

  /** Uses up one recovery code of the user; false when it is not one of the unused codes. */
  async function consumeRecoveryCode(userId: number, code: string): Promise<boolean> {
    if (normalizeRecoveryCode(code).length === 0) return false;
    const hash = hashRecoveryCode(code);
    // One statement checks and removes the code, so two concurrent uses cannot both succeed.
    const removed = await db
      .update(users)
      .set({ recoveryCodeHashes: sql`array_remove(${users.recoveryCodeHashes}, ${hash})` })
      .where(and(eq(users.id, userId), sql`${hash} = any(${users.recoveryCodeHashes})`))
      .returning({ id: users.id });
    return removed.length > 0;
  }

  return {
    verifyTotp,
    consumeRecoveryCode,

    newSecret: (): string => generateSecret(),

    otpAuthUri: (userName: string, secret: string): string =>
      generateURI({ issuer: TOTP_ISSUER, label: userName, secret, period: TOTP_PERIOD_SECONDS }),

    /** Ten new codes to show once, and their hashes to store. */
    newRecoveryCodes(): { codes: string[]; hashes: string[] } {
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
        const chars = Array.from(
          { length: 10 },
          () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
        );
        return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
      });
      return { codes, hashes: codes.map(hashRecoveryCode) };
    },

    /** A TOTP code or, failing that, a recovery code (used up). */
    async verifyCode(user: { id: number; twoFactorSecret: string | null }, code: string): Promise<boolean> {
      if (user.twoFactorSecret && (await verifyTotp(user.id, user.twoFactorSecret, code))) return true;
      return consumeRecoveryCode(user.id, code);
    },
  };
}

export type TwoFactorCodes = ReturnType<typeof createTwoFactorCodes>;
