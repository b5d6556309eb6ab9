import { CronPattern } from 'croner';
import { z } from 'zod';

/**
 * Form rules shared by the web forms and the API (shell spec §5).
 *
 * Each rule comes twice: a pure predicate (`isCronExpression(text)` → boolean) and a zod schema or refinement
 * (`cronExpression()`) for contracts schemas, so a form and the route that receives it refuse the same values.
 *
 * Message convention: a zod issue raised by these rules has as its `message` an i18n key with its namespace,
 * `validation:<group>.<rule>` — one of VALIDATION_MESSAGES. Group `validation` holds the generic rules
 * (required, max, …), group `customValidation` the product's own (cron, json, …), as the spec names them.
 * Values the text needs travel in the issue's `params` (`{ max }`, `{ min }`, `{ other }` — the other field's
 * name), and the web interpolates them (`zodRule` in apps/web/src/lib/form-rules.ts). Issues from plain zod
 * checks (`.max(50)`, `.min(1)`) keep zod's own codes, which `zodRule` words as before.
 *
 * Text rules (cron, json, url, …) answer `required` for a missing or blank value rather than their own
 * message; wrap them in `emptyOr(…)` where the field may stay empty. Decisions the spec leaves open are in
 * docs/admin-validators.md.
 */

/** Every message key these rules raise, each an i18n key in the web's `validation` namespace. */
export const VALIDATION_MESSAGES = {
  required: 'validation:validation.required',
  alphaNum: 'validation:validation.alpha_num',
  numeric: 'validation:validation.numeric',
  maxValue: 'validation:validation.max_value',
  minValue: 'validation:validation.min_value',
  maxLength: 'validation:validation.max',
  minLength: 'validation:validation.min',
  email: 'validation:validation.email',
  confirmed: 'validation:validation.confirmed',
  integer: 'validation:validation.integer',
  excluded: 'validation:validation.excluded',
  cron: 'validation:customValidation.cron',
  json: 'validation:customValidation.json',
  password: 'validation:customValidation.password',
  ftp: 'validation:customValidation.ftp',
  arrayLength: 'validation:customValidation.array_length',
  /** For a server refusal such as 10009 UserNameExists shown on its field; no rule here raises it. */
  unique: 'validation:customValidation.unique',
  topicNotation: 'validation:customValidation.topic_notation',
  alphaDashWithSpace: 'validation:customValidation.alphaDashWithSpace',
  distinct: 'validation:customValidation.distinct',
  frequency: 'validation:customValidation.frequency',
  url: 'validation:customValidation.url',
  /** Text holding NUL or another control character (see input-bounds.ts). */
  controlCharacters: 'validation:customValidation.control_characters',
} as const;

export type ValidationMessage = (typeof VALIDATION_MESSAGES)[keyof typeof VALIDATION_MESSAGES];

/** The values a message interpolates: `{{max}}`, `{{min}}`, `{{other}}`. */
export type ValidationParams = { max?: number; min?: number; other?: string };

const MESSAGE_KEYS: ReadonlySet<string> = new Set(Object.values(VALIDATION_MESSAGES));

/** True when a zod issue message is one of these rules' keys (and so should be translated, not shown). */
export function isValidationMessage(message: string): message is ValidationMessage {
  return MESSAGE_KEYS.has(message);
}

// ---------------------------------------------------------------------------------------------------------
// Predicates

/** required: not undefined/null, not a blank string, not an empty array. */
export function isPresent(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** alpha_num: only letters (any script, with their combining marks) and digits. */
export function isAlphaNum(text: string): boolean {
  return /^[\p{L}\p{M}\p{Nd}]+$/u.test(text);
}

/** numeric: only the digits 0–9 (no sign, no decimal point), or a non-negative whole number. */
export function isNumeric(value: string | number): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0;
  return /^[0-9]+$/.test(value);
}

/** integer: a whole number, or a text of an optional minus sign and the digits 0–9. */
export function isInteger(value: string | number): boolean {
  if (typeof value === 'number') return Number.isInteger(value);
  return /^-?[0-9]+$/.test(value);
}

/** max_value: a finite number not above `max`. */
export function isAtMost(value: number, max: number): boolean {
  return Number.isFinite(value) && value <= max;
}

/** min_value: a finite number not below `min`. */
export function isAtLeast(value: number, min: number): boolean {
  return Number.isFinite(value) && value >= min;
}

