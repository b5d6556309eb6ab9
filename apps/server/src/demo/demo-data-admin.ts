import { and, eq, sql } from 'drizzle-orm';
import { errorMessage, type ErrorCode, type RestDataError } from '@loupe/contracts';
import type { Db } from '../db/client.js';
import { customDataMappings, dataValidationLogs, surveys, users } from '../db/schema/index.js';

/*
 * The Demo Bank's custom data names and REST data log (issue 18 items 7 and 9, docs/custom-data-and-data-logs.md):
 * the ten slot names the CRM fills, and a handful of calls of the REST data API (some with records refused by
 * 3100–3108), so the custom data screen, the slot names in the pool filter and the REST log screens show real
 * rows. Written once for a tenant that has none; dates are relative to the load.
 */

const DEMO_CUSTOM_DATA_NAMES = [
  'Müşteri numarası',
  'CRM segmenti',
  'Kampanya kodu',
  'Müşteri temsilcisi',
  'Tercih edilen kanal',
  'Sözleşme numarası',
  'Kart tipi',
  'Son işlem tutarı',
  'Risk sınıfı',
  'Referans kodu',
];

/** The tenant's custom data names, unless it named its slots already. */
async function ensureDemoCustomDataNames(db: Db, tenantId: number): Promise<void> {
  await db
    .insert(customDataMappings)
    .values({ tenantId, names: DEMO_CUSTOM_DATA_NAMES })
    .onConflictDoNothing({ target: customDataMappings.tenantId });
}

type DemoRecord = Record<string, unknown>;

const HOUR_MS = 3_600_000;

function demoRecord(index: number, overrides: DemoRecord = {}): DemoRecord {
  return {
    TransactionDate: '',
    TransactionChannel: `BR-${String(1 + (index % 40)).padStart(4, '0')}`,
    TransactionProduct: 'PR-ACC-01',
    TransactionType: 'TT-DEP',
    Segments: ['SEG;MASS', 'AGE;A35'],
    InviteeFullName: `Demo Müşteri ${index + 1}`,
    InviteeEmail: `rest.${index + 1}@musteri.example`,
    CustomData1: `C${100_000 + index}`,
    CustomData3: 'KAMP-KIS',
    Answers: [
      { Question: 'NPS', Value: (index * 7) % 11 },
      { Question: 'CSAT', Value: 6 + (index % 5) },
    ],
    ...overrides,
  };
}

/** A refused record: its index in the call, its code, and the values the message names. */
type Refusal = { index: number; code: ErrorCode; values: string[]; record: DemoRecord };

type DemoCall = { hoursAgo: number; records: number; refusals: Refusal[]; user: 'admin' | 'manager' };

const CALLS: DemoCall[] = [
  { hoursAgo: 2, records: 5, refusals: [], user: 'admin' },
  {
    hoursAgo: 9,
    records: 6,
    refusals: [
      { index: 1, code: 3101, values: ['BR-9999'], record: { TransactionChannel: 'BR-9999' } },
      { index: 4, code: 3100, values: ['SEG;VIP'], record: { Segments: ['SEG;VIP'] } },
    ],
    user: 'admin',
  },
  { hoursAgo: 27, records: 4, refusals: [], user: 'manager' },
  {
    hoursAgo: 50,
    records: 4,
    refusals: [
      { index: 0, code: 3103, values: ['PR-XXX-01'], record: { TransactionProduct: 'PR-XXX-01' } },
      { index: 2, code: 3107, values: [], record: { Answers: [] } },
      { index: 3, code: 3108, values: ['NPS=12'], record: { Answers: [{ Question: 'NPS', Value: 12 }] } },
    ],
    user: 'admin',
  },
  { hoursAgo: 75, records: 3, refusals: [], user: 'manager' },
  {
    hoursAgo: 120,
    records: 3,
    refusals: [{ index: 2, code: 3104, values: ['EMP-99999'], record: { Employee: 'EMP-99999' } }],
    user: 'manager',
  },
];

/** A handful of REST data calls of the demo branch survey, some with refused records, unless the tenant has some. */
async function ensureDemoRestDataLogs(db: Db, tenantId: number): Promise<number> {
  const [existing] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(dataValidationLogs)
    .where(eq(dataValidationLogs.tenantId, tenantId));
  if ((existing?.count ?? 0) > 0) return 0;
  const [survey] = await db
    .select({ id: surveys.id })
    .from(surveys)
    .where(and(eq(surveys.tenantId, tenantId), eq(surveys.integrationCode, 'BRANCH')));
  const senders = await db
    .select({ id: users.id, userName: users.userName })
    .from(users)
    .where(eq(users.tenantId, tenantId));
  const senderId = (name: string) =>
    senders.find((user) => user.userName === name)?.id ?? senders[0]?.id ?? null;
  const now = Date.now();
  const rows = CALLS.map((call) => {
    const at = new Date(now - call.hoursAgo * HOUR_MS);
    const records = Array.from({ length: call.records }, (_, index) => {
      const refusal = call.refusals.find((entry) => entry.index === index);
      return demoRecord(index, { TransactionDate: at.toISOString(), ...refusal?.record });
    });
    const errors: RestDataError[] = call.refusals.map(({ index, code, values }) => {
      const message = errorMessage(code, 'en');
      return {
        Index: index,
        Code: code,
        Message: values.length ? `${message.replace(/\.$/, '')}: ${values.join(', ')}` : message,
      };
    });
    const request = JSON.stringify({ SurveyId: survey?.id ?? null, Records: records });
    return {
      tenantId,
      userId: senderId(call.user),
      surveyId: survey?.id ?? null,
      request,
      requestBytes: Buffer.byteLength(request),
      result: { Accepted: call.records - errors.length, Rejected: errors.length, Errors: errors },
      isSuccessful: errors.length === 0,
      acceptedCount: call.records - errors.length,
      rejectedCount: errors.length,
      createdAt: at,
    };
  });
  await db.insert(dataValidationLogs).values(rows);
  return rows.length;
}

/** The custom data names and the REST data log of a demo tenant. */
export async function ensureDemoDataAdmin(db: Db, tenantId: number): Promise<void> {
  await ensureDemoCustomDataNames(db, tenantId);
  await ensureDemoRestDataLogs(db, tenantId);
}
