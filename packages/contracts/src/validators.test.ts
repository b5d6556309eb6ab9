import { Cron } from 'croner';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  VALIDATION_MESSAGES as M,
  alphaDashWithSpace,
  alphaNum,
  arrayLength,
  confirmed,
  cronExpression,
  distinct,
  emailAddress,
  emptyOr,
  excluded,
  formatJsonText,
  frequency,
  ftpUrl,
  httpUrl,
  integerNumber,
  isAlphaDashWithSpace,
  isAlphaNum,
  isArrayLengthAtMost,
  isAtLeast,
  isAtMost,
  isConfirmed,
  isCronExpression,
  isDistinct,
  isEmail,
  isFrequency,
  isFtpUrl,
  isHttpUrl,
  isInteger,
  isJsonText,
  isLengthAtLeast,
  isLengthAtMost,
  isNotOneOf,
  isNumeric,
  isPresent,
  isTopicNotation,
  isValidPassword,
  isValidationMessage,
  jsonText,
  maxLength,
  maxValue,
  minLength,
  minValue,
  numericText,
  parseCronExpression,
  passwordRule,
  requiredText,
  topicNotation,
} from './validators.js';

/** The first issue a schema raises for `value`: its message key, params and path; undefined when it passes. */
function firstIssue(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  const [issue] = result.error.issues;
  return {
    message: issue?.message,
    params: issue?.code === 'custom' ? issue.params : undefined,
    path: issue?.path,
  };
}

describe('message keys', () => {
  it('are all namespaced in validation and recognised', () => {
    for (const key of Object.values(M)) {
      expect(key).toMatch(/^validation:(validation|customValidation)\.\w+$/);
      expect(isValidationMessage(key)).toBe(true);
    }
    expect(isValidationMessage('Invalid input')).toBe(false);
    expect(isValidationMessage('validation:customValidation.nope')).toBe(false);
  });
});

describe('required', () => {
  it.each([['x'], [' a '], [0], [false], [['a']], [{}]])('%j is present', (value) => {
    expect(isPresent(value)).toBe(true);
  });
  it.each([[undefined], [null], [''], ['  \t\n'], [[]]])('%j is missing', (value) => {
    expect(isPresent(value)).toBe(false);
  });
  it('the schema refuses blank and missing text with the required key', () => {
    expect(firstIssue(requiredText(), 'Ada')).toBeUndefined();
    expect(firstIssue(requiredText(), '   ')?.message).toBe(M.required);
    expect(firstIssue(requiredText(), undefined)?.message).toBe(M.required);
    expect(firstIssue(requiredText(), null)?.message).toBe(M.required);
  });
  it('a text rule answers required for a blank value rather than its own message', () => {
    expect(firstIssue(cronExpression(), '')?.message).toBe(M.required);
    expect(firstIssue(jsonText(), undefined)?.message).toBe(M.required);
  });
});

describe('alpha_num', () => {
  it.each(['abc123', 'ÇağrıMerkezi2', 'İstanbul', 'مرحبا٣', 'Ünal'])('accepts %s', (value) => {
    expect(isAlphaNum(value)).toBe(true);
    expect(firstIssue(alphaNum(), value)).toBeUndefined();
  });
  it.each(['a b', 'a-b', 'a_b', 'a.b', 'x!'])('refuses %s', (value) => {
    expect(isAlphaNum(value)).toBe(false);
    expect(firstIssue(alphaNum(), value)?.message).toBe(M.alphaNum);
  });
});

describe('numeric', () => {
  it.each(['0', '0123', '42', 7, 0])('accepts %j', (value) => {
    expect(isNumeric(value)).toBe(true);
  });
  it.each(['-1', '1.5', '1e3', ' 1', '١٢', '', -1, 1.5, Number.NaN])('refuses %j', (value) => {
    expect(isNumeric(value)).toBe(false);
  });
  it('the text schema words it', () => {
    expect(firstIssue(numericText(), '123')).toBeUndefined();
    expect(firstIssue(numericText(), '12a')?.message).toBe(M.numeric);
  });
});

