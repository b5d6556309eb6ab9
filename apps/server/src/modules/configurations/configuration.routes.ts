import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  configurationIdParamsSchema,
  saveServiceConfigurationSchema,
  saveSystemConfigurationSchema,
  serviceConfigurationSchema,
  systemConfigurationSchema,
  systemRulesSchema,
  type Scope,
} from '@loupe/contracts';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import type { AdministrationDeps } from '../administration-deps.js';
import { serviceConfigurationGrid, systemConfigurationGrid } from './configuration-grids.js';
import { createServiceConfigurationService } from './service-configuration.service.js';
import { createSystemConfigurationService } from './system-configuration.service.js';
import { createSystemRulesService } from './system-rules.service.js';

const READ: [Scope, ...Scope[]] = ['config:read', 'config:manage'];
const MANAGE: [Scope, ...Scope[]] = ['config:manage'];
const read = { access: READ };
const manage = { access: MANAGE };

/** System configurations, service configurations and system rules (shell spec §3, §8: 17001, 17002). */
export function configurationRoutes(app: FastifyInstance, { db }: AdministrationDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const params = configurationIdParamsSchema;
  const noContent = { 204: z.null() };

  const system = createSystemConfigurationService({ db });
  registerGridRoutes(app, {
    path: '/api/system-configurations',
    access: READ,
    item: systemConfigurationSchema,
    source: systemConfigurationGrid(db),
  });
  const one = { params, response: { 200: systemConfigurationSchema } };
  const body = saveSystemConfigurationSchema;
  routes.get('/api/system-configurations/:id', { config: read, schema: one }, async (request) =>
    system.get(request.actor, request.params.id),
  );
  routes.post(
    '/api/system-configurations',
    { config: manage, schema: { body, response: { 201: systemConfigurationSchema } } },
    async (request, reply) => reply.status(201).send(await system.create(request.actor, request.body)),
  );
  routes.put(
    '/api/system-configurations/:id',
    { config: manage, schema: { ...one, body } },
    async (request) => system.update(request.actor, request.params.id, request.body),
  );
  routes.delete(
    '/api/system-configurations/:id',
    { config: manage, schema: { params, response: noContent } },
    async (request, reply) => {
      await system.remove(request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  );

  const service = createServiceConfigurationService({ db });
  registerGridRoutes(app, {
    path: '/api/service-configurations',
    access: READ,
    item: serviceConfigurationSchema,
    source: serviceConfigurationGrid(db),
  });
  const oneService = { params, response: { 200: serviceConfigurationSchema } };
  const serviceBody = saveServiceConfigurationSchema;
  routes.get('/api/service-configurations/:id', { config: read, schema: oneService }, async (request) =>
    service.get(request.actor, request.params.id),
  );
  routes.post(
    '/api/service-configurations',
    { config: manage, schema: { body: serviceBody, response: { 201: serviceConfigurationSchema } } },
    async (request, reply) => reply.status(201).send(await service.create(request.actor, request.body)),
  );
  routes.put(
    '/api/service-configurations/:id',
    { config: manage, schema: { ...oneService, body: serviceBody } },
    async (request) => service.update(request.actor, request.params.id, request.body),
  );
  routes.delete(
    '/api/service-configurations/:id',
    { config: manage, schema: { params, response: noContent } },
    async (request, reply) => {
      await service.remove(request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  );

  const rules = createSystemRulesService({ db });
  routes.get(
    '/api/system-rules',
    { config: read, schema: { response: { 200: systemRulesSchema } } },
    async (request) => rules.get(request.actor),
  );
  routes.put(
    '/api/system-rules',
    { config: manage, schema: { body: systemRulesSchema, response: { 200: systemRulesSchema } } },
    async (request) => rules.save(request.actor, request.body),
  );
}
