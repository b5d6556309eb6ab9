import { INVITATION_RULES } from '@loupe/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import type { JobQueue, QueueSettings } from '../../jobs/job-queue.js';
import type { InvitationRepository } from './invitation.repository.js';
import type { InvitationSender } from './invitation-sender.js';

/*
 * The invitation jobs on pg-boss (docs/invitations.md, "Jobs"):
 *   invitation-send  a batch of message ids; each message is attempted on its own (claim, send, record), several
 *                    at once; a temporary failure queues that message again after its back-off.
 *   invitation-tick  once a minute across every node (a pg-boss singleton): claims the due reminders and queues
 *                    them, and releases and queues again the messages whose claim a dead node left behind.
 */

const SEND_QUEUE = 'invitation-send';
const TICK_QUEUE = 'invitation-tick';

/** Message ids per send job: one job is one pg-boss row, however many mails it carries. */
const BATCH = 100;
/** Rows claimed by one statement of the tick; it loops while a statement fills up, at most ROUNDS times. */
const TICK_LIMIT = 1_000;
const ROUNDS = 20;

type SendJob = { messageIds: number[] };

type Deps = {
  db: Db;
  jobs: JobQueue;
  repository: InvitationRepository;
  sender: InvitationSender;
  logger: FastifyBaseLogger;
  leaseSeconds: number;
  /** Seconds between two ticks of a node; 0: no timer (tests call `tick`). */
  tickSeconds: number;
};

export function createInvitationJobs({
  db,
  jobs,
  repository,
  sender,
  logger,
  leaseSeconds,
  tickSeconds,
}: Deps) {
  // A crash of the whole batch (not one message's failure) is retried by pg-boss; messages already done are
  // skipped by their claim. A batch still running after the lease counts as dead.
  const sendSettings: QueueSettings = {
    retryLimit: INVITATION_RULES.sendAttempts,
    retryDelaySeconds: 10,
    expireInSeconds: leaseSeconds,
  };
  const tickSettings: QueueSettings = { retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 300 };

  async function queue(messageIds: number[], within?: Executor): Promise<void> {
    for (let start = 0; start < messageIds.length; start += BATCH) {
      await jobs.send(
        SEND_QUEUE,
        { messageIds: messageIds.slice(start, start + BATCH) },
        within ? { within } : {},
      );
    }
  }

  jobs.work<SendJob>(SEND_QUEUE, sendSettings, async ({ messageIds }) => {
    const retries = await sender.attempt(messageIds);
    for (const { messageId, afterSeconds } of retries)
      await jobs.send(SEND_QUEUE, { messageIds: [messageId] }, { startAfterSeconds: afterSeconds });
  });

  /** One tick: due reminders and stranded messages, queued. Safe to run twice at once (claims decide). */
  async function tick(): Promise<{ reminders: number; notFinished: number; stranded: number }> {
    const counts = { reminders: 0, notFinished: 0, stranded: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const claimed = await db.transaction(async (tx) => {
        const rows = await repository.claimReminders(tx, {
          max: INVITATION_RULES.remindersMax,
          limit: TICK_LIMIT,
        });
        await queue(
          rows.map((row) => Number(row.id)),
          tx,
        );
        return rows.length;
      });
      counts.reminders += claimed;
      if (claimed < TICK_LIMIT) break;
    }
    for (let round = 0; round < ROUNDS; round++) {
      const claimed = await db.transaction(async (tx) => {
        const rows = await repository.claimNotFinishedReminders(tx, { limit: TICK_LIMIT });
        await queue(
          rows.map((row) => Number(row.id)),
          tx,
        );
        return rows.length;
      });
      counts.notFinished += claimed;
      if (claimed < TICK_LIMIT) break;
    }
    counts.stranded = await db.transaction(async (tx) => {
      const stranded = await repository.releaseStranded(tx, { leaseSeconds, limit: TICK_LIMIT * ROUNDS });
      await queue(stranded, tx);
      return stranded.length;
    });
    if (counts.stranded > 0) jobs.wake(SEND_QUEUE);
    if (counts.reminders + counts.notFinished > 0) jobs.wake(SEND_QUEUE);
    return counts;
  }

  jobs.work<object>(TICK_QUEUE, tickSettings, async () => {
    const counts = await tick();
    if (counts.reminders + counts.notFinished + counts.stranded > 0) logger.info(counts, 'invitation tick');
  });

  let timer: NodeJS.Timeout | undefined;
  return {
    /** Queues these messages; `within` a transaction, only if it commits (then call `wake`). */
    queue,
    wake: () => jobs.wake(SEND_QUEUE),
    tick,
    /** Starts this node's timer: each tick asks for the singleton job, which one node runs. */
    start() {
      if (tickSeconds <= 0 || timer) return;
      timer = setInterval(() => {
        jobs
          .send(TICK_QUEUE, {}, { singleton: { key: 'tick', seconds: tickSeconds } })
          .catch((error: unknown) => logger.error({ err: error }, 'invitation tick not queued'));
      }, tickSeconds * 1000);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}

export type InvitationJobs = ReturnType<typeof createInvitationJobs>;
