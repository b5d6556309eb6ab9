import { and, asc, eq, sql } from 'drizzle-orm';
import {
  ELIMINATION_REASON as R,
  IMPORT_LOG_STATUS as S,
  STAGED_RECORD_STATUS as RS,
} from '@loupe/contracts';
import type { Db } from '../db/client.js';
import {
  importDataLogs,
  importDataSources,
  invitees,
  stagedInvitees,
  surveys,
  transactionChannels,
  users,
} from '../db/schema/index.js';

/*
 * The Demo Bank's imports (issue 18, docs/data-flow.md): a CRM source that needs approval, four uploads in
 * different states (processed, waiting for approval, rejected, failed) and their staged rows with field errors and
 * several elimination reasons, so the import screens and the invitee pool show real rows. Written directly (no
 * job), the same on every load of a tenant that has none.
 */

type DemoRow = {
  name: string;
  email: string | null;
  msisdn: string | null;
  status: number;
  reason?: number;
  error?: string;
};

const FIRST = ['Ayşe', 'Mehmet', 'Zeynep', 'Can', 'Elif', 'Burak', 'Selin', 'Emre', 'Deniz', 'Ahmet'];
const LAST = ['Yılmaz', 'Kaya', 'Demir', 'Şahin', 'Çelik', 'Aydın', 'Öztürk', 'Arslan'];

function demoRows(
  prefix: string,
  count: number,
  removed: { reason?: number; error?: string }[],
  waiting: boolean,
) {
  return Array.from({ length: count }, (_, index): DemoRow => {
    const name = `${FIRST[index % FIRST.length]} ${LAST[(index * 3) % LAST.length]}`;
    const email = `${prefix}.${index + 1}@musteri.example`;
    const msisdn = `+90532${String(4_000_000 + index).padStart(7, '0')}`;
    const planted = index % 4 === 3 ? removed[Math.floor(index / 4) % removed.length] : undefined;
    if (planted?.reason === R.NoEmailAndMobile)
      return { name, email: null, msisdn: null, status: RS.Removed, ...planted };
    if (planted) return { name, email, msisdn, status: RS.Removed, ...planted };
    return { name, email, msisdn, status: waiting ? RS.Processed : RS.Moved };
  });
}

