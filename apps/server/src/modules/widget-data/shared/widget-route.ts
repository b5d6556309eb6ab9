import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { widgetDataRequestSchema, type Scope } from '@loupe/contracts';
import type { Db } from '../../../db/client.js';
import { assertAiModule } from './ai-module-guard.js';
import { loadWidgetQuery, type WidgetQuery } from './widget-query.js';
import type { WidgetResultCache } from './widget-result-cache.js';

/** Who may read widget data: report readers and managers. */
export const WIDGET_DATA_ACCESS: [Scope, ...Scope[]] = ['report:read', 'report:manage'];

/** What a widget data endpoint computes its answer from: the widget query and, for paged endpoints, the page. */
type Compute<Page> = (query: WidgetQuery, page: Page) => Promise<unknown>;

/**
 * Registers widget data endpoints the one way they all work (reports spec §3, §6): POST the widget data request
 * (report filter, ReportId, DataFilters), `report:read` or `report:manage`; the AI endpoints answer 403 (2507)
 * unless the tenant's AI module is active; the request becomes a WidgetQuery (scoped data, report filter,
 * dataFilters) and the answer, checked against its schema, goes through the result cache.
 */
export function widgetDataRoute(app: FastifyInstance, db: Db, cache: WidgetResultCache) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  return function post(
    url: string,
    response: z.ZodType,
    compute: Compute<null>,
    options: { ai?: boolean } = {},
  ): void {
    routes.post(
      url,
      {
        config: { access: WIDGET_DATA_ACCESS },
        schema: { body: widgetDataRequestSchema, response: { 200: response } },
      },
      async (request, reply) => {
        if (options.ai) await assertAiModule(db, request.actor, request.body);
        const query = await loadWidgetQuery(db, request.actor, request.body);
        return cache.send(reply, url, query, null, () => compute(query, null));
      },
    );
  };
}
