import { eq } from 'drizzle-orm';
import { ErrorCode, type ConfirmEmailResult } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';
import type { IdentityRepository } from '../auth/index.js';
import { linkError } from './account-errors.js';
import { mayReceive, type LinkMails } from './link-mails.js';
import type { OneTimeTokenRepository } from './one-time-token.repository.js';

type Deps = {
  db: Db;
  identity: IdentityRepository;
  links: OneTimeTokenRepository;
  linkMails: LinkMails;
  now: () => Date;
};

/**
 * Email confirmation: users with an unconfirmed address cannot sign in (`invalid_grant_email_confirm`) until
 * they open the mailed link (single use, 12 hours).
 */
export function createEmailConfirmationService({ db, identity, links, linkMails, now }: Deps) {
  return {
    /**
     * Always accepted: whether the login names a user waiting for confirmation never shows. The mail job looks
     * the user up, and mails a link unless one went out within the last minute.
     */
    async sendConfirmation(login: string): Promise<void> {
      await linkMails.queue({ purpose: 'confirm-email', login });
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
      await db.transaction(async (tx) => {
        if (!(await links.claim(tx, link.row.id, { evenExpired: true }))) throw linkError('used');
        if (mayReceive('confirm-email', user)) {
          await linkMails.queue({ purpose: 'confirm-email', userId: user.id }, tx);
        }
      });
      linkMails.wake();
    },
  };
}
