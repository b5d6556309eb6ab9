import type { FastifyInstance } from 'fastify';
import {
  cardDataSchema,
  gaugeDataSchema,
  npsGaugeDataSchema,
  segmentedGaugeDataSchema,
} from '@loupe/contracts';
import type { ModuleDeps } from '../../../core/deps.js';
import { widgetDataRoute } from '../shared/widget-route.js';
import type { WidgetResultCache } from '../shared/widget-result-cache.js';
import { createScoreWidgets } from './score-widgets.js';

/**
 * The score widgets' data endpoints (docs/widgets-score.md): POST the report filter, ReportId and the widget's
 * DataFilters; the answer is the kind's data shape (reports spec §3).
 */
export function registerScoreWidgetRoutes(
  app: FastifyInstance,
  deps: ModuleDeps,
  cache: WidgetResultCache,
): void {
  const post = widgetDataRoute(app, deps.db, cache);
  const widgets = createScoreWidgets(deps);
  post('/api/widget-data/nps', npsGaugeDataSchema, (q) => widgets.nps(q));
  post('/api/widget-data/score', gaugeDataSchema, (q) => widgets.score(q));
  post('/api/widget-data/card', cardDataSchema, (q) => widgets.card(q));
  post('/api/widget-data/segments', segmentedGaugeDataSchema, (q) => widgets.segments(q));
  post('/api/widget-data/weighted-experience', gaugeDataSchema, (q) => widgets.weightedExperience(q));
}
