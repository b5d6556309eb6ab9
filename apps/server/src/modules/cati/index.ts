import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CATI_AGENT_SCOPES,
  CATI_CAMPAIGN_MANAGE_SCOPES,
  CATI_STATS_SCOPES,
  catiCallParamsSchema,
  catiCallSchema,
  catiCallStartSchema,
  catiCampaignSaveSchema,
  catiCampaignSchema,
  catiCurrentCallSchema,
  catiOutcomeResultSchema,
  catiOutcomeSchema,
  catiQueueSchema,
  catiRefusalReasonsSchema,
  catiStatisticsQuerySchema,
  catiStatisticsSchema,
  int32IdParam,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { catiStatistics } from './cati-statistics.js';
import { createCatiService } from './cati.service.js';

/*
 * CATI, the call centre (issue 22 items 7–8, docs/cati.md): the agents' queue, calls and their outcomes
 * (catiagent), the call statistics (cati:stats) and the surveys' campaign settings (read with cati:stats or
 * survey:manage, changed with survey:manage). The answers themselves go through the respondent page in agent mode.
 */

const AGENT = [...CATI_AGENT_SCOPES] as const;
const STATS = [...CATI_STATS_SCOPES] as const;
const MANAGE = [...CATI_CAMPAIGN_MANAGE_SCOPES] as const;
const campaignParamsSchema = z.strictObject({ surveyId: int32IdParam });

export function catiRoutes(
  app: FastifyInstance,
  { db, publicUrl, now }: { db: Db; publicUrl: string; now?: () => Date },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const cati = createCatiService({ db, publicUrl, now });

  routes.get(
    '/api/cati/queue',
    { config: { access: AGENT }, schema: { response: { 200: catiQueueSchema } } },
    async (request) => cati.queue(request.actor),
  );

  routes.post(
    '/api/cati/calls',
    { config: { access: AGENT }, schema: { body: catiCallStartSchema, response: { 201: catiCallSchema } } },
    async (request, reply) =>
      reply.status(201).send(await cati.start(request.actor, request.body.InvitationId)),
  );

  routes.get(
    '/api/cati/calls/current',
    { config: { access: AGENT }, schema: { response: { 200: catiCurrentCallSchema } } },
    async (request) => ({ Call: await cati.current(request.actor) }),
  );

  routes.post(
    '/api/cati/calls/:id/outcome',
    {
      config: { access: AGENT },
      schema: {
        params: catiCallParamsSchema,
        body: catiOutcomeSchema,
        response: { 200: catiOutcomeResultSchema },
      },
    },
    async (request) => cati.outcome(request.actor, request.params.id, request.body),
  );

  routes.get(
    '/api/cati/refusal-reasons',
    { config: { access: AGENT }, schema: { response: { 200: catiRefusalReasonsSchema } } },
    async (request) => cati.refusalReasons(request.actor),
  );

  routes.get(
    '/api/cati/statistics',
    {
      config: { access: STATS },
      schema: { querystring: catiStatisticsQuerySchema, response: { 200: catiStatisticsSchema } },
    },
    async (request) => catiStatistics(db, request.actor, request.query, now?.()),
  );

  routes.get(
    '/api/cati/campaigns',
    {
      config: { access: [...STATS, ...MANAGE] },
      schema: { response: { 200: z.array(catiCampaignSchema) } },
    },
    async (request) => cati.campaigns(request.actor),
  );

  routes.put(
    '/api/cati/campaigns/:surveyId',
    {
      config: { access: MANAGE },
      schema: {
        params: campaignParamsSchema,
        body: catiCampaignSaveSchema,
        response: { 200: catiCampaignSchema },
      },
    },
    async (request) => cati.saveCampaign(request.actor, request.params.surveyId, request.body),
  );
}
