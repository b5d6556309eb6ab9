import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorCode,
  GRID_EXPORT_LIMIT,
  hasAnyScope,
  TABLE_DEFAULT_PAGE_SIZE,
  TABLE_PAGE_SIZES,
  widgetDataRequestSchema,
  widgetTablePageSchema,
  type WidgetDataRequest,
  type WidgetTablePage,
} from '@loupe/contracts';
import { AppError, forbidden } from '../../../errors.js';
import { contentDisposition } from '../../../grid/grid-routes.js';
import type { ModuleDeps } from '../../../core/deps.js';
import { callerOffset } from '../shared/caller-time.js';
import { WIDGET_DATA_ACCESS } from '../shared/widget-route.js';
import { exportFileName, writeTableWorkbook } from './table-widgets-export.js';
import {
  answersPage,
  channelTableRows,
  CHANNEL_TABLE_COLUMNS,
  channelTablePage,
  TABLE_COLUMNS,
  tableOrder,
  type OrderTerm,
  type TableKind,
  type TableRow,
} from './table-widgets.js';
import { loadWidgetQuery, type WidgetQuery } from '../shared/widget-query.js';
import type { WidgetResultCache } from '../shared/widget-result-cache.js';

/** The largest page a table widget answers: the largest page size it offers (reports spec §9). */
const TABLE_MAX_TOP = Math.max(...TABLE_PAGE_SIZES);
/** Rows an answers export reads per replica query. */
const EXPORT_PAGE_SIZE = 5_000;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const pageQuerySchema = z.object({
  $top: z.coerce.number().int().min(1).max(TABLE_MAX_TOP).optional().default(TABLE_DEFAULT_PAGE_SIZE),
  $skip: z.coerce.number().int().min(0).max(100_000_000).optional().default(0),
  $orderby: z.string().trim().max(200).optional(),
});
const exportQuerySchema = z.object({
  $orderby: z.string().trim().max(200).optional(),
  /** The file name without extension (the widget's title); default the table's name in the caller's language. */
  fileName: z.string().trim().max(100).optional(),
});

const ENDPOINTS: Record<TableKind, string> = {
  channelTable: '/api/widget-data/channel-table',
  answers: '/api/widget-data/answers',
};

/** A page, its order, the caller's language (channel names) and TimezoneOffset (answer times, caller-time.ts). */
type PageOptions = { top: number; skip: number; order: OrderTerm[]; language: string; offset: number };

/**
 * The table widgets (reports spec §2 "widget kinds", §9 tables; docs/widgets-tables.md):
 * POST /api/widget-data/channel-table and /api/widget-data/answers with the widget data body and the query
 * `$top` (at most 50), `$skip`, `$orderby` answer a page `{ Items, Count, Columns }`; POST {path}/export answers
 * the same filter and order as .xlsx. Reading needs report:read or report:manage; exporting report:export too.
 */
export function registerTableWidgetRoutes(
  app: FastifyInstance,
  deps: ModuleDeps,
  cache: WidgetResultCache,
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const page = async (kind: TableKind, query: WidgetQuery, options: PageOptions): Promise<WidgetTablePage> =>
    kind === 'channelTable' ? channelTablePage(deps, query, options) : answersPage(deps, query, options);

  for (const kind of ['channelTable', 'answers'] as const) {
    const path = ENDPOINTS[kind];
    routes.post(
      path,
      {
        config: { access: WIDGET_DATA_ACCESS },
        schema: {
          querystring: pageQuerySchema,
          body: widgetDataRequestSchema,
          response: { 200: widgetTablePageSchema },
        },
      },
      async (request, reply) => {
        const order = tableOrder(kind, request.query.$orderby);
        const query = await loadWidgetQuery(deps.db, request.actor, request.body);
        const { $top: top, $skip: skip } = request.query;
        // The channel table shows no times: its results do not depend on the caller's offset.
        const offset = kind === 'answers' ? callerOffset(request.headers) : 0;
        const options = { top, skip, order, language: request.language, offset };
        return cache.send(reply, path, query, options, () => page(kind, query, options));
      },
    );

    routes.post(
      `${path}/export`,
      {
        // report:export opens the route; reading the table is still report:read or report:manage.
        config: { access: ['report:export'] },
        schema: { querystring: exportQuerySchema, body: widgetDataRequestSchema },
      },
      async (request, reply) => {
        if (!hasAnyScope(request.actor.scopes, WIDGET_DATA_ACCESS)) throw forbidden();
        const order = tableOrder(kind, request.query.$orderby);
        const { fileName } = request.query;
        return exportTable(deps, { kind, request, reply, body: request.body, order, fileName });
      },
    );
  }
}

async function exportTable(
  deps: ModuleDeps,
  options: {
    kind: TableKind;
    request: FastifyRequest;
    reply: FastifyReply;
    body: WidgetDataRequest;
    order: OrderTerm[];
    fileName: string | undefined;
  },
): Promise<FastifyReply> {
  const { kind, request, reply, order } = options;
  const language = request.language;
  const query = await loadWidgetQuery(deps.db, request.actor, options.body);
  const fileName = exportFileName(kind, language, options.fileName);

  let firstPage: readonly TableRow[];
  let count: number;
  let nextPage: (offset: number) => Promise<readonly TableRow[]>;
  if (kind === 'channelTable') {
    // One row per channel of a level: read at once.
    firstPage = await channelTableRows(deps, query, { order, language });
    count = firstPage.length;
    nextPage = async () => [];
  } else {
    const offset = callerOffset(request.headers);
    const first = await answersPage(deps, query, { top: EXPORT_PAGE_SIZE, skip: 0, order, offset });
    firstPage = first.Items;
    count = first.Count;
    nextPage = async (skip) =>
      (await answersPage(deps, query, { top: EXPORT_PAGE_SIZE, skip, order, offset }, { count: false }))
        .Items;
  }
  if (count > GRID_EXPORT_LIMIT) {
    throw new AppError(400, ErrorCode.ExportTooLarge, { Count: count, Limit: GRID_EXPORT_LIMIT });
  }
  if (count === 0) throw new AppError(400, ErrorCode.ExportEmpty);

  const stream = new PassThrough();
  writeTableWorkbook({
    stream,
    kind,
    columns: kind === 'channelTable' ? CHANNEL_TABLE_COLUMNS : TABLE_COLUMNS.answers,
    language,
    firstPage,
    pageSize: kind === 'channelTable' ? Number.POSITIVE_INFINITY : EXPORT_PAGE_SIZE,
    limit: GRID_EXPORT_LIMIT,
    nextPage,
  }).catch((error: unknown) => {
    request.log.error({ err: error }, 'table widget export failed while streaming');
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', contentDisposition(`${fileName}.xlsx`))
    .send(stream);
}