describe('integer', () => {
  it.each([0, -3, 42, '-7', '10'])('accepts %j', (value) => {
    expect(isInteger(value)).toBe(true);
  });
  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, '1.0', '+1', 'x', ''])('refuses %j', (value) => {
    expect(isInteger(value)).toBe(false);
  });
  it('the schema takes whole numbers only', () => {
    expect(firstIssue(integerNumber(), 12)).toBeUndefined();
    expect(firstIssue(integerNumber(), 1.25)?.message).toBe(M.integer);
    expect(firstIssue(integerNumber(), 'abc')?.message).toBe(M.numeric);
    expect(firstIssue(integerNumber(), '')?.message).toBe(M.required);
  });
});

describe('max_value and min_value', () => {
  it('compare numbers inclusively', () => {
    expect(isAtMost(10, 10)).toBe(true);
    expect(isAtMost(10.5, 10)).toBe(false);
    expect(isAtMost(Number.NaN, 10)).toBe(false);
    expect(isAtLeast(3, 3)).toBe(true);
    expect(isAtLeast(2.9, 3)).toBe(false);
  });
  it('the schemas carry the bound', () => {
    expect(firstIssue(maxValue(100), 100)).toBeUndefined();
    expect(firstIssue(maxValue(100), 101)).toEqual({ message: M.maxValue, params: { max: 100 }, path: [] });
    expect(firstIssue(minValue(1), 1)).toBeUndefined();
    expect(firstIssue(minValue(1), 0)).toEqual({ message: M.minValue, params: { min: 1 }, path: [] });
    expect(firstIssue(minValue(1), '5')?.message).toBe(M.numeric);
  });
});

describe('max and min (length)', () => {
  it('count characters, not UTF-16 units', () => {
    expect(isLengthAtMost('ğüşiöç', 6)).toBe(true);
    expect(isLengthAtMost('😀😀', 2)).toBe(true);
    expect(isLengthAtMost('abcdefg', 6)).toBe(false);
    expect(isLengthAtLeast('abc', 3)).toBe(true);
    expect(isLengthAtLeast('ab', 3)).toBe(false);
  });
  it('the schemas carry the bound', () => {
    expect(firstIssue(maxLength(5), 'abcde')).toBeUndefined();
    expect(firstIssue(maxLength(5), '')).toBeUndefined();
    expect(firstIssue(maxLength(5), 'abcdef')).toEqual({
      message: M.maxLength,
      params: { max: 5 },
      path: [],
    });
    expect(firstIssue(minLength(3), 'abc')).toBeUndefined();
    expect(firstIssue(minLength(3), 'ab')).toEqual({ message: M.minLength, params: { min: 3 }, path: [] });
  });
});

describe('email', () => {
  it.each(['ada@example.com', 'first.last+tag@sub.example.com.tr', 'x_y@a-b.io'])('accepts %s', (value) => {
    expect(isEmail(value)).toBe(true);
    expect(firstIssue(emailAddress(), value)).toBeUndefined();
  });
  it.each(['ada', 'ada@', '@example.com', 'ada@example', 'a b@example.com', 'ada@@example.com'])(
    'refuses %s',
    (value) => {
      expect(isEmail(value)).toBe(false);
      expect(firstIssue(emailAddress(), value)?.message).toBe(M.email);
    },
  );
});

describe('confirmed and distinct', () => {
  const passwords = z
    .object({ Password: z.string(), PasswordConfirm: z.string() })
    .superRefine(confirmed({ field: 'PasswordConfirm', target: 'Password' }));
  const fields = z
    .object({ Source: z.string(), Target: z.string() })
    .superRefine(distinct({ field: 'Target', target: 'Source' }));

  it('predicates compare values strictly', () => {
    expect(isConfirmed('Abc123', 'Abc123')).toBe(true);
    expect(isConfirmed('Abc123', 'abc123')).toBe(false);
    expect(isDistinct('a', 'b')).toBe(true);
    expect(isDistinct(1, 1)).toBe(false);
  });
  it('confirmed puts the issue on the confirming field with the other field named', () => {
    expect(firstIssue(passwords, { Password: 'Abc123', PasswordConfirm: 'Abc123' })).toBeUndefined();
    expect(firstIssue(passwords, { Password: 'Abc123', PasswordConfirm: 'Abc124' })).toEqual({
      message: M.confirmed,
      params: { other: 'Password' },
      path: ['PasswordConfirm'],
    });
  });
  it('distinct refuses the same value in both fields', () => {
    expect(firstIssue(fields, { Source: 'a', Target: 'b' })).toBeUndefined();
    expect(firstIssue(fields, { Source: 'a', Target: 'a' })).toEqual({
      message: M.distinct,
      params: { other: 'Source' },
      path: ['Target'],
    });
  });
});

