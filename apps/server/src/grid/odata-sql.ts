import { sql, type SQL } from 'drizzle-orm';
import { INT32_MAX, INT32_MIN } from '@loupe/contracts';
import { escapeLike } from '../core/queries.js';
import type { GridField, GridFieldType, GridFields } from './grid-fields.js';
import {
  parseFilter,
  parseOrderBy,
  queryError,
  type CompareOperator,
  type FilterNode,
  type LiteralNode,
  type ValueNode,
} from './odata-filter.js';

/*
 * Compiles the OData AST of odata-filter.ts to drizzle SQL over a list's whitelisted fields. Every value the
 * caller wrote is bound as a parameter; only field expressions (from the list's code) and operators (from a
 * fixed table) reach the SQL text.
 */

/** A field side of a predicate: the column (lower-cased when wrapped in tolower) and its type. */
type FieldOperand = { name: string; sql: SQL; type: GridFieldType; lower: boolean };

const OPERATORS: Record<CompareOperator, string> = {
  eq: '=',
  // OData's `ne` keeps rows whose value is null, which `<>` would drop.
  ne: 'is distinct from',
  gt: '>',
  ge: '>=',
  lt: '<',
  le: '<=',
};

const fail = (message: string, position: number) =>
  queryError('$filter', `${message} at position ${position + 1}`);

function lookup(fields: GridFields, name: string): GridField | undefined {
  return Object.hasOwn(fields, name) ? fields[name] : undefined;
}

const fieldList = (fields: GridFields, use: 'filterable' | 'sortable') =>
  Object.keys(fields)
    .filter((name) => fields[name]?.[use] !== false)
    .join(', ');

function fieldOperand(node: ValueNode, fields: GridFields): FieldOperand {
  if (node.kind === 'tolower') {
    const inner = fieldOperand(node.operand, fields);
    if (inner.type !== 'string')
      throw fail(`tolower needs a text field, "${inner.name}" is a ${inner.type} field`, node.position);
    return { ...inner, sql: sql`lower(${inner.sql})`, lower: true };
  }
  if (node.kind !== 'field') throw fail('Expected a field (the value goes on the right)', node.position);
  const field = lookup(fields, node.name);
  if (!field)
    throw fail(
      `Unknown field "${node.name}" (filterable: ${fieldList(fields, 'filterable')})`,
      node.position,
    );
  if (field.filterable === false) throw fail(`The field "${node.name}" cannot be filtered`, node.position);
  return { name: node.name, sql: sql`${field.sql}`, type: field.type, lower: false };
}

