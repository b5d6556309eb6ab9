import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { feedbackSurveyInvitationSchema } from '@loupe/contracts';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { createFeedbackSurveyRepository } from './feedback-survey.repository.js';
import { createFeedbackSurveyService } from './feedback-survey.service.js';

/** The feedback button's check; `publicUrl` starts the survey links. */
export function feedbackSurveyRoutes(app: FastifyInstance, { db, publicUrl }: { db: Db; publicUrl: string }) {
  const feedbackSurveys = createFeedbackSurveyService({
    repository: createFeedbackSurveyRepository(db),
    publicUrl,
  });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/feedback-survey/check',
    {
      config: { access: 'signed-in' },
      schema: { response: { 200: feedbackSurveyInvitationSchema, 204: z.null() } },
    },
    async (request, reply) => {
      const invitation = await feedbackSurveys.check(request.actor);
      if (!invitation) return reply.status(204).send(null);
      return reply.header('Cache-Control', 'no-store').send(invitation);
    },
  );
}
