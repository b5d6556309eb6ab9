import { sql } from 'drizzle-orm';
import type { ImportField } from '@loupe/contracts';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { employees, locations, products, transactionChannels, transactionTypes } from './catalog.js';
import { tenants, users } from './identity.js';
import { customData, invitees } from './responses.js';
import { surveys } from './surveys.js';

/*
 * The invitee data flow (issue 18, docs/data-flow.md): import sources and logs, the staged records every candidate
 * invitee passes through before it becomes an invitee, the names of the ten custom data slots and the scheduled FTP
 * exports of answers.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** One column of an uploaded file mapped to one invitee field (contracts `IMPORT_FIELDS`). */
export type ImportColumnMapping = { Column: string; Field: ImportField };

/**
 * Where imports come from: a name, the value its rows carry in their type field (unique per tenant: 16002), the
 * column mapping its uploads reuse, the survey it feeds by default and whether a second user must approve.
 */
export const importDataSources = pgTable(
  'import_data_sources',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    typeField: text('type_field').notNull(),
    surveyId: integer('survey_id').references(() => surveys.id),
    mapping: jsonb('mapping').$type<ImportColumnMapping[]>().notNull().default([]),
    requiresApproval: boolean('requires_approval').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('import_data_sources_type_field_key').on(t.tenantId, sql`lower(${t.typeField})`)],
);

/**
 * One upload: its file until staged, its status (contracts `ImportLogStatus`: 0 Initial, 1 New, 2 Processing,
 * 3 WaitingForApproval, 4 Approved, 5 Rejected, 6 Failed, 7 Processed), its progress and counts.
 */
