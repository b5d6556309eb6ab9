import { randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
// eslint-disable-next-line import-x/default -- the typings omit the CommonJS export (see renderCaptcha)
import svgCaptcha from 'svg-captcha';
import type { Captcha } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { captchaChallenges, signInFailures } from '../../db/schema/index.js';

const FAILURE_WINDOW_MS = 15 * 60_000;
/** Failed sign-ins for one login (from anywhere) within the window before that login needs a captcha. */
const FAILURES_BEFORE_CAPTCHA = 3;
/**
 * Failed sign-ins from one address (for any logins) within the window before every login from there needs a
 * captcha: counted apart from the logins', and higher, so that colleagues behind one office address do not put
 * each other behind a captcha, while one address trying many accounts soon does.
 */
const ADDRESS_FAILURES_BEFORE_CAPTCHA = 10;
/** Unsolved challenges kept at most (the newest); `GET /api/captcha` is also rate limited per address. */
export const MAX_OPEN_CAPTCHAS = 10_000;
const CAPTCHA_LIFETIME_MS = 5 * 60_000;
const CAPTCHA_LENGTH = 5;
// No look-alikes (0/O/o, 1/I/l/i, 5/S/s…): the answer is compared case-insensitively.
const CAPTCHA_ALPHABET = 'ABCDEFGHJKMNPQRTUVWXYZabdefghjkmnpqrtuvwxyz2346789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// svg-captcha's CommonJS export is itself a function that renders given text; its typings only declare
// `create`, whose text comes from Math.random. The answer is drawn with crypto instead, so that challenges
// cannot be predicted from earlier ones.
type RenderOptions = { width: number; height: number; fontSize: number; noise: number; color: boolean };
const renderCaptcha = svgCaptcha as unknown as (text: string, options: RenderOptions) => string;

type Deps = { db: Db; now?: () => Date };

/**
 * Repeated-failure protection of the password sign-in: counts failures by login and by address, and issues and
 * checks the single-use captcha challenges that are then required.
 */
export function createSignInGuard({ db, now = () => new Date() }: Deps) {
  let failuresSinceSweep = 0;
  let captchasSinceCap = 0;

  return {
    /** Whether the next password sign-in for `login` from `ipAddress` must carry a solved captcha. */
    async captchaRequired(login: string, ipAddress: string): Promise<boolean> {
      const since = new Date(now().getTime() - FAILURE_WINDOW_MS);
      const lowered = login.trim().toLowerCase();
      const [row] = await db
        .select({
          byLogin: sql<number>`count(*) filter (where ${signInFailures.login} = ${lowered})`.mapWith(Number),
          byAddress: sql<number>`count(*) filter (where ${signInFailures.ipAddress} = ${ipAddress})`.mapWith(
            Number,
          ),
        })
        .from(signInFailures)
        .where(
          and(
            gt(signInFailures.createdAt, since),
            or(eq(signInFailures.login, lowered), eq(signInFailures.ipAddress, ipAddress)),
          ),
        );
      return (
        (row?.byLogin ?? 0) >= FAILURES_BEFORE_CAPTCHA ||
        (row?.byAddress ?? 0) >= ADDRESS_FAILURES_BEFORE_CAPTCHA
      );
    },

    async recordFailure(login: string, ipAddress: string): Promise<void> {
      const at = now();
      const lowered = login.trim().toLowerCase();
      const expired = new Date(at.getTime() - FAILURE_WINDOW_MS);
      await db.transaction(async (tx) => {
        await tx.insert(signInFailures).values({ login: lowered, ipAddress, createdAt: at });
        // Old rows of this login and address go along the indexes; now and then everything old goes.
        await tx
          .delete(signInFailures)
          .where(
            and(
              lt(signInFailures.createdAt, expired),
              or(eq(signInFailures.login, lowered), eq(signInFailures.ipAddress, ipAddress)),
            ),
          );
        if (++failuresSinceSweep >= 100) {
          failuresSinceSweep = 0;
          await tx.delete(signInFailures).where(lt(signInFailures.createdAt, expired));
        }
      });
    },

    /** A successful sign-in forgives the login's earlier failures. */
    async clearFailures(login: string): Promise<void> {
      await db.delete(signInFailures).where(eq(signInFailures.login, login.trim().toLowerCase()));
    },

    /**
     * A new challenge: 5 characters, single use, valid 5 minutes. Expired challenges go on every call; now and
     * then all but the newest MAX_OPEN_CAPTCHAS go too, so a flood of calls cannot grow the table without end.
     */
    async createCaptcha(): Promise<Captcha> {
      const at = now();
      const text = Array.from(
        { length: CAPTCHA_LENGTH },
        () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)],
      ).join('');
      const id = randomUUID();
      await db.transaction(async (tx) => {
        await tx.delete(captchaChallenges).where(lt(captchaChallenges.expiresAt, at));
        await tx.insert(captchaChallenges).values({
          id,
          answer: text.toLowerCase(),
          expiresAt: new Date(at.getTime() + CAPTCHA_LIFETIME_MS),
        });
        if (++captchasSinceCap >= 50) {
          captchasSinceCap = 0;
          const newest = tx
            .select({ id: captchaChallenges.id })
            .from(captchaChallenges)
            .orderBy(desc(captchaChallenges.expiresAt))
            .limit(MAX_OPEN_CAPTCHAS);
          await tx.delete(captchaChallenges).where(notInArray(captchaChallenges.id, newest));
        }
      });
      const svg = renderCaptcha(text, { width: 150, height: 50, fontSize: 50, noise: 2, color: true });
      return { CaptchaId: id, Image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
    },

    /** Checks an answer; the challenge is used up by the attempt, right or wrong. */
    async solveCaptcha(captchaId: string | undefined, answer: string | undefined): Promise<boolean> {
      if (!captchaId || !answer || !UUID.test(captchaId)) return false;
      const at = now();
      const [claimed] = await db
        .update(captchaChallenges)
        .set({ usedAt: at })
        .where(
          and(
            eq(captchaChallenges.id, captchaId),
            isNull(captchaChallenges.usedAt),
            gt(captchaChallenges.expiresAt, at),
          ),
        )
        .returning({ answer: captchaChallenges.answer });
      return claimed !== undefined && claimed.answer === answer.trim().toLowerCase();
    },
  };
}

export type SignInGuard = ReturnType<typeof createSignInGuard>;
