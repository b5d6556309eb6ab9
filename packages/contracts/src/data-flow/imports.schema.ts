import { z } from 'zod';
import { int32Id, int32IdParam, safeText } from '../input-bounds.js';
import { filterShape } from '../reports/filter-fields.js';
import { ELIMINATION_REASON, type EliminationReason } from './data-flow-enums.js';

/*
 * Invitee imports, the create-invitee form and the invitee pool (issue 18; surveys spec §3, §4, §8;
 * docs/data-flow.md): import data sources, import data logs (an uploaded .csv/.xlsx and its staged rows), one
 * invitee created by hand, and the pool of every staged invitee.
 */

/** A label in the console's three catalogued languages. */
type Label = { en: string; tr: string; ar: string };

/** The bounds of one upload and of a mapping (docs/data-flow.md "File rules"). */
export const IMPORT_LIMITS = {
  /** Largest uploaded file, in bytes (413 above). */
  fileBytesMax: 50 * 1024 * 1024,
  /** Data rows of one file at most (a larger file ends the log Failed). */
  rowsMax: 1_000_000,
  /** Columns of one file's heading row at most. */
  columnsMax: 200,
  /** Data rows the preview answers. */
  previewRows: 10,
} as const;

/**
 * The invitee fields a file's column can map to, in the order the mapping step offers them, with their names.
 * Codes (channel, product, type, location, employee) are integration codes as in REST data; `InviteeSegments`
 * holds 'GROUPCODE;CODE' references separated by `|` or `,`; `TransactionDate` an ISO date or date-time (an
 * Excel date cell too); `IsTestUser` true/false/1/0/yes/no; `InviteeChannel` an interaction channel number (1
 * email, 2 SMS, 3 push, 8 IVR, 9 CATI); `CustomConfigName` the value that must equal the source's type field.
 */
export const IMPORT_FIELDS = [
  { Field: 'InviteeFullName', names: { en: 'Full name', tr: 'Ad soyad', ar: 'الاسم الكامل' } },
  { Field: 'InviteeEmail', names: { en: 'Email', tr: 'E-posta', ar: 'البريد الإلكتروني' } },
  { Field: 'InviteeMSISDN', names: { en: 'Mobile phone', tr: 'Cep telefonu', ar: 'الهاتف المحمول' } },
  { Field: 'InviteeHomeTel', names: { en: 'Home phone', tr: 'Ev telefonu', ar: 'هاتف المنزل' } },
  { Field: 'InviteeWorkTel', names: { en: 'Work phone', tr: 'İş telefonu', ar: 'هاتف العمل' } },
  { Field: 'InviteeLanguage', names: { en: 'Language', tr: 'Dil', ar: 'اللغة' } },
  { Field: 'InviteeLocation', names: { en: 'Invitee location', tr: 'Davetli konumu', ar: 'موقع المدعو' } },
  { Field: 'TransactionDate', names: { en: 'Transaction date', tr: 'İşlem tarihi', ar: 'تاريخ المعاملة' } },
  { Field: 'TransactionType', names: { en: 'Transaction type', tr: 'İşlem tipi', ar: 'نوع المعاملة' } },
  { Field: 'TransactionProduct', names: { en: 'Product', tr: 'Ürün', ar: 'المنتج' } },
  {
    Field: 'TransactionChannel',
    names: { en: 'Transaction channel', tr: 'İşlem kanalı', ar: 'قناة المعاملة' },
  },
  {
    Field: 'TransactionDuration',
    names: { en: 'Transaction duration', tr: 'İşlem süresi', ar: 'مدة المعاملة' },
  },
  { Field: 'Employee', names: { en: 'Employee', tr: 'Çalışan', ar: 'الموظف' } },
  { Field: 'InviteeSegments', names: { en: 'Segments', tr: 'Segmentler', ar: 'الشرائح' } },
  { Field: 'InviteeChannel', names: { en: 'Invitee channel', tr: 'Davetli kanalı', ar: 'قناة المدعو' } },
  {
    Field: 'CustomConfigName',
    names: { en: 'Custom config name', tr: 'Özel yapılandırma adı', ar: 'اسم التكوين المخصص' },
  },
  { Field: 'IsTestUser', names: { en: 'Test user', tr: 'Test kullanıcısı', ar: 'مستخدم اختبار' } },
  { Field: 'Details', names: { en: 'Details', tr: 'Detaylar', ar: 'التفاصيل' } },
  ...Array.from({ length: 10 }, (_, index) => ({
    Field: `CustomData${index + 1}` as `CustomData${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10}`,
    names: {
      en: `Custom data ${index + 1}`,
      tr: `Özel veri ${index + 1}`,
      ar: `بيانات مخصصة ${index + 1}`,
    },
  })),
] as const satisfies readonly { Field: string; names: Label }[];
export type ImportField = (typeof IMPORT_FIELDS)[number]['Field'];
export const IMPORT_FIELD_NAMES = IMPORT_FIELDS.map((field) => field.Field) as [
  ImportField,
  ...ImportField[],
];

