import type { FastifyInstance } from 'fastify';
import type { LogLevel } from '@loupe/contracts';
import type { Actor } from '../../core/actor.js';
import type { Db } from '../../db/client.js';
import { serverLogs } from '../../db/schema/index.js';

/*
 * The server log's way into the `server_logs` table (docs/health-and-logs.md): a pino destination that parses each
 * line, drops secrets and keeps the row in memory; a timer writes the rows in batches, off the request path. A slow
 * or failing database never blocks nor fails a request: past MAX_PENDING rows the oldest are dropped (and counted),
 * and a batch the database refuses is dropped too, with one note on stderr a minute at most.
 */

/** pino's level numbers to the spec's names (surveys spec §9). */
export function logLevelOf(pinoLevel: number): LogLevel {
  if (pinoLevel >= 60) return 'CRITICAL';
  if (pinoLevel >= 50) return 'ERROR';
  if (pinoLevel >= 40) return 'WARNING';
  if (pinoLevel >= 30) return 'INFO';
  if (pinoLevel >= 20) return 'DEBUG';
  return 'VERBOSE';
}

/** Rows kept while the database is away; past this the oldest go. */
const MAX_PENDING = 5_000;
/** Rows one INSERT writes. */
const BATCH = 500;
const FLUSH_EVERY_MS = 1_000;
const MESSAGE_MAX = 2_000;
/** A context longer than this (as JSON) is kept cut, as text. */
const CONTEXT_MAX = 8_000;
const CONTEXT_DEPTH = 5;
const STDERR_NOTE_EVERY_MS = 60_000;

/** Keys whose values never reach the table, wherever they sit in a line (pino's redaction covers the known paths). */
const SECRET_KEY = /pass(word)?|secret|token|authorization|cookie|api[-_]?key|credential/i;
/** pino's own fields, kept in columns of their own or not at all. */
const OWN_FIELDS = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'requestId',
  'reqId',
  'tenantId',
  'v',
]);

type Row = typeof serverLogs.$inferInsert;

/** A copy of `value` with secret-looking keys replaced and depth bounded. */
function scrub(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= CONTEXT_DEPTH) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => scrub(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) ? '[Redacted]' : scrub(item, depth + 1);
  }
  return out;
}

/** One pino JSON line as a table row; undefined for what is not a log line. */
export function serverLogRowOf(line: string): Row | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const entry = parsed as Record<string, unknown>;
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const time = typeof entry.time === 'number' ? new Date(entry.time) : new Date();
  const requestId = entry.requestId ?? entry.reqId;
  const tenantId = entry.tenantId;
  const err = entry.err as { message?: unknown } | undefined;
  const message =
    typeof entry.msg === 'string' ? entry.msg : typeof err?.message === 'string' ? err.message : '';
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) if (!OWN_FIELDS.has(key)) rest[key] = value;
  let context: unknown = Object.keys(rest).length === 0 ? null : scrub(rest, 0);
  if (context !== null) {
    const text = JSON.stringify(context);
    if (text.length > CONTEXT_MAX) context = { truncated: text.slice(0, CONTEXT_MAX) };
  }
  return {
    loggedAt: Number.isNaN(time.getTime()) ? new Date() : time,
    level: logLevelOf(level),
    requestId: typeof requestId === 'string' ? requestId.slice(0, 100) : null,
    tenantId: Number.isInteger(tenantId) && (tenantId as number) > 0 ? (tenantId as number) : null,
    // NUL cannot be stored in PostgreSQL text; nothing else in a message needs refusing.
    message: message.replaceAll('\u0000', '').slice(0, MESSAGE_MAX),
    context,
  };
}

export type ServerLogSink = {
  /** pino's destination: one JSON line per call. Never throws. */
  write(line: string): void;
  /** From now on, rows go to `db` (the rows kept so far first). */
  attach(db: Db): void;
  /** Writes every row kept so far; never rejects. */
  flush(): Promise<void>;
  /** Writes what is kept, then stops writing (rows are kept again until the next attach). */
  detach(): Promise<void>;
  /** Rows lost so far to a full buffer or a refused batch. */
  readonly dropped: number;
};

export function createServerLogSink(): ServerLogSink {
  let pending: Row[] = [];
  let db: Db | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let dropped = 0;
  let lastNote = 0;

  function note(error: unknown) {
    const now = Date.now();
    if (now - lastNote < STDERR_NOTE_EVERY_MS) return;
    lastNote = now;
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(
      `server log: a batch could not be written (${reason}); ${dropped} lines lost so far\n`,
    );
  }

  async function writeAll(target: Db) {
    while (pending.length > 0) {
      const batch = pending.slice(0, BATCH);
      pending = pending.slice(batch.length);
      try {
        await target.insert(serverLogs).values(batch);
      } catch (error) {
        dropped += batch.length;
        note(error);
      }
    }
  }

  function flush(): Promise<void> {
    if (!db) return Promise.resolve();
    if (running) return running.then(() => (pending.length > 0 ? flush() : undefined));
    const target = db;
    running = writeAll(target).finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    write(line) {
      const row = serverLogRowOf(line);
      if (!row) return;
      pending.push(row);
      if (pending.length > MAX_PENDING) {
        const excess = pending.length - MAX_PENDING;
        pending.splice(0, excess);
        dropped += excess;
      }
    },
    attach(target) {
      db = target;
      timer ??= setInterval(() => void flush(), FLUSH_EVERY_MS).unref();
    },
    flush,
    async detach() {
      await flush();
      clearInterval(timer);
      timer = undefined;
      db = undefined;
    },
    get dropped() {
      return dropped;
    },
  };
}

/**
 * Request lines carry the tenant the caller acts in (after the auth plugin's check), so a tenant's log reader sees
 * its own requests' lines, with the method and the route's pattern (never its values, which may hold a one-time
 * code). Added right after the auth plugin, before any route.
 */
export function tagRequestLogsWithTenant(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const actor = Object.getOwnPropertyDescriptor(request, 'actor')?.value as Actor | undefined;
    if (actor?.tenantId === null || actor?.tenantId === undefined) return;
    const log = request.log.child({
      tenantId: actor.tenantId,
      method: request.method,
      route: request.routeOptions.url,
    });
    request.log = log;
    reply.log = log;
  });
}
