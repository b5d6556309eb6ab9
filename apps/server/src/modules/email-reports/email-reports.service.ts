import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ErrorCode,
  type EmailReport,
  type EmailReportOptions,
  type emailReportSaveSchema,
} from '@loupe/contracts';
import { requireTenant, type Actor } from '../../core/actor.js';
import type { RecordService } from '../../core/record-routes.js';
import { fieldRefusal, found } from '../../core/refusals.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { emailReports, experiences, reports, roles, surveys, users } from '../../db/schema/index.js';
import { nextRunOf } from './email-report-schedule.js';

/*
 * The email report notifications' records (docs/email-reports.md): read, create, replace and delete within the
 * caller's tenant. Every id a body names (report, user, role, experience, survey) must be the tenant's.
 */

type SaveBody = z.output<typeof emailReportSaveSchema>;

const e = emailReports;
/** How many coming times of the cron a record shows. */
const NEXT_RUNS_SHOWN = 3;

export const emailReportSelection = {
  Id: e.id,
  ReportId: e.reportId,
  ReportTitle: sql<string>`(select ${reports.title} from ${reports} where ${reports.id} = ${e.reportId})`,
  UserId: e.userId,
  UserName: sql<string | null>`(select ${users.fullName} from ${users} where ${users.id} = ${e.userId})`,
  RoleId: e.roleId,
  RoleName: sql<string | null>`(select ${roles.name} from ${roles} where ${roles.id} = ${e.roleId})`,
  ExperienceId: e.experienceId,
  SurveyId: e.surveyId,
  Subject: e.subject,
  Body: e.body,
  CronExpression: e.cronExpression,
  IsActive: e.isActive,
  CreatedDate: e.createdAt,
  LastRunAt: e.lastRunAt,
  LastError: e.lastError,
  LastSentCount: e.lastSentCount,
};

type EmailReportRow = { [K in keyof typeof emailReportSelection]: unknown };

const isoOf = (value: unknown) => new Date(value as Date | string).toISOString();
const idOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The next `count` times a cron names after `after` (none for a cron that names no later time). */
function nextRunsOf(cron: string, after: Date, count = NEXT_RUNS_SHOWN): Date[] {
  const runs: Date[] = [];
  let from = after;
  while (runs.length < count) {
    const next = nextRunOf(cron, from);
    if (next === null) break;
    runs.push(next);
    from = next;
  }
  return runs;
}

/** A selected row in the contract's shape. */
export function emailReportOf(row: EmailReportRow, now = new Date()): EmailReport {
  const cron = String(row.CronExpression);
  const active = Boolean(row.IsActive);
  return {
    Id: Number(row.Id),
    ReportId: Number(row.ReportId),
    ReportTitle: (row.ReportTitle as string | null) ?? '',
    UserId: idOrNull(row.UserId),
    UserName: (row.UserName as string | null) ?? null,
    RoleId: idOrNull(row.RoleId),
    RoleName: (row.RoleName as string | null) ?? null,
    ExperienceId: idOrNull(row.ExperienceId),
    SurveyId: idOrNull(row.SurveyId),
    Subject: String(row.Subject),
    Body: String(row.Body),
    CronExpression: cron,
    IsActive: active,
    CreatedDate: isoOf(row.CreatedDate),
    LastRunAt: row.LastRunAt === null ? null : isoOf(row.LastRunAt),
    LastError: (row.LastError as string | null) ?? null,
    LastSentCount: idOrNull(row.LastSentCount),
    NextRuns: active ? nextRunsOf(cron, now).map((at) => at.toISOString()) : [],
  };
}

export const inTenant = (tenantId: number) => eq(e.tenantId, tenantId);

/** The notification `id` of the caller's tenant, or 404. */
export async function emailReportFor(db: Executor, actor: Actor, id: number): Promise<EmailReport> {
  const [row] = await db
    .select(emailReportSelection)
    .from(e)
    .where(and(inTenant(requireTenant(actor)), eq(e.id, id)));
  return emailReportOf(found(row));
}