describe('excluded', () => {
  const reserved = ['admin', 'root'];
  it('accepts values outside the list, exactly compared', () => {
    expect(isNotOneOf('ada', reserved)).toBe(true);
    expect(isNotOneOf('Admin', reserved)).toBe(true);
    expect(firstIssue(excluded(reserved), 'ada')).toBeUndefined();
  });
  it('refuses a listed value', () => {
    expect(isNotOneOf('root', reserved)).toBe(false);
    expect(firstIssue(excluded(reserved), 'admin')?.message).toBe(M.excluded);
  });
});

describe('json', () => {
  it.each(['{}', '[]', '{"a":1,"b":[true,null]}', ' { "x": "y" } ', '"5"', 'true', 'null', '[1,2]'])(
    'accepts %s',
    (value) => {
      expect(isJsonText(value)).toBe(true);
      expect(firstIssue(jsonText(), value)).toBeUndefined();
    },
  );
  it.each(['5', '-1.5', '1e3', '{a:1}', "{'a':1}", '{"a":1,}', 'undefined', '[1,2'])(
    'refuses %s',
    (value) => {
      expect(isJsonText(value)).toBe(false);
      expect(firstIssue(jsonText(), value)?.message).toBe(M.json);
    },
  );
});

describe('formatJsonText', () => {
  it.each([
    '{"a":1,"b":[true,null,{"c":"x y"}],"d":{},"e":[]}',
    '[ 1 , 2 ,[ ] ]',
    ' "text, with: {brackets}" ',
    '{"quote":"say \\"hi\\", [ok]","nested":{"deep":{"deeper":[{"k":-1.5}]}}}',
    'true',
    'null',
  ])('lays %s out as JSON.stringify(…, null, 2) does', (text) => {
    expect(formatJsonText(text)).toBe(JSON.stringify(JSON.parse(text), null, 2));
  });
  it('keeps tokens as written', () => {
    expect(formatJsonText('{"id":12345678901234567890,"ratio":1.0,"tiny":-1.5e-3,"name":"\\u00e7"}')).toBe(
      '{\n  "id": 12345678901234567890,\n  "ratio": 1.0,\n  "tiny": -1.5e-3,\n  "name": "\\u00e7"\n}',
    );
  });
  it('answers undefined where the json rule refuses', () => {
    expect(formatJsonText('{a:1}')).toBeUndefined();
    expect(formatJsonText('42')).toBeUndefined();
    expect(formatJsonText('')).toBeUndefined();
  });
});

describe('password', () => {
  it.each(['Demo1234!', 'aB3def', 'Çok1GüçlüParola', 'x'.repeat(200) + 'A1'])('accepts %s', (password) => {
    expect(isValidPassword(password)).toBe(true);
    expect(firstIssue(passwordRule(), password)).toBeUndefined();
  });

  it.each([
    ['too short', 'aB3de'],
    ['no digit', 'Abcdefgh'],
    ['no upper-case letter', 'abcdef12'],
    ['no lower-case letter', 'ABCDEF12'],
    ['a space inside', 'Demo 1234'],
    ['a leading space', ' Demo1234'],
    ['a trailing tab', 'Demo1234\t'],
    ['a newline', 'Demo\n1234'],
  ])('refuses a password with %s', (_reason, password) => {
    expect(isValidPassword(password)).toBe(false);
    expect(firstIssue(passwordRule(), password)?.message).toBe(M.password);
  });

  it('refuses an empty password', () => {
    expect(isValidPassword('')).toBe(false);
    expect(firstIssue(passwordRule(), '')?.message).toBe(M.required);
  });
});

