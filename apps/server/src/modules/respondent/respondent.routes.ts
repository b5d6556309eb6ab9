import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  onSiteInvitationAnswerSchema,
  onSiteInvitationSchema,
  publicAnswersResultSchema,
  publicAnswersSaveSchema,
  publicChoiceImageParamsSchema,
  publicGuidParamsSchema,
  publicOptOutSchema,
  publicSurveyQuerySchema,
  publicSurveySchema,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { createOnSiteService } from './on-site.service.js';
import { createRespondentService } from './respondent.service.js';

/** How long a browser may keep a choice's picture: an edited image gets a new choice row only rarely. */
const IMAGE_CACHE = 'public, max-age=3600';

/**
 * The respondent page's token-free API (rate-limited per address by plugins/rate-limits.ts) and the on-site call
 * (docs/respondent-api.md).
 */
export function respondentRoutes(app: FastifyInstance, { db, publicUrl }: { db: Db; publicUrl: string }) {
  const respondents = createRespondentService({ db, publicUrl });
  const onSite = createOnSiteService({ db, publicUrl });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const open = { access: 'public' as const };

  routes.get(
    '/api/public/surveys/:guid',
    {
      config: open,
      schema: {
        params: publicGuidParamsSchema,
        querystring: publicSurveyQuerySchema,
        response: { 200: publicSurveySchema },
      },
    },
    async (request, reply) =>
      reply
        .header('Cache-Control', 'no-store')
        .send(await respondents.view(request.params.guid, request.query.SessionKey)),
  );
  routes.get(
    '/api/public/surveys/:guid/choice-images/:choiceId',
    { config: open, schema: { params: publicChoiceImageParamsSchema } },
    async (request, reply) => {
      const { image, mime } = await respondents.choiceImage(request.params.guid, request.params.choiceId);
      return reply
        .header('Content-Type', mime)
        .header('Cache-Control', IMAGE_CACHE)
        .header('X-Content-Type-Options', 'nosniff')
        .send(image);
    },
  );
  routes.post(
    '/api/public/surveys/:guid/answers',
    {
      config: open,
      schema: {
        params: publicGuidParamsSchema,
        body: publicAnswersSaveSchema,
        response: { 200: publicAnswersResultSchema },
      },
    },
    async (request) => respondents.save(request.params.guid, request.body),
  );
  routes.post(
    '/api/public/surveys/:guid/optout',
    {
      config: open,
      schema: {
        params: publicGuidParamsSchema,
        body: publicOptOutSchema.optional(),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await respondents.optOut(request.params.guid, request.body ?? {});
      return reply.status(204).send(null);
    },
  );

  // RFC 8058 one-click unsubscribe: a mail client POSTs `List-Unsubscribe=One-Click` (a form) to the mail's
  // List-Unsubscribe address, the page's own unsubscribe link `/s/{guid}/optout`, whose GET asks first.
  routes.post(
    '/s/:guid/optout',
    {
      config: open,
      schema: {
        params: publicGuidParamsSchema,
        body: z.strictObject({ 'List-Unsubscribe': z.literal('One-Click') }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await respondents.optOut(request.params.guid, { Reason: 'List-Unsubscribe one-click' });
      return reply.status(204).send(null);
    },
  );

  routes.post(
    '/api/v11/surveys/on-site',
    {
      config: { access: ['onSiteSurvey:manage'], audit: { entity: 'onSiteInvitation', action: 'create' } },
      schema: { body: onSiteInvitationSchema, response: { 200: onSiteInvitationAnswerSchema } },
    },
    async (request) => onSite.invite(request.actor, request.body),
  );
}
