import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  REST_DATA_MAX_BODY_BYTES,
  dataValidationLogDetailSchema,
  dataValidationLogIdParamsSchema,
  dataValidationLogListSchema,
  dataValidationLogQuerySchema,
  restDataRequestSchema,
  restDataResultSchema,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { createDataValidationLogService } from './data-validation-log.service.js';
import { createRestDataRepository } from './rest-data.repository.js';
import { createRestDataService } from './rest-data.service.js';

const LOG_SCOPES = ['survey:manage', 'externalSurvey:manage', 'log:monitor'] as const;

/** The REST data API for systems that push transactions and answers, and its call log. */
export function restDataRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const restData = createRestDataService({ repository: createRestDataRepository(db) });
  const logs = createDataValidationLogService({ db });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/rest-data/responses',
    {
      config: { access: ['survey:manage', 'externalSurvey:manage'] },
      bodyLimit: REST_DATA_MAX_BODY_BYTES,
      schema: { body: restDataRequestSchema, response: { 200: restDataResultSchema } },
    },
    async (request) => restData.ingest(request.actor, request.body, request.language),
  );

  // The grid posts its filter body; paging is all this list reads for now.
  for (const method of ['GET', 'POST'] as const) {
    routes.route({
      method,
      url: '/api/data-validation-logs',
      config: { access: LOG_SCOPES },
      schema: { querystring: dataValidationLogQuerySchema, response: { 200: dataValidationLogListSchema } },
      handler: async (request) => logs.list(request.actor, request.query),
    });
  }

  routes.get(
    '/api/data-validation-logs/:id',
    {
      config: { access: LOG_SCOPES },
      schema: { params: dataValidationLogIdParamsSchema, response: { 200: dataValidationLogDetailSchema } },
    },
    async (request) => logs.get(request.actor, request.params.id),
  );
}
