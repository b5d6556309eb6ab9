import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@loupe/contracts';
import { AppError } from '../errors.js';
import type { GridFields } from './grid-fields.js';
import { parseFilter, parseOrderBy, tokenize } from './odata-filter.js';
import { compileFilter, compileOrderBy } from './odata-sql.js';

const people = pgTable('people', {
  id: integer('id').primaryKey(),
  userName: text('user_name').notNull(),
  email: text('email'),
  age: integer('age'),
  isActive: boolean('is_active').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  secret: text('secret'),
});

const fields: GridFields = {
  Id: { sql: people.id, type: 'number' },
  UserName: { sql: people.userName, type: 'string' },
  Email: { sql: people.email, type: 'string' },
  Age: { sql: people.age, type: 'number' },
  IsActive: { sql: people.isActive, type: 'boolean' },
  CreatedAt: { sql: people.createdAt, type: 'date' },
  RoleCount: { sql: sql`(select 1)`, type: 'number', sortable: false },
  Secret: { sql: people.secret, type: 'string', filterable: false },
};

const dialect = new PgDialect();
const toQuery = (query: SQL) => dialect.sqlToQuery(query);

/** The SQL text and parameters of a `$filter` over `fields`. */
function filter(text: string) {
  const compiled = compileFilter(text, fields);
  if (!compiled) throw new Error('empty filter');
  return toQuery(compiled);
}

/** The 400 (3333) a filter is refused with, as its detail message. */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    expect(appError.statusCode).toBe(400);
    expect(appError.errorCode).toBe(ErrorCode.ModelNotValid);
    const [detail] = appError.details as { Path: string; Message: string }[];
    return `${detail?.Path}: ${detail?.Message}`;
  }
  throw new Error('expected a refusal');
}

describe('tokenize', () => {
  it('reads strings with doubled quotes, numbers, dates and punctuation', () => {
    const tokens = tokenize("Name eq 'O''Brien' and Age in (-3, 4.5) or At gt 2026-01-01T10:20:30.5+03:00");
    expect(tokens.map((token) => token.kind)).toEqual([
      ...['identifier', 'identifier', 'string', 'identifier', 'identifier', 'identifier'],
      ...['(', 'number', ',', 'number', ')', 'identifier', 'identifier', 'identifier', 'date', 'end'],
    ]);
    expect(tokens[2]).toMatchObject({ kind: 'string', value: "O'Brien" });
    expect(tokens[7]).toMatchObject({ kind: 'number', value: -3 });
    expect(tokens[14]).toMatchObject({ kind: 'date', text: '2026-01-01T10:20:30.5+03:00' });
  });

  it('refuses stray characters, unterminated strings and run-on words', () => {
    expect(refusal(() => tokenize('Age eq 5;'))).toBe('$filter: Unexpected character ";" at position 9');
    expect(refusal(() => tokenize("UserName eq 'abc"))).toBe('$filter: Unterminated string at position 13');
    expect(refusal(() => tokenize('Age eq 12abc'))).toContain('Unexpected "12a" at position 8');
    expect(refusal(() => tokenize('CreatedAt gt 2026-01-01T10'))).toContain('at position 14');
  });
});

