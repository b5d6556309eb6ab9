import { z } from 'zod';
import { INT32_MAX } from '../input-bounds.js';

/*
 * The console's data grid (shell spec §7, §9): every administration list answers the same OData-style query
 * with `{ Items, Count }`, and exports the same filter to an .xlsx file.
 */

/** Page sizes the grid offers; the first page shows GRID_DEFAULT_PAGE_SIZE rows. */
export const GRID_PAGE_SIZES = [10, 20, 25, 50, 100] as const;
export const GRID_DEFAULT_PAGE_SIZE = 10;
/** Column widths a user may drag to, in pixels, and the row height. */
export const GRID_COLUMN_MIN_WIDTH = 100;
export const GRID_COLUMN_MAX_WIDTH = 300;
export const GRID_ROW_HEIGHT = 60;
/** An export above this many rows is refused with 11001. */
export const GRID_EXPORT_LIMIT = 100_000;
/** The largest page a list answers; the grid never asks for more than the largest page size. */
export const GRID_MAX_TOP = 1000;

const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((value) => value === true || value === 'true');

/**
 * The query string of a grid list: `$filter` is parsed on the server against the list's whitelisted fields
 * (eq, ne, gt, ge, lt, le, and, or, not, contains, startswith, tolower, in, parentheses).
 */
export const gridQuerySchema = z.object({
  $orderby: z.string().trim().max(500).optional(),
  $skip: z.coerce.number().int().min(0).max(INT32_MAX).optional().default(0),
  $top: z.coerce.number().int().min(1).max(GRID_MAX_TOP).optional().default(GRID_DEFAULT_PAGE_SIZE),
  $count: flag.optional().default(false),
  $filter: z.string().trim().max(4000).optional(),
});
export type GridQuery = z.infer<typeof gridQuerySchema>;

/** The filter object some lists take as the body of `POST {endpoint}/query` (a list documents its keys). */
export const gridFilterBodySchema = z.record(z.string(), z.unknown()).optional().default({});
export type GridFilterBody = z.infer<typeof gridFilterBodySchema>;

/** A page of a grid list. `Count` is the number of rows matching the filter (all pages). */
export function gridPageSchema<T extends z.ZodType>(item: T) {
  return z.object({ Items: z.array(item), Count: z.number().int().min(0) });
}
export type GridPage<T> = { Items: T[]; Count: number };

/** A grid column as the export writes it: the field of the row and its (translated) heading. */
const gridExportColumnSchema = z.object({
  Field: z.string().trim().min(1).max(100),
  Title: z.string().trim().min(1).max(200),
});
export type GridExportColumn = z.infer<typeof gridExportColumnSchema>;

/**
 * `POST {endpoint}/export` with the list's query string ($filter, $orderby): the rows of every page as .xlsx.
 * `FileName` must not end in .xlsx or .xls (the server adds the extension).
 */
export const gridExportSchema = z.object({
  Filter: gridFilterBodySchema,
  TotalCountForExport: z.number().int().min(0),
  FileName: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .refine((name) => !/\.xlsx?$/i.test(name), { message: 'grid.exportFileNameExtension' }),
  Columns: z.array(gridExportColumnSchema).min(1).max(50),
});
export type GridExport = z.infer<typeof gridExportSchema>;
