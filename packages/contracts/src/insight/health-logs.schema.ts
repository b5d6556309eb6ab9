import { z } from 'zod';
import { safeText } from '../input-bounds.js';

/*
 * The health check (`GET /api/health-check`, scope healthcheck) and the server log (`GET|POST /api/logs`, scope
 * log:monitor); surveys spec §2, §6, §9 and docs/health-and-logs.md.
 */

/** The spec's log levels (surveys spec §9), most severe first. */
export const LOG_LEVELS = ['CRITICAL', 'ERROR', 'WARNING', 'INFO', 'DEBUG', 'VERBOSE'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Without dates the log's range is the last this many days. */
export const SERVER_LOG_DEFAULT_DAYS = 1;
/** Longest request id or search text a filter may carry. */
const FILTER_TEXT_MAX = 200;

const instant = z.iso.datetime({ offset: true });

/**
 * The filter body of the log grid (`POST /api/logs/query` and its export): an inclusive range of instants (a
 * missing EndDate is now, a missing StartDate SERVER_LOG_DEFAULT_DAYS before it), the levels to show (none: all),
 * one request id, and a text the message contains (case-insensitive).
 */
export const serverLogFilterSchema = z
  .object({
    StartDate: instant.optional(),
    EndDate: instant.optional(),
    Levels: z.array(z.enum(LOG_LEVELS)).max(LOG_LEVELS.length).optional(),
    RequestId: safeText(FILTER_TEXT_MAX).optional(),
    Text: safeText(FILTER_TEXT_MAX).optional(),
  })
  .strict()
  .refine(
    ({ StartDate, EndDate }) => !StartDate || !EndDate || Date.parse(StartDate) <= Date.parse(EndDate),
    { message: 'healthLogs.rangeReversed', path: ['EndDate'] },
  );

/** One line of the server log. */
export const serverLogRowSchema = z.object({
  Id: z.number().int(),
  Time: z.string(),
  Level: z.enum(LOG_LEVELS),
  RequestId: z.string().nullable(),
  Message: z.string(),
  /** The line's other fields as JSON text (secrets redacted), null when it has none. */
  Context: z.string().nullable(),
});
export type ServerLogRow = z.infer<typeof serverLogRowSchema>;

/** The series the anomaly detector watches. */
const ANOMALY_SOURCES = ['ingest', 'restData', 'invitations', 'jobs'] as const;
export type AnomalySource = (typeof ANOMALY_SOURCES)[number];

/** How many anomalies the health check lists (surveys spec §2: the last 5). */
export const HEALTH_CHECK_ANOMALY_COUNT = 5;

/** One anomaly: consecutive anomalous hours of one source. */
const anomalySchema = z.object({
  /** The first anomalous hour (UTC, ISO). */
  Date: z.string(),
  /** Hours the anomaly lasted. */
  Hours: z.number().int(),
  Source: z.enum(ANOMALY_SOURCES),
  /** Failures in those hours; for ingest, the answered sessions missing against the baseline. */
  ErrorCount: z.number().int(),
  /** What the hours held, and what their seasonal baseline expected. */
  Observed: z.number().int(),
  Expected: z.number(),
  /** 0..1, from the largest robust z-score of its hours (docs/health-and-logs.md). */
  Score: z.number(),
});
export type Anomaly = z.infer<typeof anomalySchema>;

const HEALTH_PARTS = ['database', 'replica', 'jobQueue', 'mail', 'sms', 'disk'] as const;

const HEALTH_STATES = ['ok', 'warning', 'error', 'notConfigured'] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

/** One part's card: its state and the figures behind it (which ones depend on the part). */
const healthPartSchema = z.object({
  Part: z.enum(HEALTH_PARTS),
  State: z.enum(HEALTH_STATES),
  /** database: round trip in ms; replica: changes not yet in the replica; jobQueue: queued jobs; disk: free bytes. */
  Value: z.number().nullable(),
  /** jobQueue: jobs failed in 24 h; replica: seconds since the oldest unapplied change; disk: total bytes. */
  Secondary: z.number().nullable(),
  /** A short technical note (the SMTP host, the error code), never a secret. */
  Detail: z.string().nullable(),
});
export type HealthPartStatus = z.infer<typeof healthPartSchema>;

/** `GET /api/health-check`. */
export const healthCheckSchema = z.object({
  CheckedAt: z.string(),
  Anomalies: z.array(anomalySchema).max(HEALTH_CHECK_ANOMALY_COUNT),
  Parts: z.array(healthPartSchema),
  /** The hours the detector scanned (the last four weeks' complete hours). */
  ScannedHours: z.number().int(),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;
