import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  identityRoleSchema,
  reportCreateSchema,
  reportCreatedSchema,
  reportDetailSchema,
  reportListItemSchema,
  reportListRowSchema,
  reportOrdersSchema,
  reportUpdateSchema,
  reportWidgetSaveSchema,
  reportWidgetSchema,
  roleReportSaveSchema,
  roleReportSchema,
  userFilterQuerySchema,
  userFilterSaveSchema,
  userFilterSchema,
  int32IdParam,
  type Scope,
} from '@loupe/contracts';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import type { ModuleDeps } from '../../core/deps.js';
import { createReportWidgetGridSource, createReportWidgetService } from './report-widget.service.js';
import { createReportListGridSource } from './report-list.js';
import { createReportService } from './report.service.js';
import { createRoleReportGridSource, createRoleReportService } from './role-report.service.js';
import { createUserFilterService } from './user-filter.service.js';

const read: [Scope, ...Scope[]] = ['report:read', 'report:manage'];
const manage: [Scope, ...Scope[]] = ['report:manage'];

const recordId = int32IdParam;
const byId = { params: z.object({ id: recordId }) };
const byRoleAndReport = { params: z.object({ roleId: recordId, reportId: recordId }) };

/**
 * Reports, report widgets, role assignments and saved user filters (reports spec §7; docs/reports.md). Reads
 * need report:read or report:manage, writes report:manage; saved filters are any signed-in user's own. Paths the
 * spec's client writes with a trailing slash are served with and without it.
 */
export function reportRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const reports = createReportService({ db });
  const widgets = createReportWidgetService({ db });
  const roleReports = createRoleReportService({ db });
  const filters = createUserFilterService({ db });

  // Reports.
  routes.get(
    '/api/reports',
    { config: { access: read }, schema: { response: { 200: z.array(reportListItemSchema) } } },
    async (request) => reports.list(request.actor),
  );
  routes.get(
    '/api/reporteditor/:id',
    { config: { access: read }, schema: { ...byId, response: { 200: reportDetailSchema } } },
    async (request) => reports.get(request.actor, request.params.id),
  );
  routes.post(
    '/api/reporteditor',
    {
      config: { access: manage },
      schema: { body: reportCreateSchema, response: { 201: reportCreatedSchema } },
    },
    async (request, reply) => reply.status(201).send(await reports.create(request.actor, request.body)),
  );
  // Registered before `/:id`, though the router prefers the static segment anyway.
  routes.put(
    '/api/reporteditor/changeReportOrders',
    { config: { access: manage }, schema: { body: reportOrdersSchema } },
    async (request, reply) => {
      await reports.changeOrders(request.actor, request.body);
      return reply.status(204).send();
    },
  );
  routes.put(
    '/api/reporteditor/:id',
    {
      config: { access: manage },
      schema: { ...byId, body: reportUpdateSchema, response: { 200: reportDetailSchema } },
    },
    async (request) => reports.update(request.actor, request.params.id, request.body),
  );
  routes.delete(
    '/api/reporteditor/:id',
    { config: { access: manage }, schema: byId },
    async (request, reply) => {
      await reports.remove(request.actor, request.params.id);
      return reply.status(204).send();
    },
  );

  // The report list screen: the same reports with their roles and last change, for those who manage them.
  registerGridRoutes(app, {
    path: '/api/report-list',
    access: manage,
    item: reportListRowSchema,
    source: createReportListGridSource(db),
  });

  // Widgets on a report.
  registerGridRoutes(app, {
    path: '/api/reportWidgets',
    access: read,
    item: reportWidgetSchema,
    source: createReportWidgetGridSource(db),
  });
  routes.post(
    '/api/reportWidgets',
    {
      config: { access: manage },
      schema: { body: reportWidgetSaveSchema, response: { 201: reportWidgetSchema } },
    },
    async (request, reply) => reply.status(201).send(await widgets.add(request.actor, request.body)),
  );
  routes.put(
    '/api/reportWidgets/:id',
    {
      config: { access: manage },
      schema: { ...byId, body: reportWidgetSaveSchema, response: { 200: reportWidgetSchema } },
    },
    async (request) => widgets.update(request.actor, request.params.id, request.body),
  );
  routes.delete(
    '/api/reportWidgets/:id',
    { config: { access: manage }, schema: byId },
    async (request, reply) => {
      await widgets.remove(request.actor, request.params.id);
      return reply.status(204).send();
    },
  );

  // Role assignments.
  registerGridRoutes(app, {
    path: '/api/rolereports',
    access: read,
    item: roleReportSchema,
    source: createRoleReportGridSource(db),
  });
  routes.get(
    '/api/rolereports/roleChoices',
    { config: { access: manage }, schema: { response: { 200: z.array(identityRoleSchema) } } },
    async (request) => roleReports.roleChoices(request.actor),
  );
  routes.post(
    '/api/rolereports',
    {
      config: { access: manage },
      schema: { body: roleReportSaveSchema, response: { 201: roleReportSchema } },
    },
    async (request, reply) => reply.status(201).send(await roleReports.add(request.actor, request.body)),
  );
  routes.delete(
    '/api/rolereports/:roleId/:reportId',
    { config: { access: manage }, schema: byRoleAndReport },
    async (request, reply) => {
      await roleReports.remove(request.actor, request.params.roleId, request.params.reportId);
      return reply.status(204).send();
    },
  );

  // Saved user filters: the caller's own.
  routes.get(
    '/api/users/filter',
    {
      config: { access: 'signed-in' },
      schema: { querystring: userFilterQuerySchema, response: { 200: z.array(userFilterSchema) } },
    },
    async (request) => filters.list(request.actor, request.query.page),
  );
  routes.post(
    '/api/users/filter',
    {
      config: { access: 'signed-in' },
      schema: { body: userFilterSaveSchema, response: { 201: userFilterSchema } },
    },
    async (request, reply) => reply.status(201).send(await filters.create(request.actor, request.body)),
  );
  routes.put(
    '/api/users/filter/:id',
    {
      config: { access: 'signed-in' },
      schema: { ...byId, body: userFilterSaveSchema, response: { 200: userFilterSchema } },
    },
    async (request) => filters.update(request.actor, request.params.id, request.body),
  );
  routes.delete(
    '/api/users/filter/:id',
    { config: { access: 'signed-in' }, schema: byId },
    async (request, reply) => {
      await filters.remove(request.actor, request.params.id);
      return reply.status(204).send();
    },
  );
}