describe('ftp', () => {
  it.each([
    'ftp://files.example.com',
    'FTP://files.example.com',
    'ftp://192.168.1.10',
    'ftp://localhost:21',
    'ftp://files.example.com:2121/in/daily',
    'ftp://my-host/',
    '{address}files.example.com',
    '{address}files.example.com:21/upload',
  ])('accepts %s', (value) => {
    expect(isFtpUrl(value)).toBe(true);
    expect(firstIssue(ftpUrl(), value)).toBeUndefined();
  });
  it.each([
    'files.example.com',
    'http://files.example.com',
    'sftp://files.example.com',
    'ftp://',
    'ftp://user:secret@files.example.com',
    'ftp://files_example.com',
    'ftp://files..example.com',
    'ftp://-files.example.com',
    'ftp://files.example.com:0',
    'ftp://files.example.com:65536',
    'ftp://files.example.com/a b',
    '{address}',
    '{Address}files.example.com',
    ' ftp://files.example.com',
  ])('refuses %s', (value) => {
    expect(isFtpUrl(value)).toBe(false);
    expect(firstIssue(ftpUrl(), value)?.message).toBe(M.ftp);
  });
});

describe('array_length', () => {
  const channels = arrayLength(z.string(), 3);
  it('accepts up to max items', () => {
    expect(isArrayLengthAtMost([], 3)).toBe(true);
    expect(isArrayLengthAtMost([1, 2, 3], 3)).toBe(true);
    expect(firstIssue(channels, ['a', 'b', 'c'])).toBeUndefined();
  });
  it('refuses more, with max', () => {
    expect(isArrayLengthAtMost([1, 2, 3, 4], 3)).toBe(false);
    expect(firstIssue(channels, ['a', 'b', 'c', 'd'])).toEqual({
      message: M.arrayLength,
      params: { max: 3 },
      path: [],
    });
  });
});

describe('topic_notation', () => {
  it.each(['sensors/room1/temp', 'a/b', 'single', 'x/+/y', 'x/#'])('accepts %s', (value) => {
    expect(isTopicNotation(value)).toBe(true);
    expect(firstIssue(topicNotation(), value)).toBeUndefined();
  });
  it.each(['a//b', '//', 'a,b', 'sensors/room1,room2'])('refuses %s', (value) => {
    expect(isTopicNotation(value)).toBe(false);
    expect(firstIssue(topicNotation(), value)?.message).toBe(M.topicNotation);
  });
});

describe('frequency', () => {
  it('accepts minutes at or above the minimum', () => {
    expect(isFrequency(5, 5)).toBe(true);
    expect(isFrequency(60, 5)).toBe(true);
    expect(firstIssue(frequency(5), 15)).toBeUndefined();
  });
  it('refuses fewer minutes, with min', () => {
    expect(isFrequency(4, 5)).toBe(false);
    expect(isFrequency(Number.NaN, 5)).toBe(false);
    expect(firstIssue(frequency(5), 4)).toEqual({ message: M.frequency, params: { min: 5 }, path: [] });
  });
});

describe('alphaDashWithSpace', () => {
  it.each([
    'Çağrı Merkezi',
    'ÇĞİÖŞÜ çğıöşü',
    'IĞDIR ışık',
    'Müşteri_Deneyimi-2',
    'Straße Ærø',
    'مركز الاتصال',
    'tab\tseparated',
  ])('accepts %s', (value) => {
    expect(isAlphaDashWithSpace(value)).toBe(true);
    expect(firstIssue(alphaDashWithSpace(), value)).toBeUndefined();
  });
  it.each(['a.b', 'a/b', 'a,b', 'x!', "O'Neil", 'e-posta@x'])('refuses %s', (value) => {
    expect(isAlphaDashWithSpace(value)).toBe(false);
    expect(firstIssue(alphaDashWithSpace(), value)?.message).toBe(M.alphaDashWithSpace);
  });
});

describe('url', () => {
  it.each([
    'https://example.com',
    'http://localhost:3000/path?q=1#top',
    'HTTPS://Example.com',
    'https://sub.example.com.tr/ç',
    'http://127.0.0.1',
  ])('accepts %s', (value) => {
    expect(isHttpUrl(value)).toBe(true);
    expect(firstIssue(httpUrl(), value)).toBeUndefined();
  });
  it.each([
    'example.com',
    'ftp://example.com',
    'javascript:alert(1)',
    'mailto:a@example.com',
    'http://',
    'http:example.com',
    'https://exa mple.com',
    'https://example.com/a b',
    ' https://example.com',
  ])('refuses %s', (value) => {
    expect(isHttpUrl(value)).toBe(false);
    expect(firstIssue(httpUrl(), value)?.message).toBe(M.url);
  });
});

