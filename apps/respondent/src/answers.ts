import {
  isAnswerGiven,
  pagesLogic,
  shownQuestionIds,
  type PublicAnswer,
  type PublicQuestion,
  type PublicSurvey,
} from '@loupe/contracts';

/*
 * The page's answers as pure functions (unit-tested in answers.test.ts): what a page posts, what it is missing,
 * which pages display logic leaves, with the contracts' rules (the server applies the same ones).
 */

/** The answers by QuestionId (a top-level question or a matrix row). */
export type AnswerMap = ReadonlyMap<number, PublicAnswer>;

export const isMatrix = (question: PublicQuestion) => question.QuestionTypeName.startsWith('MX');

/** The ids an answer may name for a question: a matrix group's rows, else the question itself. */
const answerIds = (question: PublicQuestion): number[] =>
  isMatrix(question) ? question.SubQuestions.map((row) => row.Id) : [question.Id];

/**
 * The choices a question offers: its own, or for a scored question without choices the points of its scale
 * (0-10 for 11, 1-5 for 5), as the server accepts them.
 */
export function choicesOf(question: PublicQuestion): PublicQuestion['Choices'] {
  if (question.Choices.length > 0 || question.Scale === null) return question.Choices;
  const first = question.Scale === 11 ? 0 : 1;
  return Array.from({ length: question.Scale }, (_, index) => ({
    Value: first + index,
    Label: String(first + index),
    ImageUrl: null,
  }));
}

/** The top-level questions display logic shows with these answers. */
export function shownIds(survey: PublicSurvey, answers: AnswerMap): Set<number> {
  const { logic, topOf } = pagesLogic(survey.Pages);
  return shownQuestionIds(logic, topOf, [...answers.values()]);
}

/** The pages that show at least one question, in order (display logic may empty a page). */
export function visiblePages(survey: PublicSurvey, shown: ReadonlySet<number>): number[] {
  return survey.Pages.flatMap((page, index) =>
    page.some((question) => shown.has(question.Id)) ? [index] : [],
  );
}

/**
 * What a page posts: every answerable id on it, with its answer when its question shows, else empty (so an answer
 * given before display logic hid the question is cleared rather than kept).
 */
export function pagePost(page: readonly PublicQuestion[], answers: AnswerMap, shown: ReadonlySet<number>) {
  const posted: PublicAnswer[] = [];
  for (const question of page) {
    for (const id of answerIds(question)) {
      const answer = shown.has(question.Id) ? answers.get(id) : undefined;
      const comment = answer?.Comment?.trim() ? answer.Comment : undefined;
      posted.push({
        QuestionId: id,
        ...(answer?.Value !== undefined ? { Value: answer.Value } : {}),
        ...(answer?.Values?.length ? { Values: answer.Values } : {}),
        ...(answer?.Text?.trim() ? { Text: answer.Text } : {}),
        ...(comment !== undefined ? { Comment: comment } : {}),
      });
    }
  }
  return posted;
}

/** Why a question cannot be left as it is. */
export type Problem =
  'required' | 'requiredRows' | 'formatNumber' | 'formatEmail' | 'formatPhone' | 'formatDate';

const FORMATS: Record<string, { test: RegExp; problem: Problem }> = {
  Number: { test: /^[-+]?\d+([.,]\d+)?$/, problem: 'formatNumber' },
  Email: { test: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, problem: 'formatEmail' },
  Phone: { test: /^\+?[\d\s()-]{5,20}$/, problem: 'formatPhone' },
  Date: { test: /^\d{4}-\d{2}-\d{2}$/, problem: 'formatDate' },
};

/** The problems of a page's shown questions by top-level question id: required answers, then formats. */
export function pageProblems(
  page: readonly PublicQuestion[],
  answers: AnswerMap,
  shown: ReadonlySet<number>,
): Map<number, Problem> {
  const problems = new Map<number, Problem>();
  for (const question of page) {
    if (!shown.has(question.Id)) continue;
    const ids = answerIds(question);
    const missing = ids.filter((id) => !isAnswerGiven(answers.get(id)));
    if (question.Required && missing.length > 0) {
      problems.set(
        question.Id,
        isMatrix(question) && missing.length < ids.length ? 'requiredRows' : 'required',
      );
      continue;
    }
    const format =
      question.QuestionTypeName === 'OETX' && question.FormatType ? FORMATS[question.FormatType] : undefined;
    const text = answers.get(question.Id)?.Text?.trim() ?? '';
    if (format && text !== '' && !format.test.test(text)) problems.set(question.Id, format.problem);
  }
  return problems;
}

/** The top-level questions a 4034 answer names (rows are mapped to their group). */
export function topIdsOf(survey: PublicSurvey, questionIds: readonly number[]): number[] {
  const { topOf } = pagesLogic(survey.Pages);
  return [...new Set(questionIds.flatMap((id) => topOf(id) ?? []))];
}

const keyName = (guid: string) => `loupe.respondent.sessionKey.${guid}`;

/**
 * The key an anonymous session's first save answered, kept per guid so a reload resumes it: in sessionStorage for
 * a once-per-visit link (a new visit starts afresh), in localStorage otherwise.
 */
export function storedSessionKey(guid: string): string | undefined {
  try {
    return sessionStorage.getItem(keyName(guid)) ?? localStorage.getItem(keyName(guid)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the key (for this visit only when `perVisit`), or drops it from both stores when undefined. */
export function storeSessionKey(guid: string, key: string | undefined, perVisit = false): void {
  try {
    if (key === undefined) {
      sessionStorage.removeItem(keyName(guid));
      localStorage.removeItem(keyName(guid));
    } else (perVisit ? sessionStorage : localStorage).setItem(keyName(guid), key);
  } catch {
    // Storage refused (a private window): the session still saves, only a reload starts afresh.
  }
}