export const importDataLogs = pgTable(
  'import_data_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id),
    importDataSourceId: integer('import_data_source_id').references(() => importDataSources.id),
    fileName: text('file_name').notNull(),
    /** 'csv' or 'xlsx'. */
    fileType: text('file_type').notNull(),
    /** The uploaded bytes, kept until the rows are staged, then cleared. */
    fileContent: bytea('file_content'),
    mapping: jsonb('mapping').$type<ImportColumnMapping[]>().notNull().default([]),
    status: smallint('status').notNull().default(0),
    requiresApproval: boolean('requires_approval').notNull().default(false),
    /** Rows read from the file so far, of `totalCount` (null until known): the progress bar. */
    totalCount: integer('total_count'),
    processedCount: integer('processed_count').notNull().default(0),
    acceptedCount: integer('accepted_count').notNull().default(0),
    eliminatedCount: integer('eliminated_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    invitedCount: integer('invited_count').notNull().default(0),
    error: text('error'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('import_data_logs_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('import_data_logs_source_idx').on(t.importDataSourceId),
  ],
);

/**
 * A candidate invitee (the invitee pool's row): from an import's row, the create-invitee form or the REST data API.
 * Status (contracts `StagedRecordStatus`): 0 new, 1 processed (passed the rules, waiting for approval), 2 moved
 * (became `inviteeId`), 3 removed (eliminated: `eliminationReason`, or refused: `errorDetail`).
 */
export const stagedInvitees = pgTable(
  'staged_invitees',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id),
    importDataLogId: bigint('import_data_log_id', { mode: 'number' }).references(() => importDataLogs.id, {
      onDelete: 'cascade',
    }),
    /** The file's row number (1 = the first row after the heading); null for single records. */
    rowNumber: integer('row_number'),
    fullName: text('full_name'),
    email: text('email'),
    msisdn: text('msisdn'),
    homeTel: text('home_tel'),
    workTel: text('work_tel'),
    language: text('language'),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    transactionDate: timestamp('transaction_date', { withTimezone: true }),
    transactionChannelId: integer('transaction_channel_id').references(() => transactionChannels.id, {
      onDelete: 'set null',
    }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    transactionTypeId: integer('transaction_type_id').references(() => transactionTypes.id, {
      onDelete: 'set null',
    }),
    employeeId: integer('employee_id').references(() => employees.id, { onDelete: 'set null' }),
    transactionDuration: integer('transaction_duration'),
    segmentIds: integer('segment_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The interaction channel the row asks for (1 email, 2 SMS, …); null: the survey's primary channel. */
    inviteeChannelId: smallint('invitee_channel_id'),
    /** The row's custom config name (the source's type field value it carries), checked against the source. */
    customConfigName: text('custom_config_name'),
    isTestUser: boolean('is_test_user').notNull().default(false),
    details: text('details'),
    ...customData,
    status: smallint('status').notNull().default(0),
    /** contracts `EliminationReason` (1…18). */
    eliminationReason: smallint('elimination_reason'),
    /** Why the row was refused: the REST data code and the field, e.g. `3101 TransactionChannel: …`. */
    errorDetail: text('error_detail'),
    inviteeId: bigint('invitee_id', { mode: 'number' }).references(() => invitees.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staged_invitees_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('staged_invitees_log_idx').on(t.importDataLogId, t.status),
    index('staged_invitees_tenant_email_idx').on(t.tenantId, t.email),
    index('staged_invitees_tenant_msisdn_idx').on(t.tenantId, t.msisdn),
    // The pool's name search, `lower(full_name) LIKE '%…%'` (grid/odata-sql.ts): a trigram index (pg_trgm,
    // migration 0026) finds the matches without reading every row; the tenant condition then filters them.
    index('staged_invitees_full_name_trgm_idx').using('gin', sql`lower(${t.fullName}) gin_trgm_ops`),
  ],
);

/** The names of the tenant's ten custom data slots (CustomData1–10), all required. */
export const customDataMappings = pgTable('custom_data_mappings', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  names: jsonb('names').$type<string[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A scheduled export of answers to an FTP folder (surveys spec §3 "Export to FTP of survey answers"). */
export const ftpExports = pgTable(
  'ftp_exports',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    userIds: integer('user_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    emailSubject: text('email_subject'),
    emailBody: text('email_body'),
    ftpUrl: text('ftp_url').notNull(),
    ftpUsername: text('ftp_username').notNull(),
    /** The password sealed with AES-256-GCM (core/secret-box.ts); never sent to a browser. */
    ftpPasswordSealed: text('ftp_password_sealed').notNull(),
    ftpFolderPath: text('ftp_folder_path').notNull().default('/'),
    createUniqueFolder: boolean('create_unique_folder').notNull().default(true),
    surveyIds: integer('survey_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    filter: jsonb('filter')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** 'csv' or 'xlsx'. */
    fileFormat: text('file_format').notNull().default('csv'),
    cronExpression: text('cron_expression').notNull().default('* * * * *'),
    isActive: boolean('is_active').notNull().default(false),
    lastUploadDate: timestamp('last_upload_date', { withTimezone: true }),
    /** The answers already sent end at this instant; the next transfer starts after it. */
    exportedUntil: timestamp('exported_until', { withTimezone: true }),
    /** Whose data restrictions a transfer reads the answers with: the user who last saved the export. */
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the schedule next starts a transfer (its cron's next time after the last start); null while inactive. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ftp_exports_tenant_idx').on(t.tenantId),
    index('ftp_exports_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.isActive}`),
  ],
);

/** One transfer of an FTP export: what was sent where, or why it failed. */
export const ftpExportRuns = pgTable(
  'ftp_export_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ftpExportId: integer('ftp_export_id')
      .notNull()
      .references(() => ftpExports.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    /** 'running', 'succeeded' or 'failed' (contracts FTP_EXPORT_RUN_STATUSES). */
    status: text('status').notNull().default('running'),
    /** Started by run-now rather than by the schedule. */
    manual: boolean('manual').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    rowCount: integer('row_count'),
    remotePath: text('remote_path'),
    error: text('error'),
  },
  (t) => [index('ftp_export_runs_export_idx').on(t.ftpExportId, t.startedAt)],
);
