import type { Column, SQL } from 'drizzle-orm';

// The whitelist types of a grid list, shared by the routes (grid-routes.ts) and the $filter/$orderby compiler
// (odata-sql.ts), so that neither imports the other for them.

/** The type of a grid field, which decides the literals and operators `$filter` accepts on it. */
export type GridFieldType = 'string' | 'number' | 'boolean' | 'date';

/** A field a list lets `$filter`/`$orderby` use: the SQL expression behind it and its type. */
export type GridField = {
  sql: SQL | Column;
  type: GridFieldType;
  /** Default true. */
  sortable?: boolean;
  /** Default true. */
  filterable?: boolean;
};

/** The whitelist of a list: keys are the row's PascalCase property names (UserName, …). */
export type GridFields = Record<string, GridField>;