describe('emptyOr', () => {
  const optionalUrl = emptyOr(httpUrl());
  it('lets an empty value through and checks anything else', () => {
    expect(firstIssue(optionalUrl, '')).toBeUndefined();
    expect(firstIssue(optionalUrl, '  ')).toBeUndefined();
    expect(firstIssue(optionalUrl, 'https://example.com')).toBeUndefined();
    expect(firstIssue(optionalUrl, 'nope')?.message).toBe(M.url);
  });
  it('keeps the inner rule params', () => {
    expect(firstIssue(emptyOr(maxLength(2)), 'abc')).toEqual({
      message: M.maxLength,
      params: { max: 2 },
      path: [],
    });
  });
});

// ---------------------------------------------------------------------------------------------------------
// cron, against croner

/**
 * croner's verdict for an expression: a trailing UTC offset (read here independently of validators.ts) goes to
 * croner's `utcOffset` option; `sloppyRanges` lets croner take Quartz's `n/step`, which the spec's "steps" includes.
 */
function cronerAccepts(expression: string): boolean {
  const tokens = expression.trim().split(/\s+/);
  const offset = /^(?:UTC|GMT)?([+-])([0-9]{1,2})(?::([0-5][0-9]))?$/.exec(tokens.at(-1) ?? '');
  const pattern = offset ? tokens.slice(0, -1).join(' ') : expression;
  const utcOffset = offset
    ? (offset[1] === '-' ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3] ?? 0))
    : undefined;
  try {
    new Cron(pattern, {
      paused: true,
      sloppyRanges: true,
      ...(utcOffset === undefined ? {} : { utcOffset }),
    });
    return true;
  } catch {
    return false;
  }
}

type CronCase = {
  expression: string;
  valid: boolean;
  /** why croner answers the other way */ croner?: string;
};

