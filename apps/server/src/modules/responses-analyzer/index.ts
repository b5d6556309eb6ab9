import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  RESPONSES_ANALYZER_SCOPES,
  gridPageSchema,
  gridQuerySchema,
  responseListPageSchema,
  responseDetailParamsSchema,
  responseDetailSchema,
  responseListItemSchema,
  responsesAnalyzerFilterSchema,
  type Scope,
} from '@loupe/contracts';
import type { ModuleDeps } from '../../core/deps.js';
import { callerOffset } from '../widget-data/index.js';
import { createResponseDetail } from './response-detail.js';
import { createResponsesList } from './responses-list.js';

/*
 * The responses analyzer (issue 20 items 2 and 10, docs/responses-analyzer.md):
 * - `GET /api/responses-analyzer` (no filter), `POST /api/responses-analyzer` and `POST /api/responses-analyzer/query`
 *   (the body is the report filter): a grid page of answered sessions, `{ Items, Count }`;
 * - `GET /api/responses-analyzer/{inviteeId}`: one response.
 * Scopes: feedbackAnalysis, response:readall, response:readlimited (readlimited alone: the invitee masked).
 */

const access = [...RESPONSES_ANALYZER_SCOPES] as [Scope, ...Scope[]];
const PATH = '/api/responses-analyzer';

export function responsesAnalyzerRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const list = createResponsesList(deps);
  const detail = createResponseDetail(deps);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const response = { 200: responseListPageSchema };

  routes.get(
    PATH,
    {
      config: { access },
      schema: { querystring: gridQuerySchema, response: { 200: gridPageSchema(responseListItemSchema) } },
    },
    async (request) => list(request.actor, {}, request.query, callerOffset(request.headers)),
  );
  for (const path of [PATH, `${PATH}/query`]) {
    routes.post(
      path,
      {
        config: { access },
        schema: { querystring: gridQuerySchema, body: responsesAnalyzerFilterSchema, response },
      },
      async (request) => list(request.actor, request.body, request.query, callerOffset(request.headers)),
    );
  }
  routes.get(
    `${PATH}/:id`,
    {
      config: { access },
      schema: { params: responseDetailParamsSchema, response: { 200: responseDetailSchema } },
    },
    async (request) => detail(request.actor, request.params.id, callerOffset(request.headers)),
  );
}
