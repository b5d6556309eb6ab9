import { nextCronRuns } from '@loupe/contracts';

/** A timestamp column's value as ISO text (PGlite answers Dates, node-postgres may answer text). */
export const isoOf = (value: unknown): string => new Date(value as Date | string).toISOString();

/** The next time a job's cron names after `after` (UTC unless it ends in an offset); null for none. */
export const nextRunOf = (cron: string, after: Date): Date | null => nextCronRuns(cron, 1, after)[0] ?? null;
