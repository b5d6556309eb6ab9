import { describe, expect, it } from 'vitest';
import {
  addRefusal,
  flowSaves,
  moveQuestion,
  pagesOf,
  removeQuestion,
  type FlowDraft,
  type FlowQuestionDraft,
} from './flow-model';

const question = (id: number, extra: Partial<FlowQuestionDraft> = {}): FlowQuestionDraft => ({
  QuestionId: id,
  Text: `Q${id}`,
  QuestionTypeName: 'MCSS',
  ExperienceId: null,
  IsMeasurement: false,
  PageBreakAfter: false,
  DisplayLogic: null,
  ...extra,
});

describe('moveQuestion', () => {
  it('moves a question and drops display logic that would name a later question', () => {
    const questions = [
      question(1),
      question(2, { DisplayLogic: { QuestionId: 1, Values: [9, 10] } }),
      question(3),
    ];
    const moved = moveQuestion(questions, 1, 0);
    expect(moved.map((q) => q.QuestionId)).toEqual([2, 1, 3]);
    expect(moved[0]?.DisplayLogic).toBeNull();
  });

  it('keeps display logic on an earlier question', () => {
    const questions = [
      question(1),
      question(2),
      question(3, { DisplayLogic: { QuestionId: 1, Values: [1] } }),
    ];
    expect(moveQuestion(questions, 1, 2)[1]?.DisplayLogic).toEqual({ QuestionId: 1, Values: [1] });
  });
});

describe('removeQuestion', () => {
  it('drops the display logic that named the removed question', () => {
    const questions = [question(1), question(2, { DisplayLogic: { QuestionId: 1, Values: [1] } })];
    expect(removeQuestion(questions, 1)).toEqual([question(2)]);
  });
});

describe('pagesOf', () => {
  it('ends a page after each page break, never with an empty last page', () => {
    const pages = pagesOf([
      question(1),
      question(2, { PageBreakAfter: true }),
      question(3, { PageBreakAfter: true }),
    ]);
    expect(pages.map((page) => page.map((q) => q.QuestionId))).toEqual([[1, 2], [3]]);
  });
});

describe('addRefusal', () => {
  const flow: FlowDraft = {
    key: 'a',
    Name: 'A',
    IsActive: true,
    Questions: [question(1, { IsMeasurement: true, ExperienceId: 101 })],
  };

  it('refuses a question already placed in the survey (4025)', () => {
    expect(addRefusal([flow], flow, question(1))).toBe('placedTwice');
  });

  it('refuses a second measurement question of one experience (4013)', () => {
    expect(addRefusal([flow], flow, question(2, { IsMeasurement: true, ExperienceId: 101 }))).toBe(
      'measurementTwice',
    );
    expect(addRefusal([flow], flow, question(2, { IsMeasurement: true, ExperienceId: 102 }))).toBeUndefined();
  });

  it('refuses a question over the per-type maximum (4014)', () => {
    const full: FlowDraft = {
      ...flow,
      Questions: Array.from({ length: 10 }, (_, i) => question(i + 10, { QuestionTypeName: 'MXMD' })),
    };
    expect(addRefusal([full], full, question(99, { QuestionTypeName: 'MXMD' }))).toBe('typeFull');
  });
});

describe('flowSaves', () => {
  it('sends the ids, trimmed names and question order', () => {
    expect(
      flowSaves([{ key: 'f', Id: 4, Name: ' Main ', IsActive: true, Questions: [question(2), question(1)] }]),
    ).toEqual([
      {
        Id: 4,
        Name: 'Main',
        IsActive: true,
        Questions: [
          { QuestionId: 2, PageBreakAfter: false, DisplayLogic: null },
          { QuestionId: 1, PageBreakAfter: false, DisplayLogic: null },
        ],
      },
    ]);
  });
});
