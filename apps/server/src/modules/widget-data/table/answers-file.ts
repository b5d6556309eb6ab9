import type { PassThrough } from 'node:stream';
import { GRID_EXPORT_LIMIT, type ReportFilter } from '@loupe/contracts';
import type { Actor } from '../../../core/actor.js';
import type { ModuleDeps } from '../../../core/deps.js';
import { loadWidgetQuery } from '../shared/widget-query.js';
import { writeTableCsv, writeTableWorkbook } from './table-widgets-export.js';
import { answersPage, TABLE_COLUMNS, tableOrder } from './table-widgets.js';

/** Rows read from the replica per query. */
const PAGE_SIZE = 5_000;

/** An answers file about to be written: how many rows it holds, and how to write it. */
export type AnswersFile = { count: number; write(stream: PassThrough): Promise<void> };

/**
 * The answers table (docs/widgets-tables.md) as a file, for work without a request (the FTP export): `filter` read
 * as `actor` reads it (their data restrictions apply), times in UTC, in the table's order, written by the table's
 * own exporter as CSV or .xlsx. Refuses more than GRID_EXPORT_LIMIT rows before anything is written.
 */
export async function answersFile(
  deps: ModuleDeps,
  options: { actor: Actor; filter: ReportFilter; format: 'csv' | 'xlsx'; language: string },
): Promise<AnswersFile> {
  const query = await loadWidgetQuery(deps.db, options.actor, options.filter);
  const order = tableOrder('answers', undefined);
  const page = (skip: number, count: boolean) =>
    answersPage(deps, query, { top: PAGE_SIZE, skip, order, offset: 0 }, { count });
  const first = await page(0, true);
  if (first.Count > GRID_EXPORT_LIMIT)
    throw new Error(`${first.Count} answers: more than the ${GRID_EXPORT_LIMIT} an export may send`);
  return {
    count: first.Count,
    write(stream) {
      const source = {
        stream,
        columns: TABLE_COLUMNS.answers,
        language: options.language,
        firstPage: first.Items,
        pageSize: PAGE_SIZE,
        limit: GRID_EXPORT_LIMIT,
        nextPage: async (skip: number) => (await page(skip, false)).Items,
      };
      return options.format === 'xlsx'
        ? writeTableWorkbook({ ...source, kind: 'answers' })
        : writeTableCsv(source);
    },
  };
}
