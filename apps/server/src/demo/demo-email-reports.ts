import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { emailReports, reports, roles, users } from '../db/schema/index.js';

/*
 * The Demo Bank's email report notifications (issue 23 item 2, docs/email-reports.md): the region scorecard to the
 * regional user (restricted to one region and product) every Monday morning, and the overview to every report
 * manager each weekday. Both inactive, so a demo (or the e2e suite's SMTP catcher) gets no mail it did not ask for;
 * send-now or switching one on shows the pack. Written once for a tenant that has none.
 */

const DEMO_EMAIL_REPORTS = [
  {
    report: 'Bölge Karnesi',
    user: 'scoped',
    subject: 'Haftalık bölge karnesi',
    body: 'Merhaba,\n\nBölgenizin haftalık karnesi ektedir.\n\nLoupe',
    cron: '0 7 * * 1',
  },
  {
    report: 'Genel Bakış',
    role: 'Report Manager',
    subject: 'Günlük genel bakış',
    body: 'Merhaba,\n\nGünlük genel bakış raporu ektedir.\n\nLoupe',
    cron: '30 6 * * 1-5',
  },
] as const;

export async function ensureDemoEmailReports(db: Db, tenantId: number): Promise<number> {
  const [existing] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(emailReports)
    .where(eq(emailReports.tenantId, tenantId));
  if ((existing?.count ?? 0) > 0) return 0;
  let written = 0;
  for (const demo of DEMO_EMAIL_REPORTS) {
    const [report] = await db
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.tenantId, tenantId), eq(reports.title, demo.report)));
    const [user] =
      'user' in demo
        ? await db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.tenantId, tenantId), eq(users.userName, demo.user)))
        : [undefined];
    const [role] =
      'role' in demo
        ? await db
            .select({ id: roles.id })
            .from(roles)
            .where(and(eq(roles.tenantId, tenantId), eq(roles.name, demo.role)))
        : [undefined];
    // A tenant without the report or the recipient (the second demo tenant) gets no such notification.
    if (!report || (!user && !role)) continue;
    await db.insert(emailReports).values({
      tenantId,
      reportId: report.id,
      userId: user?.id ?? null,
      roleId: role?.id ?? null,
      subject: demo.subject,
      body: demo.body,
      cronExpression: demo.cron,
      isActive: false,
    });
    written++;
  }
  return written;
}
