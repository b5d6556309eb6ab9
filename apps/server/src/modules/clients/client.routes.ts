import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clientCreateSchema,
  clientIdParamsSchema,
  clientListItemSchema,
  clientSavedSchema,
  clientSchema,
  clientSecretSchema,
  clientUpdateSchema,
  type Scope,
} from '@loupe/contracts';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import type { ModuleDeps } from '../../core/deps.js';
import { createClientGridSource } from './client-grid.js';
import { createClientRepository } from './client.repository.js';
import { createClientService } from './client.service.js';

const read: [Scope, ...Scope[]] = ['client:read', 'client:manage'];
const manage: [Scope, ...Scope[]] = ['client:manage'];

/** OAuth clients (shell spec §3): grid, read, create, update, delete, and a new secret. */
export function clientRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const service = createClientService({ repository: createClientRepository(db) });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const byId = { params: clientIdParamsSchema };
  // Secrets travel in these answers: no cache may keep them.
  const noStore = { 'Cache-Control': 'no-store' };

  registerGridRoutes(app, {
    path: '/api/clients',
    access: read,
    item: clientListItemSchema,
    source: createClientGridSource(db),
  });

  routes.get(
    '/api/clients/:id',
    { config: { access: read }, schema: { ...byId, response: { 200: clientSchema } } },
    async (request) => service.get(request.actor, request.params.id),
  );
  routes.post(
    '/api/clients',
    {
      config: { access: manage },
      schema: { body: clientCreateSchema, response: { 201: clientSavedSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .headers(noStore)
        .send(await service.create(request.actor, request.body)),
  );
  routes.put(
    '/api/clients/:id',
    {
      config: { access: manage },
      schema: { ...byId, body: clientUpdateSchema, response: { 200: clientSavedSchema } },
    },
    async (request, reply) =>
      reply.headers(noStore).send(await service.update(request.actor, request.params.id, request.body)),
  );
  routes.post(
    '/api/clients/:id/secret',
    { config: { access: manage }, schema: { ...byId, response: { 200: clientSecretSchema } } },
    async (request, reply) =>
      reply.headers(noStore).send(await service.regenerateSecret(request.actor, request.params.id)),
  );
  routes.delete('/api/clients/:id', { config: { access: manage }, schema: byId }, async (request, reply) => {
    await service.remove(request.actor, request.params.id);
    return reply.status(204).send();
  });
}
