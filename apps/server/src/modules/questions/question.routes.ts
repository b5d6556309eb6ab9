import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LOOKUP_SCOPES,
  SURVEY_MANAGE_SCOPES,
  SURVEY_READ_SCOPES,
  answerScaleTemplateSchema,
  answerScaleTemplatesFor,
  questionChoiceImageParamsSchema,
  questionDetailSchema,
  questionIdParamsSchema,
  questionLookupItemSchema,
  questionLookupQuerySchema,
  questionRowSchema,
  questionSaveSchema,
} from '@loupe/contracts';
import type { ModuleDeps } from '../../core/deps.js';
import { registerRecordRoutes } from '../../core/record-routes.js';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import { createLookupRepository, createLookupService } from '../lookups/index.js';
import { createQuestionGridSource } from './question-grid.js';
import { createQuestionService } from './question.service.js';

const read = [...SURVEY_READ_SCOPES] as [
  (typeof SURVEY_READ_SCOPES)[number],
  ...(typeof SURVEY_READ_SCOPES)[number][],
];
const manage = [...SURVEY_MANAGE_SCOPES] as [(typeof SURVEY_MANAGE_SCOPES)[number]];

/** The question library and answer-scale templates (docs/surveys-questions.md). */
export function questionRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const service = createQuestionService({ db });
  const lookups = createLookupService({ repository: createLookupRepository(db) });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // With grid parameters the library grid; without them the lookup report widget pickers have always called.
  registerGridRoutes(app, {
    path: '/api/questions',
    access: read,
    item: questionRowSchema,
    source: createQuestionGridSource(db),
    plainGet: {
      access: LOOKUP_SCOPES,
      querystring: questionLookupQuerySchema,
      response: z.array(questionLookupItemSchema),
      handler: (request, query) =>
        lookups.questions(request.actor, (query as z.infer<typeof questionLookupQuerySchema>).surveyId),
    },
  });

  registerRecordRoutes(app, {
    path: '/api/questions',
    params: questionIdParamsSchema,
    body: questionSaveSchema,
    item: questionDetailSchema,
    read,
    write: manage,
    service,
  });

  routes.post(
    '/api/questions/:id/clone',
    {
      config: { access: manage },
      schema: { params: questionIdParamsSchema, response: { 201: questionDetailSchema } },
    },
    async (request, reply) => reply.status(201).send(await service.clone(request.actor, request.params.id)),
  );

  routes.get(
    '/api/questions/:id/choices/:choiceId/image',
    { config: { access: read }, schema: { params: questionChoiceImageParamsSchema } },
    async (request, reply) => {
      const { id, choiceId } = request.params;
      const image = await service.choiceImage(request.actor, id, choiceId);
      return reply
        .header('content-type', image.mime)
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(image.bytes);
    },
  );

  routes.get(
    '/api/answer-scale-templates',
    { config: { access: read }, schema: { response: { 200: z.array(answerScaleTemplateSchema) } } },
    async (request) => answerScaleTemplatesFor(request.language),
  );
}
