import { and, count, eq, sql } from 'drizzle-orm';
import {
  REST_DATA_LOG_REQUEST_BYTES,
  type DataValidationLog,
  type DataValidationLogDetail,
  type RestDataError,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { dataValidationLogs, surveys, users } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { requireTenant, type Actor } from '../../core/actor.js';
import { countOf } from '../../core/queries.js';
import type { GridFields } from '../../grid/grid-fields.js';
import { pageOf, selectionOf } from '../../grid/grid-queries.js';
import type { GridListSource } from '../../grid/grid-routes.js';

const l = dataValidationLogs;

/** The grid's whitelist (docs/custom-data-and-data-logs.md): what `$filter` and `$orderby` may name. */
const fields = {
  Id: { sql: l.id, type: 'number' },
  SurveyId: { sql: l.surveyId, type: 'number' },
  SurveyTitle: { sql: surveys.title, type: 'string' },
  UserId: { sql: l.userId, type: 'number' },
  UserName: { sql: users.userName, type: 'string' },
  Status: {
    sql: sql<'Successful' | 'Failed'>`case when ${l.isSuccessful} then 'Successful' else 'Failed' end`,
    type: 'string',
  },
  IsSuccessful: { sql: l.isSuccessful, type: 'boolean' },
  AcceptedCount: { sql: l.acceptedCount, type: 'number' },
  RejectedCount: { sql: l.rejectedCount, type: 'number' },
  CreatedDate: { sql: l.createdAt, type: 'date' },
} satisfies GridFields;
const selection = selectionOf(fields);

type Row = Omit<DataValidationLog, 'CreatedDate' | 'Id'> & {
  Id: number | string;
  CreatedDate: Date | string;
};
const toLog = (row: Row): DataValidationLog => ({
  ...row,
  Id: Number(row.Id),
  CreatedDate: new Date(row.CreatedDate).toISOString(),
});

// The survey and user are joined for display; the log keeps its ids even when they are gone.
const surveyJoin = and(eq(surveys.id, l.surveyId), eq(surveys.tenantId, l.tenantId));
const userJoin = eq(users.id, l.userId);
const mine = (actor: Actor) => eq(l.tenantId, requireTenant(actor));

type StoredResult = { Accepted: number; Rejected: number; Errors: RestDataError[] };

/** The logged body: parsed when it was kept whole, else the first 64 KB as text. */
function loggedRequest(
  text: string,
  bytes: number | null,
): Pick<DataValidationLogDetail, 'Request' | 'RequestBytes' | 'RequestTruncated'> {
  const truncated = bytes !== null && bytes > REST_DATA_LOG_REQUEST_BYTES;
  let request: unknown = text;
  if (!truncated) {
    try {
      request = JSON.parse(text);
    } catch {
      // Kept as text.
    }
  }
  return { Request: request, RequestBytes: bytes, RequestTruncated: truncated };
}

/** The REST data API's call log (kept two months by the clean-up job): the caller's tenant only. */
export function createDataValidationLogService({ db }: { db: Db }) {
  const joined = () => db.select(selection).from(l).leftJoin(surveys, surveyJoin).leftJoin(users, userJoin);
  return {
    /** The grid of `/api/data-validation-logs`, newest first unless `$orderby` says otherwise. */
    grid: {
      fields,
      defaultOrder: 'CreatedDate desc, Id desc',
      scope: (request) => mine(request.actor),
      rows: async (page) => (await pageOf(joined().$dynamic(), page)).map((row) => toLog(row as Row)),
      // The joins only name things: the count needs them for a `$filter` on SurveyTitle or UserName.
      count: (where) =>
        countOf(
          db
            .select({ n: count() })
            .from(l)
            .leftJoin(surveys, surveyJoin)
            .leftJoin(users, userJoin)
            .where(where),
        ),
    } satisfies GridListSource<DataValidationLog>,

    async get(actor: Actor, id: number): Promise<DataValidationLogDetail> {
      const [row] = await db
        .select({ ...selection, request: l.request, requestBytes: l.requestBytes, result: l.result })
        .from(l)
        .leftJoin(surveys, surveyJoin)
        .leftJoin(users, userJoin)
        .where(and(eq(l.id, id), mine(actor)));
      if (!row) throw notFound();
      const { request, requestBytes, result, ...log } = row;
      return {
        ...toLog(log),
        ...loggedRequest(request, requestBytes),
        Result: result as StoredResult,
      };
    },
  };
}
