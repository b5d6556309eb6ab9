import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import type { JobQueue, QueueSettings } from '../../jobs/job-queue.js';
import type { IdentityRepository, UserRow } from '../auth/index.js';
import type { AccountMails } from './account-mails.js';
import type { LinkPurpose, OneTimeTokenRepository } from './one-time-token.repository.js';

/** At most one mail of a kind per user and minute, however often the form is sent. */
const MAIL_INTERVAL_MS = 60_000;

/** The pg-boss queue of the account mails (jobs/job-queue.ts). */
export const LINK_MAIL_QUEUE = 'account-link-mail';

/**
 * A refused or unreachable SMTP server is tried again after about 30 s, 1, 2, 4… minutes: eight retries span
 * about two hours, well within a link's 12. A send still running after 2 minutes counts as failed.
 */
const LINK_MAIL_SETTINGS: QueueSettings = { retryLimit: 8, retryDelaySeconds: 30, expireInSeconds: 120 };

/**
 * A link mail to send. It never holds the link: only a link's hash is stored anywhere, so the job makes the link
 * when it runs. `login` (the forms that name a user): the user it names, at most once a minute. `userId` (a
 * resend, whose old link the request used up): that user, always.
 */
export type LinkMailJob = { purpose: LinkPurpose } & ({ login: string } | { userId: number });

/** Who may receive a link of each purpose: an active user with an address, still unconfirmed to confirm it. */
export function mayReceive(
  purpose: LinkPurpose,
  user: UserRow | undefined,
): user is UserRow & { email: string } {
  if (!user || !user.isActive || !user.email) return false;
  return purpose === 'reset-password' || !user.emailConfirmed;
}

type Deps = {
  db: Db;
  identity: IdentityRepository;
  links: OneTimeTokenRepository;
  mails: AccountMails;
  jobs: JobQueue;
};

/**
 * The account mails (a password reset or an email confirmation link) as pg-boss jobs, so that a mail asked for
 * is sent even when the node that took the request stops first, and the request answers before any of the
 * work (the same time whether or not the login names a user).
 */
export function createLinkMails({ db, identity, links, mails, jobs }: Deps) {
  jobs.work<LinkMailJob>(LINK_MAIL_QUEUE, LINK_MAIL_SETTINGS, async (job, { id }) => {
    const user =
      'login' in job ? await identity.findUserByLogin(job.login) : await identity.findUserById(job.userId);
    if (!mayReceive(job.purpose, user)) return;
    // The link's id is the job's: an attempt after a failed one finds its own link (whose token it cannot
    // know), gives it a new token, and does not take it for a mail already sent within the minute.
    const token = await db.transaction(async (tx) => {
      const earlier = await links.findById(tx, id);
      if (earlier?.usedAt) return undefined;
      if (
        !earlier &&
        'login' in job &&
        (await links.issuedRecently(tx, user.id, job.purpose, MAIL_INTERVAL_MS))
      ) {
        return undefined;
      }
      return links.create(tx, user, job.purpose, id);
    });
    // A failed send throws: pg-boss tries the job again.
    if (token) await mails.sendLink(job.purpose, user, token);
  });

  return {
    /** Queues the mail; `within` a transaction, only if that commits (then call `wake`). */
    queue: (job: LinkMailJob, within?: Executor) => jobs.send(LINK_MAIL_QUEUE, job, within ? { within } : {}),
    /** Has this node send what was queued within a transaction that has now committed. */
    wake: () => jobs.wake(LINK_MAIL_QUEUE),
  };
}

export type LinkMails = ReturnType<typeof createLinkMails>;
