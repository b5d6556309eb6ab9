import type { FastifyBaseLogger } from 'fastify';
import {
  ErrorCode,
  REST_DATA_LOG_REQUEST_BYTES,
  REST_DATA_MAX_RECORDS,
  errorMessage,
  hasAnyScope,
  type RestDataError,
  type RestDataResult,
} from '@loupe/contracts';
import { AppError, forbidden, notFound } from '../../errors.js';
import { requireTenant, type Actor } from '../../core/actor.js';
import type { Db } from '../../db/client.js';
import type { BodySummary } from './body-tap.js';
import {
  createRestDataRepository,
  type IdempotencyClaim,
  type RememberedCall,
  type RestDataRepository,
} from './rest-data.repository.js';
import { checkRecords, collectCodes, parseRecords } from './rest-data.validation.js';

/** Survey type of an external source: the only kind a holder of externalSurvey:manage alone may push to. */
const EXTERNAL_SURVEY_TYPE = 4;

export type RestDataCall = { SurveyId: number; Records: unknown[] };

/** The answer of a call, and whether it was replayed from an earlier call with the same `Idempotency-Key`. */
export type IngestAnswer = { result: RestDataResult; replayed: boolean };

// Characters PostgreSQL cannot keep in jsonb (NUL) or that would break the JSON (broken surrogate pairs); a
// message naming an offending value must not stop the log from being written.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSTORABLE = /[\u0000]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const storable = (text: string) => text.replace(UNSTORABLE, '\ufffd');

/** The answer of a remembered call; the same key with another body is refused with 422 3114. */
function replay(remembered: RememberedCall, claim: IdempotencyClaim): IngestAnswer {
  if (remembered.requestHash !== claim.requestHash)
    throw new AppError(422, ErrorCode.RestIdempotencyKeyReused);
  const stored = remembered.result as Omit<RestDataResult, 'LogId'>;
  return { result: { LogId: remembered.logId, ...stored }, replayed: true };
}

export function createRestDataService({
  repository,
  log,
}: {
  repository: RestDataRepository;
  log?: FastifyBaseLogger;
}) {
  return {
    /**
     * Validates each record on its own, stores the valid ones and logs the call (the body's first 64 KB and
     * every record error). Whole-call failures (too many records, a survey that is not the caller's) are refused
     * before anything is stored or logged. With an `Idempotency-Key`, a call already stored under that key in
     * the last 24 hours is answered from its result and nothing is stored again.
     */
    async ingest(
      actor: Actor,
      call: RestDataCall,
      language: string,
      body: BodySummary,
      idempotencyKey?: string,
    ): Promise<IngestAnswer> {
      const tenantId = requireTenant(actor);
      if (call.Records.length > REST_DATA_MAX_RECORDS) {
        throw new AppError(413, ErrorCode.PayloadTooLarge, {
          MaxRecords: REST_DATA_MAX_RECORDS,
          Records: call.Records.length,
        });
      }
      const claim: IdempotencyClaim | undefined =
        idempotencyKey === undefined
          ? undefined
          : {
              tenantId,
              userId: actor.userId,
              clientId: actor.clientId,
              key: idempotencyKey,
              requestHash: body.sha256,
            };
      if (claim) {
        const remembered = await repository.findKey(claim);
        if (remembered) return replay(remembered, claim);
      }

      const survey = await repository.findSurvey(tenantId, call.SurveyId);
      if (!survey) throw notFound();
      if (!hasAnyScope(actor.scopes, ['survey:manage']) && survey.type !== EXTERNAL_SURVEY_TYPE) {
        throw forbidden();
      }

      const { parsed, errors: shapeErrors } = parseRecords(call.Records, language);
      const catalog = await repository.loadCatalog(
        tenantId,
        survey,
        collectCodes(parsed.map(({ record }) => record)),
      );
      const { rows, errors: recordErrors } = checkRecords(parsed, catalog, language);

      if (claim) {
        // Keys live 24 hours; clearing the expired ones on write keeps the table small without a job.
        await repository.forgetExpiredKeys().catch((error: unknown) => {
          log?.warn({ err: error }, 'could not delete expired idempotency keys');
        });
      }

      let result: Omit<RestDataResult, 'LogId'> | undefined;
      const outcome = await repository.store(tenantId, survey, rows, claim, (failed) => {
        const storeErrors: RestDataError[] = failed.map(({ index, error }) => {
          log?.warn(
            { err: error, record: index, surveyId: survey.id },
            'REST data record refused by the database',
          );
          return { Index: index, Code: ErrorCode.ModelNotValid, Message: errorMessage(3333, language) };
        });
        const errors = [...shapeErrors, ...recordErrors, ...storeErrors]
          .sort((a, b) => a.Index - b.Index)
          .map((error) => ({ ...error, Message: storable(error.Message) }));
        const accepted = rows.length - failed.length;
        const rejected = call.Records.length - accepted;
        result = { Accepted: accepted, Rejected: rejected, Errors: errors };
        return {
          tenantId,
          userId: actor.userId,
          surveyId: survey.id,
          request: body.head,
          requestBytes: body.bytes,
          result,
          acceptedCount: accepted,
          rejectedCount: rejected,
        };
      });

      if (outcome.kind === 'taken') {
        // A concurrent call with the same key committed first (this one waited for it): answer as it did.
        const remembered = claim && (await repository.findKey(claim));
        if (!remembered || !claim) throw new Error('idempotency key held but not found');
        return replay(remembered, claim);
      }
      if (!result) throw new Error('REST data result was not built');
      return { result: { LogId: outcome.logId, ...result }, replayed: false };
    },
  };
}

