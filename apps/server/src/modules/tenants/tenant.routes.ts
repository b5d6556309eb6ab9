import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createTenantSchema,
  saveTenantSchema,
  tenantIdParamsSchema,
  tenantListItemSchema,
  tenantOptionSchema,
  tenantSchema,
  type Scope,
} from '@loupe/contracts';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import type { ModuleDeps } from '../../core/deps.js';
import { createTenantGridSource } from './tenant-grid.js';
import { createTenantService } from './tenant.service.js';

const manage: [Scope, ...Scope[]] = ['alterna:manage'];
const chooseTenant: [Scope, ...Scope[]] = ['alterna:manage', 'user:manage'];

/**
 * Tenants (shell spec §3, §8: 14001–14004, 14006); alterna:manage (an operator scope), the choice list also for
 * user:manage. The service lets only installation operators write.
 */
export function tenantRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const service = createTenantService({ db });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/tenants/forSelect',
    {
      config: { access: chooseTenant },
      schema: { response: { 200: z.array(tenantOptionSchema) } },
    },
    async (request) => service.options(request.actor),
  );

  registerGridRoutes(app, {
    path: '/api/tenants',
    access: manage,
    item: tenantListItemSchema,
    source: createTenantGridSource(db),
  });

  const config = { access: manage };
  const params = tenantIdParamsSchema;
  routes.get(
    '/api/tenants/:id',
    { config, schema: { params, response: { 200: tenantSchema } } },
    async (request) => service.get(request.actor, request.params.id),
  );
  // The create names the first Administrator user too, so it has a body of its own.
  routes.post(
    '/api/tenants',
    { config, schema: { body: createTenantSchema, response: { 201: tenantSchema } } },
    async (request, reply) => reply.status(201).send(await service.create(request.actor, request.body)),
  );
  routes.put(
    '/api/tenants/:id',
    { config, schema: { params, body: saveTenantSchema, response: { 200: tenantSchema } } },
    async (request) => service.update(request.actor, request.params.id, request.body),
  );
  routes.delete('/api/tenants/:id', { config, schema: { params } }, async (request, reply) => {
    await service.remove(request.actor, request.params.id);
    return reply.status(204).send();
  });
}
