import { and, eq, lt, sql } from 'drizzle-orm';
import { errorMessage, type RestDataError } from '@loupe/contracts';
import type { Db } from '../db/client.js';
import { dataValidationLogs, surveys, users } from '../db/schema/index.js';
import { Prng } from './prng.js';

/*
 * The Demo Bank's health history (docs/health-and-logs.md): eight weeks of a CRM's REST data calls on weekday
 * office hours (UTC), now and then with a refused record, so the health check's seasonal baseline has a normal
 * past; and one incident three days before the load, a partner sending its new branch codes for three hours
 * (109 records refused as unknown channels), which the anomaly detector shows. Everything is older than a day, so
 * the REST log screen's newest calls stay those of demo-data-admin.ts. Deterministic for a tenant and a load time;
 * written once for a tenant that has no REST log older than a week.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const HISTORY_WEEKS = 8;
/** The incident: three calls, hours after 00:00 UTC three days before the load, and how many records each refused. */
const INCIDENT = [
  { hour: 11, minute: 10, records: 60, refused: 36 },
  { hour: 12, minute: 5, records: 80, refused: 52 },
  { hour: 13, minute: 20, records: 40, refused: 21 },
];
const INCIDENT_DAYS_AGO = 3;

type Call = { at: Date; records: number; refused: number };

function demoCalls(tenantId: number, nowMs: number): Call[] {
  const prng = new Prng(tenantId, 2020);
  const calls: Call[] = [];
  const lastMs = nowMs - DAY_MS;
  const firstHour = Math.floor((nowMs - HISTORY_WEEKS * 7 * DAY_MS) / HOUR_MS);
  for (let hour = firstHour; hour * HOUR_MS < lastMs; hour++) {
    const at = new Date(hour * HOUR_MS);
    const weekday = at.getUTCDay();
    const hourOfDay = at.getUTCHours();
    if (weekday === 0 || weekday === 6 || hourOfDay < 7 || hourOfDay > 16) continue;
    if (!prng.chance(0.35)) continue;
    const draw = prng.next();
    const refused = draw < 0.8 ? 0 : draw < 0.95 ? 1 : 2;
    calls.push({ at: new Date(at.getTime() + prng.int(1, 58) * 60_000), records: prng.int(3, 12), refused });
  }
  const day = Math.floor(nowMs / DAY_MS) * DAY_MS - INCIDENT_DAYS_AGO * DAY_MS;
  for (const call of INCIDENT)
    calls.push({
      at: new Date(day + call.hour * HOUR_MS + call.minute * 60_000),
      records: call.records,
      refused: call.refused,
    });
  return calls;
}

/** A branch code the channel tree does not know: a partner's new branches. */
const unknownChannel = (index: number) => `BR-P${String(100 + (index % 37)).padStart(3, '0')}`;

export async function ensureDemoHealthHistory(db: Db, tenantId: number, nowMs = Date.now()): Promise<number> {
  const [existing] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(dataValidationLogs)
    .where(
      and(
        eq(dataValidationLogs.tenantId, tenantId),
        lt(dataValidationLogs.createdAt, new Date(nowMs - 7 * DAY_MS)),
      ),
    );
  if ((existing?.count ?? 0) > 0) return 0;
  const [survey] = await db
    .select({ id: surveys.id })
    .from(surveys)
    .where(and(eq(surveys.tenantId, tenantId), eq(surveys.integrationCode, 'BRANCH')));
  const [sender] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.userName, 'admin')));
  const message = errorMessage(3101, 'en').replace(/\.$/, '');
  const rows = demoCalls(tenantId, nowMs).map((call) => {
    const records = Array.from({ length: call.records }, (_, index) => ({
      TransactionDate: call.at.toISOString(),
      TransactionChannel:
        index < call.refused ? unknownChannel(index) : `BR-${String(1 + (index % 40)).padStart(4, '0')}`,
      InviteeEmail: `crm.${index + 1}@musteri.example`,
      Answers: [{ Question: 'NPS', Value: (index * 7) % 11 }],
    }));
    const errors: RestDataError[] = records.slice(0, call.refused).map((record, index) => ({
      Index: index,
      Code: 3101,
      Message: `${message}: ${record.TransactionChannel}`,
    }));
    const request = JSON.stringify({ SurveyId: survey?.id ?? null, Records: records });
    return {
      tenantId,
      userId: sender?.id ?? null,
      surveyId: survey?.id ?? null,
      request,
      requestBytes: Buffer.byteLength(request),
      result: { Accepted: call.records - call.refused, Rejected: call.refused, Errors: errors },
      isSuccessful: call.refused === 0,
      acceptedCount: call.records - call.refused,
      rejectedCount: call.refused,
      createdAt: call.at,
    };
  });
  for (let i = 0; i < rows.length; i += 200)
    await db.insert(dataValidationLogs).values(rows.slice(i, i + 200));
  return rows.length;
}
