import { ErrorCode } from '@loupe/contracts';
import { AppError, badRequest, notFound } from '../errors.js';

/*
 * The refusals several administration screens give, built one way so the web's form handling sees the same
 * shape everywhere. Screen-specific refusals stay with their services.
 */

/** 400 with `code`, pointing the form at the field `path` with `message`. */
export const fieldRefusal = (code: ErrorCode, path: string, message: string): AppError =>
  badRequest(code, [{ Path: path, Message: message }]);

/** 400 with `code` for a name, id or section the caller's list already holds (`message` 'exists' unless told). */
export const fieldTaken = (code: ErrorCode, field: string, message = 'exists'): AppError =>
  fieldRefusal(code, field, message);

/** 400 ModelNotValid (3333) for one field the body schema cannot judge on its own. */
export const invalidField = (path: string, message: string): AppError =>
  fieldRefusal(ErrorCode.ModelNotValid, path, message);

/** 403 10008: only Alterna-level users create, change or assign Alterna-level roles and users. */
export const alternaLevelRequired = (): AppError => new AppError(403, ErrorCode.AlternaLevelRequired);

/** The row a lookup found, or the refusal for a missing one (404 by default). */
export function found<T>(row: T | undefined, refusal: () => Error = notFound): T {
  if (row === undefined) throw refusal();
  return row;
}
