import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authScopeSchema,
  identityRoleSchema,
  roleIdParamsSchema,
  roleInputSchema,
  roleListItemSchema,
  roleSchema,
  type Scope,
} from '@loupe/contracts';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import type { ModuleDeps } from '../../core/deps.js';
import { registerRecordRoutes } from '../../core/record-routes.js';
import { createRoleGridSource } from './role-grid.js';
import { createRoleRepository } from './role.repository.js';
import { createRoleService } from './role.service.js';

const read: [Scope, ...Scope[]] = ['role:read', 'role:manage'];
const manage: [Scope, ...Scope[]] = ['role:manage'];
/** The role and client forms choose scopes from this list. */
const scopeReaders: [Scope, ...Scope[]] = ['role:read', 'role:manage', 'client:read', 'client:manage'];
/** The user forms choose roles from this list; so do the alert rule form and an alert's assignment (an owner). */
const roleChoosers: [Scope, ...Scope[]] = [...read, 'user:read', 'user:manage', 'user:test', 'alert:manage'];

/** Roles, auth scopes and identity roles (shell spec §3, §5, §6, §7, §8). */
export function roleRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const service = createRoleService({ db, repository: createRoleRepository(db) });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/authScopes',
    { config: { access: scopeReaders }, schema: { response: { 200: z.array(authScopeSchema) } } },
    async () => service.authScopes(),
  );
  routes.get(
    '/api/identityRoles',
    { config: { access: roleChoosers }, schema: { response: { 200: z.array(identityRoleSchema) } } },
    async (request) => service.identityRoles(request.actor),
  );

  registerGridRoutes(app, {
    path: '/api/identity/roles',
    access: read,
    item: roleListItemSchema,
    source: createRoleGridSource(db),
  });

  registerRecordRoutes(app, {
    path: '/api/identity/roles',
    params: roleIdParamsSchema,
    body: roleInputSchema,
    item: roleSchema,
    read,
    write: manage,
    service,
  });
}
