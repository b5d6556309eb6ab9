import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../core/mailer.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { createInvitationJobs } from './invitation-jobs.js';
import { createInvitationRepository } from './invitation.repository.js';
import { createInvitationSender } from './invitation-sender.js';
import { createInvitationService } from './invitation.service.js';

/** Messages of one batch in flight at once on a node (the SMTP pool has 4 connections, the database pool 10). */
const SEND_CONCURRENCY = 16;

export type InvitationSettings = {
  publicUrl: string;
  /** Seconds before the first retry of a temporary failure (INVITATION_RETRY_SECONDS). */
  retrySeconds: number;
  /** How long a send attempt's claim holds (INVITATION_LEASE_SECONDS). */
  leaseSeconds: number;
  /** Seconds between the reminder ticks of a node; 0: none (INVITATION_TICK_SECONDS). */
  tickSeconds: number;
};

/** The invitations module: its service (routes, test invitations) and its jobs (sending, reminders). */
export function createInvitationsModule({
  db,
  jobs,
  mailer,
  logger,
  settings,
}: {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  settings: InvitationSettings;
}) {
  const repository = createInvitationRepository();
  const sender = createInvitationSender({
    db,
    repository,
    mailer,
    publicUrl: settings.publicUrl,
    logger,
    retrySeconds: settings.retrySeconds,
    leaseSeconds: settings.leaseSeconds,
    concurrency: SEND_CONCURRENCY,
  });
  const invitationJobs = createInvitationJobs({
    db,
    jobs,
    repository,
    sender,
    logger,
    leaseSeconds: settings.leaseSeconds,
    tickSeconds: settings.tickSeconds,
  });
  const service = createInvitationService({ db, repository, jobs: invitationJobs });
  return { service, jobs: invitationJobs };
}

export type InvitationsModule = ReturnType<typeof createInvitationsModule>;
