import { z } from 'zod';
import { int32Id, int32IdParam, safeText } from '../input-bounds.js';
import { cronExpression, parseCronExpression, requiredText } from '../validators.js';

/*
 * Email report notifications (issue 23 item 2; shell spec "EmailReport"; docs/email-reports.md): a report mailed as
 * a PDF on a cron to one user or to every active user of a role, each with their own data scope and language.
 * Screens `email-report-notifications`, `…/create`, `…/{id}`; scopes report:manage or config:manage.
 */

export const EMAIL_REPORT_LIMITS = { subjectMax: 200, bodyMax: 4_000, cronMax: 100 } as const;

/** The spec's default: hourly, on the hour (UTC). */
export const EMAIL_REPORT_DEFAULT_CRON = '0 * * * *';

/** The contracts cron rule, with exactly five fields (minute hour day month weekday). */
const fiveFieldCron = z
  .string()
  .max(EMAIL_REPORT_LIMITS.cronMax)
  .pipe(cronExpression())
  .refine((value) => parseCronExpression(value)?.fields.length === 5, {
    message: 'Use five fields: minute hour day month weekday',
  });

/**
 * `POST /api/email-report-notifications` and `PUT /api/email-report-notifications/{id}`. Exactly one of UserId and
 * RoleId names the recipients (19502). ExperienceId and SurveyId narrow the report's filter for the pack.
 */
export const emailReportSaveSchema = z.strictObject({
  ReportId: int32Id,
  UserId: int32Id.nullish().transform((value) => value ?? null),
  RoleId: int32Id.nullish().transform((value) => value ?? null),
  ExperienceId: int32Id.nullish().transform((value) => value ?? null),
  SurveyId: int32Id.nullish().transform((value) => value ?? null),
  Subject: requiredText().pipe(safeText(EMAIL_REPORT_LIMITS.subjectMax)),
  Body: safeText(EMAIL_REPORT_LIMITS.bodyMax, { multiline: true })
    .nullish()
    .transform((value) => value?.trim() ?? ''),
  CronExpression: fiveFieldCron.default(EMAIL_REPORT_DEFAULT_CRON),
  IsActive: z.boolean().default(true),
});
export type EmailReportSave = z.input<typeof emailReportSaveSchema>;

export const emailReportParamsSchema = z.object({ id: int32IdParam });

/** One email report notification as the grid and the form read it. */
export const emailReportSchema = z.object({
  Id: z.number().int(),
  ReportId: z.number().int(),
  ReportTitle: z.string(),
  UserId: z.number().int().nullable(),
  UserName: z.string().nullable(),
  RoleId: z.number().int().nullable(),
  RoleName: z.string().nullable(),
  ExperienceId: z.number().int().nullable(),
  SurveyId: z.number().int().nullable(),
  Subject: z.string(),
  Body: z.string(),
  CronExpression: z.string(),
  IsActive: z.boolean(),
  CreatedDate: z.string(),
  LastRunAt: z.string().nullable(),
  LastError: z.string().nullable(),
  LastSentCount: z.number().int().nullable(),
  /** The next three times the cron names (UTC ISO), computed by the server; empty while inactive. */
  NextRuns: z.array(z.string()),
});
export type EmailReport = z.infer<typeof emailReportSchema>;

/** `POST /api/email-report-notifications/{id}/send`: one run was queued. */
export const emailReportSendResultSchema = z.object({ Queued: z.literal(true) });

/** `GET /api/email-report-notifications/options`: what the form offers (the tenant's reports, users with an email, roles). */
export const emailReportOptionsSchema = z.object({
  Reports: z.array(z.object({ Id: z.number().int(), Title: z.string() })),
  Users: z.array(z.object({ Id: z.number().int(), FullName: z.string(), UserName: z.string() })),
  Roles: z.array(z.object({ Id: z.number().int(), Name: z.string() })),
});
export type EmailReportOptions = z.infer<typeof emailReportOptionsSchema>;
