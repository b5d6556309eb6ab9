import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { ftpExportRuns, ftpExports, surveys, users } from '../db/schema/index.js';

/*
 * The Demo Bank's FTP exports of answers (issue 18 item 8, docs/ftp-export.md): two inactive exports with a short
 * transfer history (sent, and one refused sign-in), so the screen shows real rows. No password is stored: a
 * demo export is made to be edited, not run. Dates are relative to the load; written once for a tenant that has
 * none.
 */

const HOUR_MS = 3_600_000;

export async function ensureDemoFtpExports(db: Db, tenantId: number): Promise<number> {
  const [existing] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(ftpExports)
    .where(eq(ftpExports.tenantId, tenantId));
  if ((existing?.count ?? 0) > 0) return 0;
  const chosen = await db
    .select({ id: surveys.id })
    .from(surveys)
    .where(eq(surveys.tenantId, tenantId))
    .orderBy(asc(surveys.id))
    .limit(2);
  if (chosen.length === 0) return 0;
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.userName, 'admin')));
  const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR_MS);
  const common = {
    tenantId,
    ftpPasswordSealed: '',
    surveyIds: chosen.map((survey) => survey.id),
    userIds: admin ? [admin.id] : [],
    createdByUserId: admin?.id ?? null,
    isActive: false,
  };
  const [daily, weekly] = await db
    .insert(ftpExports)
    .values([
      {
        ...common,
        name: 'Daily answers to the data warehouse',
        ftpUrl: 'ftp://files.demobank.example:21',
        ftpUsername: 'loupe-export',
        ftpFolderPath: '/incoming/loupe',
        cronExpression: '0 6 * * * +03:00',
        fileFormat: 'csv',
        emailSubject: 'Yesterday’s answers are on the FTP server',
        emailBody: 'Hello,\nthe survey answers were uploaded.',
        lastUploadDate: at(27),
        createdAt: at(24 * 30),
      },
      {
        ...common,
        name: 'Weekly branch answers (Excel)',
        ftpUrl: '{address}reports.demobank.example',
        ftpUsername: 'branch-reports',
        ftpFolderPath: '/weekly',
        createUniqueFolder: false,
        cronExpression: '0 7 * * 1',
        fileFormat: 'xlsx',
        filter: { TimeRange: ['2025-01-01', '2025-12-31'] },
        createdAt: at(24 * 14),
      },
    ])
    .returning({ id: ftpExports.id });
  const run = (ftpExportId: number, hoursAgo: number, outcome: 'succeeded' | 'failed', rows: number) => ({
    tenantId,
    ftpExportId,
    startedAt: at(hoursAgo),
    finishedAt: new Date(at(hoursAgo).getTime() + 4_000),
    status: outcome,
    rowCount: outcome === 'succeeded' ? rows : null,
    remotePath:
      outcome === 'succeeded'
        ? `/incoming/loupe/${at(hoursAgo).toISOString().slice(0, 10)}/answers-${at(hoursAgo).toISOString().slice(0, 10)}.csv`
        : null,
    error: outcome === 'failed' ? '530 Login incorrect.' : null,
  });
  await db
    .insert(ftpExportRuns)
    .values([
      run(daily!.id, 75, 'succeeded', 412),
      run(daily!.id, 51, 'failed', 0),
      run(daily!.id, 27, 'succeeded', 398),
      run(weekly!.id, 24 * 7, 'failed', 0),
    ]);
  return 2;
}
