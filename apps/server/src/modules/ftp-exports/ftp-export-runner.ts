import { posix } from 'node:path';
import { PassThrough } from 'node:stream';
import { Client } from 'basic-ftp';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ReportFilter } from '@loupe/contracts';
import type { AnalyticsReplica } from '../../analytics/replica.js';
import type { Mailer } from '../../core/mailer.js';
import type { SecretBox } from '../../core/secret-box.js';
import type { Db } from '../../db/client.js';
import { ftpExportRuns, ftpExports, users } from '../../db/schema/index.js';
import { answersFile, type AnswersFile } from '../widget-data/index.js';

/*
 * One transfer of an FTP export (docs/ftp-export.md): the chosen surveys' answers under the export's filter, read
 * as the answers table reads them (the data restrictions of who last saved it apply), written by the answers table's own
 * exporter as CSV or .xlsx and streamed to the FTP folder with basic-ftp — into a folder of its own when the export
 * asks for one. Then lastUploadDate, the mail to the chosen users, and the run's row. A failed transfer is recorded
 * and not retried: the next time the cron names tries again.
 */

/** A transfer's job: which export, and whether run-now asked for it. */
export type FtpExportJob = { tenantId: number; id: number; manual: boolean };

export type FtpExportRunnerDeps = {
  db: Db;
  replica: AnalyticsReplica;
  mailer: Mailer;
  box: SecretBox;
  logger: FastifyBaseLogger;
};

/** How long the FTP server may stay silent before the transfer fails. */
const FTP_TIMEOUT_MS = 30_000;
/** The longest error text a run keeps. */
const ERROR_MAX = 1_000;
/** The language of the file's headings and words: the console's default. */
const FILE_LANGUAGE = 'tr';

type ExportRow = typeof ftpExports.$inferSelect;

/** Host, port and base folder of the export's URL (`ftp://host[:port][/path]` or `{address}host…`). */
function ftpTarget(ftpUrl: string): { host: string; port: number; path: string } {
  const url = new URL(ftpUrl.replace(/^\{address\}/, 'ftp://').replace(/^ftp:\/\//i, 'ftp://'));
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : 21,
    path: decodeURIComponent(url.pathname),
  };
}

/** The stored password in clear, for the sign-in only. */
function passwordOfSealed(box: SecretBox, sealed: string): string {
  if (sealed === '') throw new Error('no FTP password is stored: enter one and save the export');
  return box.open(sealed);
}

/** A time as a name part: `2026-11-29T03-45-12Z`. */
const stampOf = (at: Date) => at.toISOString().slice(0, 19).replaceAll(':', '-') + 'Z';

export function createFtpExportRunner(deps: FtpExportRunnerDeps): { run(job: FtpExportJob): Promise<void> } {
  const { db, logger } = deps;
  const passwordOf = (row: ExportRow) => passwordOfSealed(deps.box, row.ftpPasswordSealed);

  async function readAnswers(row: ExportRow): Promise<AnswersFile> {
    if (row.createdByUserId === null)
      throw new Error('the user who saved the export was deleted: save it again');
    const actor = {
      userId: row.createdByUserId,
      tenantId: row.tenantId,
      userName: 'ftp-export',
      scopes: [],
      clientId: 'ftp-export',
    };
    const filter = { ...(row.filter as ReportFilter), SurveyId: row.surveyIds };
    const format = row.fileFormat === 'xlsx' ? 'xlsx' : 'csv';
    return answersFile(deps, { actor, filter, format, language: FILE_LANGUAGE });
  }

  async function upload(row: ExportRow, runId: number, answers: AnswersFile) {
    const at = new Date();
    const target = ftpTarget(row.ftpUrl);
    const folder = posix.join(
      '/',
      target.path,
      row.ftpFolderPath,
      row.createUniqueFolder ? `${stampOf(at)}-${runId}` : '',
    );
    const extension = row.fileFormat === 'xlsx' ? 'xlsx' : 'csv';
    const remotePath = posix.join(folder, `answers-${stampOf(at)}-${runId}.${extension}`);
    const stream = new PassThrough();
    const client = new Client(FTP_TIMEOUT_MS);
    try {
      await client.access({
        host: target.host,
        port: target.port,
        user: row.ftpUsername,
        password: passwordOf(row),
      });
      await client.ensureDir(folder);
      const writing = answers.write(stream).catch((error: unknown) => {
        stream.destroy(error instanceof Error ? error : new Error(String(error)));
        throw error;
      });
      await Promise.all([client.uploadFrom(stream, remotePath), writing]);
    } finally {
      client.close();
      // A transfer cut short leaves nobody reading: the writer's next write fails rather than waiting for ever.
      stream.destroy();
    }
    return remotePath;
  }

  async function mail(row: ExportRow, remotePath: string, rowCount: number) {
    if (row.userIds.length === 0) return;
    const recipients = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.tenantId, row.tenantId), inArray(users.id, row.userIds)));
    const subject = row.emailSubject ?? `${row.name}: ${rowCount} answers sent`;
    const text = `${row.emailBody ?? ''}\n\n${row.name}: ${rowCount} answers, ${remotePath}`.trim();
    const html = text
      .split('\n')
      .map((line) => line.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;'))
      .join('<br>');
    for (const { email } of recipients) {
      if (!email) continue;
      // A mail that fails is logged; the file is on the server all the same.
      await deps.mailer
        .send({ to: email, subject, text, html })
        .catch((error: unknown) => logger.warn({ err: error, exportId: row.id }, 'ftp export mail not sent'));
    }
  }

  return {
    async run({ tenantId, id, manual }) {
      const [row] = await db
        .select()
        .from(ftpExports)
        .where(and(eq(ftpExports.tenantId, tenantId), eq(ftpExports.id, id)));
      // Deleted since the job was queued.
      if (!row) return;
      const [run] = await db
        .insert(ftpExportRuns)
        .values({ ftpExportId: id, tenantId, manual })
        .returning({ id: ftpExportRuns.id });
      const runId = run!.id;
      const finish = (values: Partial<typeof ftpExportRuns.$inferInsert>) =>
        db
          .update(ftpExportRuns)
          .set({ finishedAt: new Date(), ...values })
          .where(eq(ftpExportRuns.id, runId));
      try {
        const answers = await readAnswers(row);
        const rowCount = answers.count;
        // Nothing to send: no empty file, no mail; lastUploadDate stays that of the last file.
        if (rowCount === 0) {
          await finish({ status: 'succeeded', rowCount });
          return;
        }
        const remotePath = await upload(row, runId, answers);
        await db
          .update(ftpExports)
          .set({ lastUploadDate: sql`now()` })
          .where(eq(ftpExports.id, id));
        await finish({ status: 'succeeded', rowCount, remotePath });
        await mail(row, remotePath, rowCount);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        logger.warn({ err: error, exportId: id }, 'ftp export failed');
        await finish({ status: 'failed', error: message.slice(0, ERROR_MAX) });
      }
    },
  };
}
