import { Cron } from 'croner';
import { z } from 'zod';
import { int32Id, int32IdParam, safeText } from '../input-bounds.js';
import { cronExpression, parseCronExpression, requiredText } from '../validators.js';

/*
 * Scheduled text-analytics jobs `/api/ai-scheduled-jobs` (issue 21 item 5; surveys spec §3 "Scheduled job", §4 "Job
 * commands"; docs/ai-scheduled-jobs.md). Scopes job:read / job:manage. A job trains a model, scores the tenant's
 * comments or builds a dataset, on its cron (recurrent) or once at the cron's next time; each run is logged.
 */

const JOB_LIMITS = { nameMax: 200, cronMax: 200 } as const;

/** What a job does: train a sentiment or topic model, score comments, or build a dataset. */
export const AI_JOB_TYPES = ['training', 'scoring', 'dataset'] as const;
export type AiJobType = (typeof AI_JOB_TYPES)[number];

/**
 * A job's status (the spec leaves them open): `Active` waits for its next time, `Running` has a run in progress
 * (answered, not stored: an Active or Paused job with a running run), `Paused` runs only when told to (run), and
 * `Completed` is a one-time job that has run.
 */
export const AI_JOB_STATUSES = ['Active', 'Running', 'Paused', 'Completed'] as const;

/** A run's trigger and status (the job's logs). */
const AI_RUN_TRIGGERS = ['cron', 'manual'] as const;
const AI_RUN_STATUSES = ['Running', 'Succeeded', 'Failed'] as const;

const optionalId = int32Id.nullish().transform((value) => value ?? null);

/**
 * `POST /api/ai-scheduled-jobs` and `PUT /api/ai-scheduled-jobs/{id}`. The models and dataset the type needs (the
 * tenant's, else 3333 on their field): training one of SentimentModelId or TopicModelId (19142 when both or none),
 * scoring one or both, dataset DatasetId; the others are stored as given. IsEmotionModel must say what the topic
 * model is (19143).
 */
export const aiScheduledJobSaveSchema = z.strictObject({
  Name: requiredText().pipe(safeText(JOB_LIMITS.nameMax)),
  Type: z.enum(AI_JOB_TYPES),
  SentimentModelId: optionalId,
  TopicModelId: optionalId,
  AnnotationWorkId: optionalId,
  DatasetId: optionalId,
  IsEmotionModel: z.boolean().default(false),
  IsFromScratch: z.boolean().default(false),
  IsRecurrent: z.boolean().default(true),
  CronText: z.string().max(JOB_LIMITS.cronMax).pipe(cronExpression()),
});
export type AiScheduledJobSave = z.input<typeof aiScheduledJobSaveSchema>;

export const aiScheduledJobParamsSchema = z.object({ id: int32IdParam });
export const aiJobRunParamsSchema = z.object({ id: int32IdParam, logId: int32IdParam });

/** One job as the grid and the form read it. */
export const aiScheduledJobSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Type: z.enum(AI_JOB_TYPES),
  SentimentModelId: z.number().int().nullable(),
  TopicModelId: z.number().int().nullable(),
  AnnotationWorkId: z.number().int().nullable(),
  DatasetId: z.number().int().nullable(),
  IsEmotionModel: z.boolean(),
  IsFromScratch: z.boolean(),
  IsRecurrent: z.boolean(),
  CronText: z.string(),
  Status: z.enum(AI_JOB_STATUSES),
  /** Incremental scoring's cursor: the highest answer id scored so far. */
  ScoredThroughAnswerId: z.number().int(),
  CreatedDate: z.string(),
  LastRunDate: z.string().nullable(),
  NextRunDate: z.string().nullable(),
});
export type AiScheduledJob = z.infer<typeof aiScheduledJobSchema>;

/** One run of a job (`GET /api/ai-scheduled-jobs/{id}/logs`). */
export const aiJobRunSchema = z.object({
  Id: z.number().int(),
  JobId: z.number().int(),
  Trigger: z.enum(AI_RUN_TRIGGERS),
  Status: z.enum(AI_RUN_STATUSES),
  Message: z.string().nullable(),
  ProcessedCount: z.number().int(),
  StartedDate: z.string(),
  FinishedDate: z.string().nullable(),
});
export type AiJobRun = z.infer<typeof aiJobRunSchema>;

/** One batch of a scoring run (`…/logs/{logId}/scoring-logs`): `ModelKind` sentiment or topic. */
export const aiScoringLogSchema = z.object({
  Id: z.number().int(),
  ModelKind: z.string(),
  ModelId: z.number().int(),
  ScoredCount: z.number().int(),
  FromAnswerId: z.number().int(),
  ToAnswerId: z.number().int(),
  DurationMs: z.number().int(),
  CreatedDate: z.string(),
});
export type AiScoringLog = z.infer<typeof aiScoringLogSchema>;

/** One experiment of a training run (`…/logs/{logId}/experiment-logs`), written by the training workers. */
export const aiExperimentLogSchema = z.object({
  Id: z.number().int(),
  ModelKind: z.string(),
  ModelId: z.number().int(),
  Version: z.number().int().nullable(),
  Accepted: z.boolean(),
  Message: z.string().nullable(),
  Report: z.unknown(),
  CreatedDate: z.string(),
});
export type AiExperimentLog = z.infer<typeof aiExperimentLogSchema>;

/**
 * The next `count` times a job's cron names after `after`, as the server schedules it (UTC, or at the offset the
 * cron ends in): the form's preview. Empty for a cron the contracts refuse or one with no later time.
 */
export function nextCronRuns(cron: string, count: number, after = new Date()): Date[] {
  const parsed = parseCronExpression(cron);
  if (!parsed) return [];
  const options =
    parsed.utcOffsetMinutes === undefined ? { timezone: 'UTC' } : { utcOffset: parsed.utcOffsetMinutes };
  return new Cron(parsed.pattern, { ...options, paused: true, sloppyRanges: true }).nextRuns(count, after);
}
