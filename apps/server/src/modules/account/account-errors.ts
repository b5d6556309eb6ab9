import { ErrorCode, isValidPassword } from '@loupe/contracts';
import { AppError, badRequest } from '../../errors.js';
import type { LinkState } from './one-time-token.repository.js';

/** A mailed link that cannot be used: unknown or used (404, 20001), or past its 12 hours (410, 20002). */
export function linkError(state: LinkState | undefined): AppError {
  return state === 'expired'
    ? new AppError(410, ErrorCode.LinkExpired)
    : new AppError(404, ErrorCode.LinkInvalid);
}

/** The spec's password rule, reported like a schema failure of the `NewPassword` field. */
export function assertPasswordRule(newPassword: string): void {
  if (!isValidPassword(newPassword)) {
    throw badRequest(ErrorCode.ModelNotValid, [
      {
        Path: 'body/NewPassword',
        Message:
          'The password needs at least 6 characters, a lower-case letter, an upper-case letter and a digit, and no spaces.',
      },
    ]);
  }
}
