import { z } from 'zod';
import { safeText } from '../input-bounds.js';

/*
 * Scheduled jobs and worker nodes (issue 18 item 10, docs/jobs-and-retention.md): every schedule of the server's
 * scheduler and every pg-boss queue with its last and next run, and the nodes working them.
 */

/** The schedules the server registers, whose names the console translates (others show as they are). */
export const KNOWN_JOB_NAMES = [
  'purge-rest-data-logs',
  'purge-imported-invitees',
  'purge-import-logs',
  'ftp-exports',
  'ftp-export-run',
  'invitation-send',
  'invitation-tick',
  'imports-process',
  'imports-move',
  'account-link-mail',
  'alerts',
  'alert-mail',
  'trim-server-logs',
  'ai-annotation-work-build',
  'ai-topic-train',
  'ai-scheduled-jobs',
  'ai-scoring',
  'ai-sentiment-train',
] as const;

/**
 * A job's state: `running` (a job of it is being worked now), `failed` (its last finished job failed), `queued`
 * (jobs wait, none running), `idle` (nothing waits; the last finished job completed, or there was none).
 */
const JOB_STATES = ['idle', 'queued', 'running', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** One row of `GET /api/scheduled-jobs`: a schedule (with its cron) or a queue without one (cron null). */
export const scheduledJobRowSchema = z.object({
  Name: z.string(),
  /** Five cron fields in UTC; null for a queue that runs on demand. */
  Cron: z.string().nullable(),
  /** Whether run-now applies (schedules only). */
  IsSchedule: z.boolean(),
  /** When its last finished job completed or failed (ISO), null if none is kept. */
  LastRun: z.string().nullable(),
  /** Whether that last finished job failed. */
  LastRunFailed: z.boolean(),
  /** The next time the schedule's cron names (ISO); null for a queue. */
  NextRun: z.string().nullable(),
  State: z.enum(JOB_STATES),
  /** Jobs that failed (after their last attempt) in the last 24 hours. */
  Failures24h: z.number().int(),
  /** Jobs waiting (created or waiting for a retry). */
  QueuedCount: z.number().int(),
  /** Jobs being worked now. */
  RunningCount: z.number().int(),
});
export type ScheduledJobRow = z.infer<typeof scheduledJobRowSchema>;

/** The longest job name (a schedule's or a queue's). */
const JOB_NAME_MAX = 100;

/** `POST /api/scheduled-jobs/{name}/run`: the schedule's name. */
export const scheduledJobParamsSchema = z.object({ name: safeText(JOB_NAME_MAX).pipe(z.string().min(1)) });

/** The answer of run-now: the job is queued; a worker of any node picks it up. */
export const scheduledJobRunAnswerSchema = z.object({ Name: z.string(), Queued: z.literal(true) });
export type ScheduledJobRunAnswer = z.infer<typeof scheduledJobRunAnswerSchema>;

/** One worker node of `GET /api/filters/hangfireServers` (seen in the last 2 minutes). */
const jobServerSchema = z.object({
  Id: z.string(),
  HostName: z.string(),
  Pid: z.number().int(),
  StartedAt: z.string(),
  LastSeenAt: z.string(),
  Queues: z.array(z.string()),
});
export type JobServer = z.infer<typeof jobServerSchema>;
export const jobServerListSchema = z.array(jobServerSchema);
