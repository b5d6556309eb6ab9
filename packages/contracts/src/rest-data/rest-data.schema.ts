import { z } from 'zod';
import { CUSTOM_DATA_KEYS } from '../data-flow/custom-data-mappings.schema.js';

/** Most records one `POST /api/rest-data/responses` call may carry; more are refused with 413. */
export const REST_DATA_MAX_RECORDS = 10_000;

/** Largest body the REST data API reads (about 3 KB per record at the record limit); larger bodies get 413. */
export const REST_DATA_MAX_BODY_BYTES = 32 * 1024 * 1024;

/** Largest `Idempotency-Key` header, in characters (printable ASCII only). */
const REST_DATA_IDEMPOTENCY_KEY_MAX = 255;

/** How long a call's `Idempotency-Key` is remembered (per user and client): 24 hours. */
export const REST_DATA_IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** The first bytes of each request body that the data validation log keeps (64 KB); the rest is not stored. */
export const REST_DATA_LOG_REQUEST_BYTES = 64 * 1024;

/** A valid `Idempotency-Key`: 1 to 255 printable ASCII characters (space allowed inside). */
export function isIdempotencyKey(value: string): boolean {
  return (
    value.length <= REST_DATA_IDEMPOTENCY_KEY_MAX && /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value)
  );
}

/** The earliest transaction or answer date a record may carry (UTC). */
const REST_DATA_EARLIEST_DATE = '2000-01-01';
const EARLIEST_MS = Date.parse(`${REST_DATA_EARLIEST_DATE}T00:00:00Z`);
/** How far past the present a date may lie: one day, for clocks and time zones ahead of the server's. */
const LATEST_AHEAD_MS = 24 * 60 * 60 * 1000;

/**
 * True when an ISO date or date-time lies in 2000-01-01 … now + 1 day. A time without an offset is the tenant's
 * local time; it is compared as if it were UTC (the one-day margin covers every time zone's offset).
 */
function isDateInRange(value: string, nowMs: number = Date.now()): boolean {
  const hasOffset = /(?:Z|[+-]\d{2}:\d{2})$/.test(value);
  const instant = Date.parse(hasOffset || !value.includes('T') ? value : `${value}Z`);
  return Number.isFinite(instant) && instant >= EARLIEST_MS && instant <= nowMs + LATEST_AHEAD_MS;
}

// C0 control characters other than tab, line feed and carriage return, and DEL.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// Half of a UTF-16 surrogate pair without its other half: PostgreSQL cannot store it.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when text can be stored as it is: no NUL or other control character, no broken surrogate pair. */
function isStorableText(value: string): boolean {
  return !CONTROL.test(value) && !LONE_SURROGATE.test(value);
}

/** A string of at most `max` characters without control characters (NUL included) or broken surrogates. */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine(isStorableText, { message: 'Must not contain NUL, other control characters or broken Unicode' });

const isoDateTime = z.iso.datetime({ local: true, offset: true });
const isoDate = z.iso.date();

/**
 * An ISO 8601 date or date-time from 2000-01-01 to one day past now. With an offset (or Z) it is that instant;
 * without one it is the tenant's local time. A space between date and time is accepted, as SQL exports write it.
 */
const transactionTime = z
  .string()
  .max(64)
  .trim()
  .transform((value) => (/^\d{4}-\d{2}-\d{2} \d/.test(value) ? value.replace(' ', 'T') : value))
  .refine((value) => isoDateTime.safeParse(value).success || isoDate.safeParse(value).success, {
    message: 'Expected an ISO 8601 date or date-time, e.g. 2024-05-01T10:30:00+03:00',
    abort: true,
  })
  .refine((value) => isDateInRange(value), {
    message: `Expected a date from ${REST_DATA_EARLIEST_DATE} to one day after today`,
  });

/** An integration code; blank counts as absent, since exporting systems often send "" for "none". */
const optionalCode = text(200)
  .trim()
  .nullish()
  .transform((value) => value || undefined);

const optionalText = (max: number) =>
  text(max)
    .trim()
    .nullish()
    .transform((value) => value || undefined);

/** Custom data slots take text; numbers are kept as their text. */
const customData = z
  .union([text(4000), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined || value === '' ? undefined : String(value)));

/** One answer: `Question` is the question's integration code; `Value` a choice value or score; `Text` for OETX. */
const restDataAnswerSchema = z.object({
  Question: text(200).trim().min(1),
  Value: z.number().int().min(-2_147_483_648).max(2_147_483_647).nullish(),
  Text: text(20_000).nullish(),
});

