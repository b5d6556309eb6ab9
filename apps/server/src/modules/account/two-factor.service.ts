import { and, eq } from 'drizzle-orm';
import { toDataURL } from 'qrcode';
import { ErrorCode, type RecoveryCodes, type TwoFactorSetup, type TwoFactorStatus } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { badRequest, unauthorized } from '../../errors.js';
import type { Actor } from '../../core/actor.js';
import type { IdentityRepository, UserRow, TwoFactorCodes } from '../auth/index.js';

type Deps = { db: Db; identity: IdentityRepository; twoFactor: TwoFactorCodes; now: () => Date };

const wrongCode = () => badRequest(ErrorCode.TwoFactorCodeInvalid);
const stateError = (message: string) => badRequest(ErrorCode.ModelNotValid, [{ Path: '', Message: message }]);

/** The signed-in user's two-factor authentication: set-up with a QR code, enable, disable, recovery codes. */
export function createTwoFactorService({ db, identity, twoFactor, now }: Deps) {
  async function ownUser(actor: Actor): Promise<UserRow> {
    const user = await identity.findUserById(actor.userId);
    if (!user || !user.isActive || user.tenantId !== actor.tenantId) throw unauthorized();
    return user;
  }

  return {
    async status(actor: Actor): Promise<TwoFactorStatus> {
      const user = await ownUser(actor);
      return {
        Enabled: user.twoFactorEnabled,
        RecoveryCodesLeft: user.twoFactorEnabled ? user.recoveryCodeHashes.length : 0,
      };
    },

    /** A new secret to scan; it only takes effect once `enable` proves the app produces its codes. */
    async setup(actor: Actor): Promise<TwoFactorSetup> {
      const user = await ownUser(actor);
      // Replacing the secret of an enabled user would lock out their authenticator app.
      if (user.twoFactorEnabled) throw stateError('Two-factor authentication is already enabled.');
      const secret = twoFactor.newSecret();
      await db.update(users).set({ twoFactorSecret: secret, updatedAt: now() }).where(eq(users.id, user.id));
      const uri = twoFactor.otpAuthUri(user.userName, secret);
      return {
        Secret: secret,
        OtpAuthUri: uri,
        QrCode: await toDataURL(uri, { margin: 1, width: 220 }),
      };
    },

    async enable(actor: Actor, code: string): Promise<RecoveryCodes> {
      const user = await ownUser(actor);
      if (user.twoFactorEnabled) throw stateError('Two-factor authentication is already enabled.');
      if (!user.twoFactorSecret || !(await twoFactor.verifyTotp(user.id, user.twoFactorSecret, code))) {
        throw wrongCode();
      }
      const { codes, hashes } = twoFactor.newRecoveryCodes();
      const enabled = await db
        .update(users)
        .set({ twoFactorEnabled: true, recoveryCodeHashes: hashes, updatedAt: now() })
        // The secret the code was checked against must still be the one stored (no set-up in between).
        .where(and(eq(users.id, user.id), eq(users.twoFactorSecret, user.twoFactorSecret)))
        .returning({ id: users.id });
      if (enabled.length === 0) throw wrongCode();
      return { RecoveryCodes: codes };
    },

    /** Needs a current code (TOTP or recovery), so a borrowed session cannot switch the protection off. */
    async disable(actor: Actor, code: string): Promise<void> {
      const user = await ownUser(actor);
      if (user.twoFactorEnabled && !(await twoFactor.verifyCode(user, code))) throw wrongCode();
      await db
        .update(users)
        .set({ twoFactorEnabled: false, twoFactorSecret: null, recoveryCodeHashes: [], updatedAt: now() })
        .where(eq(users.id, user.id));
    },

    /** Ten new recovery codes replace the old ones. */
    async regenerateRecoveryCodes(actor: Actor, code: string): Promise<RecoveryCodes> {
      const user = await ownUser(actor);
      if (!user.twoFactorEnabled) throw stateError('Two-factor authentication is not enabled.');
      if (!(await twoFactor.verifyCode(user, code))) throw wrongCode();
      const { codes, hashes } = twoFactor.newRecoveryCodes();
      await db
        .update(users)
        .set({ recoveryCodeHashes: hashes, updatedAt: now() })
        .where(eq(users.id, user.id));
      return { RecoveryCodes: codes };
    },
  };
}
