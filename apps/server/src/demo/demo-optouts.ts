import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { optouts } from '../db/schema/index.js';

/*
 * The Demo Bank's opt-outs (issue 18, docs/optouts.md): customers who asked for no more surveys, for ever or
 * until a date (one of them already lapsed), from the console, the unsubscribe link and a CATI call, so the
 * opt-out screen shows real rows. Dates are relative to the load; written once for a tenant that has none.
 */

const DAY_MS = 86_400_000;

export async function ensureDemoOptouts(db: Db, tenantId: number): Promise<number> {
  const [existing] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(optouts)
    .where(eq(optouts.tenantId, tenantId));
  if ((existing?.count ?? 0) > 0) return 0;
  const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);
  const rows: Omit<typeof optouts.$inferInsert, 'tenantId'>[] = [
    {
      email: 'ayse.yilmaz@example.com',
      reason: 'Asked at the branch to receive no surveys',
      source: 'manual',
    },
    { msisdn: '+905321110022', reason: 'Complained about SMS surveys', source: 'manual' },
    { email: 'mehmet.kaya@example.com', source: 'unsubscribe-link' },
    {
      email: 'zeynep.demir@example.com',
      msisdn: '+905339998877',
      reason: 'Travelling abroad until the end of the quarter',
      isForever: false,
      untilDate: inDays(45),
      source: 'manual',
    },
    {
      msisdn: '+905441234567',
      reason: 'Busy',
      channel: 9,
      isForever: false,
      untilDate: inDays(10),
      source: 'cati',
    },
    {
      email: 'can.sahin@example.com',
      reason: 'Paused during the campaign (lapsed)',
      isForever: false,
      untilDate: inDays(-7),
      source: 'manual',
    },
  ];
  await db.insert(optouts).values(rows.map((row) => ({ ...row, tenantId })));
  return rows.length;
}
