import { PassThrough } from 'node:stream';
import type { CellValue } from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  ErrorCode,
  GRID_EXPORT_LIMIT,
  gridExportSchema,
  gridFilterBodySchema,
  gridPageSchema,
  gridQuerySchema,
  hasAnyScope,
  type GridExportColumn,
  type GridFilterBody,
  type GridPage,
  type GridQuery,
  type Scope,
} from '@loupe/contracts';
import { AppError, forbidden } from '../errors.js';
import type { RouteAccess } from '../core/route-access.js';
import type { GridFieldType, GridFields } from './grid-fields.js';
import { compileFilter, compileOrderBy } from './odata-sql.js';
import { writeSheet } from './xlsx-sheet.js';

/** What `rows` gets: `where` already holds the list's scope AND the parsed `$filter`. */
export type GridPageRequest = { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number };

export type GridListSource<T> = {
  /** The whitelist: `$filter`/`$orderby` on anything else answers 400 (3333). */
  fields: GridFields;
  /** E.g. 'UserName asc, Id asc'; appended to `$orderby` as the tie-breaker (end it with a unique field). */
  defaultOrder: string;
  /** Fixed conditions ANDed to `$filter`: tenant, keys of the filter body, list kind. */
  scope(request: FastifyRequest, body: GridFilterBody): SQL | undefined;
  /** select … where page.where order by page.orderBy limit page.limit offset page.offset */
  rows(page: GridPageRequest): Promise<T[]>;
  count(where: SQL | undefined): Promise<number>;
};

export type GridRouteOptions<T extends Record<string, unknown>> = {
  /** '/api/users' — a relative path under /api/ (absolute URLs are refused at registration). */
  path: string;
  /** Who may read the list (export additionally needs grid:export). */
  access: Scope[];
  /** The response item schema (from contracts). */
  item: z.ZodType<T>;
  source: GridListSource<T>;
  /** The most rows an export writes (default GRID_EXPORT_LIMIT); tests lower it. */
  exportLimit?: number;
  /** Rows an export reads per query (default 5,000); tests lower it to cross page boundaries. */
  exportPageSize?: number;
  /**
   * What GET {path} answers when its query string names no grid parameter (none starting with `$`): a lookup
   * list that had the path before the grid keeps its callers, its query and its answer (GET /api/questions).
   */
  plainGet?: PlainGet;
  /** Also answer `POST {path}` as `POST {path}/query` (where an issue names the list's POST so: alerts, logs). */
  postOnPath?: boolean;
};

/** The lookup answered on a grid's GET path without grid parameters (GridRouteOptions.plainGet). */
type PlainGet = {
  /** Who may read the lookup; the grid keeps its own `access`. */
  access: RouteAccess;
  querystring: z.ZodType;
  response: z.ZodType;
  handler(request: FastifyRequest, query: unknown): Promise<unknown>;
};

const namesGridParameter = (query: unknown): boolean =>
  typeof query === 'object' && query !== null && Object.keys(query).some((key) => key.startsWith('$'));

/** One query string for a grid and its plain lookup: tells them apart, and validates with the one it is. */
function gridOrPlainQuery(plain: z.ZodType) {
  return z.unknown().transform((raw, context) => {
    const grid = namesGridParameter(raw);
    const parsed = (grid ? gridQuerySchema : plain).safeParse(raw);
    if (!parsed.success) {
      // The inner schema's issues, as they are (their paths and params word the 400's Details).
      for (const issue of parsed.error.issues)
        context.addIssue(issue as Parameters<typeof context.addIssue>[0]);
      return z.NEVER;
    }
    return grid ? { grid: parsed.data as GridQuery } : { plain: parsed.data };
  });
}

/** Rows an export reads per query. */
const EXPORT_PAGE_SIZE = 5_000;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Registers GET {path} (query string), POST {path}/query (query string + filter body) and
 * POST {path}/export (.xlsx, needs grid:export and one of `access`). Both lists answer `{ Items, Count }` with
 * Count always the number of rows matching the filter, whatever `$count` says.
 */
