import { z } from 'zod';
import { idList, int32IdParam, safeText } from '../input-bounds.js';
import { reportFilterSchema } from '../reports/report-filter.schema.js';
import { cronExpression, emptyOr, ftpUrl, requiredText } from '../validators.js';

/*
 * FTP exports of survey answers (issue 18 item 8; surveys spec §3 "Export to FTP of survey answers"; shell spec
 * "ExportFtpSurveysAnswer"; docs/ftp-export.md). Scope `surveyanswers`. The FTP password is write-only: the
 * server keeps it sealed and answers only `HasPassword`.
 */

const FTP_EXPORT_LIMITS = {
  nameMax: 200,
  subjectMax: 250,
  bodyMax: 10_000,
  urlMax: 500,
  usernameMax: 200,
  passwordMax: 200,
  folderMax: 500,
  users: 100,
  surveys: 100,
} as const;

/** The files an export writes: the answers table (docs/widgets-tables.md) as CSV or as an Excel workbook. */
const FTP_EXPORT_FORMATS = ['csv', 'xlsx'] as const;

/** The spec's default: every minute. */
export const FTP_EXPORT_DEFAULT_CRON = '* * * * *';

/**
 * `POST /api/export-ftp-surveys-answer` and `PUT /api/export-ftp-surveys-answer/{id}`. FtpPassword is required
 * on create; on update an empty or absent one keeps the stored password. Filter is the report filter the answers
 * table reads (its TimeRange included); SurveyIds are added to it.
 */
export const ftpExportSaveSchema = z.strictObject({
  Name: requiredText().pipe(safeText(FTP_EXPORT_LIMITS.nameMax)),
  UserIds: idList(FTP_EXPORT_LIMITS.users).default([]),
  EmailSubject: safeText(FTP_EXPORT_LIMITS.subjectMax)
    .nullish()
    .transform((value) => value?.trim() || null),
  EmailBody: safeText(FTP_EXPORT_LIMITS.bodyMax, { multiline: true })
    .nullish()
    .transform((value) => value?.trim() || null),
  FtpUrl: z.string().max(FTP_EXPORT_LIMITS.urlMax).pipe(ftpUrl()),
  FtpUsername: requiredText().pipe(safeText(FTP_EXPORT_LIMITS.usernameMax)),
  FtpPassword: emptyOr(safeText(FTP_EXPORT_LIMITS.passwordMax)).nullish(),
  FtpFolderPath: safeText(FTP_EXPORT_LIMITS.folderMax)
    .nullish()
    .transform((value) => value?.trim() || '/'),
  CreateUniqueFolderForEachTransfer: z.boolean().default(true),
  SurveyIds: idList(FTP_EXPORT_LIMITS.surveys).min(1),
  Filter: reportFilterSchema.strict().default({}),
  FileFormat: z.enum(FTP_EXPORT_FORMATS).default('csv'),
  CronExpression: z.string().max(200).pipe(cronExpression()).default(FTP_EXPORT_DEFAULT_CRON),
  IsActive: z.boolean().default(false),
});
export type FtpExportSave = z.input<typeof ftpExportSaveSchema>;

export const ftpExportParamsSchema = z.object({ id: int32IdParam });

/** One FTP export as the grid and the form read it; never its password. */
export const ftpExportSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  UserIds: z.array(z.number().int()),
  EmailSubject: z.string().nullable(),
  EmailBody: z.string().nullable(),
  FtpUrl: z.string(),
  FtpUsername: z.string(),
  /** Whether a password is stored; the password itself never leaves the server. */
  HasPassword: z.boolean(),
  FtpFolderPath: z.string(),
  CreateUniqueFolderForEachTransfer: z.boolean(),
  SurveyIds: z.array(z.number().int()),
  Filter: z.record(z.string(), z.unknown()),
  FileFormat: z.enum(FTP_EXPORT_FORMATS),
  CronExpression: z.string(),
  IsActive: z.boolean(),
  CreatedDate: z.string(),
  LastUploadDate: z.string().nullable(),
});
export type FtpExport = z.infer<typeof ftpExportSchema>;

/** How a transfer ended; `running` until it does. */
const FTP_EXPORT_RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;

/** One transfer (`GET /api/export-ftp-surveys-answer/{id}/runs`, newest first, the last 50). */
const ftpExportRunSchema = z.object({
  Id: z.number().int(),
  Status: z.enum(FTP_EXPORT_RUN_STATUSES),
  /** Started by run-now rather than by the schedule. */
  Manual: z.boolean(),
  StartedAt: z.string(),
  FinishedAt: z.string().nullable(),
  RowCount: z.number().int().nullable(),
  RemotePath: z.string().nullable(),
  Error: z.string().nullable(),
});
export type FtpExportRun = z.infer<typeof ftpExportRunSchema>;
export const ftpExportRunsSchema = z.array(ftpExportRunSchema);
