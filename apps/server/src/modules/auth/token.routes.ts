import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LOGIN_ERROR_MESSAGES,
  messageLanguage,
  revokeRequestSchema,
  tokenRequestSchema,
} from '@loupe/contracts';
import { OAuthError } from '../../errors.js';
import { SignInRefusal, type TokenService } from './token.service.js';

const formBody = z.record(z.string(), z.unknown());

export function tokenRoutes(app: FastifyInstance, tokens: TokenService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/token',
    { config: { access: 'public' }, schema: { body: formBody } },
    async (request, reply) => {
      const grantType = request.body.grant_type;
      if (grantType !== 'password' && grantType !== 'refresh_token') {
        throw new OAuthError(grantType === undefined ? 'invalid_request' : 'unsupported_grant_type');
      }
      const parsed = tokenRequestSchema.safeParse(request.body);
      if (!parsed.success) throw new OAuthError('invalid_request');
      try {
        const answer = await tokens.grant(parsed.data, {
          ipAddress: request.ip,
          origin: request.headers.origin,
        });
        return reply.header('Cache-Control', 'no-store').send(answer);
      } catch (error) {
        // The shared error handler answers `{ error, error_description }`; the hints are added here.
        if (!(error instanceof SignInRefusal)) throw error;
        const language = messageLanguage(request.language);
        return reply.status(400).send({
          error: error.error,
          error_description: LOGIN_ERROR_MESSAGES[error.error][language],
          ...error.hints,
        });
      }
    },
  );

  routes.post(
    '/token/revoke',
    { config: { access: 'public' }, schema: { body: revokeRequestSchema } },
    async (request, reply) => {
      await tokens.revoke(request.body.token, request.body.client_id);
      return reply.status(200).send({});
    },
  );
}