/** max: a text of at most `max` characters (code points, so an emoji counts once). */
export function isLengthAtMost(text: string, max: number): boolean {
  return [...text].length <= max;
}

/** min: a text of at least `min` characters (code points). */
export function isLengthAtLeast(text: string, min: number): boolean {
  return [...text].length >= min;
}

/** email: zod's own e-mail pattern, so `z.email()` elsewhere agrees. */
export function isEmail(text: string): boolean {
  return z.regexes.email.test(text);
}

/** confirmed: the value equals the one it confirms. */
export function isConfirmed(value: unknown, target: unknown): boolean {
  return value === target;
}

/** distinct: the value differs from its target field. */
export function isDistinct(value: unknown, target: unknown): boolean {
  return value !== target;
}

/** excluded: the text is none of `values` (exact, case-sensitive). */
export function isNotOneOf(text: string, values: readonly string[]): boolean {
  return !values.includes(text);
}

/** array_length: an array of at most `max` items. */
export function isArrayLengthAtMost(values: readonly unknown[], max: number): boolean {
  return values.length <= max;
}

/** topic_notation: no '//' and no ','. */
export function isTopicNotation(text: string): boolean {
  return !text.includes('//') && !text.includes(',');
}

/** frequency: a number of minutes not lower than `min`. */
export function isFrequency(minutes: number, min: number): boolean {
  return isAtLeast(minutes, min);
}

/** alphaDashWithSpace: letters of any script (Turkish ç ğ ı İ ö ş ü too), digits, '-', '_' and white space. */
export function isAlphaDashWithSpace(text: string): boolean {
  return /^[\p{L}\p{M}\p{Nd}_\s-]+$/u.test(text);
}

/** At least 6 characters, one lower-case letter, one upper-case letter, one digit, and no white space. */
export function isValidPassword(value: string): boolean {
  return (
    value.length >= 6 && /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value) && !/\s/.test(value)
  );
}

/** json: the text parses as JSON and is not a plain number (`"5"`, `true`, `null`, objects and arrays pass). */
export function isJsonText(text: string): boolean {
  try {
    return typeof JSON.parse(text) !== 'number';
  } catch {
    return false;
  }
}

/** A JSON object as read from text: its keys and values, nothing checked yet. */
export type JsonObject = Record<string, unknown>;

/**
 * The object a JSON text holds (a report's or a widget's Config, a saved filter), or undefined when the value is
 * not text, not JSON, or JSON that is not an object (an array, a number, null). The one reader of Config texts on
 * both sides; what the object must hold is the caller's schema's to say (e.g. `widgetConfigSchema`).
 */
export function parseJsonObject(text: unknown): JsonObject | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as JsonObject)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A JSON text that passes the json rule, laid out as `JSON.stringify(value, null, 2)` would — but the tokens
 * are kept as written, so a long number (`12345678901234567890`), `1.0` or an escape survive formatting.
 * Undefined when the text does not pass the json rule.
 */
export function formatJsonText(text: string): string | undefined {
  if (!isJsonText(text)) return undefined;
  let formatted = '';
  let depth = 0;
  let inString = false;
  const newline = () => '\n' + '  '.repeat(depth);
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charAt(index);
    if (inString) {
      formatted += char;
      if (char === '\\') formatted += text.charAt(++index);
      else if (char === '"') inString = false;
      continue;
    }
    // JSON.parse accepted the text, so outside strings white space is only layout.
    if (/\s/.test(char)) continue;
    if (char === '{' || char === '[') {
      const next = text.slice(index + 1).search(/\S/) + index + 1;
      if (text.charAt(next) === (char === '{' ? '}' : ']')) {
        formatted += char + text.charAt(next);
        index = next;
      } else {
        depth += 1;
        formatted += char + newline();
      }
    } else if (char === '}' || char === ']') {
      depth -= 1;
      formatted += newline() + char;
    } else if (char === ',') {
      formatted += ',' + newline();
    } else if (char === ':') {
      formatted += ': ';
    } else {
      if (char === '"') inString = true;
      formatted += char;
    }
  }
  return formatted;
}

/**
 * url: an absolute http or https address that `new URL` accepts, written with its scheme (`http://`,
 * `https://`), with a host and without white space anywhere.
 */
export function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\//i.test(text) || /\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

