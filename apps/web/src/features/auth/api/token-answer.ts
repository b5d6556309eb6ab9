import { errorResponseSchema, tokenErrorSchema } from '@loupe/contracts';
import type { ZodType } from 'zod';
import { ApiError, TokenRequestError } from '../../../lib/api-client';
import { currentLocale } from '../../../lib/i18n';

/** A refused sign-in, with the hints the server adds for the next attempt. */
export class SignInRefused extends TokenRequestError {
  /** The next attempt needs a captcha (repeated failures). */
  readonly captchaRequired: boolean;
  /** The password was right; the user still has to give a two-factor code. */
  readonly twoFactorRequired: boolean;

  constructor(answer: {
    error: TokenRequestError['error'];
    error_description: string;
    captcha_required?: boolean | undefined;
    two_factor_required?: boolean | undefined;
  }) {
    super(answer.error, answer.error_description);
    this.name = 'SignInRefused';
    this.captchaRequired = answer.captcha_required ?? false;
    this.twoFactorRequired = answer.two_factor_required ?? false;
  }
}

export function signInHeaders(contentType: string): Record<string, string> {
  return {
    Accept: 'application/json',
    'Content-Type': contentType,
    Language: currentLocale(),
    TimezoneOffset: String(new Date().getTimezoneOffset()),
  };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Reads an answer of `POST /token` or `POST /api/sso/token`: the tokens, a `SignInRefused` for the OAuth-style
 * `400 {error}`, or an `ApiError` for anything else. These calls bypass `apiRequest` because their refusals are
 * not `{Code, Message}` errors and are shown on the page, not in the global error dialog.
 */
export async function readTokenAnswer<T>(response: Response, schema: ZodType<T>): Promise<T> {
  const body = await readJson(response);
  if (response.ok) return schema.parse(body);
  const refused = tokenErrorSchema.safeParse(body);
  if (refused.success) throw new SignInRefused(refused.data);
  const failure = errorResponseSchema.safeParse(body);
  throw new ApiError({
    status: response.status,
    code: failure.success ? failure.data.Code : response.status,
    message: failure.success ? failure.data.Message : response.statusText,
    supportId: failure.success ? failure.data.SupportId : null,
  });
}
