import { ErrorCode } from '@loupe/contracts';
import { AppError } from '../errors.js';

/*
 * The OData subset the console's grid sends (shell spec §7): a tokenizer and a recursive-descent parser that
 * turn `$filter` and `$orderby` into a small AST. Nothing here knows SQL; odata-sql.ts compiles the AST.
 *
 *   expression := and ('or' and)*
 *   and        := unary ('and' unary)*
 *   unary      := 'not' unary | '(' expression ')' | predicate
 *   predicate  := ('contains' | 'startswith') '(' value ',' value ')'
 *               | value (('eq'|'ne'|'gt'|'ge'|'lt'|'le') value | 'in' '(' value (',' value)* ')')?
 *   value      := 'tolower' '(' value ')' | Field | 'string' | number | date | true | false | null
 */

export type CompareOperator = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';
type TextFunction = 'contains' | 'startswith';

export type LiteralNode =
  | { kind: 'literal'; type: 'string'; value: string; position: number }
  | { kind: 'literal'; type: 'number'; value: number; position: number }
  | { kind: 'literal'; type: 'boolean'; value: boolean; position: number }
  | { kind: 'literal'; type: 'date'; value: string; position: number }
  | { kind: 'literal'; type: 'null'; value: null; position: number };

export type ValueNode =
  | { kind: 'field'; name: string; position: number }
  | { kind: 'tolower'; operand: ValueNode; position: number }
  | LiteralNode;

export type FilterNode =
  | { kind: 'and' | 'or'; left: FilterNode; right: FilterNode }
  | { kind: 'not'; operand: FilterNode }
  | { kind: 'compare'; operator: CompareOperator; left: ValueNode; right: ValueNode }
  | { kind: 'in'; operand: ValueNode; values: ValueNode[] }
  | { kind: 'function'; name: TextFunction; target: ValueNode; argument: ValueNode }
  /** A boolean field on its own (`IsActive`, `not IsActive`). */
  | { kind: 'field'; name: string; position: number };

export type OrderByItem = { field: string; direction: 'asc' | 'desc' };

/** A 400 (3333) whose detail names the query parameter and what is wrong with it, like a schema failure. */
export function queryError(parameter: '$filter' | '$orderby', message: string): AppError {
  return new AppError(400, ErrorCode.ModelNotValid, [{ Path: parameter, Message: message }]);
}

type Token =
  | { kind: 'identifier'; text: string; position: number }
  | { kind: 'string'; text: string; value: string; position: number }
  | { kind: 'number'; text: string; value: number; position: number }
  | { kind: 'date'; text: string; position: number }
  | { kind: '(' | ')' | ',' | 'end'; text: string; position: number };

const DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?)?/;
const NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*/;
const COMPARE_OPERATORS: ReadonlySet<string> = new Set(['eq', 'ne', 'gt', 'ge', 'lt', 'le']);
/** Deeper nesting than any grid writes; keeps a hostile filter from exhausting the stack. */
const MAX_DEPTH = 40;

const fail = (message: string, position: number) =>
  queryError('$filter', `${message} at position ${position + 1}`);