/**
 * One pushed transaction with its answers. Channel, product, type, location, employee and question are
 * integration codes; segments are 'GROUPCODE;CODE'. A record that fails this schema is rejected with 3333.
 */
export const restDataRecordSchema = z.object({
  TransactionDate: transactionTime,
  AnsweredDate: transactionTime.nullish(),
  TransactionChannel: text(200).trim().min(1),
  TransactionProduct: optionalCode,
  TransactionType: optionalCode,
  InviteeLocation: optionalCode,
  Employee: optionalCode,
  Segments: z.array(text(500).trim()).max(100).nullish(),
  InviteeFullName: optionalText(200),
  InviteeEmail: z
    .union([z.literal(''), z.email().max(320)])
    .nullish()
    .transform((value) => value || undefined),
  InviteeMSISDN: optionalText(50),
  InviteeLanguage: optionalText(10),
  CustomData1: customData,
  CustomData2: customData,
  CustomData3: customData,
  CustomData4: customData,
  CustomData5: customData,
  CustomData6: customData,
  CustomData7: customData,
  CustomData8: customData,
  CustomData9: customData,
  CustomData10: customData,
  /** Missing or empty answers are rejected with 3107, not 3333. */
  Answers: z.array(restDataAnswerSchema).max(1000).nullish(),
});
/** A record as the caller writes it. */
export type RestDataRecordInput = z.input<typeof restDataRecordSchema>;
/** A record after validation (codes trimmed, blanks dropped, dates normalised). */
export type RestDataRecord = z.output<typeof restDataRecordSchema>;

// ---------------------------------------------------------------------------------------------------------
// The ingest's hot path: most pushed records are plainly well formed, and zod's general machinery costs about
// 50 µs for one (about a third of the request path's Node CPU per record, bench/RESULTS.md "REST data ingest,
// third pass"). `parseRestDataRecord` reads such a record by hand into exactly what the schema gives, and hands
// anything else (a wrong type, a text over its limit or with a control character, a bad date) to the schema, so
// every error stays the schema's own. rest-data.schema.test.ts holds the two equal.

type Raw = Record<string, unknown>;
/** Marks a field the fast path does not read: the record then goes to the schema. */
const DECLINE = Symbol('decline');

const isPlainObject = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** What `text(max)` gives (untrimmed), or DECLINE. */
function fastText(value: unknown, max: number): string | typeof DECLINE {
  return typeof value === 'string' && value.length <= max && isStorableText(value) ? value : DECLINE;
}

/** What `text(max).trim()` gives, or DECLINE. */
function fastTrimmed(value: unknown, max: number): string | typeof DECLINE {
  const text = fastText(value, max);
  return text === DECLINE ? DECLINE : text.trim();
}

/** optionalCode and optionalText(max): blank, null and absent are undefined. */
function fastOptional(value: unknown, max: number): string | undefined | typeof DECLINE {
  if (value === undefined || value === null) return undefined;
  const text = fastTrimmed(value, max);
  return text === DECLINE ? DECLINE : text || undefined;
}

/** What `transactionTime` gives, or DECLINE. */
function fastTime(value: unknown): string | typeof DECLINE {
  if (typeof value !== 'string' || value.length > 64) return DECLINE;
  const trimmed = value.trim();
  const normal = /^\d{4}-\d{2}-\d{2} \d/.test(trimmed) ? trimmed.replace(' ', 'T') : trimmed;
  const wellFormed = isoDateTime.safeParse(normal).success || isoDate.safeParse(normal).success;
  return wellFormed && isDateInRange(normal) ? normal : DECLINE;
}

function fastCustomData(value: unknown): string | undefined | typeof DECLINE {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : DECLINE;
  return fastText(value, 4000);
}

const EMAIL_MAX = 320;
const EMAIL_PATTERN = z.email()._zod.def.pattern;

function fastEmail(value: unknown): string | undefined | typeof DECLINE {
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' && value.length <= EMAIL_MAX && EMAIL_PATTERN?.test(value) === true
    ? value
    : DECLINE;
}

const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

