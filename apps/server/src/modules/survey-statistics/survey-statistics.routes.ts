import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SURVEY_READ_SCOPES,
  surveyStatisticsParamsSchema,
  surveyStatisticsQuerySchema,
  surveyStatisticsSchema,
  surveysStatisticsSchema,
} from '@loupe/contracts';
import type { ModuleDeps } from '../../core/deps.js';
import { createSurveyStatisticsService } from './survey-statistics.service.js';

const config = { access: SURVEY_READ_SCOPES };

/** Survey statistics (issue 16 §4, docs/surveys-statistics.md): read-only, every figure from the replica. */
export function surveyStatisticsRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  const statistics = createSurveyStatisticsService(deps);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/survey-statistics',
    {
      config,
      schema: { querystring: surveyStatisticsQuerySchema, response: { 200: surveysStatisticsSchema } },
    },
    async (request) => statistics.all(request.actor, request.query),
  );
  routes.get(
    '/api/surveys/:id/statistics',
    {
      config,
      schema: {
        params: surveyStatisticsParamsSchema,
        querystring: surveyStatisticsQuerySchema,
        response: { 200: surveyStatisticsSchema },
      },
    },
    async (request) => statistics.one(request.actor, request.params.id, request.query),
  );
}
