import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  configurationIdParamsSchema,
  saveServiceConfigurationSchema,
  saveSystemConfigurationSchema,
  serviceConfigurationSchema,
  systemConfigurationSchema,
  systemRulesSchema,
  type Scope,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import type { ModuleDeps } from '../../core/deps.js';
import { registerRecordRoutes } from '../../core/record-routes.js';
import { configurationGrid } from './configuration-grids.js';
import { serviceConfigurationKind, systemConfigurationKind } from './configuration-kinds.js';
import {
  createConfigurationService,
  type ConfigurationKind,
  type ConfigurationTable,
  type SectionBody,
} from './configuration-section.service.js';
import { createSystemRulesService } from './system-rules.service.js';

const READ: [Scope, ...Scope[]] = ['config:read', 'config:manage'];
const MANAGE: [Scope, ...Scope[]] = ['config:manage'];

/** One configuration list's routes: the grid (with export) and the record's read, create, replace and delete. */
function configurationListRoutes<
  TTable extends ConfigurationTable,
  TItem extends Record<string, unknown>,
  TBody extends SectionBody,
>(
  app: FastifyInstance,
  db: Db,
  options: {
    path: string;
    kind: ConfigurationKind<TTable, TItem, TBody>;
    item: z.ZodType<TItem>;
    body: z.ZodType<TBody>;
  },
): void {
  const { path, kind, item, body } = options;
  registerGridRoutes(app, { path, access: READ, item, source: configurationGrid(db, kind) });
  registerRecordRoutes(app, {
    path,
    params: configurationIdParamsSchema,
    body,
    item,
    read: READ,
    write: MANAGE,
    service: createConfigurationService(db, kind),
  });
}

/** System configurations, service configurations and system rules (shell spec §3, §8: 17001, 17002). */
export function configurationRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  configurationListRoutes(app, db, {
    path: '/api/system-configurations',
    kind: systemConfigurationKind,
    item: systemConfigurationSchema,
    body: saveSystemConfigurationSchema,
  });
  configurationListRoutes(app, db, {
    path: '/api/service-configurations',
    kind: serviceConfigurationKind,
    item: serviceConfigurationSchema,
    body: saveServiceConfigurationSchema,
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  const rules = createSystemRulesService({ db });
  routes.get(
    '/api/system-rules',
    { config: { access: READ }, schema: { response: { 200: systemRulesSchema } } },
    async (request) => rules.get(request.actor),
  );
  routes.put(
    '/api/system-rules',
    { config: { access: MANAGE }, schema: { body: systemRulesSchema, response: { 200: systemRulesSchema } } },
    async (request) => rules.save(request.actor, request.body),
  );
}