describe('compileFilter', () => {
  it('binds each comparison value as a parameter', () => {
    expect(filter("UserName eq 'ali'")).toEqual({
      sql: '"people"."user_name" = $1',
      params: ['ali'],
      typings: ['none'],
    });
    expect(filter('Age ne 30')).toMatchObject({ sql: '"people"."age" is distinct from $1', params: [30] });
    expect(filter('Age gt 30')).toMatchObject({ sql: '"people"."age" > $1', params: [30] });
    expect(filter('Age ge 30')).toMatchObject({ sql: '"people"."age" >= $1', params: [30] });
    expect(filter('Age lt -1')).toMatchObject({ sql: '"people"."age" < $1', params: [-1] });
    expect(filter('Age le 2.5')).toMatchObject({ sql: '"people"."age" <= $1::numeric', params: [2.5] });
    expect(filter('IsActive eq false')).toMatchObject({ sql: '"people"."is_active" = $1', params: [false] });
  });

  it('compares with null through is null / is not null only', () => {
    expect(filter('Email eq null')).toMatchObject({ sql: '"people"."email" is null', params: [] });
    expect(filter('Email ne null')).toMatchObject({ sql: '"people"."email" is not null', params: [] });
    expect(refusal(() => filter('Age gt null'))).toContain('null can only be compared with eq or ne');
  });

  it('compares dates as timestamps, bare dates as midnight UTC', () => {
    expect(filter('CreatedAt ge 2026-01-01')).toMatchObject({
      sql: '"people"."created_at" >= $1::timestamptz',
      params: ['2026-01-01T00:00:00.000Z'],
    });
    expect(filter('CreatedAt lt 2026-03-01T12:00:00+03:00')).toMatchObject({
      params: ['2026-03-01T09:00:00.000Z'],
    });
    expect(filter("CreatedAt lt '2026-03-01T12:00:00Z'")).toMatchObject({
      params: ['2026-03-01T12:00:00.000Z'],
    });
    expect(refusal(() => filter('CreatedAt lt 2026-02-30'))).toContain('"CreatedAt" is a date field');
    expect(refusal(() => filter("CreatedAt lt 'yesterday'"))).toContain(
      "cannot be compared with the text 'yesterday'",
    );
  });

  it('gives and precedence over or, and lets parentheses change it', () => {
    expect(filter("UserName eq 'a' or UserName eq 'b' and Age eq 3").sql).toBe(
      '("people"."user_name" = $1 or ("people"."user_name" = $2 and "people"."age" = $3))',
    );
    expect(filter("(UserName eq 'a' or UserName eq 'b') and Age eq 3").sql).toBe(
      '(("people"."user_name" = $1 or "people"."user_name" = $2) and "people"."age" = $3)',
    );
    expect(filter('Age eq 1 and Age eq 2 and Age eq 3').sql).toBe(
      '(("people"."age" = $1 and "people"."age" = $2) and "people"."age" = $3)',
    );
  });

  it('negates with not, over a comparison, a group, a function or a boolean field', () => {
    expect(filter('not Age eq 3').sql).toBe('(not ("people"."age" = $1))');
    expect(filter("not (Age eq 3 or UserName eq 'x') and IsActive").sql).toBe(
      '((not (("people"."age" = $1 or "people"."user_name" = $2))) and "people"."is_active" = true)',
    );
    expect(filter("not contains(UserName,'x')").sql).toBe(`(not ("people"."user_name" like $1 escape '\\'))`);
    expect(filter('not IsActive').sql).toBe('(not ("people"."is_active" = true))');
  });

  it('compiles in-lists of strings and numbers', () => {
    expect(filter("UserName in ('a','b')")).toMatchObject({
      sql: '"people"."user_name" in ($1, $2)',
      params: ['a', 'b'],
    });
    expect(filter('Age in (1, 2, 3)')).toMatchObject({
      sql: '"people"."age" in ($1, $2, $3)',
      params: [1, 2, 3],
    });
    expect(refusal(() => filter("Age in (1, 'two')"))).toContain(
      `"Age" is a number field and cannot be compared with the text 'two'`,
    );
    expect(refusal(() => filter('Age in ()'))).toContain('Expected a field or a value, found ")"');
  });

  it('matches contains and startswith case-sensitively, with wildcards escaped', () => {
    expect(filter("contains(UserName,'50%_off\\')")).toEqual({
      sql: `"people"."user_name" like $1 escape '\\'`,
      params: ['%50\\%\\_off\\\\%'],
      typings: ['none'],
    });
    expect(filter("startswith(Email,'ali')")).toMatchObject({
      sql: `"people"."email" like $1 escape '\\'`,
      params: ['ali%'],
    });
  });

  it('lower-cases the column and the value under tolower', () => {
    expect(filter("contains(tolower(UserName),'ALİ')")).toMatchObject({
      sql: `lower("people"."user_name") like lower($1::text) escape '\\'`,
      params: ['%ALİ%'],
    });
    expect(filter("tolower(UserName) eq 'Admin'")).toMatchObject({
      sql: 'lower("people"."user_name") = lower($1::text)',
      params: ['Admin'],
    });
    expect(filter("tolower(UserName) in ('A','b')").sql).toBe(
      'lower("people"."user_name") in (lower($1::text), lower($2::text))',
    );
    expect(filter("startswith(UserName, tolower('AB'))").sql).toBe(
      `"people"."user_name" like lower($1::text) escape '\\'`,
    );
  });

  it('reads keywords case-insensitively and fields exactly', () => {
    expect(filter("UserName EQ 'a' AND NOT IsActive").sql).toBe(
      '("people"."user_name" = $1 and (not ("people"."is_active" = true)))',
    );
    expect(refusal(() => filter("username eq 'a'"))).toContain('Unknown field "username"');
  });

  it('keeps an injection attempt inside one string literal', () => {
    const injected = filter("UserName eq 'x'' or 1=1 --'");
    expect(injected).toEqual({
      sql: '"people"."user_name" = $1',
      params: ["x' or 1=1 --"],
      typings: ['none'],
    });
    expect(refusal(() => filter("UserName eq 'x' or 1=1 --"))).toContain(
      'Unexpected character "=" at position 21',
    );
    expect(refusal(() => filter("UserName eq 'x'; drop table people"))).toContain('Unexpected character ";"');
  });

  it('refuses unknown, unfilterable and prototype fields', () => {
    expect(refusal(() => filter("Password eq 'x'"))).toBe(
      '$filter: Unknown field "Password" (filterable: Id, UserName, Email, Age, IsActive, CreatedAt, RoleCount) at position 1',
    );
    expect(refusal(() => filter("Secret eq 'x'"))).toBe(
      '$filter: The field "Secret" cannot be filtered at position 1',
    );
    expect(refusal(() => filter('constructor eq 1'))).toContain('Unknown field "constructor"');
  });

  it('refuses values that do not fit the field type', () => {
    expect(refusal(() => filter("Age eq '5'"))).toContain(
      `"Age" is a number field and cannot be compared with the text '5' at position 8`,
    );
    expect(refusal(() => filter('UserName eq 5'))).toContain(
      '"UserName" is a string field and cannot be compared with the number 5',
    );
    expect(refusal(() => filter("IsActive eq 'true'"))).toContain('"IsActive" is a boolean field');
    expect(refusal(() => filter('IsActive gt false'))).toContain('use eq or ne, not gt');
    expect(refusal(() => filter("contains(Age,'1')"))).toContain(
      'contains needs a text field, "Age" is a number field',
    );
    expect(refusal(() => filter('startswith(UserName,1)'))).toContain(
      'startswith needs a text value in quotes',
    );
    expect(refusal(() => filter('tolower(Age) eq 1'))).toContain('tolower needs a text field');
    expect(refusal(() => filter('Age'))).toContain('"Age" is a number field; compare it with a value');
    expect(refusal(() => filter('Age eq 1e999'))).toContain('The number is out of range');
  });

  it('refuses syntax errors with their position', () => {
    expect(refusal(() => filter('Age eq'))).toBe(
      '$filter: Expected a field or a value, found "end of filter" at position 7',
    );
    expect(refusal(() => filter('(Age eq 1'))).toBe(
      '$filter: Expected ")", found "end of filter" at position 10',
    );
    expect(refusal(() => filter('Age eq 1 Age eq 2'))).toContain(
      'Expected "and", "or" or the end, found "Age" at position 10',
    );
    expect(refusal(() => filter("UserName like 'a'"))).toContain(
      'Expected a comparison (eq, ne, gt, ge, lt, le, in), found "like"',
    );
    expect(refusal(() => filter("'a' eq UserName"))).toContain(
      'Expected a field (the value goes on the right) at position 1',
    );
    expect(refusal(() => filter('Age eq Id'))).toContain('Expected a value, found the field "Id"');
    expect(refusal(() => filter('and eq 1'))).toContain('Expected a field or a value, found "and"');
    expect(refusal(() => filter(`${'('.repeat(60)}Age eq 1${')'.repeat(60)}`))).toContain(
      'nested too deeply',
    );
  });

  it('treats an empty filter as no condition', () => {
    expect(compileFilter(undefined, fields)).toBeUndefined();
    expect(compileFilter('   ', fields)).toBeUndefined();
  });

  it('parses to an AST the compiler walks', () => {
    expect(parseFilter("contains(tolower(UserName),'ali') or Age in (1)")).toEqual({
      kind: 'or',
      left: {
        kind: 'function',
        name: 'contains',
        target: { kind: 'tolower', operand: { kind: 'field', name: 'UserName', position: 17 }, position: 9 },
        argument: { kind: 'literal', type: 'string', value: 'ali', position: 27 },
      },
      right: {
        kind: 'in',
        operand: { kind: 'field', name: 'Age', position: 37 },
        values: [{ kind: 'literal', type: 'number', value: 1, position: 45 }],
      },
    });
  });
});

