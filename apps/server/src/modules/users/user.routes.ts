import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  identityRoleSchema,
  testUserCreateSchema,
  testUserListItemSchema,
  testUserUpdateSchema,
  userCreateSchema,
  userDetailSchema,
  userForSelectItemSchema,
  userIdParamsSchema,
  userListItemSchema,
  userRoleChoicesQuerySchema,
  userUpdateSchema,
  type Scope,
} from '@loupe/contracts';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import type { ModuleDeps } from '../../core/deps.js';
import { testUserGridSource, userGridSource } from './user-grid.js';
import { createUserRepository } from './user.repository.js';
import { createUserService, type UserKind, type UserSaveInput } from './user.service.js';

type Access = [Scope, ...Scope[]];

type KindRoutes = {
  kind: UserKind;
  base: string;
  read: Access;
  write: Access;
  create: z.ZodType<UserSaveInput>;
  update: z.ZodType<UserSaveInput>;
};

/** Users and test users (shell spec §3, §5, §8): grid, detail, create, replace, activate, deactivate, select list. */
export function userRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const users = createUserService({ db, repository: createUserRepository(db) });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  registerGridRoutes(app, {
    path: '/api/users',
    access: ['user:read', 'user:manage'],
    item: userListItemSchema,
    source: userGridSource(db),
  });
  registerGridRoutes(app, {
    path: '/api/test-users',
    access: ['user:test'],
    item: testUserListItemSchema,
    source: testUserGridSource(db),
  });

  routes.get(
    '/api/users/roleChoices',
    {
      config: { access: ['user:manage'] },
      schema: { querystring: userRoleChoicesQuerySchema, response: { 200: z.array(identityRoleSchema) } },
    },
    async (request) => users.roleChoices(request.actor, request.query.tenantId ?? null),
  );

  const kinds: KindRoutes[] = [
    {
      kind: 'user',
      base: '/api/users',
      read: ['user:read', 'user:manage'],
      write: ['user:manage'],
      create: userCreateSchema,
      update: userUpdateSchema,
    },
    {
      kind: 'testUser',
      base: '/api/test-users',
      read: ['user:test'],
      write: ['user:test'],
      create: testUserCreateSchema,
      update: testUserUpdateSchema,
    },
  ];

  for (const { kind, base, read, write, create, update } of kinds) {
    const detail = { response: { 200: userDetailSchema } };
    const byId = { params: userIdParamsSchema, ...detail };
    // The alert rule form and an alert's assignment choose an owner among the users (names only); the annotator
    // form links an annotator to one (docs/text-analytics-data.md).
    const choosers: Access = kind === 'user' ? [...read, 'alert:manage', 'annotation:manage'] : read;

    routes.get(
      `${base}/forSelect`,
      { config: { access: choosers }, schema: { response: { 200: z.array(userForSelectItemSchema) } } },
      async (request) => users.forSelect(request.actor, kind),
    );
    routes.get(`${base}/:id`, { config: { access: read }, schema: byId }, async (request) =>
      users.get(request.actor, kind, request.params.id),
    );
    routes.post(
      base,
      { config: { access: write }, schema: { body: create, response: { 201: userDetailSchema } } },
      async (request, reply) => reply.status(201).send(await users.create(request.actor, kind, request.body)),
    );
    routes.put(
      `${base}/:id`,
      { config: { access: write }, schema: { ...byId, body: update } },
      async (request) => users.update(request.actor, kind, request.params.id, request.body),
    );
    routes.put(`${base}/:id/activate`, { config: { access: write }, schema: byId }, async (request) =>
      users.setActive(request.actor, kind, request.params.id, true),
    );
    routes.put(`${base}/:id/deactivate`, { config: { access: write }, schema: byId }, async (request) =>
      users.setActive(request.actor, kind, request.params.id, false),
    );
  }
}
