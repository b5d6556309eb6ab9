import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  VALIDATION_MESSAGES,
  type FtpExport,
  type FtpExportRun,
  type ftpExportSaveSchema,
  type UserForSelectItem,
} from '@loupe/contracts';
import { requireTenant, type Actor } from '../../core/actor.js';
import type { RecordService } from '../../core/record-routes.js';
import { found, invalidField } from '../../core/refusals.js';
import type { SecretBox } from '../../core/secret-box.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { ftpExportRuns, ftpExports, surveys, users } from '../../db/schema/index.js';
import { nextRunOf } from './ftp-export-schedule.js';

/*
 * The FTP exports' records (docs/ftp-export.md): read, create, replace and delete within the caller's tenant. The
 * password is sealed before it is stored and never read back here; the list answers only whether one is stored.
 */

type SaveBody = z.output<typeof ftpExportSaveSchema>;

const f = ftpExports;
const RUNS_SHOWN = 50;
const RECIPIENTS_SHOWN = 1_000;

export const ftpExportSelection = {
  Id: f.id,
  Name: f.name,
  UserIds: f.userIds,
  EmailSubject: f.emailSubject,
  EmailBody: f.emailBody,
  FtpUrl: f.ftpUrl,
  FtpUsername: f.ftpUsername,
  HasPassword: sql<boolean>`${f.ftpPasswordSealed} <> ''`.mapWith(Boolean),
  FtpFolderPath: f.ftpFolderPath,
  CreateUniqueFolderForEachTransfer: f.createUniqueFolder,
  SurveyIds: f.surveyIds,
  Filter: f.filter,
  FileFormat: f.fileFormat,
  CronExpression: f.cronExpression,
  IsActive: f.isActive,
  CreatedDate: f.createdAt,
  LastUploadDate: f.lastUploadDate,
};

type FtpExportRow = {
  [K in keyof typeof ftpExportSelection]: unknown;
};

const isoOf = (value: unknown) => new Date(value as Date | string).toISOString();

/** A selected row in the contract's shape (PGlite and node-postgres answer dates and ids alike after this). */
export function ftpExportOf(row: FtpExportRow): FtpExport {
  return {
    ...(row as unknown as FtpExport),
    Id: Number(row.Id),
    UserIds: (row.UserIds as number[]).map(Number),
    SurveyIds: (row.SurveyIds as number[]).map(Number),
    Filter: (row.Filter ?? {}) as Record<string, unknown>,
    CreatedDate: isoOf(row.CreatedDate),
    LastUploadDate: row.LastUploadDate === null ? null : isoOf(row.LastUploadDate),
  };
}

export const inTenant = (tenantId: number) => eq(f.tenantId, tenantId);

/** The export `id` of the caller's tenant, or 404. */
export async function ftpExportFor(db: Executor, actor: Actor, id: number): Promise<FtpExport> {
  const [row] = await db
    .select(ftpExportSelection)
    .from(f)
    .where(and(inTenant(requireTenant(actor)), eq(f.id, id)));
  return ftpExportOf(found(row));
}

/** Refuses (3333, by field) users and surveys that are not the tenant's. */
async function checkReferences(db: Executor, tenantId: number, body: SaveBody): Promise<void> {
  if (body.UserIds.length > 0) {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), inArray(users.id, body.UserIds)));
    if (rows.length !== new Set(body.UserIds).size)
      throw invalidField('body/UserIds', VALIDATION_MESSAGES.excluded);
  }
  const rows = await db
    .select({ id: surveys.id })
    .from(surveys)
    .where(and(eq(surveys.tenantId, tenantId), inArray(surveys.id, body.SurveyIds)));
  if (rows.length !== new Set(body.SurveyIds).size)
    throw invalidField('body/SurveyIds', VALIDATION_MESSAGES.excluded);
}

