import type { DisplayLogic } from '../surveys/survey.schema.js';
import type { PublicAnswer, PublicSurvey } from './public-survey.schema.js';

/*
 * The respondent flow's rules that the server (modules/respondent/respondent-flow.ts) and the respondent page
 * (apps/respondent) must apply alike: when an answer counts as given and which questions display logic shows.
 * Plain functions without zod, so the page's small bundle can take them.
 */

/** Whether an answer gives something: a value, at least one of several, or a non-blank text. A comment alone does not. */
export function isAnswerGiven(answer: PublicAnswer | undefined): boolean {
  return (
    answer !== undefined &&
    (answer.Value !== undefined || (answer.Values?.length ?? 0) > 0 || (answer.Text ?? '').trim() !== '')
  );
}

/** A top-level question and its display logic, in flow order. */
export type FlowLogic = { id: number; displayLogic: DisplayLogic | null };

/**
 * The top-level questions display logic shows, given the answers: a question shows when it has no logic, or when
 * its source question (a top-level question or a matrix row, whose group is its `topOf`) is itself shown and one
 * of the source's chosen values is among the logic's values. A hidden question hides its dependants.
 */
export function shownQuestionIds(
  logic: readonly FlowLogic[],
  topOf: (questionId: number) => number | undefined,
  answers: readonly PublicAnswer[],
): Set<number> {
  const byId = new Map(answers.map((answer) => [answer.QuestionId, answer]));
  const shown = new Set<number>();
  for (const { id, displayLogic } of logic) {
    if (!displayLogic) {
      shown.add(id);
      continue;
    }
    const sourceTop = topOf(displayLogic.QuestionId);
    const answer = byId.get(displayLogic.QuestionId);
    const chosen = [...(answer?.Value === undefined ? [] : [answer.Value]), ...(answer?.Values ?? [])];
    if (
      sourceTop !== undefined &&
      shown.has(sourceTop) &&
      chosen.some((value) => displayLogic.Values.includes(value))
    ) {
      shown.add(id);
    }
  }
  return shown;
}

/** The flow logic and the question -> top-level question map of a survey's pages, as the page receives them. */
export function pagesLogic(pages: PublicSurvey['Pages']): {
  logic: FlowLogic[];
  topOf: (questionId: number) => number | undefined;
} {
  const tops = new Map<number, number>();
  const logic: FlowLogic[] = [];
  for (const question of pages.flat()) {
    logic.push({ id: question.Id, displayLogic: question.DisplayLogic });
    tops.set(question.Id, question.Id);
    for (const row of question.SubQuestions) tops.set(row.Id, question.Id);
  }
  return { logic, topOf: (questionId) => tops.get(questionId) };
}

/**
 * The message type a respondent page posts to its parent window (`window.parent.postMessage({ type, guid },
 * origin)`) when the survey is completed: the console's feedback dialog hides its button on it.
 */
export const SURVEY_FINISHED_MESSAGE = 'loupe:survey-completed';