/** Refuses a body whose report (19501), recipient (19502) or other ids (19503) are not the tenant's. */
async function checkReferences(db: Executor, tenantId: number, body: SaveBody): Promise<void> {
  const [report] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.tenantId, tenantId), eq(reports.id, body.ReportId)));
  if (!report) throw fieldRefusal(ErrorCode.EmailReportReportUnknown, 'body/ReportId', 'unknown');
  if ((body.UserId === null) === (body.RoleId === null))
    throw fieldRefusal(ErrorCode.EmailReportRecipient, 'body/UserId', 'one of UserId and RoleId');
  const unknown = (path: string) => fieldRefusal(ErrorCode.EmailReportReferenceUnknown, path, 'unknown');
  if (body.UserId !== null) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.id, body.UserId)));
    if (!row) throw unknown('body/UserId');
  }
  if (body.RoleId !== null) {
    const [row] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.tenantId, tenantId), eq(roles.id, body.RoleId)));
    if (!row) throw unknown('body/RoleId');
  }
  if (body.ExperienceId !== null) {
    const [row] = await db
      .select({ id: experiences.id })
      .from(experiences)
      .where(
        and(
          or(eq(experiences.tenantId, tenantId), isNull(experiences.tenantId)),
          eq(experiences.id, body.ExperienceId),
        ),
      );
    if (!row) throw unknown('body/ExperienceId');
  }
  if (body.SurveyId !== null) {
    const [row] = await db
      .select({ id: surveys.id })
      .from(surveys)
      .where(and(eq(surveys.tenantId, tenantId), eq(surveys.id, body.SurveyId)));
    if (!row) throw unknown('body/SurveyId');
  }
}

/** The columns a body writes; saving restarts the schedule from now (no catching up on times before it). */
function columnsOf(body: SaveBody, now: Date) {
  return {
    reportId: body.ReportId,
    userId: body.UserId,
    roleId: body.RoleId,
    experienceId: body.ExperienceId,
    surveyId: body.SurveyId,
    subject: body.Subject.trim(),
    body: body.Body,
    cronExpression: body.CronExpression.trim(),
    isActive: body.IsActive,
    scheduledFrom: now,
  };
}

/** How many users, roles and reports the form offers at most. */
const OPTIONS_SHOWN = 1_000;

export function createEmailReportService({
  db,
}: {
  db: Db;
}): RecordService<number, SaveBody, EmailReport> & { options(actor: Actor): Promise<EmailReportOptions> } {
  return {
    /** The tenant's reports, its active users with an email and its roles, for the form's choices. */
    async options(actor) {
      const tenantId = requireTenant(actor);
      const [reportRows, userRows, roleRows] = await Promise.all([
        db
          .select({ Id: reports.id, Title: reports.title })
          .from(reports)
          .where(eq(reports.tenantId, tenantId))
          .orderBy(asc(reports.title))
          .limit(OPTIONS_SHOWN),
        db
          .select({ Id: users.id, FullName: users.fullName, UserName: users.userName })
          .from(users)
          .where(
            and(
              eq(users.tenantId, tenantId),
              eq(users.isActive, true),
              sql`coalesce(${users.email}, '') <> ''`,
            ),
          )
          .orderBy(asc(users.fullName), asc(users.id))
          .limit(OPTIONS_SHOWN),
        db
          .select({ Id: roles.id, Name: roles.name })
          .from(roles)
          .where(eq(roles.tenantId, tenantId))
          .orderBy(asc(roles.name))
          .limit(OPTIONS_SHOWN),
      ]);
      return { Reports: reportRows, Users: userRows, Roles: roleRows };
    },

    get: (actor, id) => emailReportFor(db, actor, id),

    async create(actor, body) {
      const tenantId = requireTenant(actor);
      await checkReferences(db, tenantId, body);
      const [row] = await db
        .insert(e)
        .values({ tenantId, ...columnsOf(body, new Date()) })
        .returning({ id: e.id });
      return emailReportFor(db, actor, row!.id);
    },

    async update(actor, id, body) {
      const tenantId = requireTenant(actor);
      return db.transaction(async (tx) => {
        await emailReportFor(tx, actor, id);
        await checkReferences(tx, tenantId, body);
        await tx
          .update(e)
          .set({ ...columnsOf(body, new Date()), updatedAt: new Date() })
          .where(and(inTenant(tenantId), eq(e.id, id)));
        return emailReportFor(tx, actor, id);
      });
    },

    async remove(actor, id) {
      await db.transaction(async (tx) => {
        await emailReportFor(tx, actor, id);
        await tx.delete(e).where(and(inTenant(requireTenant(actor)), eq(e.id, id)));
      });
    },
  };
}