describe('compileOrderBy', () => {
  const order = (text: string | undefined, defaultOrder = 'UserName asc, Id') =>
    compileOrderBy(text, defaultOrder, fields).map((term) => toQuery(term).sql);

  it('sorts by the requested fields, then the default order as tie-breaker', () => {
    expect(order('Age desc, Email')).toEqual([
      '"people"."age" desc',
      '"people"."email" asc',
      '"people"."user_name" asc',
      '"people"."id" asc',
    ]);
    expect(order(undefined)).toEqual(['"people"."user_name" asc', '"people"."id" asc']);
    expect(order('UserName DESC')).toEqual(['"people"."user_name" desc', '"people"."id" asc']);
  });

  it('refuses unknown and unsortable fields and bad syntax', () => {
    expect(refusal(() => order('Password'))).toContain(
      '$orderby: Unknown field "Password" (sortable: Id, UserName',
    );
    expect(refusal(() => order('RoleCount desc'))).toBe('$orderby: The field "RoleCount" cannot be sorted');
    expect(refusal(() => order('Age sideways'))).toBe(
      '$orderby: Expected "Field asc" or "Field desc", found "Age sideways"',
    );
    expect(refusal(() => order('Age; drop table people'))).toContain('Expected "Field asc" or "Field desc"');
    expect(parseOrderBy(' Age desc ,Id')).toEqual([
      { field: 'Age', direction: 'desc' },
      { field: 'Id', direction: 'asc' },
    ]);
  });
});
