import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LOOKUP_SCOPES,
  alertRuleLookupItemSchema,
  codedItemSchema,
  employeeItemSchema,
  experienceGroupItemSchema,
  experienceItemSchema,
  journeyStageItemSchema,
  lookupTreeResponseSchema,
  questionTypeItemSchema,
  segmentGroupItemSchema,
  topicModelItemSchema,
  treeQuerySchema,
  weightedExperienceGroupItemSchema,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { createLookupRepository } from './lookup.repository.js';
import { createLookupService } from './lookup.service.js';

const config = { access: LOOKUP_SCOPES };
const list = <T extends z.ZodType>(item: T) => ({ response: { 200: z.array(item) } });

/** The lookup lists report filters, widget forms and alert screens choose from. */
export function lookupRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const lookups = createLookupService({ repository: createLookupRepository(db) });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tree = { querystring: treeQuerySchema, response: { 200: lookupTreeResponseSchema } };

  routes.get('/api/filters/channels', { config, schema: tree }, async (request) =>
    lookups.channels(request.actor, request.query.isTreeBuilt),
  );
  routes.get('/api/filters/products', { config, schema: tree }, async (request) =>
    lookups.products(request.actor, request.query.isTreeBuilt),
  );
  routes.get('/api/filters/locations', { config, schema: tree }, async (request) =>
    lookups.locations(request.actor, request.query.isTreeBuilt),
  );
  routes.get('/api/filters/segments', { config, schema: list(segmentGroupItemSchema) }, async (request) =>
    lookups.segments(request.actor),
  );
  routes.get('/api/filters/transactionTypes', { config, schema: list(codedItemSchema) }, async (request) =>
    lookups.transactionTypes(request.actor),
  );
  routes.get('/api/filters/experiences', { config, schema: list(experienceItemSchema) }, async (request) =>
    lookups.experiences(request.actor),
  );
  routes.get(
    '/api/filters/experiencegroups',
    { config, schema: list(experienceGroupItemSchema) },
    async (request) => lookups.experienceGroups(request.actor),
  );
  routes.get(
    '/api/filters/weighted-experience-groups',
    { config, schema: list(weightedExperienceGroupItemSchema) },
    async (request) => lookups.weightedExperienceGroups(request.actor),
  );
  routes.get('/api/filters/employees', { config, schema: list(employeeItemSchema) }, async (request) =>
    lookups.employees(request.actor),
  );
  routes.get('/api/filters/topic-models', { config, schema: list(topicModelItemSchema) }, async (request) =>
    lookups.topicModels(request.actor, false),
  );
  routes.get(
    '/api/filters/topic-models-with-emotion',
    { config, schema: list(topicModelItemSchema) },
    async (request) => lookups.topicModels(request.actor, true),
  );
  // `GET /api/surveys` (the survey lookup without grid parameters) is the surveys module's: it is the grid too.
  routes.get('/api/journeyStages', { config, schema: list(journeyStageItemSchema) }, async (request) =>
    lookups.journeyStages(request.actor),
  );
  // GET /api/questions (?surveyId=) is answered by the questions module, beside the library grid on its path.
  routes.get('/api/questionTypes', { config, schema: list(questionTypeItemSchema) }, async (request) =>
    lookups.questionTypes(request.language, false),
  );
  routes.get('/api/matrixQuestionTypes', { config, schema: list(questionTypeItemSchema) }, async (request) =>
    lookups.questionTypes(request.language, true),
  );
  routes.get('/api/alertRules', { config, schema: list(alertRuleLookupItemSchema) }, async (request) =>
    lookups.alertRules(request.actor),
  );
}
