import { pipeline } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorCode,
  REST_DATA_LOG_REQUEST_BYTES,
  REST_DATA_MAX_BODY_BYTES,
  dataValidationLogDetailSchema,
  dataValidationLogIdParamsSchema,
  dataValidationLogSchema,
  restDataRequestSchema,
  isIdempotencyKey,
  restDataResultSchema,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../errors.js';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import { BodyTap } from './body-tap.js';
import { createDataValidationLogService } from './data-validation-log.service.js';
import { createRestDataRepository } from './rest-data.repository.js';
import { createRestDataService } from './rest-data.service.js';

const LOG_SCOPES = ['survey:manage', 'externalSurvey:manage', 'log:monitor'] as const;

/** The `Idempotency-Key` header: absent, or 1 to 255 printable ASCII characters (else 400 3333). */
function idempotencyKey(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header === 'string' && isIdempotencyKey(header)) return header;
  throw badRequest(ErrorCode.ModelNotValid, [
    { Path: 'headers/idempotency-key', Message: 'Expected 1 to 255 printable ASCII characters' },
  ]);
}

/** The REST data API for systems that push transactions and answers, and its call log. */
export function restDataRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const restData = createRestDataService({ repository: createRestDataRepository(db), log: app.log });
  const logs = createDataValidationLogService({ db });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Each call's body passes through a tap that hashes it (for Idempotency-Key) and keeps its first 64 KB (log).
  const taps = new WeakMap<FastifyRequest, BodyTap>();

  routes.post(
    '/api/rest-data/responses',
    {
      // One bad record never sinks the batch: rest-data.validation.ts checks each record's text and numbers itself.
      config: { access: ['survey:manage', 'externalSurvey:manage'], inputBounds: false },
      bodyLimit: REST_DATA_MAX_BODY_BYTES,
      schema: { body: restDataRequestSchema, response: { 200: restDataResultSchema } },
      preParsing: async (request, _reply, payload) => {
        const tap = new BodyTap(REST_DATA_LOG_REQUEST_BYTES);
        taps.set(request, tap);
        // pipeline() passes a failure of the incoming stream (an aborted upload) on to the tap.
        return pipeline(payload, tap, () => {});
      },
    },
    async (request, reply) => {
      const key = idempotencyKey(request);
      const tap = taps.get(request);
      if (!tap) throw new Error('REST data body was not tapped');
      const answer = await restData.ingest(
        request.actor,
        request.body,
        request.language,
        tap.summarize(),
        key,
      );
      if (answer.replayed) void reply.header('idempotent-replayed', 'true');
      return answer.result;
    },
  );

  // The shared grid: GET, POST …/query (reads, not audited) and POST …/export (docs/grid.md).
  registerGridRoutes(app, {
    path: '/api/data-validation-logs',
    access: [...LOG_SCOPES],
    item: dataValidationLogSchema,
    source: logs.grid,
  });

  routes.get(
    '/api/data-validation-logs/:id',
    {
      config: { access: LOG_SCOPES },
      schema: { params: dataValidationLogIdParamsSchema, response: { 200: dataValidationLogDetailSchema } },
    },
    async (request) => logs.get(request.actor, request.params.id),
  );
}
