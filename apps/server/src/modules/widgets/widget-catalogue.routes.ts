import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  widgetCatalogueItemSchema,
  widgetCategorySchema,
  widgetSaveSchema,
  widgetTypeSaveSchema,
  widgetTypeSchema,
  int32IdParam,
  type Scope,
} from '@loupe/contracts';
import type { ModuleDeps } from '../../core/deps.js';
import { createWidgetCatalogueService } from './widget-catalogue.service.js';

const read: [Scope, ...Scope[]] = ['report:read', 'report:manage'];
const manage: [Scope, ...Scope[]] = ['report:manage'];

const byId = { params: z.object({ id: int32IdParam }) };

/**
 * The widget catalogue (reports spec §3, §6, §7 "GET /widgetTypes, /widget-categories, /widgets";
 * docs/widgets-catalogue.md): the lists and single entries for report readers, the tenant's own widget types and
 * widgets created and changed with report:manage.
 */
export function widgetCatalogueRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const catalogue = createWidgetCatalogueService({ db });

  routes.get(
    '/api/widgetTypes',
    { config: { access: read }, schema: { response: { 200: z.array(widgetTypeSchema) } } },
    async (request) => catalogue.types(request.actor),
  );
  routes.get(
    '/api/widgetTypes/:id',
    { config: { access: read }, schema: { ...byId, response: { 200: widgetTypeSchema } } },
    async (request) => catalogue.type(request.actor, request.params.id),
  );
  routes.post(
    '/api/widgetTypes',
    {
      config: { access: manage },
      schema: { body: widgetTypeSaveSchema, response: { 201: widgetTypeSchema } },
    },
    async (request, reply) => reply.status(201).send(await catalogue.createType(request.actor, request.body)),
  );
  routes.put(
    '/api/widgetTypes/:id',
    {
      config: { access: manage },
      schema: { ...byId, body: widgetTypeSaveSchema, response: { 200: widgetTypeSchema } },
    },
    async (request) => catalogue.updateType(request.actor, request.params.id, request.body),
  );

  routes.get(
    '/api/widget-categories',
    { config: { access: read }, schema: { response: { 200: z.array(widgetCategorySchema) } } },
    async (request) => catalogue.categories(request.actor),
  );

  routes.get(
    '/api/widgets',
    { config: { access: read }, schema: { response: { 200: z.array(widgetCatalogueItemSchema) } } },
    async (request) => catalogue.widgets(request.actor),
  );
  routes.get(
    '/api/widgets/:id',
    { config: { access: read }, schema: { ...byId, response: { 200: widgetCatalogueItemSchema } } },
    async (request) => catalogue.widget(request.actor, request.params.id),
  );
  routes.post(
    '/api/widgets',
    {
      config: { access: manage },
      schema: { body: widgetSaveSchema, response: { 201: widgetCatalogueItemSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await catalogue.createWidget(request.actor, request.body)),
  );
  routes.put(
    '/api/widgets/:id',
    {
      config: { access: manage },
      schema: { ...byId, body: widgetSaveSchema, response: { 200: widgetCatalogueItemSchema } },
    },
    async (request) => catalogue.updateWidget(request.actor, request.params.id, request.body),
  );
}
