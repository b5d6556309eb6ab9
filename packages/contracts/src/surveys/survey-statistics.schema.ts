import { z } from 'zod';
import { int32IdParam } from '../input-bounds.js';

/*
 * Survey statistics (issue 16 §4), all read from the analytics replica: the invitation funnel (invited, sent,
 * delivered, opened, started, completed) per survey, per channel and over time, and for one survey the
 * per-question answer distributions, drop-off and the median completion time. Dates are the caller's calendar
 * days at `timezoneOffset`, in minutes as the widgets' TimezoneOffset header and the browser's
 * `Date#getTimezoneOffset()` give them: UTC minus local time (-180 in Istanbul). Who counts:
 * docs/surveys-statistics.md (invitations invited in the range and their sessions, plus the sessions without an
 * invitation started in the range, under Channel 0).
 */

export const STATISTICS_PERIODS = ['day', 'week', 'month'] as const;

export const surveyStatisticsQuerySchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  timezoneOffset: z.coerce
    .number()
    .int()
    .min(-14 * 60)
    .max(14 * 60)
    .default(0),
  period: z.enum(STATISTICS_PERIODS).default('day'),
  /** Only these surveys (comma-separated ids); all the caller's surveys when absent. */
  surveyIds: z
    .string()
    .max(11_000)
    .regex(/^\d{1,10}(,\d{1,10})*$/)
    .optional(),
});
export const surveyStatisticsParamsSchema = z.object({ id: int32IdParam });

const funnelSchema = z.object({
  Invited: z.number().int(),
  Sent: z.number().int(),
  Delivered: z.number().int(),
  Opened: z.number().int(),
  Started: z.number().int(),
  Completed: z.number().int(),
  /** Sessions of the invitations ÷ invited, 0-1 (uninvited sessions left out); null when nobody was invited. */
  ResponseRate: z.number().nullable(),
  /** Completed ÷ started, 0-1; null when nobody started. */
  CompletionRate: z.number().nullable(),
});
export type Funnel = z.infer<typeof funnelSchema>;

/** `GET /api/survey-statistics`: every survey the caller reads (type 7 never). */
export const surveysStatisticsSchema = z.object({
  Total: funnelSchema,
  Surveys: z.array(funnelSchema.extend({ SurveyId: z.number().int(), Title: z.string() })),
  /** By interaction channel (1 email, 2 SMS, …); 0 = sessions without an invitation. */
  ByChannel: z.array(funnelSchema.extend({ Channel: z.number().int() })),
  /** Period keys `YYYY-MM-DD` (the period's first day). */
  OverTime: z.array(funnelSchema.extend({ Period: z.string() })),
});
export type SurveysStatistics = z.infer<typeof surveysStatisticsSchema>;

/** `GET /api/surveys/{id}/statistics`. */
export const surveyStatisticsSchema = z.object({
  SurveyId: z.number().int(),
  Title: z.string(),
  Funnel: funnelSchema,
  ByChannel: z.array(funnelSchema.extend({ Channel: z.number().int() })),
  OverTime: z.array(funnelSchema.extend({ Period: z.string() })),
  /** Seconds from start to completion, the median of completed sessions; null without one. */
  MedianCompletionSeconds: z.number().nullable(),
  Questions: z.array(
    z.object({
      QuestionId: z.number().int(),
      Text: z.string(),
      QuestionTypeName: z.string(),
      /** Sessions that answered it. */
      Answered: z.number().int(),
      /** Started-not-completed sessions whose last answer was this question. */
      DropOff: z.number().int(),
      /** Per choice value (closed questions); empty for open-ended. */
      Distribution: z.array(
        z.object({ Value: z.number().int(), Label: z.string(), Count: z.number().int() }),
      ),
    }),
  ),
});
export type SurveyStatistics = z.infer<typeof surveyStatisticsSchema>;