function fastAnswers(value: unknown): RestDataRecord['Answers'] | typeof DECLINE {
  if (value === undefined || value === null) return value;
  if (!Array.isArray(value) || value.length > 1000) return DECLINE;
  const answers: NonNullable<RestDataRecord['Answers']> = [];
  for (const raw of value) {
    if (!isPlainObject(raw)) return DECLINE;
    const question = fastTrimmed(raw.Question, 200);
    if (question === DECLINE || question.length === 0) return DECLINE;
    const answer: NonNullable<RestDataRecord['Answers']>[number] = { Question: question };
    const { Value, Text } = raw;
    if ('Value' in raw) {
      const int32 =
        Number.isSafeInteger(Value) && (Value as number) >= INT32_MIN && (Value as number) <= INT32_MAX;
      if (Value !== undefined && Value !== null && !int32) return DECLINE;
      answer.Value = Value as number | null | undefined;
    }
    if ('Text' in raw) {
      const text = Text === undefined || Text === null ? Text : fastText(Text, 20_000);
      if (text === DECLINE) return DECLINE;
      answer.Text = text;
    }
    answers.push(answer);
  }
  return answers;
}

function fastSegments(value: unknown): string[] | null | undefined | typeof DECLINE {
  if (value === undefined || value === null) return value;
  if (!Array.isArray(value) || value.length > 100) return DECLINE;
  const segments: string[] = [];
  for (const raw of value) {
    const segment = fastTrimmed(raw, 500);
    if (segment === DECLINE) return DECLINE;
    segments.push(segment);
  }
  return segments;
}

type FieldReader = (value: unknown) => unknown;

const customDataReaders = Object.fromEntries(CUSTOM_DATA_KEYS.map((key) => [key, fastCustomData])) as Record<
  (typeof CUSTOM_DATA_KEYS)[number],
  FieldReader
>;

/**
 * What the fast path gives for each field of the schema, or DECLINE. Typed over every key of a record, so a field
 * added to the schema and not read here fails the type check instead of being dropped from well-formed records.
 */
const FIELD_READERS: { [K in keyof RestDataRecord]-?: FieldReader } = {
  TransactionDate: fastTime,
  AnsweredDate: (value) => (value === undefined || value === null ? value : fastTime(value)),
  TransactionChannel: (value) => fastTrimmed(value, 200),
  TransactionProduct: (value) => fastOptional(value, 200),
  TransactionType: (value) => fastOptional(value, 200),
  InviteeLocation: (value) => fastOptional(value, 200),
  Employee: (value) => fastOptional(value, 200),
  Segments: fastSegments,
  InviteeFullName: (value) => fastOptional(value, 200),
  InviteeEmail: fastEmail,
  InviteeMSISDN: (value) => fastOptional(value, 50),
  InviteeLanguage: (value) => fastOptional(value, 10),
  ...customDataReaders,
  Answers: fastAnswers,
};
const FIELDS = Object.entries(FIELD_READERS) as [keyof RestDataRecord, FieldReader][];

/** The fast path: the record the schema would give, or undefined when the schema must look at it. */
function readPlainRecord(raw: unknown): RestDataRecord | undefined {
  if (!isPlainObject(raw)) return undefined;
  const record: Record<string, unknown> = {};
  for (const [key, read] of FIELDS) {
    const value = read(raw[key]);
    if (value === DECLINE) return undefined;
    // As the schema: a key the record has is kept (also when it reads as undefined), a missing one stays missing.
    if (value !== undefined || key in raw) record[key] = value;
  }
  if (record.TransactionChannel === '') return undefined;
  return record as RestDataRecord;
}

/**
 * `restDataRecordSchema.safeParse(raw)`, faster for the common well-formed record: the same data for a record the
 * schema accepts, and the schema's own error for one it refuses.
 */
export function parseRestDataRecord(raw: unknown): ReturnType<typeof restDataRecordSchema.safeParse> {
  const record = readPlainRecord(raw);
  return record ? { success: true, data: record } : restDataRecordSchema.safeParse(raw);
}

/**
 * The envelope of `POST /api/rest-data/responses`. Records are checked one by one after the envelope (see
 * `restDataRecordSchema`), so one bad record never refuses the others.
 */
export const restDataRequestSchema = z.object({
  SurveyId: z.number().int().positive(),
  Records: z.array(z.unknown()).min(1),
});

/** Why one record was rejected: its 0-based position in `Records`, a REST data code and a translated message. */
export const restDataErrorSchema = z.object({
  Index: z.number().int(),
  Code: z.number().int(),
  Message: z.string(),
});
export type RestDataError = z.infer<typeof restDataErrorSchema>;

/**
 * The answer: valid records were stored (`Accepted`), the others were not (`Rejected`, with one error per
 * problem found). `LogId` is the call's entry in the data validation log.
 */
export const restDataResultSchema = z.object({
  LogId: z.number().int(),
  Accepted: z.number().int(),
  Rejected: z.number().int(),
  Errors: z.array(restDataErrorSchema),
});
export type RestDataResult = z.infer<typeof restDataResultSchema>;
