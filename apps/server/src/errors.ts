import { ErrorCode, type LoginError } from '@loupe/contracts';

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
