import { ENGLISH_ANSWER_SCALE_TEMPLATES, ErrorCode, type QuestionDetail } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import {
  choiceImageProblem,
  choicesProblem,
  duplicateValueIndexes,
  nextChoiceValue,
  questionSaveBody,
  questionValuesOf,
  subQuestionsProblem,
  templateChoices,
  type ChoiceValues,
} from './question-values';

const choice = (Value: number | null, IsDeleted = false): ChoiceValues => ({
  Label: `c${Value}`,
  Value,
  IsDeleted,
  ImageUrl: null,
  AnswerCount: 0,
});

const stored: QuestionDetail = {
  Id: 7,
  Text: 'How likely?',
  QuestionTypeName: 'MCSS',
  ExperienceId: 101,
  Scale: 11,
  FormatType: null,
  ChoiceType: 4,
  Multiline: false,
  Required: true,
  AllowComment: false,
  IsMeasurement: true,
  IntegrationCode: 'NPS1',
  SurveyId: null,
  SurveyTitle: null,
  Choices: [
    {
      Id: 2,
      Label: 'B',
      Value: 2,
      Order: 1,
      IsDeleted: false,
      ImageUrl: '/api/questions/7/choices/2/image',
      AnswerCount: 3,
    },
    { Id: 1, Label: 'A', Value: 1, Order: 0, IsDeleted: false, ImageUrl: null, AnswerCount: 0 },
  ],
  SubQuestions: [],
  AnswerCount: 3,
  InUse: false,
};

describe('questionValuesOf and questionSaveBody', () => {
  it('orders the stored choices and saves them in the form order, a new picture only when given', () => {
    const values = questionValuesOf(stored);
    expect(values.Choices.map((c) => c.Label)).toEqual(['A', 'B']);
    values.Choices.reverse();
    values.Choices[0] = { ...values.Choices[0]!, Image: 'data:image/png;base64,AA==' };
    const body = questionSaveBody(values);
    expect(body.Choices).toEqual([
      { Id: 2, Label: 'B', Value: 2, Order: 0, IsDeleted: false, Image: 'data:image/png;base64,AA==' },
      { Id: 1, Label: 'A', Value: 1, Order: 1, IsDeleted: false },
    ]);
    expect(body.IntegrationCode).toBe('NPS1');
    expect(body.SubQuestions).toEqual([]);
  });

  it('drops what an open-ended question does not use and defaults its format to text', () => {
    const values = { ...questionValuesOf(stored), QuestionTypeName: 'OETX' as const, IntegrationCode: '  ' };
    const body = questionSaveBody(values);
    expect(body).toMatchObject({
      Choices: [],
      Scale: null,
      FormatType: 'Text',
      ChoiceType: 0,
      IntegrationCode: null,
    });
  });

  it('sends the sub-questions of a matrix group only, blank codes as null', () => {
    const values = {
      ...questionValuesOf(),
      QuestionTypeName: 'MXSS' as const,
      SubQuestions: [{ Text: ' Staff ', IntegrationCode: '', AnswerCount: 0 }],
    };
    expect(questionSaveBody(values).SubQuestions).toEqual([{ Text: 'Staff', IntegrationCode: null }]);
    expect(questionSaveBody({ ...values, QuestionTypeName: 'MCMS' }).SubQuestions).toEqual([]);
  });
});

describe('the count rules', () => {
  it('needs a live choice on a choice question (4011), none on an open-ended one', () => {
    expect(choicesProblem({ QuestionTypeName: 'MCSS', Choices: [choice(1, true)] })).toEqual({
      code: ErrorCode.ChoiceRequired,
    });
    expect(choicesProblem({ QuestionTypeName: 'MCSS', Choices: [choice(1)] })).toBeNull();
    expect(choicesProblem({ QuestionTypeName: 'OETX', Choices: [] })).toBeNull();
  });

  it('needs 2 to 11 live choices on a matrix group (4010)', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => choice(i));
    expect(choicesProblem({ QuestionTypeName: 'MXMD', Choices: many(1) })?.code).toBe(
      ErrorCode.MatrixChoiceCount,
    );
    expect(choicesProblem({ QuestionTypeName: 'MXMD', Choices: many(2) })).toBeNull();
    expect(choicesProblem({ QuestionTypeName: 'MXMD', Choices: many(11) })).toBeNull();
    expect(choicesProblem({ QuestionTypeName: 'MXMD', Choices: many(12) })?.code).toBe(
      ErrorCode.MatrixChoiceCount,
    );
  });

  it('needs 2 to 10 sub-questions on a matrix group (4009)', () => {
    const subs = (n: number) =>
      Array.from({ length: n }, () => ({ Text: 's', IntegrationCode: '', AnswerCount: 0 }));
    expect(subQuestionsProblem({ QuestionTypeName: 'MXRO', SubQuestions: subs(1) })?.code).toBe(
      ErrorCode.MatrixSubQuestionCount,
    );
    expect(subQuestionsProblem({ QuestionTypeName: 'MXRO', SubQuestions: subs(10) })).toBeNull();
    expect(subQuestionsProblem({ QuestionTypeName: 'MXRO', SubQuestions: subs(11) })?.code).toBe(
      ErrorCode.MatrixSubQuestionCount,
    );
    expect(subQuestionsProblem({ QuestionTypeName: 'MCSS', SubQuestions: [] })).toBeNull();
  });
});

describe('choice values', () => {
  it('finds every choice of a repeated value (4012), deleted ones too, blanks ignored', () => {
    expect([
      ...duplicateValueIndexes([choice(1), choice(2), choice(1, true), choice(null), choice(null)]),
    ]).toEqual([0, 2]);
    expect(duplicateValueIndexes([choice(0), choice(1)]).size).toBe(0);
  });

  it('proposes one more than the greatest value', () => {
    expect(nextChoiceValue([])).toBe(0);
    expect(nextChoiceValue([choice(3), choice(null), choice(-1)])).toBe(4);
  });

  it('fills the NPS 0 to 10 template as eleven new choices in order', () => {
    const nps = ENGLISH_ANSWER_SCALE_TEMPLATES.find((template) => template.Name === 'NPS 0 to 10')!;
    const choices = templateChoices(nps);
    expect(choices.map((c) => c.Value)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(choices.every((c) => c.Id === undefined && !c.IsDeleted)).toBe(true);
  });
});

describe('choiceImageProblem', () => {
  it('takes PNG, JPEG, GIF and WebP up to 512 KB, refuses the rest with 4028', () => {
    expect(choiceImageProblem({ type: 'image/png', size: 512 * 1024 })).toBeNull();
    expect(choiceImageProblem({ type: 'image/webp', size: 10 })).toBeNull();
    expect(choiceImageProblem({ type: 'image/png', size: 512 * 1024 + 1 })).toBe(
      ErrorCode.ChoiceImageInvalid,
    );
    expect(choiceImageProblem({ type: 'image/svg+xml', size: 10 })).toBe(ErrorCode.ChoiceImageInvalid);
  });
});
