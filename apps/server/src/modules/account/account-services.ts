import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { IdentityRepository } from '../auth/identity.repository.js';
import type { SignInGuard } from '../auth/sign-in-guard.service.js';
import type { TwoFactorCodes } from '../auth/two-factor.js';
import type { Mailer } from '../mail/mailer.js';
import { createAccountMails } from './account-mails.js';
import { createBackgroundTasks } from './background-tasks.js';
import { createEmailConfirmationService } from './email-confirmation.service.js';
import { createOneTimeTokenRepository } from './one-time-token.repository.js';
import { createPasswordService } from './password.service.js';
import { createTwoFactorService } from './two-factor.service.js';

export type AccountDeps = {
  db: Db;
  identity: IdentityRepository;
  guard: SignInGuard;
  twoFactor: TwoFactorCodes;
  mailer: Mailer;
  /** The console's address; mailed links start with it (config PUBLIC_URL). */
  publicUrl: string;
  logger: FastifyBaseLogger;
  now?: () => Date;
};

/** The services behind /api/account/*, sharing one link store, one mail composer and one background queue. */
export function createAccountServices({
  db,
  identity,
  guard,
  twoFactor,
  mailer,
  publicUrl,
  logger,
  now = () => new Date(),
}: AccountDeps) {
  const links = createOneTimeTokenRepository(db, now);
  const mails = createAccountMails({ mailer, publicUrl, logger });
  const background = createBackgroundTasks(logger);
  return {
    passwords: createPasswordService({ db, identity, guard, links, mails, background, now }),
    emailConfirmation: createEmailConfirmationService({ db, identity, links, mails, background, now }),
    twoFactor: createTwoFactorService({ db, identity, twoFactor, now }),
    /** Resolves once the mails still being sent are out, so a shutdown does not cut them off. */
    settled: () => background.settled(),
  };
}

export type AccountServices = ReturnType<typeof createAccountServices>;