/** One column of a file mapped to one invitee field. */
export const importColumnMappingSchema = z.object({
  Column: safeText(200).trim().min(1),
  Field: z.enum(IMPORT_FIELD_NAMES),
});
export type ImportColumnMappingItem = z.infer<typeof importColumnMappingSchema>;

/** A whole mapping: each column and each field at most once. */
export const importMappingSchema = z
  .array(importColumnMappingSchema)
  .max(IMPORT_LIMITS.columnsMax)
  .refine((items) => new Set(items.map((item) => item.Field)).size === items.length, {
    message: 'Each field may be mapped once',
  })
  .refine((items) => new Set(items.map((item) => item.Column.toLowerCase())).size === items.length, {
    message: 'Each column may be mapped once',
  });

// --------------------------------------------------------------------------------------- import data sources

/**
 * `POST /api/import-data-sources`, `PUT /api/import-data-sources/{id}` (alterna:manage, an operator scope: the
 * caller is tenantless and names the source's tenant; a tenant's caller may leave it out or name their own).
 */
export const importDataSourceSaveSchema = z.strictObject({
  /** The tenant the source belongs to; required from a tenantless operator, fixed once created. */
  TenantId: int32Id.nullish(),
  Name: safeText(200).trim().min(1),
  /** The value its rows carry as their custom config name; unique per tenant, case-insensitively (16002). */
  TypeField: safeText(100).trim().min(1),
  /** The survey its uploads feed by default; null: chosen at each upload. */
  SurveyId: int32Id.nullable(),
  Mapping: importMappingSchema.default([]),
  RequiresApproval: z.boolean().default(false),
  IsActive: z.boolean().default(true),
});
export type ImportDataSourceSave = z.input<typeof importDataSourceSaveSchema>;

export const importDataSourceParamsSchema = z.object({ id: int32IdParam });

