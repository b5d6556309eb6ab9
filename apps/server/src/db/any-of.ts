import { Column, inArray, notInArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/*
 * Lists reach SQL as ONE array parameter (`column = ANY($1)`), never one parameter per element (docs/api.md
 * "Input bounds"): a list of any length is one bind value, so no request can push a statement past the protocol's
 * 16-bit parameter count (which broke the embedded PGlite connection for good) or make PostgreSQL plan a
 * statement with thousands of parameters. A subquery stays a subquery.
 */

type ListValue = number | string;

/** The array type a column's values travel as. */
function arrayType(column: SQLWrapper): string {
  const type = column instanceof Column ? column.getSQLType().toLowerCase() : 'integer';
  if (type.startsWith('bigint') || type === 'bigserial') return 'int8[]';
  if (type.startsWith('smallint') || type === 'smallserial') return 'int2[]';
  if (type.startsWith('integer') || type === 'serial') return 'int4[]';
  if (type.startsWith('varchar') || type.startsWith('text') || type.startsWith('char')) return 'text[]';
  throw new Error(`anyOf: no array type for a ${type} column`);
}

const isList = (values: readonly ListValue[] | SQLWrapper): values is readonly ListValue[] =>
  Array.isArray(values);

/** `column = ANY($1::type[])` for a list; `column IN (subquery)` for a subquery. An empty list matches nothing. */
export function anyOf(column: SQLWrapper, values: readonly ListValue[] | SQLWrapper): SQL {
  if (!isList(values)) return inArray(column, values);
  return sql`${column} = ANY(${sql.param([...values])}::${sql.raw(arrayType(column))})`;
}

/** `NOT (column = ANY($1::type[]))` for a list; `column NOT IN (subquery)` for a subquery. */
export function noneOf(column: SQLWrapper, values: readonly ListValue[] | SQLWrapper): SQL {
  if (!isList(values)) return notInArray(column, values);
  return sql`NOT (${column} = ANY(${sql.param([...values])}::${sql.raw(arrayType(column))}))`;
}
