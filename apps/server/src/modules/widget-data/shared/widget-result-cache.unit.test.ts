import { describe, expect, it } from 'vitest';
import { createWidgetResultCache, widgetResultKey } from './widget-result-cache.js';
import type { WidgetQuery } from './widget-query.js';

const query = (overrides: Partial<WidgetQuery> = {}): WidgetQuery => ({
  tenantId: 1,
  report: { TimeRange: ['2026-03-01', '2026-03-31'], SurveyId: [4] },
  dataFilters: { Deviate: true },
  restrictions: { transactionChannelIds: [], productIds: [], employeeIds: [] },
  levels: { channels: new Map(), products: new Map(), locations: new Map() },
  ...overrides,
});

describe('widgetResultKey', () => {
  it('is the same for the same query whatever the order of keys and map entries', () => {
    const a = query({
      levels: {
        channels: new Map([
          [1, 1],
          [2, 2],
        ]),
        products: new Map(),
        locations: new Map(),
      },
    });
    const b = query({
      report: { SurveyId: [4], TimeRange: ['2026-03-01', '2026-03-31'] },
      levels: {
        channels: new Map([
          [2, 2],
          [1, 1],
        ]),
        products: new Map(),
        locations: new Map(),
      },
    });
    expect(widgetResultKey('/nps', a, null, 3)).toBe(widgetResultKey('/nps', b, null, 3));
  });

  it('differs by tenant, restrictions, endpoint, extra inputs and replica version', () => {
    const base = widgetResultKey('/nps', query(), null, 3);
    const restricted = query({
      restrictions: { transactionChannelIds: [7], productIds: [], employeeIds: [] },
    });
    expect(widgetResultKey('/nps', restricted, null, 3)).not.toBe(base);
    expect(widgetResultKey('/nps', query({ tenantId: 2 }), null, 3)).not.toBe(base);
    expect(widgetResultKey('/card', query(), null, 3)).not.toBe(base);
    expect(widgetResultKey('/nps', query(), { top: 10 }, 3)).not.toBe(base);
    expect(widgetResultKey('/nps', query(), null, 4)).not.toBe(base);
  });
});

describe('createWidgetResultCache', () => {
  const serialize = (value: unknown) => JSON.stringify(value);

  it('keeps within its byte budget, dropping the least recently used', async () => {
    const cache = createWidgetResultCache({ version: () => 1, maxBytes: 10_000 });
    const big = 'x'.repeat(1000);
    for (let i = 0; i < 20; i += 1) {
      await cache.json('/nps', query({ tenantId: i }), null, async () => big, serialize);
    }
    expect(cache.stats().bytes).toBeLessThanOrEqual(10_000);
    expect(cache.stats().entries).toBeLessThan(20);
  });

  it('shares a running computation and does not keep a failed one', async () => {
    const cache = createWidgetResultCache({ version: () => 1 });
    let runs = 0;
    const compute = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (runs === 1) throw new Error('replica busy');
      return { Value: 1 };
    };
    const first = await Promise.allSettled(
      [1, 2, 3].map(() => cache.json('/nps', query(), null, compute, serialize)),
    );
    expect(first.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(runs).toBe(1);
    expect(await cache.json('/nps', query(), null, compute, serialize)).toBe('{"Value":1}');
    expect(runs).toBe(2);
  });

  it('computes every answer when it is off (WIDGET_RESULT_CACHE=off)', async () => {
    const cache = createWidgetResultCache({ version: () => 1, enabled: false });
    let runs = 0;
    const compute = async () => ({ Value: (runs += 1) });
    expect(await cache.json('/nps', query(), null, compute, serialize)).toBe('{"Value":1}');
    expect(await cache.json('/nps', query(), null, compute, serialize)).toBe('{"Value":2}');
    expect(cache.stats()).toMatchObject({ hits: 0, misses: 2, entries: 0 });
  });
});