// ftp: `ftp://` (any case) or the literal placeholder `{address}`, then a host name — dot-separated labels of
// ASCII letters, digits and hyphens, no label empty or starting/ending with a hyphen — then an optional
// `:port` (1–65535) and an optional `/path` without white space. No user:password@.
const FTP_URL = /^(?:[Ff][Tt][Pp]:\/\/|\{address\})([A-Za-z0-9.-]+)(?::([0-9]{1,5}))?(?:\/\S*)?$/;
const HOST_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

/** ftp: see FTP_URL above, e.g. `ftp://files.example.com:21/in` or `{address}files.example.com/in`. */
export function isFtpUrl(text: string): boolean {
  const match = FTP_URL.exec(text);
  if (!match) return false;
  const [, host = '', port] = match;
  if (!host.split('.').every((label) => HOST_LABEL.test(label))) return false;
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

// ---------------------------------------------------------------------------------------------------------
// Cron

/** The fields of a 5-, 6- and 7-field expression, by croner's names for them. */
type CronField = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'dayOfWeek' | 'year';

const CRON_LAYOUTS: Readonly<Record<number, readonly CronField[]>> = {
  5: ['minute', 'hour', 'day', 'month', 'dayOfWeek'],
  6: ['second', 'minute', 'hour', 'day', 'month', 'dayOfWeek'],
  7: ['second', 'minute', 'hour', 'day', 'month', 'dayOfWeek', 'year'],
};

/**
 * Each field's last value. croner checks every value it schedules, but not those a step passes over: the start
 * of `n/step` past the field's end, the end of `a-b/step` (`50-70/30` schedules 50 only).
 */
const LAST_VALUE: Readonly<Record<CronField, number>> = {
  second: 59,
  minute: 59,
  hour: 23,
  day: 31,
  month: 12,
  // 0 and 7 are both Sunday, as in Unix cron and croner (not Quartz's 1–7).
  dayOfWeek: 7,
  year: 2099,
};

// The years Quartz schedules (croner takes 1–9999), and the most a step over them may skip (their number).
const FIRST_YEAR = 1970;
const MAX_YEAR_STEP = 130;

// One list item in the spec's syntax other than `?`: `*`, `n` or `a-b`, each with an optional `/step`; numbers only.
const CRON_ITEM = /^(?:\*|([0-9]+)(?:-([0-9]+))?)(?:\/([0-9]+))?$/;

/** The spec's narrower syntax around croner: see parseCronExpression. */
function isSpecCronField(text: string, field: CronField): boolean {
  const items = text.split(',');
  return items.every((item) => {
    if (item === '?') return (field === 'day' || field === 'dayOfWeek') && items.length === 1;
    const match = CRON_ITEM.exec(item);
    if (!match) return false;
    const [, from, to, step] = match;
    const values = [from, to].filter((value) => value !== undefined).map(Number);
    if (values.some((value) => value > LAST_VALUE[field])) return false;
    if (field !== 'year') return true;
    return (
      values.every((value) => value >= FIRST_YEAR) && (step === undefined || Number(step) <= MAX_YEAR_STEP)
    );
  });
}

/** Whether croner takes the fields: each value within its field, ranges ascending, steps 1 to the field's size. */
function cronerAccepts(pattern: string): boolean {
  try {
    new CronPattern(pattern, undefined, { sloppyRanges: true });
    return true;
  } catch {
    return false;
  }
}

// `+03:00`, `-5`, `UTC+3`, `GMT-03:30`: an optional UTC/GMT, a sign, 1–2 hour digits, optional :minutes.
const CRON_OFFSET = /^(?:UTC|GMT)?([+-])([0-9]{1,2})(?::([0-5][0-9]))?$/;
const MIN_OFFSET_MINUTES = -12 * 60;
const MAX_OFFSET_MINUTES = 14 * 60;

function offsetMinutes(token: string): number | undefined {
  const match = CRON_OFFSET.exec(token);
  if (!match) return undefined;
  const [, sign, hours = '0', minutes = '0'] = match;
  const total = (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
  return total >= MIN_OFFSET_MINUTES && total <= MAX_OFFSET_MINUTES ? total : undefined;
}

/** A cron expression taken apart: its fields, and the UTC offset its suffix gives, in minutes. */
export type ParsedCronExpression = {
  fields: string[];
  pattern: string;
  utcOffsetMinutes: number | undefined;
};

/**
 * cron: 5, 6 or 7 fields separated by white space (leading and trailing white space ignored) —
 * `minute hour day-of-month month day-of-week`, with `second` in front for 6 and 7, and `year` (1970–2099)
 * after for 7. Each field is a comma list of `*`, a number, a range `a-b` (a ≤ b), each optionally stepped
 * (`/n`, 1 ≤ n ≤ the field's number of values); `?` stands alone in day-of-month or day-of-week. Day of week
 * is 0–7 (0 and 7 Sunday). Only numbers: no month or day names, no L, W, #, no @nicknames. An optional last
 * token is a UTC offset between -12:00 and +14:00: `+03:00`, `-5`, `UTC+3`, `GMT-03:30`.
 * Returns undefined for anything else. `pattern` is the fields alone, as croner takes them with
 * `{ utcOffset: utcOffsetMinutes, sloppyRanges: true }`.
 *
 * croner parses the fields and checks their values, ranges and steps; what it takes beyond the spec is refused
 * here first: names, Quartz's L, W and #, croner's `+` (day-of-month AND day-of-week), `?` outside the day
 * fields or not alone, a step without a start (`/5`), values a step passes over beyond the field's end, and
 * years outside 1970–2099 or stepped by more than 130.
 */
export function parseCronExpression(text: string): ParsedCronExpression | undefined {
  const tokens = text.trim().split(/\s+/);
  const last = tokens.at(-1) ?? '';
  // No field starts with a sign or a letter, so such a last token is an offset or a mistake.
  const hasOffset = /^(?:UTC|GMT|[+-])/.test(last);
  const utcOffsetMinutes = hasOffset ? offsetMinutes(last) : undefined;
  if (hasOffset && utcOffsetMinutes === undefined) return undefined;
  const fields = hasOffset ? tokens.slice(0, -1) : tokens;
  const layout = CRON_LAYOUTS[fields.length];
  if (!layout || !fields.every((field, index) => layout[index] && isSpecCronField(field, layout[index]))) {
    return undefined;
  }
  const pattern = fields.join(' ');
  return cronerAccepts(pattern) ? { fields, pattern, utcOffsetMinutes } : undefined;
}

/** cron: see parseCronExpression. */
export function isCronExpression(text: string): boolean {
  return parseCronExpression(text) !== undefined;
}

// ---------------------------------------------------------------------------------------------------------
// zod schemas

function customIssue(message: ValidationMessage, params?: ValidationParams) {
  return params ? { message, params } : { message };
}

/** A string whose absence reads `required`; other wrong types keep zod's message. */
function text(): z.ZodString {
  return z.string({ error: (issue) => (issue.input == null ? VALIDATION_MESSAGES.required : undefined) });
}

/** A number whose absence reads `required` and anything else that is not a number `numeric`. */
function numberValue(): z.ZodNumber {
  return z.number({
    error: (issue) =>
      issue.input == null || issue.input === '' ? VALIDATION_MESSAGES.required : VALIDATION_MESSAGES.numeric,
  });
}

/** A non-blank text that passes `predicate`, refused with `message`. */
function textRule(predicate: (text: string) => boolean, message: ValidationMessage): z.ZodString {
  return requiredText().refine(predicate, customIssue(message));
}

/** required: a text that is not blank. */
export function requiredText(): z.ZodString {
  return text().refine((value) => value.trim() !== '', {
    message: VALIDATION_MESSAGES.required,
    abort: true,
  });
}

/** alpha_num (see isAlphaNum). */
export const alphaNum = (): z.ZodString => textRule(isAlphaNum, VALIDATION_MESSAGES.alphaNum);

/** numeric as text: digits only (see isNumeric). */
export const numericText = (): z.ZodString => textRule(isNumeric, VALIDATION_MESSAGES.numeric);

/** email (see isEmail). */
export const emailAddress = (): z.ZodString => textRule(isEmail, VALIDATION_MESSAGES.email);

/** cron (see parseCronExpression). */
export const cronExpression = (): z.ZodString => textRule(isCronExpression, VALIDATION_MESSAGES.cron);

/** json (see isJsonText); the web's JsonField formats it. */
export const jsonText = (): z.ZodString => textRule(isJsonText, VALIDATION_MESSAGES.json);

/** password (see isValidPassword). */
export const passwordRule = (): z.ZodString => textRule(isValidPassword, VALIDATION_MESSAGES.password);

/** ftp (see isFtpUrl). */
export const ftpUrl = (): z.ZodString => textRule(isFtpUrl, VALIDATION_MESSAGES.ftp);

/** url: http or https (see isHttpUrl). */
export const httpUrl = (): z.ZodString => textRule(isHttpUrl, VALIDATION_MESSAGES.url);

/** topic_notation (see isTopicNotation). */
export const topicNotation = (): z.ZodString => textRule(isTopicNotation, VALIDATION_MESSAGES.topicNotation);

/** alphaDashWithSpace (see isAlphaDashWithSpace). */
export const alphaDashWithSpace = (): z.ZodString =>
  textRule(isAlphaDashWithSpace, VALIDATION_MESSAGES.alphaDashWithSpace);

/** excluded: a non-blank text that is none of `values`. */
export function excluded(values: readonly string[]): z.ZodString {
  return textRule((value) => isNotOneOf(value, values), VALIDATION_MESSAGES.excluded);
}

/** max: a text of at most `max` characters; blank is fine (add requiredText's check or `.min(1)`). */
export function maxLength(max: number): z.ZodString {
  return text().refine(
    (value) => isLengthAtMost(value, max),
    customIssue(VALIDATION_MESSAGES.maxLength, { max }),
  );
}

/** min: a text of at least `min` characters. */
export function minLength(min: number): z.ZodString {
  return text().refine(
    (value) => isLengthAtLeast(value, min),
    customIssue(VALIDATION_MESSAGES.minLength, { min }),
  );
}

/** integer: a whole number. */
export function integerNumber(): z.ZodNumber {
  return numberValue().refine(Number.isInteger, customIssue(VALIDATION_MESSAGES.integer));
}

/** max_value: a number not above `max`. */
export function maxValue(max: number): z.ZodNumber {
  return numberValue().refine(
    (value) => isAtMost(value, max),
    customIssue(VALIDATION_MESSAGES.maxValue, { max }),
  );
}

/** min_value: a number not below `min`. */
export function minValue(min: number): z.ZodNumber {
  return numberValue().refine(
    (value) => isAtLeast(value, min),
    customIssue(VALIDATION_MESSAGES.minValue, { min }),
  );
}

/** frequency: a number of minutes not lower than `min`. */
export function frequency(min: number): z.ZodNumber {
  return numberValue().refine(
    (value) => isFrequency(value, min),
    customIssue(VALIDATION_MESSAGES.frequency, { min }),
  );
}

/** array_length: an array of `item`s, at most `max` of them. */
export function arrayLength<T extends z.ZodType>(item: T, max: number): z.ZodArray<T> {
  return z
    .array(item)
    .refine(
      (values) => isArrayLengthAtMost(values, max),
      customIssue(VALIDATION_MESSAGES.arrayLength, { max }),
    );
}

/**
 * Lets a field stay empty: '' (or white space only) passes as it is, anything else must pass `schema`, whose
 * issues are kept. E.g. `Url: emptyOr(httpUrl())`.
 */
export function emptyOr(schema: z.ZodType<string, string>): z.ZodString {
  return z.string().superRefine((value, ctx) => {
    if (value.trim() === '') return;
    const result = schema.safeParse(value);
    if (result.success) return;
    for (const issue of result.error.issues) {
      ctx.addIssue({
        code: 'custom',
        message: issue.message,
        path: issue.path,
        ...(issue.code === 'custom' && issue.params ? { params: issue.params } : {}),
      });
    }
  });
}

/** Two fields of one object: `field` is checked against `target`; the issue lands on `field`. */
export type FieldPair<T> = { field: Extract<keyof T, string>; target: Extract<keyof T, string> };

function pairCheck<T extends Record<string, unknown>>(
  { field, target }: FieldPair<T>,
  passes: (value: unknown, target: unknown) => boolean,
  message: ValidationMessage,
) {
  return (value: T, ctx: z.RefinementCtx<T>): void => {
    if (passes(value[field], value[target])) return;
    ctx.addIssue({ code: 'custom', message, path: [field], params: { other: target } });
  };
}

/**
 * confirmed: an object-level check that `field` equals `target`, for `.superRefine`:
 * `z.object({ Password, PasswordConfirm }).superRefine(confirmed({ field: 'PasswordConfirm', target: 'Password' }))`.
 */
export function confirmed<T extends Record<string, unknown>>(pair: FieldPair<T>) {
  return pairCheck(pair, isConfirmed, VALIDATION_MESSAGES.confirmed);
}

/** distinct: an object-level check that `field` differs from `target` (used like `confirmed`). */
export function distinct<T extends Record<string, unknown>>(pair: FieldPair<T>) {
  return pairCheck(pair, isDistinct, VALIDATION_MESSAGES.distinct);
}
