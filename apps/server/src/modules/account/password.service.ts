import { eq } from 'drizzle-orm';
import {
  ErrorCode,
  type ChangeExpiredPassword,
  type ChangePassword,
  type ResetPassword,
  type ResetPasswordLink,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError, badRequest, unauthorized } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import { type IdentityRepository, endSessions, type SignInGuard } from '../auth/index.js';
import { hashPassword, verifyPassword } from '../../core/password.js';
import { assertPasswordRule, linkError } from './account-errors.js';
import { mayReceive, type LinkMails } from './link-mails.js';
import type { OneTimeTokenRepository } from './one-time-token.repository.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

type Deps = {
  db: Db;
  identity: IdentityRepository;
  guard: SignInGuard;
  links: OneTimeTokenRepository;
  linkMails: LinkMails;
  now: () => Date;
};

/**
 * Passwords outside the sign-in: the change an expired password forces, the profile's change, and the
 * forgotten-password links (mailed, single use, 12 hours).
 */
export function createPasswordService({ db, identity, guard, links, linkMails, now }: Deps) {
  /**
   * Stores a new password: no longer expired. Every session of the user ends (access and refresh tokens), but
   * for `keepFamily`, the caller's own sign-in when it changes its own password; `claim` runs first in the same
   * transaction (a reset link).
   */
  async function setPassword(
    userId: number,
    newPassword: string,
    { keepFamily, claim }: { keepFamily?: string | undefined; claim?: (tx: Tx) => Promise<void> } = {},
  ) {
    const passwordHash = await hashPassword(newPassword);
    const at = now();
    await db.transaction(async (tx) => {
      await claim?.(tx);
      await tx
        .update(users)
        .set({ passwordHash, passwordChangedAt: at, passwordExpireDate: null, updatedAt: at })
        .where(eq(users.id, userId));
      await endSessions(tx, { userIds: [userId] }, keepFamily === undefined ? {} : { keepFamily });
    });
  }

  /** The new password of a change: different from the current one, and within the spec's rule. */
  function checkNewPassword(currentPassword: string, newPassword: string): void {
    if (newPassword === currentPassword) throw badRequest(ErrorCode.NewPasswordSameAsCurrent);
    assertPasswordRule(newPassword);
  }

  return {
    /**
     * Public, reached from `expired_password` at sign-in. The current password proves who is asking; wrong
     * guesses count as sign-in failures, so this cannot be used to try passwords without the captcha's limit.
     */
    async changeExpiredPassword(body: ChangeExpiredPassword, ipAddress: string): Promise<void> {
      if (await guard.captchaRequired(body.UserName, ipAddress)) {
        throw new AppError(429, ErrorCode.TooManyRequests);
      }
      const user = await identity.findUserByLogin(body.UserName);
      const currentOk = await verifyPassword(user?.passwordHash, body.CurrentPassword);
      if (!user || !user.isActive || !currentOk) {
        await guard.recordFailure(body.UserName, ipAddress);
        throw badRequest(ErrorCode.CurrentPasswordWrong);
      }
      // Only an expired password may be changed without signing in (and without the second factor).
      if (!user.passwordExpireDate || user.passwordExpireDate > now()) {
        throw badRequest(ErrorCode.ModelNotValid, [
          {
            Path: 'body/CurrentPassword',
            Message: 'The password has not expired; change it on the profile page.',
          },
        ]);
      }
      checkNewPassword(body.CurrentPassword, body.NewPassword);
      await setPassword(user.id, body.NewPassword);
      await guard.clearFailures(body.UserName);
    },

    /**
     * The profile page: the signed-in user's own password. Every other sign-in of the user ends; the caller's
     * own stays (its access token is refused like the others' and renewed silently through its refresh token,
     * shell spec §4). Wrong current passwords count as sign-in failures of the user and the address: after as
     * many as ask the sign-in for a captcha, the check is refused (429) until they age out.
     */
    async changePassword(actor: Actor, body: ChangePassword, ipAddress: string): Promise<void> {
      const user = await identity.findUserById(actor.userId);
      if (!user || !user.isActive || user.tenantId !== actor.tenantId) throw unauthorized();
      if (await guard.captchaRequired(user.userName, ipAddress)) {
        throw new AppError(429, ErrorCode.TooManyRequests);
      }
      if (!(await verifyPassword(user.passwordHash, body.CurrentPassword))) {
        await guard.recordFailure(user.userName, ipAddress);
        throw badRequest(ErrorCode.CurrentPasswordWrong);
      }
      checkNewPassword(body.CurrentPassword, body.NewPassword);
      await setPassword(user.id, body.NewPassword, { keepFamily: actor.sessionId });
    },

    /** "Sign out everywhere": every sign-in of the caller ends, this one included. */
    async signOutEverywhere(actor: Actor): Promise<void> {
      await endSessions(db, { userIds: [actor.userId] });
    },

    /**
     * Always accepted: whether the login names a user never shows, in the answer or in its timing. The mail job
     * looks the user up, and mails a link unless one went out within the last minute.
     */
    async forgotPassword(login: string): Promise<void> {
      await linkMails.queue({ purpose: 'reset-password', login });
    },

    /** The reset page's first look at its link. */
    async checkResetLink(token: string): Promise<ResetPasswordLink> {
      const link = await links.find(token, 'reset-password');
      if (!link || link.state !== 'valid') throw linkError(link?.state);
      const user = await identity.findUserById(link.row.userId);
      if (!user || !user.isActive) throw linkError(undefined);
      return { UserName: user.userName };
    },

    async resetPassword(body: ResetPassword): Promise<void> {
      const link = await links.find(body.Token, 'reset-password');
      if (!link || link.state !== 'valid') throw linkError(link?.state);
      assertPasswordRule(body.NewPassword);
      const user = await identity.findUserById(link.row.userId);
      if (!user || !user.isActive) throw linkError(undefined);
      // Whoever else may have been signed in with the forgotten password is signed out.
      await setPassword(user.id, body.NewPassword, {
        claim: async (tx) => {
          if (!(await links.claim(tx, link.row.id))) throw linkError('used');
          await links.retireAll(tx, user.id, 'reset-password');
        },
      });
      await guard.clearFailures(user.userName);
    },

    /** A new link for an expired (or unused) one, to the same user; the old link stops working. */
    async resendReset(token: string): Promise<void> {
      const link = await links.find(token, 'reset-password');
      if (!link || link.state === 'used') throw linkError(link?.state);
      const user = await identity.findUserById(link.row.userId);
      await db.transaction(async (tx) => {
        if (!(await links.claim(tx, link.row.id, { evenExpired: true }))) throw linkError('used');
        if (mayReceive('reset-password', user)) {
          await linkMails.queue({ purpose: 'reset-password', userId: user.id }, tx);
        }
      });
      linkMails.wake();
    },
  };
}
