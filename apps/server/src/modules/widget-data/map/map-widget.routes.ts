import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { mapRowSchema } from '@loupe/contracts';
import type { ModuleDeps } from '../../../core/deps.js';
import { widgetDataRoute } from '../shared/widget-route.js';
import type { WidgetResultCache } from '../shared/widget-result-cache.js';
import { mapRows } from './map-widget.js';

/** The map's data endpoint (docs/widgets-performance.md "Map"). */
export function registerMapWidgetRoutes(
  app: FastifyInstance,
  { db, replica }: ModuleDeps,
  cache: WidgetResultCache,
): void {
  widgetDataRoute(app, db, cache)('/api/widget-data/map', z.array(mapRowSchema), (q) =>
    mapRows(db, replica, q),
  );
}
