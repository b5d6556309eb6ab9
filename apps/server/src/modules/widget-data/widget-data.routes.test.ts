import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_DATA_ENDPOINTS, WIDGET_KIND_REGISTRY } from '@loupe/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The widget data paths: a kind's endpoints and the table exports beside them. The text-analytics module's own
 * lookups share the prefix (surveys spec §7: its bootstrap and languages, docs/ai-scheduled-jobs.md) and are no
 * widget's data.
 */
const TEXT_ANALYTICS_LOOKUPS = new Set(['/api/text-analytics/bootstrap', '/api/text-analytics/languages']);
const isWidgetDataPath = (url: string) =>
  url.startsWith('/api/widget-data/') ||
  (url.startsWith('/api/text-analytics/') && !TEXT_ANALYTICS_LOOKUPS.has(url));

describe('widget data routes and the contracts kind registry', () => {
  let t: TestApp;
  let routes: { method: string; url: string; access: unknown }[];
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
    // The auth plugin's registry of every route Fastify serves (plugins/route-guard.test.ts proves it complete).
    routes = t.app.routeRegistry.map((route) => ({
      method: route.method,
      url: route.url,
      access: route.options.config?.access,
    }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves every endpoint of the registry as a scoped POST route', () => {
    expect(WIDGET_DATA_ENDPOINTS.length).toBeGreaterThan(0);
    for (const endpoint of WIDGET_DATA_ENDPOINTS) {
      const route = routes.find((r) => r.method === 'POST' && r.url === `/api/${endpoint}`);
      expect(route, endpoint).toBeDefined();
      expect(Array.isArray(route?.access), endpoint).toBe(true);
    }
  });

  it('serves no widget data route the registry does not name, but the table exports', () => {
    const tableEndpoints = Object.values(WIDGET_KIND_REGISTRY)
      .filter((row) => row.family === 'table')
      .flatMap((row) => row.endpoints);
    const known = new Set([
      ...WIDGET_DATA_ENDPOINTS.map((endpoint) => `POST /api/${endpoint}`),
      ...tableEndpoints.map((endpoint) => `POST /api/${endpoint}/export`),
    ]);
    const served = routes
      .filter((route) => isWidgetDataPath(route.url))
      .map((route) => `${route.method} ${route.url}`);
    expect(served.length).toBeGreaterThan(WIDGET_DATA_ENDPOINTS.length);
    expect(served.filter((route) => !known.has(route))).toEqual([]);
  });
});