/** Splits a `$filter` into tokens; positions are 0-based offsets into the text. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index] as string;
    if (/\s/.test(char)) {
      index++;
      continue;
    }
    const position = index;
    if (char === '(' || char === ')' || char === ',') {
      tokens.push({ kind: char, text: char, position });
      index++;
      continue;
    }
    if (char === "'") {
      // A quote inside a string is written twice: 'O''Brien'.
      let value = '';
      index++;
      for (;;) {
        if (index >= text.length) throw fail('Unterminated string', position);
        if (text[index] === "'") {
          if (text[index + 1] !== "'") break;
          value += "'";
          index += 2;
          continue;
        }
        value += text[index];
        index++;
      }
      index++;
      tokens.push({ kind: 'string', text: text.slice(position, index), value, position });
      continue;
    }
    const rest = text.slice(index);
    const date = DATE.exec(rest)?.[0];
    const number = date ? undefined : NUMBER.exec(rest)?.[0];
    const word = date ?? number ?? IDENTIFIER.exec(rest)?.[0];
    if (!word) throw fail(`Unexpected character "${char}"`, position);
    index += word.length;
    // `12abc`, `Field-1`, `2026-01-01T10`: a word runs into something that cannot follow it.
    if (/^[A-Za-z0-9_.:-]/.test(text.slice(index)))
      throw fail(`Unexpected "${word}${text[index]}"`, position);
    if (date) tokens.push({ kind: 'date', text: date, position });
    else if (number) tokens.push({ kind: 'number', text: number, value: Number(number), position });
    else tokens.push({ kind: 'identifier', text: word, position });
  }
  tokens.push({ kind: 'end', text: 'end of filter', position: text.length });
  return tokens;
}

class Parser {
  private index = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): FilterNode {
    const node = this.expression();
    const next = this.peek();
    if (next.kind !== 'end')
      throw fail(`Expected "and", "or" or the end, found "${next.text}"`, next.position);
    return node;
  }

  private peek(): Token {
    return this.tokens[this.index] as Token;
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.index++;
    return token;
  }

  /** The keyword the current token spells (keywords are case-insensitive), or undefined. */
  private keyword(): string | undefined {
    const token = this.peek();
    return token.kind === 'identifier' ? token.text.toLowerCase() : undefined;
  }

  private expect(kind: '(' | ')' | ','): void {
    const token = this.next();
    if (token.kind !== kind) throw fail(`Expected "${kind}", found "${token.text}"`, token.position);
  }

  private nested<T>(parse: () => T): T {
    if (++this.depth > MAX_DEPTH) throw fail('Filter nested too deeply', this.peek().position);
    try {
      return parse();
    } finally {
      this.depth--;
    }
  }

  private expression(): FilterNode {
    let left = this.and();
    while (this.keyword() === 'or') {
      this.next();
      left = { kind: 'or', left, right: this.and() };
    }
    return left;
  }

  private and(): FilterNode {
    let left = this.unary();
    while (this.keyword() === 'and') {
      this.next();
      left = { kind: 'and', left, right: this.unary() };
    }
    return left;
  }

  private unary(): FilterNode {
    return this.nested(() => {
      if (this.keyword() === 'not') {
        this.next();
        return { kind: 'not', operand: this.unary() };
      }
      if (this.peek().kind === '(') {
        this.next();
        const inner = this.expression();
        this.expect(')');
        return inner;
      }
      return this.predicate();
    });
  }

  private predicate(): FilterNode {
    const keyword = this.keyword();
    if ((keyword === 'contains' || keyword === 'startswith') && this.tokens[this.index + 1]?.kind === '(') {
      this.next();
      this.expect('(');
      const target = this.value();
      this.expect(',');
      const argument = this.value();
      this.expect(')');
      return { kind: 'function', name: keyword, target, argument };
    }
    const left = this.value();
    const operator = this.keyword();
    if (operator && COMPARE_OPERATORS.has(operator)) {
      this.next();
      return { kind: 'compare', operator: operator as CompareOperator, left, right: this.value() };
    }
    if (operator === 'in') {
      this.next();
      this.expect('(');
      const values = [this.value()];
      while (this.peek().kind === ',') {
        this.next();
        values.push(this.value());
      }
      this.expect(')');
      return { kind: 'in', operand: left, values };
    }
    const token = this.peek();
    // A boolean field on its own ends where the expression or the group goes on.
    const ends = token.kind === 'end' || token.kind === ')' || operator === 'and' || operator === 'or';
    if (left.kind === 'field' && ends) return left;
    throw fail(`Expected a comparison (eq, ne, gt, ge, lt, le, in), found "${token.text}"`, token.position);
  }

  private value(): ValueNode {
    const token = this.next();
    const { position } = token;
    switch (token.kind) {
      case 'string':
        return { kind: 'literal', type: 'string', value: token.value, position };
      case 'number':
        return { kind: 'literal', type: 'number', value: token.value, position };
      case 'date':
        return { kind: 'literal', type: 'date', value: token.text, position };
      case 'identifier': {
        const word = token.text.toLowerCase();
        if (word === 'true' || word === 'false')
          return { kind: 'literal', type: 'boolean', value: word === 'true', position };
        if (word === 'null') return { kind: 'literal', type: 'null', value: null, position };
        if (word === 'tolower' && this.peek().kind === '(') {
          this.next();
          const operand = this.nested(() => this.value());
          this.expect(')');
          return { kind: 'tolower', operand, position };
        }
        if (isReserved(word)) throw fail(`Expected a field or a value, found "${token.text}"`, position);
        return { kind: 'field', name: token.text, position };
      }
      case '(':
      case ')':
      case ',':
      case 'end':
        throw fail(`Expected a field or a value, found "${token.text}"`, position);
    }
  }
}

const RESERVED: ReadonlySet<string> = new Set([
  ...COMPARE_OPERATORS,
  'and',
  'or',
  'not',
  'in',
  'contains',
  'startswith',
  'tolower',
]);
const isReserved = (word: string) => RESERVED.has(word);

/** Parses a `$filter`; throws a 400 (3333) naming the position of a syntax error. */
export function parseFilter(text: string): FilterNode {
  return new Parser(tokenize(text)).parse();
}

/** Parses a `$orderby` (`Field [asc|desc], …`); fields are checked against the list by the compiler. */
export function parseOrderBy(text: string): OrderByItem[] {
  return text.split(',').map((part) => {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)(?:\s+(asc|desc))?\s*$/i.exec(part);
    if (!match) throw queryError('$orderby', `Expected "Field asc" or "Field desc", found "${part.trim()}"`);
    const direction = (match[2]?.toLowerCase() ?? 'asc') as 'asc' | 'desc';
    return { field: match[1] as string, direction };
  });
}