export function registerGridRoutes<T extends Record<string, unknown>>(
  app: FastifyInstance,
  options: GridRouteOptions<T>,
): void {
  const { path, source, item } = options;
  if (!/^\/api\/[^?#]*[^/?#]$/.test(path) || path.includes('//')) {
    throw new Error(`grid path "${path}": endpoints must not be absolute URLs; use a path under /api/`);
  }
  const [first, ...others] = options.access;
  if (!first) throw new Error(`grid path "${path}": access needs at least one scope`);
  const access: RouteAccess = [first, ...others];
  // The default order is the list's own code: a mistake in it is a programming error, found at start-up.
  try {
    compileOrderBy(undefined, source.defaultOrder, source.fields);
  } catch (error) {
    const detail = error instanceof AppError ? JSON.stringify(error.details) : String(error);
    throw new Error(`grid path "${path}": defaultOrder "${source.defaultOrder}" is not valid: ${detail}`);
  }

  const exportLimit = options.exportLimit ?? GRID_EXPORT_LIMIT;
  const pageSize = options.exportPageSize ?? EXPORT_PAGE_SIZE;
  const itemFields = item instanceof z.ZodObject ? Object.keys(item.shape) : [];
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const page = gridPageSchema(item);

  const where = (request: FastifyRequest, query: GridQuery, body: GridFilterBody) =>
    and(source.scope(request, body), compileFilter(query.$filter, source.fields));

  async function list(request: FastifyRequest, query: GridQuery, body: GridFilterBody): Promise<GridPage<T>> {
    const condition = where(request, query, body);
    const orderBy = compileOrderBy(query.$orderby, source.defaultOrder, source.fields);
    const [Items, Count] = await Promise.all([
      source.rows({ where: condition, orderBy, limit: query.$top, offset: query.$skip }),
      source.count(condition),
    ]);
    return { Items, Count };
  }

  const { plainGet } = options;
  if (plainGet) {
    // One GET, two answers: the lookup's callers send no `$` parameter; the grid always sends `$top`.
    const either: RouteAccess =
      plainGet.access === 'public' || plainGet.access === 'signed-in'
        ? plainGet.access
        : ([...new Set([...plainGet.access, ...access])] as unknown as RouteAccess);
    routes.get(
      path,
      {
        config: { access: either },
        schema: {
          querystring: gridOrPlainQuery(plainGet.querystring),
          response: { 200: z.union([page, plainGet.response]) },
        },
      },
      async (request) => {
        const query = request.query as { grid: GridQuery } | { plain: unknown };
        if ('plain' in query) return plainGet.handler(request, query.plain);
        if (!hasAnyScope(request.actor.scopes, access)) throw forbidden();
        return list(request, query.grid, {});
      },
    );
  } else {
    routes.get(
      path,
      { config: { access }, schema: { querystring: gridQuerySchema, response: { 200: page } } },
      async (request) => list(request, request.query, {}),
    );
  }

  for (const queryPath of options.postOnPath ? [path, `${path}/query`] : [`${path}/query`]) {
    routes.post(
      queryPath,
      {
        config: { access },
        schema: { querystring: gridQuerySchema, body: gridFilterBodySchema, response: { 200: page } },
      },
      async (request) => list(request, request.query, request.body),
    );
  }

  routes.post(
    `${path}/export`,
    { config: { access: ['grid:export'] }, schema: { querystring: gridQuerySchema, body: gridExportSchema } },
    async (request, reply) => {
      // grid:export opens the route; reading the list is still the list's own scopes.
      if (!hasAnyScope(request.actor.scopes, access)) throw forbidden();
      const { Columns, FileName, Filter } = request.body;
      const known = new Set([...Object.keys(source.fields), ...itemFields]);
      const unknown = Columns.filter((column) => !known.has(column.Field));
      if (unknown.length > 0 && itemFields.length > 0) throw unknownColumns(unknown);

      const condition = where(request, request.query, Filter);
      const orderBy = compileOrderBy(request.query.$orderby, source.defaultOrder, source.fields);
      const total = await source.count(condition);
      if (total > exportLimit)
        throw new AppError(400, ErrorCode.ExportTooLarge, { Count: total, Limit: exportLimit });
      if (total === 0) throw new AppError(400, ErrorCode.ExportEmpty);

      // Read the first page before answering, so that a failure there is still a proper error response.
      const readPage = (offset: number) =>
        source.rows({ where: condition, orderBy, limit: pageSize, offset });
      const firstPage = await readPage(0);
      if (unknown.length > 0) {
        // An item schema that is not a plain object: the first row tells which fields exist.
        const rowKeys = new Set(Object.keys(firstPage[0] ?? {}));
        const missing = unknown.filter((column) => !rowKeys.has(column.Field));
        if (missing.length > 0) throw unknownColumns(missing);
      }

      const stream = new PassThrough();
      writeWorkbook({
        stream,
        columns: Columns,
        fields: source.fields,
        firstPage,
        limit: exportLimit,
        pageSize,
        nextPage: readPage,
      }).catch((error: unknown) => {
        request.log.error({ err: error }, 'grid export failed while streaming');
        stream.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', contentDisposition(`${FileName}.xlsx`))
        .send(stream);
    },
  );
}

function unknownColumns(columns: GridExportColumn[]): AppError {
  return new AppError(
    400,
    ErrorCode.ModelNotValid,
    columns.map((column) => ({ Path: 'Columns', Message: `Unknown column "${column.Field}"` })),
  );
}

/** RFC 6266: an ASCII `filename` for old readers and the exact name, percent-encoded, in `filename*`. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ı/g, 'i')
    .replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

type WorkbookSource<T> = {
  stream: PassThrough;
  columns: GridExportColumn[];
  fields: GridFields;
  firstPage: T[];
  limit: number;
  pageSize: number;
  nextPage(offset: number): Promise<T[]>;
};

/** Streams the rows, page by page, as one worksheet: a bold heading row, then one row per record. */
async function writeWorkbook<T extends Record<string, unknown>>(source: WorkbookSource<T>): Promise<void> {
  const { columns, fields } = source;
  await writeSheet<T>({
    ...source,
    sheetName: 'Sheet1',
    columns: columns.map((column) => ({
      key: column.Field,
      title: column.Title,
      width: Math.min(Math.max(column.Title.length + 2, 12), 50),
      style: fields[column.Field]?.type === 'date' ? { numFmt: 'yyyy-mm-dd hh:mm:ss' } : {},
    })),
    cells: (row) => columns.map((column) => cellValue(row[column.Field], fields[column.Field]?.type)),
  });
}

/** Dates (ISO strings on the wire) become Excel dates; booleans stay booleans (TRUE/FALSE); lists are joined. */
function cellValue(value: unknown, type: GridFieldType | undefined): CellValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  if (type === 'date' && typeof value === 'string') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : date;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map((entry) => String(entry)).join(', ');
  return JSON.stringify(value);
}
