import {
  isAnswerGiven,
  shownQuestionIds,
  type FlowLogic,
  type PublicAnswer,
  type PublicQuestion,
  type QuestionTypeName,
} from '@loupe/contracts';
import { scoreOf, type StoredAnswer } from '../responses/index.js';
import type { FlowChoiceRow, FlowQuestionRow, SavedAnswerRow } from './respondent.repository.js';

/*
 * A survey flow as the respondent page walks it, without the database: its pages, what each answerable question
 * accepts, which questions display logic shows, and the rows a page's answers are stored as.
 */

/** A question an answer may name: a top-level question or a matrix row (answered on its group's choices). */
type AnswerTarget = {
  id: number;
  /** The group's type for a matrix row. */
  type: QuestionTypeName;
  scale: number | null;
  choiceValues: number[];
  allowComment: boolean;
  required: boolean;
  /** The top-level question (the group for a row): its page and display logic decide. */
  topId: number;
  page: number;
};

export type RespondentFlow = {
  pages: PublicQuestion[][];
  targets: Map<number, AnswerTarget>;
  /** Top-level question id -> its display logic, in flow order. */
  logic: FlowLogic[];
};

const SINGLE_VALUE: readonly QuestionTypeName[] = ['MCSS', 'MXSS', 'MXGD'];
const MULTI_VALUE: readonly QuestionTypeName[] = ['MCMS', 'MXMD', 'MXRO'];

/** The flow's pages (a page ends after a question with a page break) and its answer targets. */
export function buildFlow(
  questions: FlowQuestionRow[],
  choices: FlowChoiceRow[],
  imageUrl: (choiceId: number) => string,
): RespondentFlow {
  const choicesOf = new Map<number, FlowChoiceRow[]>();
  for (const choice of choices) {
    choicesOf.set(choice.question_id, [...(choicesOf.get(choice.question_id) ?? []), choice]);
  }
  const rowsOf = new Map<number, FlowQuestionRow[]>();
  for (const question of questions) {
    if (question.parent_id !== null) {
      rowsOf.set(question.parent_id, [...(rowsOf.get(question.parent_id) ?? []), question]);
    }
  }
  const pages: PublicQuestion[][] = [[]];
  const targets = new Map<number, AnswerTarget>();
  const logic: RespondentFlow['logic'] = [];
  for (const question of questions.filter((q) => q.parent_id === null)) {
    const type = question.type as QuestionTypeName;
    const own = choicesOf.get(question.id) ?? [];
    const subQuestions = rowsOf.get(question.id) ?? [];
    const page = pages.length - 1;
    pages[page]!.push({
      Id: question.id,
      Text: question.text,
      QuestionTypeName: type,
      Scale: question.scale,
      ChoiceType: question.choice_type,
      FormatType: question.format_type,
      Multiline: question.multiline,
      Required: question.required,
      AllowComment: question.allow_comment,
      Choices: own.map((choice) => ({
        Value: choice.value,
        Label: choice.label,
        ImageUrl: choice.has_image ? imageUrl(choice.id) : null,
      })),
      SubQuestions: subQuestions.map((row) => ({ Id: row.id, Text: row.text })),
      DisplayLogic: question.display_logic,
    });
    logic.push({ id: question.id, displayLogic: question.display_logic });
    const answerable = type.startsWith('MX') ? subQuestions : [question];
    for (const row of answerable) {
      const rowChoices = choicesOf.get(row.id) ?? own;
      targets.set(row.id, {
        id: row.id,
        type,
        scale: row.scale ?? question.scale,
        choiceValues: rowChoices.map((choice) => choice.value),
        allowComment: question.allow_comment,
        required: question.required || row.required,
        topId: question.id,
        page,
      });
    }
    if (question.page_break_after) pages.push([]);
  }
  if (pages.length > 1 && pages.at(-1)!.length === 0) pages.pop();
  return { pages, targets, logic };
}

/** Why an answer is refused, for the 4035 answer's details. */
export type AnswerProblem = { QuestionId: number; Problem: string };

const hasValue = isAnswerGiven;