/** Adds the demo imports to a tenant that has no import source; answers how many staged rows it wrote. */
export async function ensureDemoImports(db: Db, tenantId: number): Promise<number> {
  const [existing] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(importDataSources)
    .where(eq(importDataSources.tenantId, tenantId));
  if ((existing?.count ?? 0) > 0) return 0;
  const [survey] = await db
    .select({ id: surveys.id })
    .from(surveys)
    .where(and(eq(surveys.tenantId, tenantId), eq(surveys.isActive, true)))
    .orderBy(asc(surveys.id))
    .limit(1);
  if (!survey) return 0;
  const [channel] = await db
    .select({ id: transactionChannels.id })
    .from(transactionChannels)
    .where(eq(transactionChannels.tenantId, tenantId))
    .orderBy(asc(transactionChannels.id))
    .limit(1);
  const uploaders = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.isTestUser, false)))
    .orderBy(asc(users.id))
    .limit(2);
  const uploader = uploaders[0]?.id ?? null;
  const approver = uploaders[1]?.id ?? null;
  const mapping = [
    { Column: 'Ad Soyad', Field: 'InviteeFullName' as const },
    { Column: 'E-posta', Field: 'InviteeEmail' as const },
    { Column: 'Cep', Field: 'InviteeMSISDN' as const },
    { Column: 'Şube', Field: 'TransactionChannel' as const },
  ];
  const [source] = await db
    .insert(importDataSources)
    .values({
      tenantId,
      name: 'CRM gece aktarımı',
      typeField: 'crm',
      surveyId: survey.id,
      mapping,
      requiresApproval: true,
    })
    .returning({ id: importDataSources.id });
  const day = 86_400_000;
  const now = Date.now();
  const logs: {
    file: string;
    status: number;
    daysAgo: number;
    rows: DemoRow[];
    error?: string;
  }[] = [
    {
      file: 'crm-2026-11-20.csv',
      status: S.Processed,
      daysAgo: 7,
      rows: demoRows(
        'crm20',
        24,
        [
          { reason: R.Duplicate },
          { reason: R.OptOut },
          { reason: R.NoEmailAndMobile },
          { error: '3101 TransactionChannel: Geçersiz işlem kanalları: SUBE-999' },
          { reason: R.SurveyCommunicationFrequency },
          { reason: R.ChannelNotAcceptable },
        ],
        false,
      ),
    },
    {
      file: 'crm-2026-11-26.xlsx',
      status: S.WaitingForApproval,
      daysAgo: 1,
      rows: demoRows(
        'crm26',
        16,
        [
          { reason: R.Duplicate },
          { reason: R.OneInvitePerFiveHours },
          { error: '3333 InviteeEmail: Expected an email address' },
        ],
        true,
      ),
    },
    {
      file: 'crm-2026-11-24.csv',
      status: S.Rejected,
      daysAgo: 3,
      rows: demoRows('crm24', 8, [{ reason: R.GlobalInvitationRule }], true).map((row) => ({
        ...row,
        status: RS.Removed,
      })),
    },
    {
      file: 'crm-2026-11-25.csv',
      status: S.Failed,
      daysAgo: 2,
      rows: [],
      error: 'No column of the file maps to an invitee field',
    },
  ];
  const existingInvitees = (
    await db
      .select({ id: invitees.id })
      .from(invitees)
      .where(and(eq(invitees.tenantId, tenantId), eq(invitees.surveyId, survey.id)))
      .orderBy(asc(invitees.id))
      .limit(64)
  ).map((row) => row.id);
  let moved = 0;
  let written = 0;
  for (const log of logs) {
    const createdAt = new Date(now - log.daysAgo * day);
    const accepted = log.rows.filter((row) => row.status === RS.Processed || row.status === RS.Moved).length;
    const [row] = await db
      .insert(importDataLogs)
      .values({
        tenantId,
        surveyId: survey.id,
        importDataSourceId: source!.id,
        fileName: log.file,
        fileType: log.file.endsWith('.csv') ? 'csv' : 'xlsx',
        mapping,
        status: log.status,
        requiresApproval: true,
        totalCount: log.status === S.Failed ? null : log.rows.length,
        processedCount: log.rows.length,
        acceptedCount: log.status === S.Rejected ? 0 : accepted,
        eliminatedCount: log.rows.filter((item) => item.reason !== undefined).length,
        errorCount: log.rows.filter((item) => item.error !== undefined).length,
        error: log.error ?? null,
        createdByUserId: uploader,
        decidedByUserId: log.status === S.Processed || log.status === S.Rejected ? approver : null,
        decidedAt:
          log.status === S.Processed || log.status === S.Rejected
            ? new Date(createdAt.getTime() + 3_600_000)
            : null,
        processedAt: log.status === S.Processed ? new Date(createdAt.getTime() + 3_700_000) : null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: importDataLogs.id });
    for (const [index, item] of log.rows.entries()) {
      // A moved row names one of the survey's existing invitees (the demo's answered ones), so the demo's
      // invitee and session counts stay those of its generator.
      const inviteeId =
        item.status === RS.Moved
          ? (existingInvitees[moved++ % Math.max(existingInvitees.length, 1)] ?? null)
          : null;
      await db.insert(stagedInvitees).values({
        tenantId,
        surveyId: survey.id,
        importDataLogId: row!.id,
        rowNumber: index + 1,
        fullName: item.name,
        email: item.email,
        msisdn: item.msisdn,
        transactionDate: createdAt,
        transactionChannelId: item.error ? null : (channel?.id ?? null),
        customConfigName: 'crm',
        status: item.status,
        eliminationReason: item.reason ?? null,
        errorDetail: item.error ?? null,
        inviteeId,
        createdAt,
      });
      written += 1;
    }
  }
  return written;
}
