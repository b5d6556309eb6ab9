import { eq } from 'drizzle-orm';
import { ErrorCode, type ConfirmEmailResult } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';
import type { IdentityRepository, UserRow } from '../auth/identity.repository.js';
import type { AccountMails } from './account-mails.js';
import { linkError } from './account-errors.js';
import type { BackgroundTasks } from './background-tasks.js';
import type { OneTimeTokenRepository } from './one-time-token.repository.js';
import { MAIL_INTERVAL_MS } from './password.service.js';

type Deps = {
  db: Db;
  identity: IdentityRepository;
  links: OneTimeTokenRepository;
  mails: AccountMails;
  background: BackgroundTasks;
  now: () => Date;
};

/** A user whose address still needs confirming. */
const unconfirmed = (user: UserRow | undefined): user is UserRow & { email: string } =>
  user !== undefined && user.isActive && !!user.email && !user.emailConfirmed;

/**
 * Email confirmation: users with an unconfirmed address cannot sign in (`invalid_grant_email_confirm`) until
 * they open the mailed link (single use, 12 hours).
 */
export function createEmailConfirmationService({ db, identity, links, mails, background, now }: Deps) {
  return {
    /** Always accepted: whether the login names a user waiting for confirmation never shows. */
    sendConfirmation(login: string): void {
      background.run('send-confirmation', async () => {
        const user = await identity.findUserByLogin(login);
        if (!unconfirmed(user)) return;
        if (await links.issuedRecently(user.id, 'confirm-email', MAIL_INTERVAL_MS)) return;
        const token = await links.create(db, user, 'confirm-email');
        await mails.sendLink('confirm-email', user, token);
      });
    },

    /** Opening the link; one opened again after it worked reports the address as already confirmed. */
    async confirmEmail(token: string): Promise<ConfirmEmailResult> {
      const link = await links.find(token, 'confirm-email');
      if (!link) throw linkError(undefined);
      const user = await identity.findUserById(link.row.userId);
      if (!user) throw linkError(undefined);
      if (user.emailConfirmed) return { Status: 'already-confirmed' };
      if (link.state !== 'valid') throw linkError(link.state);
      await db.transaction(async (tx) => {
        if (!(await links.claim(tx, link.row.id))) throw linkError('used');
        await links.retireAll(tx, user.id, 'confirm-email');
        await tx.update(users).set({ emailConfirmed: true, updatedAt: now() }).where(eq(users.id, user.id));
      });
      return { Status: 'confirmed' };
    },

    /** A new link for an expired (or unused) one, to the same user; the old link stops working. */
    async resendConfirmation(token: string): Promise<void> {
      const link = await links.find(token, 'confirm-email');
      if (!link) throw linkError(undefined);
      const user = await identity.findUserById(link.row.userId);
      if (user?.emailConfirmed) throw conflict(ErrorCode.EmailAlreadyConfirmed);
      if (link.state === 'used') throw linkError('used');
      const fresh = await db.transaction(async (tx) => {
        if (!(await links.claim(tx, link.row.id, { evenExpired: true }))) throw linkError('used');
        return unconfirmed(user) ? links.create(tx, user, 'confirm-email') : undefined;
      });
      if (fresh && unconfirmed(user)) {
        background.run('resend-confirmation', () => mails.sendLink('confirm-email', user, fresh));
      }
    },
  };
}
