import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { WIDGET_KINDS } from './widget-catalogue.schema.js';
import {
  AI_WIDGET_KINDS,
  FILTER_FIRST_KINDS,
  WIDGET_DATA_ENDPOINTS,
  WIDGET_FAMILIES,
  WIDGET_KIND_REGISTRY,
} from './widget-kinds.js';

/** The server's widget data routes, read as text (contracts imports nothing from the apps). */
const widgetDataFolder = fileURLToPath(
  new URL('../../../../apps/server/src/modules/widget-data', import.meta.url),
);
const routeSources = (readdirSync(widgetDataFolder, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => readFileSync(join(widgetDataFolder, file), 'utf8'))
  .join('\n');

describe('widget kind registry', () => {
  it('has one row per kind and no other', () => {
    expect(Object.keys(WIDGET_KIND_REGISTRY).sort()).toEqual([...WIDGET_KINDS].sort());
  });

  it('gives every kind a family, at least one endpoint and a response schema', () => {
    for (const kind of WIDGET_KINDS) {
      const row = WIDGET_KIND_REGISTRY[kind];
      expect(WIDGET_FAMILIES, kind).toContain(row.family);
      expect(row.endpoints.length, kind).toBeGreaterThan(0);
      for (const endpoint of row.endpoints)
        expect(endpoint, kind).toMatch(/^(widget-data|text-analytics)\/[a-z-]+$/);
      expect(typeof row.response.safeParse, kind).toBe('function');
    }
  });

  it('derives the AI and filter-first kinds from its rows', () => {
    expect(AI_WIDGET_KINDS).toEqual([
      'ExperiencePerformanceChart',
      'TextAnalyticsBubbleChart2',
      'CommentsHighlightChart',
      'EmotionCurveChart',
      'SentimentBranchPerformanceChart',
    ]);
    expect(FILTER_FIRST_KINDS).toEqual(['ODataTable', 'SurveyAnswersTable', 'CommentsHighlightChart']);
  });

  it('names only endpoints the server routes', () => {
    expect(WIDGET_DATA_ENDPOINTS.length).toBeGreaterThan(0);
    for (const endpoint of WIDGET_DATA_ENDPOINTS)
      expect(routeSources, endpoint).toContain(`'/api/${endpoint}'`);
  });

  it('reads each kind answer with its schema', () => {
    const card = {
      Value: 40,
      ValueOrigin: null,
      Responses: 3,
      ResponsesOrigin: null,
      Deviation: null,
      Ranking: null,
      TotalCount: null,
      RankedChannel: null,
    };
    expect(WIDGET_KIND_REGISTRY.Card.response.parse(card)).toEqual(card);
    expect(() => WIDGET_KIND_REGISTRY.NpsGaugeChart.response.parse(card)).toThrow();
    expect(WIDGET_KIND_REGISTRY.DaysOfWeekBubbleChart.response.parse([])).toEqual([]);
  });
});
