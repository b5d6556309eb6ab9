import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { captchaRequiredQuerySchema, captchaRequiredSchema, captchaSchema } from '@loupe/contracts';
import type { SignInGuard } from './sign-in-guard.service.js';

export function captchaRoutes(app: FastifyInstance, guard: SignInGuard) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/captcha',
    { config: { access: 'public' }, schema: { response: { 200: captchaSchema } } },
    async (_request, reply) => reply.header('Cache-Control', 'no-store').send(await guard.createCaptcha()),
  );

  // Lets the sign-in page show the captcha before the first attempt that would need it.
  routes.get(
    '/api/captcha/required',
    {
      config: { access: 'public' },
      schema: { querystring: captchaRequiredQuerySchema, response: { 200: captchaRequiredSchema } },
    },
    async (request, reply) =>
      reply
        .header('Cache-Control', 'no-store')
        .send({ Required: await guard.captchaRequired(request.query.login, request.ip) }),
  );
}
