import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue, QueueSettings } from './job-queue.js';

/**
 * Work that runs on a clock (retention purges, FTP exports, …): a croner timer on every node asks, at each time its
 * cron names, for a pg-boss singleton job of the schedule's queue, so one node runs it whichever nodes are up
 * (docs/jobs-and-retention.md, docs/ftp-export.md). A node that is down misses nothing another node asks for; when every node was
 * down, the next tick does the work (each handler works off what is due, not what one tick was meant for).
 */
export type Schedule = {
  /** The schedule's name, also its pg-boss queue: lower-case words joined by dashes. */
  name: string;
  /** Five fields (minute hour day month weekday) in UTC. */
  cron: string;
  settings: QueueSettings;
  handler: () => Promise<void>;
};

/** A schedule as the scheduled-jobs screen lists it. */
type ScheduleInfo = { name: string; cron: string; nextRun: Date | null };

export type Scheduler = {
  /** Registers a schedule (before the app is ready): its queue is worked on this node, its timer starts with it. */
  add(schedule: Schedule): void;
  list(): ScheduleInfo[];
  has(name: string): boolean;
  /** Queues one run now, outside the timer (run-now on the scheduled-jobs screen). */
  runNow(name: string): Promise<void>;
  /** Starts this node's timers, after the job queue has started; `timers: false` works the queues only. */
  start(): void;
  stop(): void;
};

/** The longest a singleton slot may be: a cron's ticks closer than this still each run once. */
const MAX_SLOT_SECONDS = 60;

export function createScheduler({
  jobs,
  logger,
  timers,
}: {
  jobs: JobQueue;
  logger: FastifyBaseLogger;
  /** Off in the API suite and with JOB_SCHEDULES=off: the tests run a schedule with `runNow`. */
  timers: boolean;
}): Scheduler {
  const schedules = new Map<string, Schedule>();
  const running: Cron[] = [];

  return {
    add(schedule) {
      if (schedules.has(schedule.name)) throw new Error(`schedule ${schedule.name} is registered twice`);
      // Validates the pattern at registration, not at the first tick.
      new Cron(schedule.cron, { paused: true, timezone: 'UTC' }).stop();
      schedules.set(schedule.name, schedule);
      jobs.work<object>(schedule.name, schedule.settings, () => schedule.handler());
    },

    list() {
      return [...schedules.values()].map(({ name, cron }) => ({
        name,
        cron,
        nextRun: new Cron(cron, { paused: true, timezone: 'UTC' }).nextRun(),
      }));
    },

    has: (name) => schedules.has(name),

    async runNow(name) {
      await jobs.send(name, { manual: true });
    },

    start() {
      if (!timers) return;
      for (const { name, cron } of schedules.values()) {
        const timer = new Cron(cron, { timezone: 'UTC', protect: true, unref: true }, () => {
          jobs
            .send(name, {}, { singleton: { key: name, seconds: MAX_SLOT_SECONDS } })
            .catch((error: unknown) =>
              logger.error({ err: error, schedule: name }, 'scheduled job not queued'),
            );
        });
        running.push(timer);
      }
    },

    stop() {
      for (const timer of running.splice(0)) timer.stop();
    },
  };
}
