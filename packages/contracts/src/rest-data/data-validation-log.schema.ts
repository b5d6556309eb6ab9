import { z } from 'zod';
import { int32IdParam } from '../input-bounds.js';
import { restDataErrorSchema } from './rest-data.schema.js';

/** Status of a REST data call: successful when every record was accepted, failed otherwise. */
export const DATA_VALIDATION_LOG_STATUSES = ['Successful', 'Failed'] as const;

export const dataValidationLogIdParamsSchema = z.object({ id: int32IdParam });

/**
 * One row of the REST data log grid (`GET /api/data-validation-logs`, `POST …/query`, `…/export`; docs/grid.md),
 * newest first. `UserName` is the account that sent the call (its source).
 */
export const dataValidationLogSchema = z.object({
  Id: z.number().int(),
  SurveyId: z.number().int().nullable(),
  SurveyTitle: z.string().nullable(),
  UserId: z.number().int().nullable(),
  UserName: z.string().nullable(),
  Status: z.enum(DATA_VALIDATION_LOG_STATUSES),
  IsSuccessful: z.boolean(),
  AcceptedCount: z.number().int(),
  RejectedCount: z.number().int(),
  CreatedDate: z.string(),
});
export type DataValidationLog = z.infer<typeof dataValidationLogSchema>;

/**
 * A log entry with what was sent and what was answered (`Result`, every record error). The log keeps the first
 * 64 KB of the body: `Request` is the parsed body when it was kept whole, else the kept text (`RequestTruncated`).
 * `RequestBytes` is the whole body's size (null on entries from before it was recorded).
 */
export const dataValidationLogDetailSchema = dataValidationLogSchema.extend({
  Request: z.unknown(),
  RequestBytes: z.number().int().nullable(),
  RequestTruncated: z.boolean(),
  Result: z.object({
    Accepted: z.number().int(),
    Rejected: z.number().int(),
    Errors: z.array(restDataErrorSchema),
  }),
});
export type DataValidationLogDetail = z.infer<typeof dataValidationLogDetailSchema>;
