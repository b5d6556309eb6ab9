import { ErrorCode, isIssueMessageKey, issueMessage, type LoginError } from '@loupe/contracts';

/** A failure with one of the spec's codes; the error handler turns it into `{ Code, Message, SupportId }`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: ErrorCode,
    /**
     * Extra detail for the caller (field paths, offending values), already translated or, as a function, worded
     * in the caller's language when the answer is sent.
     */
    readonly details?: unknown,
  ) {
    super(`AppError ${errorCode}`);
  }
}

export const notFound = (code: ErrorCode = ErrorCode.NotFound) => new AppError(404, code);
export const forbidden = () => new AppError(403, ErrorCode.Forbidden);
export const unauthorized = () => new AppError(401, ErrorCode.Unauthorized);
export const conflict = (code: ErrorCode) => new AppError(409, code);
export const badRequest = (code: ErrorCode, details?: unknown) => new AppError(400, code, details);

/** A sign-in failure: answered as OAuth does, `400 { error, error_description }`. */
export class OAuthError extends Error {
  constructor(readonly error: LoginError) {
    super(error);
  }
}

/** The zod issue fields `invalidValue` words: a bound of a number, a key message. */
type IssueLike = { code?: string; message?: string; maximum?: unknown; minimum?: unknown; origin?: unknown };

/**
 * A value refused outside a route schema (a widget's DataFilters, a filter value): 400 3333 with
 * `Details: [{ Path, Message }]`, the message in the caller's language — a number out of its bounds names the
 * bound, anything else reads "The value is not valid".
 */
export function invalidValue(path: string, issue?: IssueLike): AppError {
  return badRequest(ErrorCode.ModelNotValid, (language: string) => [
    { Path: path, Message: issueWording(issue, language) },
  ]);
}

function issueWording(issue: IssueLike | undefined, language: string): string {
  if (issue?.message !== undefined && isIssueMessageKey(issue.message))
    return issueMessage(issue.message, language);
  if (issue?.origin === 'number' && issue.code === 'too_big' && typeof issue.maximum === 'number')
    return issueMessage('validation:validation.max_value', language, { max: issue.maximum });
  if (issue?.origin === 'number' && issue.code === 'too_small' && typeof issue.minimum === 'number')
    return issueMessage('validation:validation.min_value', language, { min: issue.minimum });
  return issueMessage('invalid', language);
}
