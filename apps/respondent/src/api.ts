import type { PublicAnswersResult, PublicAnswersSave, PublicOptOut, PublicSurvey } from '@loupe/contracts';

/*
 * The page's only calls: the public respondent API (docs/respondent-api.md). The answers are the contracts' types;
 * they are not parsed with zod here (the page's bundle stays small): the server validates its own answers.
 */

/** A refused call: the HTTP status and the server's `{ Code, Message, Details }` when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    readonly details: unknown,
  ) {
    super(`HTTP ${status}${code === undefined ? '' : ` (${code})`}`);
  }
}

const base = (guid: string) => `/api/public/surveys/${encodeURIComponent(guid)}`;

async function call<T>(url: string, init: RequestInit, language: string): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: { Accept: 'application/json', Language: language, ...init.headers },
    credentials: 'same-origin',
    cache: 'no-store',
  });
  if (response.status === 204) return undefined as T;
  const body = (await response.json().catch(() => undefined)) as
    { Code?: number; Details?: unknown } | undefined;
  if (!response.ok) throw new ApiError(response.status, body?.Code, body?.Details);
  return body as T;
}

/** `GET …/{guid}[?SessionKey=]`: the survey to show, in its state, with the answers saved so far. */
export function getSurvey(guid: string, sessionKey: string | undefined, language: string) {
  const query = sessionKey ? `?SessionKey=${encodeURIComponent(sessionKey)}` : '';
  return call<PublicSurvey>(`${base(guid)}${query}`, { method: 'GET' }, language);
}

/** `POST …/{guid}/answers`: one page's answers (the last page with `Complete`). */
export function saveAnswers(guid: string, save: PublicAnswersSave, language: string) {
  return call<PublicAnswersResult>(
    `${base(guid)}/answers`,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(save) },
    language,
  );
}

/** `POST …/{guid}/optout`: the unsubscribe confirmation. */
export function optOut(guid: string, body: PublicOptOut, language: string) {
  return call<void>(
    `${base(guid)}/optout`,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    language,
  );
}
