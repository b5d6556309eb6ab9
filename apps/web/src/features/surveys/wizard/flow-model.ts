import {
  SURVEY_LIMITS,
  type DisplayLogic,
  type FlowSave,
  type QuestionTypeName,
  type SurveyDetail,
} from '@loupe/contracts';

/*
 * The flow-design step's model: flows as the wizard edits them and the pure moves on them (tested beside it).
 * The server checks every rule again (4013-4015, 4025); these keep the screen from offering what it would refuse.
 */

export type FlowQuestionDraft = {
  QuestionId: number;
  Text: string;
  QuestionTypeName: string;
  ExperienceId: number | null;
  IsMeasurement: boolean;
  PageBreakAfter: boolean;
  DisplayLogic: DisplayLogic | null;
};

export type FlowDraft = {
  /** A stable key for the screen (the id once saved). */
  key: string;
  Id?: number;
  Name: string;
  IsActive: boolean;
  Questions: FlowQuestionDraft[];
};

export function flowDraftsOf(survey: SurveyDetail | undefined, defaultName: string): FlowDraft[] {
  const flows = survey?.Flows ?? [];
  if (flows.length === 0) return [{ key: 'new-1', Name: defaultName, IsActive: true, Questions: [] }];
  return flows.map((flow) => ({
    key: `flow-${flow.Id}`,
    Id: flow.Id,
    Name: flow.Name,
    IsActive: flow.IsActive,
    Questions: flow.Questions.map((question) => ({ ...question })),
  }));
}

/** The `Flows` of the step's save. */
export function flowSaves(flows: readonly FlowDraft[]): FlowSave[] {
  return flows.map((flow) => ({
    ...(flow.Id === undefined ? {} : { Id: flow.Id }),
    Name: flow.Name.trim(),
    IsActive: flow.IsActive,
    Questions: flow.Questions.map((question) => ({
      QuestionId: question.QuestionId,
      PageBreakAfter: question.PageBreakAfter,
      DisplayLogic: question.DisplayLogic,
    })),
  }));
}

/** Moves the question at `from` to `to`; display logic that would then name a later question is dropped. */
export function moveQuestion(
  questions: readonly FlowQuestionDraft[],
  from: number,
  to: number,
): FlowQuestionDraft[] {
  const next = [...questions];
  const [moved] = next.splice(from, 1);
  if (!moved) return [...questions];
  next.splice(to, 0, moved);
  return withValidLogic(next);
}

/** Removes a question; display logic on it goes with it. */
export function removeQuestion(
  questions: readonly FlowQuestionDraft[],
  questionId: number,
): FlowQuestionDraft[] {
  return withValidLogic(questions.filter((question) => question.QuestionId !== questionId));
}

function withValidLogic(questions: FlowQuestionDraft[]): FlowQuestionDraft[] {
  return questions.map((question, index) => {
    const logic = question.DisplayLogic;
    if (!logic) return question;
    const earlier = questions.slice(0, index).some((other) => other.QuestionId === logic.QuestionId);
    return earlier ? question : { ...question, DisplayLogic: null };
  });
}

/** The questions before `index`: what display logic may name. */
export function earlierQuestions(
  questions: readonly FlowQuestionDraft[],
  index: number,
): FlowQuestionDraft[] {
  return questions.slice(0, index);
}

/** The preview's pages: a page ends after a question with a page break (the last page ends the flow). */
export function pagesOf<Q extends { PageBreakAfter: boolean }>(questions: readonly Q[]): Q[][] {
  const pages: Q[][] = [[]];
  questions.forEach((question, index) => {
    pages[pages.length - 1]?.push(question);
    if (question.PageBreakAfter && index < questions.length - 1) pages.push([]);
  });
  return pages.filter((page) => page.length > 0);
}

/** Why a question cannot be added to the flow, or undefined when it can (the server's 4013, 4014, 4025). */
export type AddRefusal = 'placedTwice' | 'flowFull' | 'typeFull' | 'measurementTwice';

export function addRefusal(
  flows: readonly FlowDraft[],
  flow: FlowDraft,
  question: Pick<FlowQuestionDraft, 'QuestionId' | 'QuestionTypeName' | 'IsMeasurement' | 'ExperienceId'>,
): AddRefusal | undefined {
  if (flows.some((other) => other.Questions.some((q) => q.QuestionId === question.QuestionId)))
    return 'placedTwice';
  if (flow.Questions.length >= SURVEY_LIMITS.questionsPerFlowMax) return 'flowFull';
  const typeMax = SURVEY_LIMITS.questionsPerTypeMax[question.QuestionTypeName as QuestionTypeName];
  const ofType = flow.Questions.filter((q) => q.QuestionTypeName === question.QuestionTypeName).length;
  if (typeMax !== undefined && ofType >= typeMax) return 'typeFull';
  if (
    question.IsMeasurement &&
    flow.Questions.some((q) => q.IsMeasurement && q.ExperienceId === question.ExperienceId)
  )
    return 'measurementTwice';
  return undefined;
}
