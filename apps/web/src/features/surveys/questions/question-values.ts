import {
  CHOICE_IMAGE_MIME_TYPES,
  ErrorCode,
  QUESTION_LIMITS,
  isMatrixQuestionType,
  type AnswerScaleTemplate,
  type ChoiceType,
  type FormatType,
  type QuestionDetail,
  type QuestionSave,
  type QuestionTypeName,
} from '@loupe/contracts';

/*
 * The question form's values and the client-side checks that mirror the server's rules (surveys spec §5,
 * contracts question.schema.ts), pure so they are tested without a browser. The checks answer error codes, so
 * the form words them with the same texts as the server's refusals.
 */

/** A choice row of the form: its order is its place in the list. */
export type ChoiceValues = {
  Id?: number;
  Label: string;
  Value: number | null;
  IsDeleted: boolean;
  /** A newly chosen picture as a data URL; undefined keeps the stored one. */
  Image?: string;
  /** The stored picture's API path. */
  ImageUrl: string | null;
  /** Answers that chose this value: then the value is read-only. */
  AnswerCount: number;
};

export type SubQuestionValues = {
  Id?: number;
  Text: string;
  IntegrationCode: string;
  AnswerCount: number;
};

export type QuestionValues = {
  Text: string;
  QuestionTypeName: QuestionTypeName;
  ExperienceId: number | null;
  Scale: 11 | 5 | null;
  FormatType: FormatType | null;
  ChoiceType: ChoiceType;
  Multiline: boolean;
  Required: boolean;
  AllowComment: boolean;
  IsMeasurement: boolean;
  IntegrationCode: string;
  Choices: ChoiceValues[];
  SubQuestions: SubQuestionValues[];
};

/** An open-ended question has no choices; the others need some. */
export const isOpenEnded = (type: QuestionTypeName): boolean => type === 'OETX';
export const isMatrix = (type: QuestionTypeName): boolean => isMatrixQuestionType(type);

const asScale = (scale: number | null): 11 | 5 | null => (scale === 11 || scale === 5 ? scale : null);

/** The form's values of a stored question, or of a new one (single choice, no scale). */
export function questionValuesOf(question?: QuestionDetail): QuestionValues {
  if (!question)
    return {
      Text: '',
      QuestionTypeName: 'MCSS',
      ExperienceId: null,
      Scale: null,
      FormatType: null,
      ChoiceType: 0,
      Multiline: false,
      Required: false,
      AllowComment: false,
      IsMeasurement: false,
      IntegrationCode: '',
      Choices: [],
      SubQuestions: [],
    };
  return {
    Text: question.Text,
    QuestionTypeName: question.QuestionTypeName,
    ExperienceId: question.ExperienceId,
    Scale: asScale(question.Scale),
    FormatType: question.FormatType,
    ChoiceType: question.ChoiceType as ChoiceType,
    Multiline: question.Multiline,
    Required: question.Required,
    AllowComment: question.AllowComment,
    IsMeasurement: question.IsMeasurement,
    IntegrationCode: question.IntegrationCode ?? '',
    Choices: [...question.Choices]
      .sort((a, b) => a.Order - b.Order)
      .map((choice) => ({
        Id: choice.Id,
        Label: choice.Label,
        Value: choice.Value,
        IsDeleted: choice.IsDeleted,
        ImageUrl: choice.ImageUrl,
        AnswerCount: choice.AnswerCount,
      })),
    SubQuestions: question.SubQuestions.map((sub) => ({
      Id: sub.Id,
      Text: sub.Text,
      IntegrationCode: sub.IntegrationCode ?? '',
      AnswerCount: sub.AnswerCount,
    })),
  };
}

const blankToNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/** The body of `POST|PUT /api/questions`: what the type does not use is left out. */
export function questionSaveBody(values: QuestionValues): QuestionSave {
  const type = values.QuestionTypeName;
  const openEnded = isOpenEnded(type);
  return {
    Text: values.Text.trim(),
    QuestionTypeName: type,
    ExperienceId: values.ExperienceId ?? null,
    Scale: openEnded ? null : values.Scale,
    FormatType: openEnded ? (values.FormatType ?? 'Text') : null,
    ChoiceType: openEnded ? 0 : values.ChoiceType,
    Multiline: openEnded && values.Multiline,
    Required: values.Required,
    AllowComment: values.AllowComment,
    IsMeasurement: values.IsMeasurement,
    IntegrationCode: blankToNull(values.IntegrationCode),
    Choices: openEnded
      ? []
      : values.Choices.map((choice, order) => ({
          ...(choice.Id === undefined ? {} : { Id: choice.Id }),
          Label: choice.Label.trim(),
          Value: choice.Value ?? 0,
          Order: order,
          IsDeleted: choice.IsDeleted,
          ...(choice.Image === undefined || values.ChoiceType !== 4 ? {} : { Image: choice.Image }),
        })),
    SubQuestions: isMatrix(type)
      ? values.SubQuestions.map((sub) => ({
          ...(sub.Id === undefined ? {} : { Id: sub.Id }),
          Text: sub.Text.trim(),
          IntegrationCode: blankToNull(sub.IntegrationCode),
        }))
      : [],
  };
}

/** A problem of the choices or sub-questions as a whole, with the code of the server's refusal. */
export type ListProblem = { code: ErrorCode };

/** The choice counts the server refuses: at least one, a matrix group 2-11 (deleted ones do not count). */
export function choicesProblem(
  values: Pick<QuestionValues, 'QuestionTypeName' | 'Choices'>,
): ListProblem | null {
  if (isOpenEnded(values.QuestionTypeName)) return null;
  const live = values.Choices.filter((choice) => !choice.IsDeleted).length;
  if (isMatrix(values.QuestionTypeName)) {
    if (live < QUESTION_LIMITS.matrixChoicesMin || live > QUESTION_LIMITS.matrixChoicesMax)
      return { code: ErrorCode.MatrixChoiceCount };
  } else if (live < 1) return { code: ErrorCode.ChoiceRequired };
  return null;
}

/** A matrix group's 2-10 sub-questions. */
export function subQuestionsProblem(
  values: Pick<QuestionValues, 'QuestionTypeName' | 'SubQuestions'>,
): ListProblem | null {
  if (!isMatrix(values.QuestionTypeName)) return null;
  const count = values.SubQuestions.length;
  return count < QUESTION_LIMITS.subQuestionsMin || count > QUESTION_LIMITS.subQuestionsMax
    ? { code: ErrorCode.MatrixSubQuestionCount }
    : null;
}

/** The places of choices whose value another choice of the question has too (deleted ones included). */
export function duplicateValueIndexes(choices: readonly Pick<ChoiceValues, 'Value'>[]): Set<number> {
  const seen = new Map<number, number[]>();
  choices.forEach((choice, index) => {
    if (choice.Value === null) return;
    seen.set(choice.Value, [...(seen.get(choice.Value) ?? []), index]);
  });
  return new Set([...seen.values()].filter((indexes) => indexes.length > 1).flat());
}

/** A template's choices as new rows (in the template's order). */
export function templateChoices(template: AnswerScaleTemplate): ChoiceValues[] {
  return [...template.Choices]
    .sort((a, b) => a.Order - b.Order)
    .map((choice) => ({
      Label: choice.Label,
      Value: choice.Value,
      IsDeleted: false,
      ImageUrl: null,
      AnswerCount: 0,
    }));
}

/** The next free value for a new choice: one more than the greatest (0 for the first). */
export function nextChoiceValue(choices: readonly Pick<ChoiceValues, 'Value'>[]): number {
  const values = choices.map((choice) => choice.Value).filter((value) => value !== null);
  return values.length === 0 ? 0 : Math.max(...values) + 1;
}

/** Why a picked file cannot be a choice's picture (4028's rule), or null when it can. */
export function choiceImageProblem(file: { type: string; size: number }): ErrorCode | null {
  const types: readonly string[] = CHOICE_IMAGE_MIME_TYPES;
  return types.includes(file.type) && file.size <= QUESTION_LIMITS.imageBytesMax
    ? null
    : ErrorCode.ChoiceImageInvalid;
}
