import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  ErrorCode,
  INT32_MAX,
  INT32_MIN,
  MAX_BODY_ARRAY_ITEMS,
  MAX_BODY_DEPTH,
  MAX_TEXT_LENGTH,
  VALIDATION_MESSAGES,
  hasNoControlCharacters,
} from '@loupe/contracts';
import { badRequest } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` lets a route check its body itself (a batch whose records are accepted or refused one by one);
     * its path parameters and query string are still checked.
     */
    inputBounds?: boolean;
  }
}

type Problem = { Path: string; Message: string };

/**
 * The first value of a request part that breaks the bounds every route shares (docs/api.md "Input bounds"): text
 * with NUL or another control character (tab and line breaks are allowed), text longer than MAX_TEXT_LENGTH,
 * numbers outside PostgreSQL `integer`, arrays over MAX_BODY_ARRAY_ITEMS, nesting over MAX_BODY_DEPTH. The route
 * schemas set tighter bounds per field; this is the floor no schema can forget.
 */
function findOutOfBounds(value: unknown, path: string, depth = 0): Problem | undefined {
  if (typeof value === 'string') {
    if (value.length > MAX_TEXT_LENGTH)
      return { Path: path, Message: `Text longer than ${MAX_TEXT_LENGTH} characters` };
    if (!hasNoControlCharacters(value)) return { Path: path, Message: VALIDATION_MESSAGES.controlCharacters };
    return undefined;
  }
  if (typeof value === 'number') {
    if (value > INT32_MAX || value < INT32_MIN)
      return { Path: path, Message: `Number out of range (${INT32_MIN} to ${INT32_MAX})` };
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth >= MAX_BODY_DEPTH) return { Path: path, Message: `Nested deeper than ${MAX_BODY_DEPTH} levels` };
  if (Array.isArray(value)) {
    if (value.length > MAX_BODY_ARRAY_ITEMS)
      return { Path: path, Message: `More than ${MAX_BODY_ARRAY_ITEMS} items` };
    for (let index = 0; index < value.length; index += 1) {
      const problem = findOutOfBounds(value[index], `${path}/${index}`, depth + 1);
      if (problem) return problem;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const problem =
      findOutOfBounds(key, `${path}/${key}`, depth + 1) ?? findOutOfBounds(item, `${path}/${key}`, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

function check(request: FastifyRequest) {
  const parts: [string, unknown][] = [
    ['params', request.params],
    ['querystring', request.query],
  ];
  if (request.routeOptions.config.inputBounds !== false) parts.push(['body', request.body]);
  for (const [name, value] of parts) {
    const problem = findOutOfBounds(value, name);
    if (problem) throw badRequest(ErrorCode.ModelNotValid, [problem]);
  }
}

/** Refuses out-of-bounds input with 400 (3333) and the field's path before any route schema or handler runs. */
export const inputBoundsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => check(request));
});
