import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  saveTenantSchema,
  tenantIdParamsSchema,
  tenantListItemSchema,
  tenantOptionSchema,
  tenantSchema,
  type Scope,
} from '@loupe/contracts';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import type { AdministrationDeps } from '../administration-deps.js';
import { registerRecordRoutes } from '../administration/record-routes.js';
import { createTenantGridSource } from './tenant-grid.js';
import { createTenantService } from './tenant.service.js';

const manage: [Scope, ...Scope[]] = ['alterna:manage'];
const chooseTenant: [Scope, ...Scope[]] = ['alterna:manage', 'user:manage'];

/** Tenants (shell spec §3, §8: 14001–14004, 14006); alterna:manage, the choice list also for user:manage. */
export function tenantRoutes(app: FastifyInstance, { db }: AdministrationDeps): void {
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

  registerRecordRoutes(app, {
    path: '/api/tenants',
    params: tenantIdParamsSchema,
    body: saveTenantSchema,
    item: tenantSchema,
    read: manage,
    write: manage,
    service,
  });
}
