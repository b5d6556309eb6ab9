import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Actor } from './actor.js';
import type { RouteAccess } from './route-access.js';

/** What a record screen's service offers its routes: read one, create, replace, remove. */
export type RecordService<TId, TBody, TItem> = {
  get(actor: Actor, id: TId): Promise<TItem>;
  create(actor: Actor, body: TBody): Promise<TItem>;
  update(actor: Actor, id: TId, body: TBody): Promise<TItem>;
  remove(actor: Actor, id: TId): Promise<void>;
};

export type RecordRouteOptions<TId, TBody, TItem> = {
  /** The list's path, e.g. '/api/journey-stages'; the record is `{path}/:id`. */
  path: string;
  /** The `:id` schema (from contracts). */
  params: z.ZodType<{ id: TId }>;
  /** The create and replace body (from contracts). */
  body: z.ZodType<TBody>;
  /** The record as answered by all but the delete (from contracts). */
  item: z.ZodType<TItem>;
  /** Who may read a record. */
  read: RouteAccess;
  /** Who may create, replace and remove one. */
  write: RouteAccess;
  service: RecordService<TId, TBody, TItem>;
};

/**
 * Registers the four routes of one record: GET `{path}/:id` (200), POST `{path}` (201), PUT `{path}/:id` (200)
 * and DELETE `{path}/:id` (204, no body). Refusals are the service's AppErrors.
 */
export function registerRecordRoutes<TId, TBody, TItem>(
  app: FastifyInstance,
  { path, params, body, item, read, write, service }: RecordRouteOptions<TId, TBody, TItem>,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const readConfig = { access: read };
  const writeConfig = { access: write };
  // The `body` schema has parsed it; Fastify's typing of a generic body (UndefinedToUnknown) cannot show that.
  const parsed = (request: { body: unknown }) => request.body as TBody;
  routes.get(
    `${path}/:id`,
    { config: readConfig, schema: { params, response: { 200: item } } },
    async (request) => service.get(request.actor, request.params.id),
  );
  routes.post(
    path,
    { config: writeConfig, schema: { body, response: { 201: item } } },
    async (request, reply) => reply.status(201).send(await service.create(request.actor, parsed(request))),
  );
  routes.put(
    `${path}/:id`,
    { config: writeConfig, schema: { params, body, response: { 200: item } } },
    async (request) => service.update(request.actor, request.params.id, parsed(request)),
  );
  routes.delete(`${path}/:id`, { config: writeConfig, schema: { params } }, async (request, reply) => {
    await service.remove(request.actor, request.params.id);
    return reply.status(204).send();
  });
}