/** The columns a body writes (the password apart), with the schedule's next time. */
function columnsOf(body: SaveBody, now: Date) {
  return {
    name: body.Name.trim(),
    userIds: [...new Set(body.UserIds)],
    emailSubject: body.EmailSubject,
    emailBody: body.EmailBody,
    ftpUrl: body.FtpUrl.trim(),
    ftpUsername: body.FtpUsername.trim(),
    ftpFolderPath: body.FtpFolderPath,
    createUniqueFolder: body.CreateUniqueFolderForEachTransfer,
    surveyIds: [...new Set(body.SurveyIds)],
    filter: body.Filter,
    fileFormat: body.FileFormat,
    cronExpression: body.CronExpression.trim(),
    isActive: body.IsActive,
    nextRunAt: body.IsActive ? nextRunOf(body.CronExpression, now) : null,
  };
}

export function createFtpExportService({ db, box }: { db: Db; box: SecretBox }): RecordService<
  number,
  SaveBody,
  FtpExport
> & {
  runs(actor: Actor, id: number): Promise<FtpExportRun[]>;
  recipients(actor: Actor): Promise<UserForSelectItem[]>;
} {
  return {
    get: (actor, id) => ftpExportFor(db, actor, id),

    async create(actor, body) {
      const tenantId = requireTenant(actor);
      const password = body.FtpPassword?.trim() ? body.FtpPassword : undefined;
      if (password === undefined) throw invalidField('body/FtpPassword', VALIDATION_MESSAGES.required);
      await checkReferences(db, tenantId, body);
      const [row] = await db
        .insert(f)
        .values({
          tenantId,
          createdByUserId: actor.userId,
          ftpPasswordSealed: box.seal(password),
          ...columnsOf(body, new Date()),
        })
        .returning({ id: f.id });
      return ftpExportFor(db, actor, row!.id);
    },

    async update(actor, id, body) {
      const tenantId = requireTenant(actor);
      return db.transaction(async (tx) => {
        await ftpExportFor(tx, actor, id);
        await checkReferences(tx, tenantId, body);
        const password = body.FtpPassword?.trim() ? body.FtpPassword : undefined;
        await tx
          .update(f)
          .set({
            ...columnsOf(body, new Date()),
            ...(password === undefined ? {} : { ftpPasswordSealed: box.seal(password) }),
            // The transfers read the answers as the user who last saved the export.
            createdByUserId: actor.userId,
            updatedAt: new Date(),
          })
          .where(and(inTenant(tenantId), eq(f.id, id)));
        return ftpExportFor(tx, actor, id);
      });
    },

    async remove(actor, id) {
      await db.transaction(async (tx) => {
        await ftpExportFor(tx, actor, id);
        await tx.delete(f).where(and(inTenant(requireTenant(actor)), eq(f.id, id)));
      });
    },

    /** The tenant's users with an email, whom the form offers as the mail's recipients. */
    recipients(actor) {
      return db
        .select({ Id: users.id, FullName: users.fullName, UserName: users.userName })
        .from(users)
        .where(
          and(
            eq(users.tenantId, requireTenant(actor)),
            eq(users.isTestUser, false),
            sql`coalesce(${users.email}, '') <> ''`,
          ),
        )
        .orderBy(users.fullName, users.id)
        .limit(RECIPIENTS_SHOWN);
    },

    async runs(actor, id) {
      await ftpExportFor(db, actor, id);
      const r = ftpExportRuns;
      const rows = await db
        .select({
          Id: r.id,
          Status: r.status,
          Manual: r.manual,
          StartedAt: r.startedAt,
          FinishedAt: r.finishedAt,
          RowCount: r.rowCount,
          RemotePath: r.remotePath,
          Error: r.error,
        })
        .from(r)
        .where(and(eq(r.tenantId, requireTenant(actor)), eq(r.ftpExportId, id)))
        .orderBy(desc(r.startedAt), desc(r.id))
        .limit(RUNS_SHOWN);
      return rows.map((row) => ({
        ...row,
        Id: Number(row.Id),
        Status: row.Status as FtpExportRun['Status'],
        StartedAt: isoOf(row.StartedAt),
        FinishedAt: row.FinishedAt === null ? null : isoOf(row.FinishedAt),
      }));
    },
  };
}
