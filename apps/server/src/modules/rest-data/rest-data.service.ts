import { ErrorCode, REST_DATA_MAX_RECORDS, hasAnyScope, type RestDataResult } from '@loupe/contracts';
import { AppError, forbidden, notFound } from '../../errors.js';
import { requireTenant, type Actor } from '../../plugins/auth.js';
import type { RestDataRepository } from './rest-data.repository.js';
import { checkRecords, collectCodes, parseRecords } from './rest-data.validation.js';

/** Survey type of an external source: the only kind a holder of externalSurvey:manage alone may push to. */
const EXTERNAL_SURVEY_TYPE = 4;

export type RestDataCall = { SurveyId: number; Records: unknown[] };

export function createRestDataService({ repository }: { repository: RestDataRepository }) {
  return {
    /**
     * Validates each record on its own, stores the valid ones and logs the call (request and result).
     * Whole-call failures (too many records, a survey that is not the caller's) are refused before anything is
     * stored or logged.
     */
    async ingest(actor: Actor, call: RestDataCall, language: string): Promise<RestDataResult> {
      const tenantId = requireTenant(actor);
      if (call.Records.length > REST_DATA_MAX_RECORDS) {
        throw new AppError(413, ErrorCode.PayloadTooLarge, {
          MaxRecords: REST_DATA_MAX_RECORDS,
          Records: call.Records.length,
        });
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

      const errors = [...shapeErrors, ...recordErrors].sort((a, b) => a.Index - b.Index);
      const rejected = call.Records.length - rows.length;
      const result = { Accepted: rows.length, Rejected: rejected, Errors: errors };
      const logId = await repository.store(survey, rows, {
        tenantId,
        userId: actor.userId,
        surveyId: survey.id,
        request: call,
        result,
        acceptedCount: rows.length,
        rejectedCount: rejected,
      });
      return { LogId: logId, ...result };
    },
  };
}

export type RestDataService = ReturnType<typeof createRestDataService>;