/** The literal of a value side and whether it is wrapped in tolower. */
function literalOperand(node: ValueNode): { literal: LiteralNode; lower: boolean } {
  if (node.kind === 'literal') return { literal: node, lower: false };
  if (node.kind === 'tolower') {
    const inner = literalOperand(node.operand);
    if (inner.literal.type !== 'string') throw fail('tolower needs a text value', node.position);
    return { literal: inner.literal, lower: true };
  }
  throw fail(`Expected a value, found the field "${node.name}"`, node.position);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** An ISO date or date-time as a UTC instant; a bare date is midnight UTC, a time without zone is UTC. */
function toInstant(text: string): string | undefined {
  const match = ISO_DATE.exec(text);
  if (!match) return undefined;
  const [, year, month, day, zone] = match;
  const date = new Date(text.length === 10 ? `${text}T00:00:00Z` : zone ? text : `${text}Z`);
  if (Number.isNaN(date.getTime())) return undefined;
  // new Date() rolls 2026-02-30 over to March; refuse days that do not exist.
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (calendar.getUTCMonth() !== Number(month) - 1 || calendar.getUTCDate() !== Number(day)) return undefined;
  return date.toISOString();
}

function describe(literal: LiteralNode): string {
  if (literal.type === 'string') return `the text '${literal.value}'`;
  if (literal.type === 'null') return 'null';
  return `the ${literal.type} ${String(literal.value)}`;
}

/** The bound parameter for a literal compared with `field`, after checking the literal fits the field's type. */
function parameter(field: FieldOperand, value: ValueNode): SQL {
  const { literal, lower } = literalOperand(value);
  const mismatch = () =>
    fail(
      `"${field.name}" is a ${field.type} field and cannot be compared with ${describe(literal)}`,
      literal.position,
    );
  switch (field.type) {
    case 'string':
      if (literal.type !== 'string') throw mismatch();
      return field.lower || lower ? sql`lower(${literal.value}::text)` : sql`${literal.value}`;
    case 'number':
      if (literal.type !== 'number') throw mismatch();
      if (!Number.isFinite(literal.value)) throw fail('The number is out of range', literal.position);
      // Number fields are PostgreSQL integers (ids, counts) or scores: a whole number beyond int32 matches nothing
      // and must not reach SQL, where it would fail the cast.
      if (Number.isInteger(literal.value) && (literal.value > INT32_MAX || literal.value < INT32_MIN))
        throw fail(`The number is out of range (${INT32_MIN} to ${INT32_MAX})`, literal.position);
      // An integer takes the column's type; a fraction compared with an integer column must not be cast to it.
      return Number.isInteger(literal.value) ? sql`${literal.value}` : sql`${literal.value}::numeric`;
    case 'boolean':
      if (literal.type !== 'boolean') throw mismatch();
      return sql`${literal.value}`;
    case 'date': {
      const instant =
        literal.type === 'date' || literal.type === 'string' ? toInstant(literal.value) : undefined;
      if (!instant) throw mismatch();
      return sql`${instant}::timestamptz`;
    }
  }
}

function compare(node: Extract<FilterNode, { kind: 'compare' }>, fields: GridFields): SQL {
  const field = fieldOperand(node.left, fields);
  const { literal } = literalOperand(node.right);
  if (literal.type === 'null') {
    if (node.operator === 'eq') return sql`${field.sql} is null`;
    if (node.operator === 'ne') return sql`${field.sql} is not null`;
    throw fail(`null can only be compared with eq or ne, not ${node.operator}`, literal.position);
  }
  if (field.type === 'boolean' && node.operator !== 'eq' && node.operator !== 'ne')
    throw fail(`"${field.name}" is a boolean field; use eq or ne, not ${node.operator}`, literal.position);
  return sql`${field.sql} ${sql.raw(OPERATORS[node.operator])} ${parameter(field, node.right)}`;
}

function textFunction(node: Extract<FilterNode, { kind: 'function' }>, fields: GridFields): SQL {
  const field = fieldOperand(node.target, fields);
  const { literal, lower } = literalOperand(node.argument);
  if (field.type !== 'string')
    throw fail(`${node.name} needs a text field, "${field.name}" is a ${field.type} field`, literal.position);
  if (literal.type !== 'string') throw fail(`${node.name} needs a text value in quotes`, literal.position);
  const escaped = escapeLike(literal.value);
  const pattern = node.name === 'contains' ? `%${escaped}%` : `${escaped}%`;
  const bound = field.lower || lower ? sql`lower(${pattern}::text)` : sql`${pattern}`;
  return sql`${field.sql} like ${bound} escape '\\'`;
}

function compileNode(node: FilterNode, fields: GridFields): SQL {
  switch (node.kind) {
    case 'and':
      return sql`(${compileNode(node.left, fields)} and ${compileNode(node.right, fields)})`;
    case 'or':
      return sql`(${compileNode(node.left, fields)} or ${compileNode(node.right, fields)})`;
    case 'not':
      return sql`(not (${compileNode(node.operand, fields)}))`;
    case 'compare':
      return compare(node, fields);
    case 'in': {
      const field = fieldOperand(node.operand, fields);
      if (field.type === 'boolean')
        throw fail(`"${field.name}" is a boolean field; use eq`, node.values[0]?.position ?? 0);
      const values = node.values.map((value) => parameter(field, value));
      return sql`${field.sql} in (${sql.join(values, sql`, `)})`;
    }
    case 'function':
      return textFunction(node, fields);
    case 'field': {
      const field = fieldOperand(node, fields);
      if (field.type !== 'boolean')
        throw fail(
          `"${field.name}" is a ${field.type} field; compare it with a value (eq, ne, …)`,
          node.position,
        );
      return sql`${field.sql} = true`;
    }
  }
}

/** The SQL condition of a `$filter` over the list's fields; undefined for an empty filter. Throws 400 (3333). */
export function compileFilter(text: string | undefined, fields: GridFields): SQL | undefined {
  if (!text?.trim()) return undefined;
  return compileNode(parseFilter(text), fields);
}

/**
 * The ORDER BY terms of a `$orderby` followed by the list's default order as the tie-breaker (a field sorted
 * twice keeps its first direction). Throws 400 (3333) for an unknown or unsortable field.
 */
export function compileOrderBy(text: string | undefined, defaultOrder: string, fields: GridFields): SQL[] {
  const items = [...(text?.trim() ? parseOrderBy(text) : []), ...parseOrderBy(defaultOrder)];
  const seen = new Set<string>();
  const terms: SQL[] = [];
  for (const { field: name, direction } of items) {
    if (seen.has(name)) continue;
    seen.add(name);
    const field = lookup(fields, name);
    if (!field)
      throw queryError('$orderby', `Unknown field "${name}" (sortable: ${fieldList(fields, 'sortable')})`);
    if (field.sortable === false) throw queryError('$orderby', `The field "${name}" cannot be sorted`);
    terms.push(direction === 'desc' ? sql`${field.sql} desc` : sql`${field.sql} asc`);
  }
  return terms;
}
