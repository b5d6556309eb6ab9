import { describe, expect, it } from 'vitest';
import {
  answerProblems,
  buildFlow,
  mergeAnswers,
  missingRequired,
  savedAnswers,
  shownQuestions,
  storedRows,
} from './respondent-flow.js';
import type { FlowChoiceRow, FlowQuestionRow } from './respondent.repository.js';

const question = (row: Partial<FlowQuestionRow> & { id: number; type: string }): FlowQuestionRow => ({
  parent_id: null,
  text: `Q${row.id}`,
  scale: null,
  choice_type: 0,
  format_type: null,
  multiline: false,
  required: false,
  allow_comment: false,
  page_break_after: false,
  display_logic: null,
  ...row,
});
const choices = (questionId: number, values: number[]): FlowChoiceRow[] =>
  values.map((value) => ({
    id: questionId * 100 + value,
    question_id: questionId,
    value,
    label: `C${value}`,
    has_image: value === 1,
  }));

// 1 NPS (required) | 2 follow-up (shown for 0-6, required), 3 ranking group (rows 31, 32), 4 text with comment
const flow = buildFlow(
  [
    question({ id: 1, type: 'MCSS', scale: 11, required: true, page_break_after: true }),
    question({
      id: 2,
      type: 'MCSS',
      required: true,
      display_logic: { QuestionId: 1, Values: [0, 1, 2, 3, 4, 5, 6] },
    }),
    question({ id: 3, type: 'MXRO' }),
    question({ id: 4, type: 'OETX' }),
    question({ id: 31, type: 'MCSS', parent_id: 3 }),
    question({ id: 32, type: 'MCSS', parent_id: 3 }),
  ],
  [...choices(2, [1, 2]), ...choices(3, [1, 2, 3])],
  (id) => `/img/${id}`,
);

describe('respondent flow', () => {
  it('splits pages at page breaks and answers matrix rows on the group’s choices', () => {
    expect(flow.pages.map((page) => page.map((q) => q.Id))).toEqual([[1], [2, 3, 4]]);
    expect(flow.pages[1]![0]!.Choices[0]).toEqual({ Value: 1, Label: 'C1', ImageUrl: '/img/201' });
    expect(flow.targets.get(31)).toMatchObject({ type: 'MXRO', choiceValues: [1, 2, 3], page: 1, topId: 3 });
    expect(flow.targets.has(3)).toBe(false);
  });

  it('finds what an answer may not say', () => {
    expect(
      answerProblems(flow, [
        { QuestionId: 1, Value: 10 },
        { QuestionId: 31, Values: [2, 3, 1] },
      ]),
    ).toEqual([]);
    expect(answerProblems(flow, [{ QuestionId: 1, Value: 11 }]).map((p) => p.Problem)).toEqual([
      'value not offered',
    ]);
    expect(answerProblems(flow, [{ QuestionId: 31, Values: [1, 2] }]).map((p) => p.Problem)).toEqual([
      'a ranking orders every choice',
    ]);
    expect(answerProblems(flow, [{ QuestionId: 3, Values: [1, 2, 3] }]).map((p) => p.Problem)).toEqual([
      'not a question of this survey',
    ]);
  });

  it('shows a follow-up only for the matching answers and requires it then', () => {
    expect(shownQuestions(flow, [{ QuestionId: 1, Value: 9 }]).has(2)).toBe(false);
    expect(shownQuestions(flow, [{ QuestionId: 1, Value: 3 }]).has(2)).toBe(true);
    const all = new Set([0, 1]);
    expect(missingRequired(flow, [{ QuestionId: 1, Value: 3 }], all)).toEqual([2]);
    expect(missingRequired(flow, [{ QuestionId: 1, Value: 9 }], all)).toEqual([]);
    expect(missingRequired(flow, [], new Set([1]))).toEqual([]);
    expect(missingRequired(flow, [], all)).toEqual([1]);
  });

  it('stores one row per value with the comment on the first, and reads them back in order', () => {
    const rows = storedRows(flow, { QuestionId: 31, Values: [3, 1, 2] });
    expect(rows.map((row) => row.choiceValue)).toEqual([3, 1, 2]);
    const back = savedAnswers(
      flow,
      rows.map((row) => ({ question_id: row.questionId, choice_value: row.choiceValue, text: row.text })),
    );
    expect(back).toEqual([{ QuestionId: 31, Values: [3, 1, 2] }]);
    expect(storedRows(flow, { QuestionId: 1, Value: 7 })).toEqual([
      { questionId: 1, choiceValue: 7, score: 7, text: null },
    ]);
    expect(storedRows(flow, { QuestionId: 4, Text: '  ' })).toEqual([]);
    expect(mergeAnswers([{ QuestionId: 1, Value: 3 }], [{ QuestionId: 1, Value: 9 }])).toEqual([
      { QuestionId: 1, Value: 9 },
    ]);
  });
});
