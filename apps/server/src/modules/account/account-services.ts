import type { Db } from '../../db/client.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { IdentityRepository, SignInGuard, TwoFactorCodes } from '../auth/index.js';
import type { Mailer } from '../../core/mailer.js';
import { createAccountMails } from './account-mails.js';
import { createEmailConfirmationService } from './email-confirmation.service.js';
import { createLinkMails } from './link-mails.js';
import { createOneTimeTokenRepository } from './one-time-token.repository.js';
import { createPasswordService } from './password.service.js';
import { createTwoFactorService } from './two-factor.service.js';

export type AccountDeps = {
  db: Db;
  identity: IdentityRepository;
  guard: SignInGuard;
  twoFactor: TwoFactorCodes;
  mailer: Mailer;
  /** The queue the account mails go through (the caller stops it). */
  jobs: JobQueue;
  /** The console's address; mailed links start with it (config PUBLIC_URL). */
  publicUrl: string;
  now?: () => Date;
};

/** The services behind /api/account/*, sharing one link store and one mail job (worked on this node too). */
export function createAccountServices({
  db,
  identity,
  guard,
  twoFactor,
  mailer,
  jobs,
  publicUrl,
  now = () => new Date(),
}: AccountDeps) {
  const links = createOneTimeTokenRepository(db, now);
  const mails = createAccountMails({ mailer, publicUrl });
  const linkMails = createLinkMails({ db, identity, links, mails, jobs });
  return {
    passwords: createPasswordService({ db, identity, guard, links, linkMails, now }),
    emailConfirmation: createEmailConfirmationService({ db, identity, links, linkMails, now }),
    twoFactor: createTwoFactorService({ db, identity, twoFactor, now }),
  };
}

export type AccountServices = ReturnType<typeof createAccountServices>;