/** An import data source as the grid and the form read it (`GET /api/import-data-sources[/{id}]`). */
export const importDataSourceSchema = z.object({
  Id: z.number().int(),
  TenantId: z.number().int(),
  TenantName: z.string().nullable(),
  Name: z.string(),
  TypeField: z.string(),
  SurveyId: z.number().int().nullable(),
  SurveyName: z.string().nullable(),
  Mapping: z.array(importColumnMappingSchema),
  RequiresApproval: z.boolean(),
  IsActive: z.boolean(),
  /** Import logs made from it (a source with any cannot be deleted: 16001). */
  ImportCount: z.number().int(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type ImportDataSource = z.infer<typeof importDataSourceSchema>;

/**
 * `GET /api/import-data-sources/options` (invitation:manage or alterna:manage): the active sources the upload
 * form offers, with what it pre-fills (survey, mapping) and whether the upload will wait for a second user.
 */
export const importDataSourceOptionSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  TypeField: z.string(),
  SurveyId: z.number().int().nullable(),
  Mapping: z.array(importColumnMappingSchema),
  RequiresApproval: z.boolean(),
});
export type ImportDataSourceOption = z.infer<typeof importDataSourceOptionSchema>;

// ------------------------------------------------------------------------------------------ import data logs

/**
 * `POST /api/import-data-logs` is multipart: the part `file` (.csv or .xlsx, UTF-8) and these text fields.
 * `Mapping` is the JSON text of an `importMappingSchema`; without it the source's saved mapping applies, else
 * each heading that equals a field name (case-insensitively, spaces ignored) maps to it. `SaveMapping` "true"
 * stores the given mapping on the source.
 */
export const importUploadFieldsSchema = z.object({
  SurveyId: int32IdParam,
  ImportDataSourceId: int32IdParam.optional(),
  Mapping: z.string().max(100_000).optional(),
  SaveMapping: z.enum(['true', 'false']).optional(),
});

/** `POST /api/import-data-logs` 201: the new log; the job stages and processes it (poll the detail). */
export const importUploadAnswerSchema = z.object({
  Id: z.number().int(),
  Status: z.number().int(),
});
export type ImportUploadAnswer = z.infer<typeof importUploadAnswerSchema>;

/**
 * `POST /api/import-data-logs/preview` (multipart `file`, optional `ImportDataSourceId`): the heading row and the
 * first IMPORT_LIMITS.previewRows rows, and the mapping an upload would use without one. Nothing is stored.
 */
export const importPreviewSchema = z.object({
  Headers: z.array(z.string()),
  Rows: z.array(z.array(z.string())),
  SuggestedMapping: z.array(importColumnMappingSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importDataLogParamsSchema = z.object({ id: int32IdParam });

/** One import log as the grid shows it (`GET /api/import-data-logs`). `Status`: IMPORT_LOG_STATUS. */
export const importDataLogRowSchema = z.object({
  Id: z.number().int(),
  SurveyId: z.number().int(),
  SurveyName: z.string().nullable(),
  ImportDataSourceId: z.number().int().nullable(),
  ImportDataSourceName: z.string().nullable(),
  FileName: z.string(),
  FileType: z.string(),
  Status: z.number().int(),
  RequiresApproval: z.boolean(),
  /** Data rows of the file (null until read). */
  TotalCount: z.number().int().nullable(),
  /** Rows staged so far: the progress bar is ProcessedCount / TotalCount. */
  ProcessedCount: z.number().int(),
  /** Rows that passed every check and rule. */
  AcceptedCount: z.number().int(),
  /** Rows removed by an elimination rule. */
  EliminatedCount: z.number().int(),
  /** Rows refused by a field check (errorDetail). */
  ErrorCount: z.number().int(),
  /** Invitations made for the moved rows. */
  InvitedCount: z.number().int(),
  CreatedByUserId: z.number().int().nullable(),
  CreatedByUserName: z.string().nullable(),
  DecidedByUserId: z.number().int().nullable(),
  DecidedByUserName: z.string().nullable(),
  DecidedAt: z.string().nullable(),
  ProcessedAt: z.string().nullable(),
  CreatedAt: z.string(),
  /** Why it failed (Status Failed). */
  Error: z.string().nullable(),
});
export type ImportDataLogRow = z.infer<typeof importDataLogRowSchema>;

/** `GET /api/import-data-logs/{id}`: the row, its mapping, progress and counts. */
export const importDataLogDetailSchema = importDataLogRowSchema.extend({
  Mapping: z.array(importColumnMappingSchema),
  /** 0–100: rows staged of the file's rows, 100 once past Processing. */
  Progress: z.number().min(0).max(100),
  /** Staged rows per STAGED_RECORD_STATUS. */
  StatusCounts: z.object({
    New: z.number().int(),
    Processed: z.number().int(),
    Moved: z.number().int(),
    Removed: z.number().int(),
  }),
  /** Removed rows per elimination reason (only reasons with rows). */
  EliminationCounts: z.array(z.object({ Reason: z.number().int(), Count: z.number().int() })),
  /** Refused rows per field-check code (3100–3113, 3333). */
  ErrorCounts: z.array(z.object({ Code: z.number().int(), Count: z.number().int() })),
  /** The caller may approve or reject it now (WaitingForApproval and not the uploader). */
  CanDecide: z.boolean(),
});
export type ImportDataLogDetail = z.infer<typeof importDataLogDetailSchema>;

// ------------------------------------------------------------------------------------------ staged invitees

/**
 * One staged invitee: a row of the invitee pool (`/api/invitee-pool`) and of an import log's rows
 * (`/api/import-data-logs/{id}/rows`). Names, email and MSISDN are masked for holders of mask:invitee.
 * `Status`: STAGED_RECORD_STATUS; `EliminationReason`: ELIMINATION_REASON; `ErrorDetail`: "code Field: message".
 */
export const stagedInviteeRowSchema = z.object({
  Id: z.number().int(),
  ImportDataLogId: z.number().int().nullable(),
  RowNumber: z.number().int().nullable(),
  SurveyId: z.number().int(),
  SurveyName: z.string().nullable(),
  InviteeId: z.number().int().nullable(),
  InviteeFullName: z.string().nullable(),
  InviteeEmail: z.string().nullable(),
  InviteeMsisdn: z.string().nullable(),
  CreateDate: z.string(),
  TransactionTypeId: z.number().int().nullable(),
  TransactionTypeName: z.string().nullable(),
  TransactionChannelId: z.number().int().nullable(),
  TransactionChannelName: z.string().nullable(),
  ProductId: z.number().int().nullable(),
  ProductName: z.string().nullable(),
  EmployeeId: z.number().int().nullable(),
  EmployeeName: z.string().nullable(),
  LocationId: z.number().int().nullable(),
  LocationName: z.string().nullable(),
  TransactionDate: z.string().nullable(),
  InviteeChannel: z.number().int().nullable(),
  IsTestUser: z.boolean(),
  Status: z.number().int(),
  EliminationReason: z.number().int().nullable(),
  ErrorDetail: z.string().nullable(),
  /** The segment names, 'Group: Segment'. */
  Segments: z.array(z.string()),
});
export type StagedInviteeRow = z.infer<typeof stagedInviteeRowSchema>;

/**
 * The filter body of `POST /api/invitee-pool/query` and `/export` (surveys spec §3 Invitee pool): the filter
 * registry's `inviteePool` rows (reports/filter-fields.ts). Each key is optional and narrows; a tree set also takes
 * the descendants of its nodes; `Segments` 'groupId;id' keeps rows with any of them; CustomData* contains the text
 * (case-insensitively).
 */
export const inviteePoolFilterSchema = z.object(filterShape('inviteePool')).strict();
export type InviteePoolFilter = z.infer<typeof inviteePoolFilterSchema>;

// ----------------------------------------------------------------------------------------- create invitee

const optionalText = (max: number) =>
  safeText(max)
    .trim()
    .nullish()
    .transform((value) => value || undefined);
const customDataValue = z
  .union([safeText(4000), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined || value === '' ? undefined : String(value)));

/**
 * `POST /api/invitees` (invitation:manage): one invitee typed in the console. The codes are integration codes,
 * checked like REST data (3100–3113, 400 with `Details` naming the field); the record is staged without an import
 * log, passes the elimination rules and, when it passes, becomes an invitee at once (no approval).
 */
export const inviteeCreateSchema = z.strictObject({
  SurveyId: int32Id,
  InviteeFullName: optionalText(200),
  InviteeMSISDN: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^\+?[0-9]{6,15}$/),
    ])
    .nullish()
    .transform((value) => value || undefined),
  InviteeEmail: z
    .union([z.literal(''), z.email().max(254)])
    .nullish()
    .transform((value) => value || undefined),
  InviteeHomeTel: optionalText(50),
  InviteeWorkTel: optionalText(50),
  IsTestUser: z.boolean().default(false),
  InviteeLanguage: optionalText(10),
  InviteeLocation: optionalText(200),
  TransactionType: optionalText(200),
  TransactionProduct: optionalText(200),
  TransactionChannel: optionalText(200),
  /** Seconds. */
  TransactionDuration: z.number().int().min(0).max(2_147_483_647).nullish(),
  /** 'GROUPCODE;CODE' references. */
  InviteeSegments: z.array(safeText(500).trim()).max(100).nullish(),
  Details: optionalText(4000),
  Employee: optionalText(200),
  /** ISO date or date-time; absent: now. */
  TransactionDate: z.string().max(64).nullish(),
  /** Interaction channel (1 email, 2 SMS, 3 push, 8 IVR, 9 CATI); absent: the survey's primary channel. */
  InviteeChannel: z.number().int().min(1).max(12).nullish(),
  CustomData1: customDataValue,
  CustomData2: customDataValue,
  CustomData3: customDataValue,
  CustomData4: customDataValue,
  CustomData5: customDataValue,
  CustomData6: customDataValue,
  CustomData7: customDataValue,
  CustomData8: customDataValue,
  CustomData9: customDataValue,
  CustomData10: customDataValue,
});
export type InviteeCreate = z.input<typeof inviteeCreateSchema>;

/** `POST /api/invitees` 201: the staged record as it ended (moved with its invitee, or removed with why). */
export const inviteeCreateAnswerSchema = z.object({
  StagedInviteeId: z.number().int(),
  /** STAGED_RECORD_STATUS: 2 moved (InviteeId set) or 3 removed (EliminationReason set). */
  Status: z.number().int(),
  EliminationReason: z.number().int().nullable(),
  InviteeId: z.number().int().nullable(),
  /** Invitations made for the new invitee (0 when the survey is not active or has no channel). */
  InvitationCount: z.number().int(),
});
export type InviteeCreateAnswer = z.infer<typeof inviteeCreateAnswerSchema>;

// --------------------------------------------------------------------------------------------------- labels

/** The elimination reasons' labels (the pool's and the import detail's column). */
export const ELIMINATION_REASON_LABELS: Record<EliminationReason, Label> = {
  [ELIMINATION_REASON.Duplicate]: { en: 'Duplicate', tr: 'Mükerrer kayıt', ar: 'سجل مكرر' },
  [ELIMINATION_REASON.NoEmailAndMobile]: {
    en: 'No email and no mobile',
    tr: 'E-posta ve cep telefonu yok',
    ar: 'لا بريد إلكتروني ولا هاتف محمول',
  },
  [ELIMINATION_REASON.LocationNotAcceptable]: {
    en: 'Location not acceptable',
    tr: 'Konum uygun değil',
    ar: 'الموقع غير مقبول',
  },
  [ELIMINATION_REASON.ChannelNotAcceptable]: {
    en: 'Transaction channel not acceptable',
    tr: 'İşlem kanalı uygun değil',
    ar: 'قناة المعاملة غير مقبولة',
  },
  [ELIMINATION_REASON.ProductNotAcceptable]: {
    en: 'Product not acceptable',
    tr: 'Ürün uygun değil',
    ar: 'المنتج غير مقبول',
  },
  [ELIMINATION_REASON.TransactionTypeNotAcceptable]: {
    en: 'Transaction type not acceptable',
    tr: 'İşlem tipi uygun değil',
    ar: 'نوع المعاملة غير مقبول',
  },
  [ELIMINATION_REASON.SegmentNotAcceptable]: {
    en: 'Segment not acceptable',
    tr: 'Segment uygun değil',
    ar: 'الشريحة غير مقبولة',
  },
  [ELIMINATION_REASON.OptOut]: { en: 'Opted out', tr: 'Davet almak istemiyor', ar: 'ألغى الاشتراك' },
  [ELIMINATION_REASON.SurveyCommunicationFrequency]: {
    en: 'Survey communication frequency',
    tr: 'Anket iletişim sıklığı',
    ar: 'تكرار التواصل للاستبيان',
  },
  [ELIMINATION_REASON.GlobalInvitationRule]: {
    en: 'Global invitation rule',
    tr: 'Genel davet kuralı',
    ar: 'قاعدة الدعوة العامة',
  },
  [ELIMINATION_REASON.CustomConfigNameNotAcceptable]: {
    en: 'Custom config name not acceptable',
    tr: 'Özel yapılandırma adı uygun değil',
    ar: 'اسم التكوين المخصص غير مقبول',
  },
  [ELIMINATION_REASON.EmployeeNotAcceptable]: {
    en: 'Employee not acceptable',
    tr: 'Çalışan uygun değil',
    ar: 'الموظف غير مقبول',
  },
  [ELIMINATION_REASON.InviteeChannelNotAcceptable]: {
    en: 'Invitee channel not acceptable',
    tr: 'Davetli kanalı uygun değil',
    ar: 'قناة المدعو غير مقبولة',
  },
  [ELIMINATION_REASON.RecurringSurveyCommunicationFrequency]: {
    en: 'Survey communication frequency (at invitation)',
    tr: 'Anket iletişim sıklığı (davet anında)',
    ar: 'تكرار التواصل للاستبيان (عند الدعوة)',
  },
  [ELIMINATION_REASON.RecurringGlobalInvitationRule]: {
    en: 'Global invitation rule (at invitation)',
    tr: 'Genel davet kuralı (davet anında)',
    ar: 'قاعدة الدعوة العامة (عند الدعوة)',
  },
  [ELIMINATION_REASON.OneInvitePerFiveHours]: {
    en: 'One invitation per 5 hours',
    tr: '5 saatte bir davet',
    ar: 'دعوة واحدة كل 5 ساعات',
  },
  [ELIMINATION_REASON.TargetedSurveyRecurringFrequency]: {
    en: 'Targeted survey communication frequency',
    tr: 'Hedefli anket iletişim sıklığı',
    ar: 'تكرار التواصل للاستبيان المستهدف',
  },
  [ELIMINATION_REASON.TargetedSurveyRecurringGlobalRule]: {
    en: 'Targeted survey global invitation rule',
    tr: 'Hedefli anket genel davet kuralı',
    ar: 'قاعدة الدعوة العامة للاستبيان المستهدف',
  },
};

/** The import log statuses' labels. */
export const IMPORT_LOG_STATUS_LABELS: Record<number, Label> = {
  0: { en: 'Initial', tr: 'Başlangıç', ar: 'أولي' },
  1: { en: 'New', tr: 'Yeni', ar: 'جديد' },
  2: { en: 'Processing', tr: 'İşleniyor', ar: 'قيد المعالجة' },
  3: { en: 'Waiting for approval', tr: 'Onay bekliyor', ar: 'بانتظار الموافقة' },
  4: { en: 'Approved', tr: 'Onaylandı', ar: 'تمت الموافقة' },
  5: { en: 'Rejected', tr: 'Reddedildi', ar: 'مرفوض' },
  6: { en: 'Failed', tr: 'Başarısız', ar: 'فشل' },
  7: { en: 'Processed', tr: 'İşlendi', ar: 'تمت المعالجة' },
};

/** The staged record statuses' labels. */
export const STAGED_RECORD_STATUS_LABELS: Record<number, Label> = {
  0: { en: 'New', tr: 'Yeni', ar: 'جديد' },
  1: { en: 'Processed', tr: 'İşlendi', ar: 'تمت المعالجة' },
  2: { en: 'Moved', tr: 'Aktarıldı', ar: 'تم النقل' },
  3: { en: 'Removed', tr: 'Çıkarıldı', ar: 'تمت الإزالة' },
};