const CRON_CASES: CronCase[] = [
  // Valid, and croner agrees.
  { expression: '* * * * *', valid: true },
  { expression: '0 0 * * *', valid: true },
  { expression: '*/5 * * * *', valid: true },
  { expression: '0 9-17 * * 1-5', valid: true },
  { expression: '0,15,30,45 * * * *', valid: true },
  { expression: '0 0 1 1 *', valid: true },
  { expression: '30 2 * * 0', valid: true },
  { expression: '0 0 * * 7', valid: true },
  { expression: '0 0 * * 0-7', valid: true },
  { expression: '1-59/2 * * * *', valid: true },
  { expression: '0 0 1-5,10-15/2 * *', valid: true },
  { expression: '*/60 * * * *', valid: true },
  { expression: '0 */24 * * *', valid: true },
  { expression: '0 0 */31 * *', valid: true },
  { expression: '0 0 * */12 *', valid: true },
  { expression: '0 0 * * */7', valid: true },
  { expression: '5/15 * * * *', valid: true },
  { expression: '*,5 * * * *', valid: true },
  { expression: '05 * * * *', valid: true },
  { expression: '0 0 12 * * ?', valid: true },
  { expression: '0 0 12 ? * 1-5', valid: true },
  { expression: '*/10 * * * * *', valid: true },
  { expression: '0 0 0 1 1 ? 2030', valid: true },
  { expression: '0 0 0 * * * 1970-2099/10', valid: true },
  { expression: '0 0 * * * +03:00', valid: true },
  { expression: '0 0 * * * UTC+3', valid: true },
  { expression: '0 0 * * * -5', valid: true },
  { expression: '0 30 8 * * 1-5 GMT-03:30', valid: true },
  { expression: '0 0 0 1 1 ? 2030 +14:00', valid: true },
  { expression: '0 0 * * * -12:00', valid: true },
  { expression: '  0 0 * * *  ', valid: true },
  { expression: '0  0 * * *', valid: true },
  { expression: '0\t0 * * *', valid: true },
  // Invalid, and croner agrees.
  { expression: '', valid: false },
  { expression: 'abc', valid: false },
  { expression: '* * * *', valid: false },
  { expression: '* * * * * * * *', valid: false },
  { expression: '60 * * * *', valid: false },
  { expression: '0 24 * * *', valid: false },
  { expression: '0 0 0 * *', valid: false },
  { expression: '0 0 32 * *', valid: false },
  { expression: '0 0 * 0 *', valid: false },
  { expression: '0 0 * 13 *', valid: false },
  { expression: '0 0 * * 8', valid: false },
  { expression: '*/0 * * * *', valid: false },
  { expression: '*/61 * * * *', valid: false },
  { expression: '0 0 * * */8', valid: false },
  { expression: '5-2 * * * *', valid: false },
  { expression: '1,,3 * * * *', valid: false },
  { expression: '1- * * * *', valid: false },
  { expression: '-1 * * * *', valid: false },
  { expression: '*/2/3 * * * *', valid: false },
  { expression: '0 0 * * * +15:00', valid: false },
  { expression: '0 0 * * * +03:75', valid: false },
  { expression: '0 0 * * * UTC', valid: false },
  // The spec's choice where croner differs.
  { expression: '0 0 * JAN MON', valid: false, croner: 'month and day names; the spec allows numbers only' },
  { expression: '0 0 L * *', valid: false, croner: "Quartz 'L' (last day) is outside the spec's syntax" },
  {
    expression: '0 0 15W * *',
    valid: false,
    croner: "Quartz 'W' (nearest weekday) is outside the spec's syntax",
  },
  {
    expression: '0 0 * * 5#3',
    valid: false,
    croner: "Quartz '#' (nth weekday) is outside the spec's syntax",
  },
  {
    expression: '0 0 * * 5L',
    valid: false,
    croner: "Quartz '5L' (last Friday) is outside the spec's syntax",
  },
  { expression: '@daily', valid: false, croner: '@nicknames are not 5–7 fields' },
  { expression: '? * * * *', valid: false, croner: "'?' belongs to day-of-month or day-of-week only" },
  { expression: '0 0 ?/2 * *', valid: false, croner: "'?' stands alone, without a step" },
  { expression: '0 0 1,? * *', valid: false, croner: "'?' stands alone, not in a list" },
  { expression: '/5 * * * *', valid: false, croner: 'a step needs *, a number or a range before it' },
  { expression: '0 0 0 * * * 2100', valid: false, croner: 'years are 1970–2099 as Quartz schedules them' },
  { expression: '0 0 0 * * * 1969', valid: false, croner: 'years are 1970–2099 as Quartz schedules them' },
  {
    expression: '0 0 * * * -13:00',
    valid: false,
    croner: 'offsets run from -12:00 to +14:00 (croner ±14:30)',
  },
  {
    expression: '70/5 * * * *',
    valid: false,
    croner: 'croner never checks a start its step never schedules',
  },
  { expression: '50-70/30 * * * *', valid: false, croner: 'croner never checks an end its step passes over' },
  {
    expression: '0 0 0 * * * */131',
    valid: false,
    croner: 'year steps run to 130, the years Quartz schedules',
  },
  { expression: '0 0 0 * * +1 2030', valid: false, croner: "croner's '+' (day of month AND day of week)" },
];

describe('cron', () => {
  it('has a table of at least 40 expressions, both verdicts covered', () => {
    expect(CRON_CASES.length).toBeGreaterThanOrEqual(40);
    expect(CRON_CASES.filter((row) => row.valid).length).toBeGreaterThanOrEqual(15);
    expect(CRON_CASES.filter((row) => !row.valid).length).toBeGreaterThanOrEqual(15);
  });

  it.each(CRON_CASES)('$expression → valid: $valid', ({ expression, valid, croner }) => {
    expect(isCronExpression(expression)).toBe(valid);
    expect(firstIssue(cronExpression(), expression)?.message).toBe(
      valid ? undefined : expression.trim() === '' ? M.required : M.cron,
    );
    // croner agrees, except where the table names why it does not (and it must then really differ).
    expect(cronerAccepts(expression)).toBe(croner === undefined ? valid : !valid);
  });

  it('takes an expression apart into croner pattern and offset', () => {
    expect(parseCronExpression(' 0 30 8 * * 1-5  UTC+3 ')).toEqual({
      fields: ['0', '30', '8', '*', '*', '1-5'],
      pattern: '0 30 8 * * 1-5',
      utcOffsetMinutes: 180,
    });
    expect(parseCronExpression('0 0 * * * -03:30')?.utcOffsetMinutes).toBe(-210);
    expect(parseCronExpression('0 0 * * *')?.utcOffsetMinutes).toBeUndefined();
    expect(parseCronExpression('0 0 * *')).toBeUndefined();
  });
});