/** What `storeRecords` did: the log entry, the counts, and the positions of the records stored. */
export type StoredRecords = {
  logId: number;
  accepted: number;
  rejected: number;
  errors: RestDataError[];
  /** Positions in `records` of the records stored as sessions. */
  acceptedIndexes: number[];
};

/**
 * The REST data path for a caller inside the server (review sources, docs/review-sources.md): the records are
 * checked one by one and stored exactly as `POST /api/rest-data/responses` stores them (sessions, answers,
 * integration events, alert rules) with the call's entry in the data validation log (`userId` null for a
 * scheduled run). `db` may be a transaction: the storage then runs in a savepoint of it. The survey must be the
 * tenant's (the caller checks its type). Without `Idempotency-Key`.
 */
export async function storeRecords(
  db: Db,
  call: {
    tenantId: number;
    userId: number | null;
    surveyId: number;
    records: unknown[];
    language: string;
    log?: FastifyBaseLogger;
  },
): Promise<StoredRecords> {
  const repository = createRestDataRepository(db);
  const { tenantId, records, language } = call;
  if (records.length > REST_DATA_MAX_RECORDS) throw new Error('too many records for one REST data call');
  const survey = await repository.findSurvey(tenantId, call.surveyId);
  if (!survey) throw notFound();
  const { parsed, errors: shapeErrors } = parseRecords(records, language);
  const catalog = await repository.loadCatalog(
    tenantId,
    survey,
    collectCodes(parsed.map(({ record }) => record)),
  );
  const { rows, errors: recordErrors } = checkRecords(parsed, catalog, language);
  const request = JSON.stringify({ SurveyId: survey.id, Records: records });
  let result: StoredRecords | undefined;
  const outcome = await repository.store(tenantId, survey, rows, undefined, (failed) => {
    const storeErrors: RestDataError[] = failed.map(({ index, error }) => {
      call.log?.warn({ err: error, record: index, surveyId: survey.id }, 'record refused by the database');
      return { Index: index, Code: ErrorCode.ModelNotValid, Message: errorMessage(3333, language) };
    });
    const errors = [...shapeErrors, ...recordErrors, ...storeErrors]
      .sort((a, b) => a.Index - b.Index)
      .map((error) => ({ ...error, Message: storable(error.Message) }));
    const failedIndexes = new Set(failed.map(({ index }) => index));
    const acceptedIndexes = rows.map(({ index }) => index).filter((index) => !failedIndexes.has(index));
    const accepted = acceptedIndexes.length;
    const rejected = records.length - accepted;
    result = { logId: 0, accepted, rejected, errors, acceptedIndexes };
    const bytes = Buffer.byteLength(request);
    return {
      tenantId,
      userId: call.userId,
      surveyId: survey.id,
      request: storable(request.slice(0, REST_DATA_LOG_REQUEST_BYTES)),
      requestBytes: bytes,
      result: { Accepted: accepted, Rejected: rejected, Errors: errors },
      acceptedCount: accepted,
      rejectedCount: rejected,
    };
  });
  if (outcome.kind !== 'stored' || !result) throw new Error('REST data records were not stored');
  return { ...result, logId: outcome.logId };
}
