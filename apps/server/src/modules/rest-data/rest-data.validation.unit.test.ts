import { describe, expect, it } from 'vitest';
import {
  checkRecord,
  collectCodes,
  parseRecords,
  splitSegment,
  type CatalogQuestion,
  type RestDataCatalog,
} from './rest-data.validation.js';

const question = (
  id: number,
  type: string,
  scale: number | null,
  choices: number[] = [],
): CatalogQuestion => ({
  id,
  type,
  scale,
  choiceValues: new Set(choices),
});

const catalog: RestDataCatalog = {
  channels: new Map([['BR-1', 10]]),
  products: new Map([['P-1', 20]]),
  transactionTypes: new Map(),
  employees: new Map(),
  locations: new Map(),
  segments: new Map([['AGE;Y', 30]]),
  questions: new Map([
    ['NPS', question(1, 'MCSS', 11)],
    ['CSAT', question(2, 'MCSS', 5, [1, 2, 3, 4, 5, 99])],
    ['WHY', question(3, 'MCMS', null, [1, 2, 3])],
    ['TEXT', question(4, 'OETX', null)],
  ]),
  requiredQuestionIds: [1, 2],
};

const base = { TransactionDate: '2024-05-01', TransactionChannel: 'BR-1' };

function parseOne(record: unknown) {
  const { parsed, errors } = parseRecords([record], 'en');
  expect(errors).toEqual([]);
  return parsed[0]!.record;
}

describe('parseRecords', () => {
  it('normalises codes, blanks and dates', () => {
    const record = parseOne({
      TransactionDate: '2024-05-01 10:00:00',
      TransactionChannel: ' BR-1 ',
      TransactionProduct: '',
      CustomData3: 7,
      Answers: [{ Question: 'NPS', Value: 9 }],
    });
    expect(record).toMatchObject({
      TransactionDate: '2024-05-01T10:00:00',
      TransactionChannel: 'BR-1',
      CustomData3: '7',
    });
    expect(record.TransactionProduct).toBeUndefined();
  });

  it('answers 3333 naming each field at fault', () => {
    const { parsed, errors } = parseRecords(
      [{ TransactionDate: 'soon', TransactionChannel: 'BR-1', InviteeEmail: 'nope' }],
      'en',
    );
    expect(parsed).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.Code).toBe(3333);
    expect(errors[0]!.Message).toMatch(/^The request is not valid: TransactionDate: .*, InviteeEmail: /);
  });
});

describe('checkRecord', () => {
  it('builds the row with scores on the scale and completion from the required questions', () => {
    const record = parseOne({
      ...base,
      Segments: ['AGE;Y', 'AGE;Y'],
      Answers: [
        { Question: 'NPS', Value: 6 },
        { Question: 'CSAT', Value: 99 },
        { Question: 'WHY', Value: 1 },
        { Question: 'WHY', Value: 2 },
        { Question: 'TEXT', Text: 'Fine' },
      ],
    });
    const { row, problems } = checkRecord(record, catalog);
    expect(problems).toEqual([]);
    expect(row).toMatchObject({ channelId: 10, productId: null, segmentIds: [30], completion: 1 });
    expect(row!.answers.map((a) => [a.questionId, a.choiceValue, a.score, a.text])).toEqual([
      [1, 6, 6, null],
      [2, 99, null, null],
      [3, 1, null, null],
      [3, 2, null, null],
      [4, null, null, 'Fine'],
    ]);

    const partial = checkRecord(parseOne({ ...base, Answers: [{ Question: 'NPS', Value: 10 }] }), catalog);
    expect(partial.row!.completion).toBe(2);
  });

  it('refuses a repeated multi-select value and a repeated single answer', () => {
    const repeated = parseOne({
      ...base,
      Answers: [
        { Question: 'WHY', Value: 1 },
        { Question: 'WHY', Value: 1 },
        { Question: 'NPS', Value: 1 },
        { Question: 'NPS', Value: 2 },
      ],
    });
    expect(checkRecord(repeated, catalog).problems).toEqual([{ code: 3108, values: ['WHY=1', 'NPS=2'] }]);
  });
});

describe('codes', () => {
  it("splits 'GROUPCODE;CODE' and collects each code once", () => {
    expect(splitSegment('AGE;Y')).toEqual({ groupCode: 'AGE', code: 'Y' });
    expect(splitSegment('AGE;')).toBeUndefined();
    expect(splitSegment(';Y')).toBeUndefined();
    const records = [
      parseOne({ ...base, Segments: ['AGE;Y'], Answers: [] }),
      parseOne({ ...base, TransactionProduct: 'P-1', Segments: ['AGE;Y', 'X'], Answers: [] }),
    ];
    expect(collectCodes(records)).toEqual({
      channels: ['BR-1'],
      products: ['P-1'],
      transactionTypes: [],
      employees: [],
      locations: [],
      segments: [{ groupCode: 'AGE', code: 'Y' }],
    });
  });
});
