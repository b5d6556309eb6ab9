import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseRestDataRecord, restDataRecordSchema } from './rest-data.schema.js';

// parseRestDataRecord must give exactly what the schema gives: the same data for every record the schema
// accepts, and the schema's own issues for every record it refuses.

const day = 24 * 60 * 60 * 1000;
const isoOf = (ms: number) => new Date(ms).toISOString();

function plainRecord(): Record<string, unknown> {
  const at = Date.now() - 3 * day;
  return {
    TransactionDate: isoOf(at).replace('Z', '+03:00'),
    AnsweredDate: isoOf(at + 60_000),
    TransactionChannel: 'BR001',
    TransactionProduct: 'P1',
    TransactionType: 'T1',
    InviteeLocation: 'IST',
    Employee: 'E1',
    Segments: ['AGE;18-24', 'TIER;GOLD'],
    InviteeFullName: 'Ayşe Yılmaz',
    InviteeEmail: 'ayse@example.com',
    InviteeMSISDN: '+90 532 000 0000',
    InviteeLanguage: 'tr',
    CustomData1: 'TRX-1',
    CustomData2: 1234,
    Answers: [
      { Question: 'NPS', Value: 9 },
      { Question: 'Q1', Value: 4, Text: 'fine' },
      { Question: 'COMMENT', Text: 'Çok iyi 👍' },
    ],
  };
}

const future = isoOf(Date.now() + 3 * day);
const longText = (n: number) => 'x'.repeat(n);

/** Values tried in place of each field: the edge cases of every rule the schema has, and wrong types. */
const VARIANTS: unknown[] = [
  undefined,
  null,
  '',
  '   ',
  '  padded  ',
  'with\ttab',
  'with\u000bvertical tab',
  ' \u000bedge\u000c ',
  'nul\u0000inside',
  'del\u007f',
  'lone \ud800 high',
  'lone \udc00 low',
  'pair 😀',
  longText(10),
  longText(50),
  longText(51),
  longText(64),
  longText(65),
  longText(200),
  longText(201),
  longText(320),
  longText(500),
  longText(501),
  longText(4000),
  longText(4001),
  0,
  -1,
  2.5,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER + 1,
  true,
  {},
  [],
  ['AGE;18-24'],
  ['  AGE;18-24  ', ''],
  [1],
  [null],
  Array.from({ length: 101 }, () => 'A;B'),
  '2024-05-01',
  '2024-05-01T10:30:00',
  '2024-05-01 10:30:00',
  ' 2024-05-01 10:30:00+03:00 ',
  '2024-05-01T10:30:00.123Z',
  '2024-05-01T10:30Z',
  '2024-02-30',
  '1999-12-31T23:59:59Z',
  future,
  '2024-05-01T25:00:00Z',
  'a@b.co',
  'not an email',
  ' spaced@example.com',
  `${longText(320)}@example.com`,
  [{ Question: 'NPS', Value: 9 }],
  [{ Question: ' NPS ', Value: null, Text: null }],
  [{ Question: '', Value: 1 }],
  [{ Question: 'Q', Value: 1.5 }],
  [{ Question: 'Q', Value: '1' }],
  [{ Question: 'Q', Text: 'bad\u0000' }],
  [{ Question: 'Q', Text: longText(20_001) }],
  [{ Question: 'Q', Extra: 1 }],
  [{ Question: 'Q', Value: undefined, Text: undefined }],
  ['not an answer'],
  Array.from({ length: 1001 }, () => ({ Question: 'Q', Value: 1 })),
];

function expectSame(raw: unknown) {
  const fast = parseRestDataRecord(raw);
  const schema = restDataRecordSchema.safeParse(raw);
  expect(fast.success).toBe(schema.success);
  if (schema.success) expect(fast.data).toStrictEqual(schema.data);
  else expect(fast.error?.issues).toStrictEqual(schema.error.issues);
}

describe('parseRestDataRecord', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads a plain well-formed record without the schema, into what the schema gives', () => {
    const record = plainRecord();
    const expected = restDataRecordSchema.safeParse(record);
    const schema = vi.spyOn(restDataRecordSchema, 'safeParse');
    const fast = parseRestDataRecord(record);
    expect(schema).not.toHaveBeenCalled();
    expect(expected.success).toBe(true);
    expect(fast).toStrictEqual(expected);
  });

  it('gives what the schema gives for each field set to each edge case', () => {
    for (const key of Object.keys(plainRecord()).concat(['CustomData10', 'Unknown'])) {
      for (const value of VARIANTS) expectSame({ ...plainRecord(), [key]: value });
    }
  });

  it('gives what the schema gives for records that are not objects, and for extra keys', () => {
    for (const raw of [null, undefined, 1, 'record', [], [plainRecord()], new Date()]) expectSame(raw);
    expectSame({ ...plainRecord(), Extra: 'dropped' });
    const withoutOptional = { TransactionDate: '2024-05-01', TransactionChannel: 'B' };
    expectSame(withoutOptional);
  });
});
