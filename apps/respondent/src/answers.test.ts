import type { PublicQuestion, PublicSurvey } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import { choicesOf, pagePost, pageProblems, shownIds, topIdsOf, visiblePages } from './answers';

const question = (Id: number, extra: Partial<PublicQuestion> = {}): PublicQuestion => ({
  Id,
  Text: `Q${Id}`,
  QuestionTypeName: 'MCSS',
  Scale: null,
  ChoiceType: 0,
  FormatType: null,
  Multiline: false,
  Required: false,
  AllowComment: false,
  Choices: [1, 2, 3].map((Value) => ({ Value, Label: `C${Value}`, ImageUrl: null })),
  SubQuestions: [],
  DisplayLogic: null,
  ...extra,
});

// Page 0: NPS (required, 0-10 without choices); page 1: why (shown for 0-6, required), a matrix (rows 31, 32).
const nps = question(1, { Scale: 11, Choices: [], Required: true });
const why = question(2, {
  QuestionTypeName: 'OETX',
  Choices: [],
  Required: true,
  DisplayLogic: { QuestionId: 1, Values: [0, 1, 2, 3, 4, 5, 6] },
});
const matrix = question(3, {
  QuestionTypeName: 'MXSS',
  Required: true,
  SubQuestions: [
    { Id: 31, Text: 'R1' },
    { Id: 32, Text: 'R2' },
  ],
});
const email = question(4, { QuestionTypeName: 'OETX', Choices: [], FormatType: 'Email' });
const survey = { Pages: [[nps], [why], [matrix, email]] } as PublicSurvey;
const answers = (...list: { QuestionId: number; Value?: number; Text?: string }[]) =>
  new Map(list.map((answer) => [answer.QuestionId, answer]));

describe('the respondent page’s answers', () => {
  it('offers a scale’s points when a scored question has no choices', () => {
    expect(choicesOf(nps).map((choice) => choice.Value)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(choicesOf(question(9, { Scale: 5, Choices: [] })).map((c) => c.Label)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    expect(choicesOf(matrix)).toHaveLength(3);
  });

  it('shows a question by display logic and skips a page it empties', () => {
    const promoter = shownIds(survey, answers({ QuestionId: 1, Value: 9 }));
    expect(promoter.has(2)).toBe(false);
    expect(visiblePages(survey, promoter)).toEqual([0, 2]);
    const detractor = shownIds(survey, answers({ QuestionId: 1, Value: 3 }));
    expect(visiblePages(survey, detractor)).toEqual([0, 1, 2]);
  });

  it('says which shown questions are required, which rows are missing and which formats are wrong', () => {
    const shown = shownIds(survey, answers({ QuestionId: 1, Value: 3 }));
    expect(pageProblems([nps], answers(), shown)).toEqual(new Map([[1, 'required']]));
    expect(pageProblems([why], answers({ QuestionId: 2, Text: '  ' }), shown)).toEqual(
      new Map([[2, 'required']]),
    );
    expect(pageProblems([matrix], answers({ QuestionId: 31, Value: 1 }), shown)).toEqual(
      new Map([[3, 'requiredRows']]),
    );
    expect(pageProblems([matrix], answers(), shown)).toEqual(new Map([[3, 'required']]));
    expect(pageProblems([email], answers({ QuestionId: 4, Text: 'not-an-address' }), shown)).toEqual(
      new Map([[4, 'formatEmail']]),
    );
    expect(pageProblems([email], answers({ QuestionId: 4, Text: 'a@b.example' }), shown).size).toBe(0);
    // A hidden required question asks for nothing.
    const hidden = shownIds(survey, answers({ QuestionId: 1, Value: 9 }));
    expect(pageProblems([why], answers(), hidden).size).toBe(0);
  });

  it('posts every answerable id of a page, clearing the answers of hidden questions', () => {
    const given = answers(
      { QuestionId: 1, Value: 9 },
      { QuestionId: 2, Text: 'slow' },
      { QuestionId: 31, Value: 2 },
    );
    const shown = shownIds(survey, given);
    expect(pagePost([why], given, shown)).toEqual([{ QuestionId: 2 }]);
    expect(pagePost([matrix, email], given, shown)).toEqual([
      { QuestionId: 31, Value: 2 },
      { QuestionId: 32 },
      { QuestionId: 4 },
    ]);
  });

  it('maps the rows a 4034 names to their group', () => {
    expect(topIdsOf(survey, [31, 32, 1])).toEqual([3, 1]);
  });
});
