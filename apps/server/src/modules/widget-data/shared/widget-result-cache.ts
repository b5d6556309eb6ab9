import { LRUCache } from 'lru-cache';
import type { FastifyReply } from 'fastify';
import type { WidgetQuery } from './widget-query.js';

/*
 * Shared widget results (issue 14 "Throughput"): a crowd of viewers on one report asks the same widget queries;
 * each is computed once and answered to all of them as the same JSON text.
 *
 * The key is the endpoint, the tenant, the normalised query AFTER the caller's data restrictions are applied (the
 * restrictions and the report filter they scoped are part of it, so two users with different restrictions never
 * share a result), anything else the endpoint reads (paging, order, language), and the replica's data version,
 * which changes with every committed change to the replica: a write becomes a new key as soon as the replica has
 * it, so an answer is never older than the replica. Identical requests arriving while one is computed wait for
 * that one computation. Entries are evicted least recently used within a byte budget, and dropped after `ttlMs`
 * at the latest, which bounds how long a label read from PostgreSQL (a renamed channel) can lag.
 */

export type WidgetResultCacheOptions = {
  /** The replica's data version (AnalyticsReplica.version), with the labels version (core/labels-version.ts). */
  version: () => number | string;
  /** The byte budget of the cached JSON texts. Default 64 MB. */
  maxBytes?: number;
  /** The longest an entry lives. Default 60 s. */
  ttlMs?: number;
  /** false (WIDGET_RESULT_CACHE=off): every answer is computed, nothing kept or shared. Default true. */
  enabled?: boolean;
};

type WidgetResultStats = {
  hits: number;
  misses: number;
  shared: number;
  entries: number;
  bytes: number;
};

export type WidgetResultCache = {
  /**
   * The JSON text of a widget answer: the cached one, the one being computed for an identical request, or the
   * result of `compute` serialised with `serialize` (the route's response serializer).
   */
  json(
    endpoint: string,
    query: WidgetQuery,
    extra: unknown,
    compute: () => Promise<unknown>,
    serialize: (value: unknown) => string,
  ): Promise<string>;
  /**
   * Sends a widget answer through the cache: `return cache.send(reply, …)` from a route handler. The JSON text is
   * sent as it is (a string with a JSON content type is not serialised again).
   */
  send(
    reply: FastifyReply,
    endpoint: string,
    query: WidgetQuery,
    extra: unknown,
    compute: () => Promise<unknown>,
  ): Promise<FastifyReply>;
  stats(): WidgetResultStats;
  clear(): void;
};

/** The cache key: every input of the answer, as canonical JSON (sorted keys, sets sorted). */
export function widgetResultKey(
  endpoint: string,
  query: WidgetQuery,
  extra: unknown,
  version: number | string,
): string {
  return canonical([
    endpoint,
    query.tenantId,
    version,
    query.report,
    query.dataFilters,
    query.restrictions,
    query.levels,
    extra ?? null,
  ]);
}

/** JSON with object keys sorted and Maps as sorted entry lists, so equal queries give equal text. */
function canonical(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (value instanceof Map) {
    const entries = [...(value as Map<unknown, unknown>).entries()].sort(([a], [b]) =>
      String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(String(k))}:${canonical(v)}`).join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`).join(',')}}`;
}

export function createWidgetResultCache(options: WidgetResultCacheOptions): WidgetResultCache {
  const entries = new LRUCache<string, string>({
    maxSize: options.maxBytes ?? 64 * 2 ** 20,
    // A JS string of n UTF-16 units takes about 2n bytes; the key is kept too.
    sizeCalculation: (json, key) => Math.max(1, (json.length + key.length) * 2),
    ttl: options.ttlMs ?? 60_000,
    ttlAutopurge: false,
  });
  const inFlight = new Map<string, Promise<string>>();
  const counters = { hits: 0, misses: 0, shared: 0 };

  const json: WidgetResultCache['json'] = (endpoint, query, extra, compute, serialize) => {
    // The version is read before the computation starts: what it reads is at least that new.
    if (options.enabled === false) {
      counters.misses += 1;
      return compute().then(serialize);
    }
    const key = widgetResultKey(endpoint, query, extra, options.version());
    const cached = entries.get(key);
    if (cached !== undefined) {
      counters.hits += 1;
      return Promise.resolve(cached);
    }
    const running = inFlight.get(key);
    if (running) {
      counters.shared += 1;
      return running;
    }
    counters.misses += 1;
    const computation = (async () => {
      try {
        const text = serialize(await compute());
        entries.set(key, text);
        return text;
      } finally {
        inFlight.delete(key);
      }
    })();
    inFlight.set(key, computation);
    return computation;
  };

  return {
    json,
    async send(reply, endpoint, query, extra, compute) {
      const text = await json(endpoint, query, extra, compute, (value) => {
        const out = reply.serialize(value);
        return typeof out === 'string' ? out : Buffer.from(out as ArrayBuffer).toString('utf8');
      });
      return reply.type('application/json; charset=utf-8').send(text);
    },
    stats: () => ({ ...counters, entries: entries.size, bytes: entries.calculatedSize }),
    clear() {
      entries.clear();
    },
  };
}
