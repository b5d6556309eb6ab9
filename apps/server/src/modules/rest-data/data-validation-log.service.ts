import { and, count, desc, eq } from 'drizzle-orm';
import {
  REST_DATA_LOG_REQUEST_BYTES,
  type DataValidationLog,
  type DataValidationLogDetail,
  type DataValidationLogList,
  type DataValidationLogQuery,
  type RestDataError,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { dataValidationLogs, surveys, users } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { requireTenant, type Actor } from '../../core/actor.js';

const listColumns = {
  id: dataValidationLogs.id,
  surveyId: dataValidationLogs.surveyId,
  surveyTitle: surveys.title,
  userId: dataValidationLogs.userId,
  userName: users.userName,
  isSuccessful: dataValidationLogs.isSuccessful,
  acceptedCount: dataValidationLogs.acceptedCount,
  rejectedCount: dataValidationLogs.rejectedCount,
  createdAt: dataValidationLogs.createdAt,
};

type ListRow = {
  id: number;
  surveyId: number | null;
  surveyTitle: string | null;
  userId: number | null;
  userName: string | null;
  isSuccessful: boolean;
  acceptedCount: number;
  rejectedCount: number;
  createdAt: Date;
};

function toLog(row: ListRow): DataValidationLog {
  return {
    Id: row.id,
    SurveyId: row.surveyId,
    SurveyTitle: row.surveyTitle,
    UserId: row.userId,
    UserName: row.userName,
    Status: row.isSuccessful ? 'Successful' : 'Failed',
    IsSuccessful: row.isSuccessful,
    AcceptedCount: row.acceptedCount,
    RejectedCount: row.rejectedCount,
    CreatedDate: row.createdAt.toISOString(),
  };
}

// The survey and user are joined for display; the log keeps its ids even when they are gone.
const surveyJoin = and(
  eq(surveys.id, dataValidationLogs.surveyId),
  eq(surveys.tenantId, dataValidationLogs.tenantId),
);
const userJoin = eq(users.id, dataValidationLogs.userId);

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

/** The REST data API's call log (kept two months by the clean-up job): newest first, the caller's tenant only. */
export function createDataValidationLogService({ db }: { db: Db }) {
  return {
    async list(actor: Actor, query: DataValidationLogQuery): Promise<DataValidationLogList> {
      const tenantId = requireTenant(actor);
      const where = eq(dataValidationLogs.tenantId, tenantId);
      const [rows, [total]] = await Promise.all([
        db
          .select(listColumns)
          .from(dataValidationLogs)
          .leftJoin(surveys, surveyJoin)
          .leftJoin(users, userJoin)
          .where(where)
          .orderBy(desc(dataValidationLogs.createdAt), desc(dataValidationLogs.id))
          .limit(query.$top)
          .offset(query.$skip),
        db.select({ value: count() }).from(dataValidationLogs).where(where),
      ]);
      return { Items: rows.map(toLog), Count: total?.value ?? 0 };
    },

    async get(actor: Actor, id: number): Promise<DataValidationLogDetail> {
      const tenantId = requireTenant(actor);
      const [row] = await db
        .select({
          ...listColumns,
          request: dataValidationLogs.request,
          requestBytes: dataValidationLogs.requestBytes,
          result: dataValidationLogs.result,
        })
        .from(dataValidationLogs)
        .leftJoin(surveys, surveyJoin)
        .leftJoin(users, userJoin)
        .where(and(eq(dataValidationLogs.id, id), eq(dataValidationLogs.tenantId, tenantId)));
      if (!row) throw notFound();
      return {
        ...toLog(row),
        ...loggedRequest(row.request, row.requestBytes),
        Result: row.result as StoredResult,
      };
    },
  };
}
