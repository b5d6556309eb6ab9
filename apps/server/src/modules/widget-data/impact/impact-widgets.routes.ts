import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  emotionCurveRowSchema,
  impactRowSchema,
  sentimentBranchRowSchema,
  topPhraseRowSchema,
} from '@loupe/contracts';
import type { ModuleDeps } from '../../../core/deps.js';
import { widgetDataRoute } from '../shared/widget-route.js';
import type { WidgetResultCache } from '../shared/widget-result-cache.js';
import { closedEndImpactRows } from './closed-end-impact-widget.js';
import { topicImpactRows } from './impact-widgets.js';
import { emotionCurveRows } from './ta-emotion-curve.js';
import { sentimentBranchRows } from './ta-sentiment-branch.js';
import { topPhraseRows } from './top-phrases-widget.js';

/**
 * The impact butterflies, the top phrases, the emotion curve and sentiment by branch (docs/metrics.md): POST the report filter, ReportId and the
 * widget's DataFilters. The text-analytics endpoints answer 403 (2507, widget locked) without the AI module;
 * the closed-ended-question impact is not an AI widget.
 */
export function registerImpactWidgetRoutes(
  app: FastifyInstance,
  { db, replica }: ModuleDeps,
  cache: WidgetResultCache,
): void {
  const post = widgetDataRoute(app, db, cache);
  const impact = z.array(impactRowSchema);
  post('/api/text-analytics/impact', impact, (q) => topicImpactRows(db, replica, q), { ai: true });
  post('/api/widget-data/closed-end-impact', impact, (q) => closedEndImpactRows(db, replica, q));
  post('/api/text-analytics/top-phrases', z.array(topPhraseRowSchema), (q) => topPhraseRows(replica, q), {
    ai: true,
  });
  post(
    '/api/text-analytics/emotion-curve',
    z.array(emotionCurveRowSchema),
    (q) => emotionCurveRows(db, replica, q),
    {
      ai: true,
    },
  );
  post(
    '/api/text-analytics/sentiment-branch',
    z.array(sentimentBranchRowSchema),
    (q) => sentimentBranchRows(db, replica, q),
    { ai: true },
  );
}
