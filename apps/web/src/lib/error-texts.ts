import {
  ERROR_MESSAGES,
  LOGIN_ERROR_MESSAGES,
  type ErrorCode,
  type LoginError,
  type MessageLanguage,
} from '@loupe/contracts';

/*
 * The error texts of the common namespace (`errorCodes.{Code}`, `loginErrors.{error}`) come from the contracts
 * catalogue the server answers with, not from copies in the locale files (docs/i18n.md). lib/i18n.ts loads this
 * module with the Turkish, English or Arabic catalogues, so the texts stay out of the sign-in page's own code.
 */

/** The languages the contracts catalogue words its errors in; the others read English key by key. */
export type ErrorTextLanguage = MessageLanguage;

/** The error keys of the common namespace. */
export type ErrorTexts = {
  errorCodes: Record<`${ErrorCode}`, string>;
  loginErrors: Record<LoginError, string>;
};

function inLanguage<K extends string>(
  catalogue: Record<K, Record<ErrorTextLanguage, string>>,
  language: ErrorTextLanguage,
): Record<K, string> {
  return Object.fromEntries(
    Object.entries<Record<ErrorTextLanguage, string>>(catalogue).map(([key, texts]) => [
      key,
      texts[language],
    ]),
  ) as Record<K, string>;
}

/** The error keys of the common namespace in `language`. */
export function errorTexts(language: ErrorTextLanguage): ErrorTexts {
  return {
    errorCodes: inLanguage<`${ErrorCode}`>(ERROR_MESSAGES, language),
    loginErrors: inLanguage(LOGIN_ERROR_MESSAGES, language),
  };
}