/** The problems of posted answers against the flow; none means every answer may be stored. */
export function answerProblems(flow: RespondentFlow, posted: readonly PublicAnswer[]): AnswerProblem[] {
  const problems: AnswerProblem[] = [];
  const seen = new Set<number>();
  const problem = (QuestionId: number, Problem: string) => problems.push({ QuestionId, Problem });
  for (const answer of posted) {
    const target = flow.targets.get(answer.QuestionId);
    if (!target) {
      problem(answer.QuestionId, 'not a question of this survey');
      continue;
    }
    if (seen.has(target.id)) problem(target.id, 'answered twice');
    seen.add(target.id);
    if (answer.Comment !== undefined && !target.allowComment) problem(target.id, 'no comment allowed');
    if (answer.Text !== undefined && target.type !== 'OETX') problem(target.id, 'text only on open-ended');
    if (target.type === 'OETX') {
      if (answer.Value !== undefined || answer.Values !== undefined)
        problem(target.id, 'open-ended takes text');
      continue;
    }
    const allowed = (value: number) =>
      target.choiceValues.length > 0
        ? target.choiceValues.includes(value)
        : scoreOf(target.scale, value) !== null;
    if (SINGLE_VALUE.includes(target.type)) {
      if (answer.Values !== undefined) problem(target.id, 'one value expected');
      if (answer.Value !== undefined && !allowed(answer.Value)) problem(target.id, 'value not offered');
      continue;
    }
    if (!MULTI_VALUE.includes(target.type)) continue;
    if (answer.Value !== undefined) problem(target.id, 'values expected');
    const values = answer.Values ?? [];
    if (new Set(values).size !== values.length) problem(target.id, 'value repeated');
    if (!values.every(allowed)) problem(target.id, 'value not offered');
    if (target.type === 'MXRO' && values.length > 0 && values.length !== target.choiceValues.length) {
      problem(target.id, 'a ranking orders every choice');
    }
  }
  return problems;
}

/** The answers after a save: the saved ones, each posted question's replacing its earlier answer. */
export function mergeAnswers(
  saved: readonly PublicAnswer[],
  posted: readonly PublicAnswer[],
): PublicAnswer[] {
  const byId = new Map(saved.map((answer) => [answer.QuestionId, answer]));
  for (const answer of posted) byId.set(answer.QuestionId, answer);
  return [...byId.values()].filter(hasValue);
}

/** The top-level questions display logic shows, given the answers (the rule the respondent page applies too). */
export function shownQuestions(flow: RespondentFlow, answers: readonly PublicAnswer[]): Set<number> {
  return shownQuestionIds(flow.logic, (questionId) => flow.targets.get(questionId)?.topId, answers);
}

/** Required questions (matrix rows) left unanswered on these pages among the shown questions. */
export function missingRequired(
  flow: RespondentFlow,
  answers: readonly PublicAnswer[],
  pages: ReadonlySet<number>,
): number[] {
  const shown = shownQuestions(flow, answers);
  const answered = new Set(answers.filter(hasValue).map((answer) => answer.QuestionId));
  return [...flow.targets.values()]
    .filter((t) => t.required && pages.has(t.page) && shown.has(t.topId) && !answered.has(t.id))
    .map((t) => t.id);
}

/** The rows a posted answer is stored as: one per chosen value (the comment on the first), or the text. */
export function storedRows(flow: RespondentFlow, answer: PublicAnswer): StoredAnswer[] {
  const target = flow.targets.get(answer.QuestionId)!;
  const comment = answer.Comment?.trim() ? answer.Comment : null;
  if (target.type === 'OETX') {
    const text = answer.Text?.trim() ? answer.Text : null;
    return text === null ? [] : [{ questionId: target.id, choiceValue: null, score: null, text }];
  }
  const values = answer.Value !== undefined ? [answer.Value] : (answer.Values ?? []);
  if (values.length === 0) {
    return comment === null ? [] : [{ questionId: target.id, choiceValue: null, score: null, text: comment }];
  }
  return values.map((value, index) => ({
    questionId: target.id,
    choiceValue: value,
    score: scoreOf(target.scale, value),
    text: index === 0 ? comment : null,
  }));
}

/** Saved answer rows back into the page's answers (in stored order, so a ranking keeps its order). */
export function savedAnswers(flow: RespondentFlow, rows: readonly SavedAnswerRow[]): PublicAnswer[] {
  const byQuestion = new Map<number, SavedAnswerRow[]>();
  for (const row of rows) byQuestion.set(row.question_id, [...(byQuestion.get(row.question_id) ?? []), row]);
  const answers: PublicAnswer[] = [];
  for (const [questionId, group] of byQuestion) {
    const target = flow.targets.get(questionId);
    if (!target) continue;
    if (target.type === 'OETX') {
      answers.push({ QuestionId: questionId, Text: group[0]!.text ?? '' });
      continue;
    }
    const values = group.flatMap((row) => (row.choice_value === null ? [] : [row.choice_value]));
    const comment = group.find((row) => row.text !== null)?.text ?? undefined;
    const answer: PublicAnswer = { QuestionId: questionId };
    if (SINGLE_VALUE.includes(target.type)) {
      if (values[0] !== undefined) answer.Value = values[0];
    } else if (values.length > 0) answer.Values = values;
    if (comment !== undefined) answer.Comment = comment;
    answers.push(answer);
  }
  return answers;
}
