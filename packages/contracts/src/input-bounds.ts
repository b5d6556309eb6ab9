import { z } from 'zod';
import { VALIDATION_MESSAGES } from './validators.js';

/*
 * Bounds every request obeys (docs/api.md "Input bounds"): ids are PostgreSQL `integer`s, lists have a maximum,
 * text has a maximum length and no control characters. Schemas build their fields from these blocks rather than
 * writing `z.number().int()` or `z.array(…)` bare, so one change here tightens every route at once.
 */

/** The largest PostgreSQL `integer` (int32); ids and counts above it are refused with 400, never sent to SQL. */
export const INT32_MAX = 2_147_483_647;
export const INT32_MIN = -2_147_483_648;

/** Ids in one filter list (ChannelSet.Ids, SurveyId, …) at most. */
export const MAX_FILTER_IDS = 1_000;
/** Characters of one text value in a request at most, unless its field says less (JSON texts, report configs). */
export const MAX_TEXT_LENGTH = 1_000_000;
/**
 * Items of any array in a request body at most, whatever its schema: above the largest list a route takes (the
 * REST data batch, 10,000 records), so that route still answers an oversized batch with its own 413.
 */
export const MAX_BODY_ARRAY_ITEMS = 20_000;
/** Nesting of objects and arrays in a request body at most. */
export const MAX_BODY_DEPTH = 32;

// NUL and the other C0 controls but tab, line feed and carriage return; DEL and the C1 controls. Finding them is
// the point of these patterns.
/* eslint-disable no-control-regex */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// The same and the line breaks and tab too: for single-line text (names, codes, titles).
const SINGLE_LINE_CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;
/* eslint-enable no-control-regex */

/** True when the text holds no control character (tab and line breaks allowed when `multiline`). */
export function hasNoControlCharacters(text: string, multiline = true): boolean {
  return !(multiline ? CONTROL_CHARACTERS : SINGLE_LINE_CONTROL_CHARACTERS).test(text);
}

/** An integer id: 1 … INT32_MAX. */
export const int32Id = z.number().int().min(1).max(INT32_MAX);

/** An integer that fits PostgreSQL `integer` (negative values allowed: sentinels such as -1). */
export const int32 = z.number().int().min(INT32_MIN).max(INT32_MAX);

/** An id in a path or query string (`/api/users/:id`): digits coerced to a number, 1 … INT32_MAX. */
export const int32IdParam = z.coerce.number().int().min(1).max(INT32_MAX);

/** A list of ids of at most `max` items (default MAX_FILTER_IDS); each id 1 … INT32_MAX. */
export function idList(max: number = MAX_FILTER_IDS) {
  return z.array(int32Id).max(max);
}

/** A list of integers of at most `max` items, each within int32 (ids where sentinels like -1 are allowed). */
export function int32List(max: number = MAX_FILTER_IDS) {
  return z.array(int32).max(max);
}

/**
 * Text of at most `max` characters without control characters. Single-line by default (names, codes, titles);
 * `{ multiline: true }` also allows tab and line breaks (descriptions, comments, JSON texts).
 */
export function safeText(max: number, options: { multiline?: boolean } = {}) {
  const multiline = options.multiline ?? false;
  return z
    .string()
    .max(max)
    .refine((text) => hasNoControlCharacters(text, multiline), {
      message: VALIDATION_MESSAGES.controlCharacters,
    });
}
