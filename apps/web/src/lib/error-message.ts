import type { TFunction } from 'i18next';
import { ApiError, TokenRequestError } from './api-client';

/** The text to show for a failed call: the translated error code, else the server's message. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof TokenRequestError) return t(`loginErrors.${error.error}`);
  if (error instanceof ApiError) {
    // Codes come from the server, so not every one is known to this build's catalogue.
    const key = `errorCodes.${error.code}` as 'errorCodes.500';
    return t(key, { defaultValue: error.message || t('errorCodes.500') });
  }
  // fetch rejects with a TypeError when the server cannot be reached.
  if (error instanceof TypeError) return t('common.networkError');
  return t('errorCodes.500');
}
