import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bootstrapSchema, localeParamsSchema, sealBootstrap, sealedBootstrapSchema } from '@loupe/contracts';
import type { BootstrapService } from './bootstrap.service.js';

function accessToken(request: FastifyRequest): string {
  return (request.headers.authorization ?? '').slice('Bearer '.length);
}

export function bootstrapRoutes(app: FastifyInstance, bootstrap: BootstrapService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const schema = { params: localeParamsSchema };

  routes.get(
    '/api/bootstrap/:locale',
    { config: { access: 'signed-in' }, schema: { ...schema, response: { 200: bootstrapSchema } } },
    async (request) => bootstrap.get(request.actor, request.log),
  );

  // The same payload sealed under a key derived from the caller's token (openBootstrap in contracts).
  routes.get(
    '/bootstrap/:locale',
    { config: { access: 'signed-in' }, schema: { ...schema, response: { 200: sealedBootstrapSchema } } },
    async (request) => sealBootstrap(await bootstrap.get(request.actor, request.log), accessToken(request)),
  );
}
