import {
  CONSOLE_CLIENT_ID,
  errorResponseSchema,
  tokenErrorSchema,
  tokenResponseSchema,
  type LoginError,
  type TokenRequest,
  type TokenResponse,
} from '@loupe/contracts';
import type { ZodType } from 'zod';
import { endSession, getSession, saveSession } from './auth';
import { isDialogStatus } from './error-bus';
import { currentLocale } from './i18n';

/** A failed API call, carrying the server's `{ Code, Message, SupportId }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: number;
  readonly supportId: string | null;
  /**
   * Whether the global error dialog shows this failure (HTTP 400 or 5xx of a call that did not opt out). The
   * query client reports it once the query or mutation has given up, so retries do not open a dialog each.
   */
  readonly forErrorDialog: boolean;
  /** The answer's `Details` as sent (e.g. `[{ Path, Message }]` of a refused field), else undefined. */
  readonly details: unknown;

  constructor({
    status,
    code,
    message,
    supportId,
    forErrorDialog = false,
    details,
  }: {
    status: number;
    code: number;
    message: string;
    supportId: string | null;
    forErrorDialog?: boolean;
    details?: unknown;
  }) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.supportId = supportId;
    this.forErrorDialog = forErrorDialog;
    this.details = details;
  }
}

/** A token endpoint refused the grant; `error` is one of the spec's sign-in error names. */
export class TokenRequestError extends Error {
  readonly error: LoginError;
  /** The next attempt needs a captcha (repeated failures). */
  readonly captchaRequired: boolean;
  /** The password was right; the user still has to give a two-factor code. */
  readonly twoFactorRequired: boolean;

  constructor(
    error: LoginError,
    description: string,
    hints: { captchaRequired?: boolean | undefined; twoFactorRequired?: boolean | undefined } = {},
  ) {
    super(description);
    this.name = 'TokenRequestError';
    this.error = error;
    this.captchaRequired = hints.captchaRequired ?? false;
    this.twoFactorRequired = hints.twoFactorRequired ?? false;
  }
}

function commonHeaders(): Record<string, string> {
  return {
    Accept: 'application/json',
    Language: currentLocale(),
    TimezoneOffset: String(new Date().getTimezoneOffset()),
  };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function apiErrorOf(response: Response, body: unknown, forErrorDialog = false): ApiError {
  const parsed = errorResponseSchema.safeParse(body);
  return new ApiError({
    status: response.status,
    code: parsed.success ? parsed.data.Code : response.status,
    message: parsed.success ? parsed.data.Message : response.statusText,
    supportId: parsed.success ? parsed.data.SupportId : null,
    forErrorDialog,
    details: parsed.success ? (body as { Details?: unknown }).Details : undefined,
  });
}

/*
 * The one client of the token endpoints (`POST /token`, `/token/revoke`, `/api/sso/token`). Their refusals are
 * OAuth-style `400 {error}` rather than `{Code, Message}` errors and are shown on the page that asked, never in
 * the global error dialog.
 */

function postToken(path: string, body: URLSearchParams | string): Promise<Response> {
  const contentType = typeof body === 'string' ? 'application/json' : 'application/x-www-form-urlencoded';
  return fetch(path, { method: 'POST', headers: { ...commonHeaders(), 'Content-Type': contentType }, body });
}

/**
 * A token endpoint's answer: the tokens; a `TokenRequestError` for `400 {error}` (with the captcha and
 * two-factor hints) or a 400 without a readable body (`invalid_request`); an `ApiError` for anything else.
 */
async function readTokenAnswer<T>(response: Response, schema: ZodType<T>): Promise<T> {
  const body = await readJson(response);
  if (response.ok) return schema.parse(body);
  const refused = tokenErrorSchema.safeParse(body);
  if (refused.success) {
    throw new TokenRequestError(refused.data.error, refused.data.error_description, {
      captchaRequired: refused.data.captcha_required,
      twoFactorRequired: refused.data.two_factor_required,
    });
  }
  if (response.status === 400 && !errorResponseSchema.safeParse(body).success) {
    throw new TokenRequestError('invalid_request', response.statusText);
  }
  throw apiErrorOf(response, body);
}

/** `POST /token` with a grant (password with its captcha or second-factor fields, or refresh token). */
export async function requestToken(grant: TokenRequest | Record<string, string>): Promise<TokenResponse> {
  const response = await postToken('/token', new URLSearchParams(grant));
  return readTokenAnswer(response, tokenResponseSchema);
}

/** A JSON exchange for tokens (`POST /api/sso/token`), refused like `/token`. */
export async function exchangeForTokens<T>(path: string, body: unknown, schema: ZodType<T>): Promise<T> {
  return readTokenAnswer(await postToken(path, JSON.stringify(body)), schema);
}

/** `POST /token/revoke`: ends the sign-in on the server by revoking its refresh token. */
export async function revokeToken(refreshToken: string): Promise<void> {
  const response = await postToken(
    '/token/revoke',
    new URLSearchParams({ token: refreshToken, client_id: CONSOLE_CLIENT_ID }),
  );
  if (!response.ok) throw apiErrorOf(response, await readJson(response));
}

let refreshing: Promise<boolean> | null = null;

async function refreshSession(): Promise<boolean> {
  const session = getSession();
  if (!session) return false;
  try {
    const tokens = await requestToken({
      grant_type: 'refresh_token',
      refresh_token: session.refreshToken,
      client_id: CONSOLE_CLIENT_ID,
    });
    saveSession(tokens);
    return true;
  } catch (error) {
    // A refused refresh token ends the session; a network failure leaves it for the next try.
    if (error instanceof TokenRequestError) return false;
    throw error;
  }
}

/** Concurrent 401s share one refresh, so a rotated refresh token is used only once. */
function refreshOnce(): Promise<boolean> {
  refreshing ??= refreshSession().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

export type ApiRequest<T> = {
  path: string;
  schema: ZodType<T>;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /**
   * HTTP 400 and 5xx answers go to the global error dialog (shell spec §8; see `ApiError.forErrorDialog`)
   * unless the caller opts out:
   * `false` when it shows every failure itself (a background poll), `'serverErrorsOnly'` when it shows the
   * expected 400s inline (a form) but the dialog should still report 5xx.
   */
  showErrorDialog?: boolean | 'serverErrorsOnly';
};

function send({
  path,
  method = 'GET',
  body,
  signal,
}: Omit<ApiRequest<unknown>, 'schema' | 'showErrorDialog'>): Promise<Response> {
  const headers = commonHeaders();
  const accessToken = getSession()?.accessToken;
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  // A FormData body (a file upload) is sent as multipart: the browser writes its Content-Type with the boundary.
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  return fetch(path, {
    method,
    headers,
    body: body === undefined ? null : multipart ? body : JSON.stringify(body),
    signal: signal ?? null,
  });
}

function shouldReport(option: boolean | 'serverErrorsOnly', status: number): boolean {
  if (option === 'serverErrorsOnly') return status >= 500;
  return option && isDialogStatus(status);
}

/**
 * Calls the API with the caller's token, language and time zone, and validates the answer with `schema`.
 * A 401 gets one silent token refresh and one retry; when the refresh is refused the session ends, and the
 * route guard sends the user to the sign-in page.
 */
export async function apiRequest<T>(request: ApiRequest<T>): Promise<T> {
  const response = await sendWithRefresh(() => send(request));
  if (!response.ok)
    throw apiErrorOf(
      response,
      await readJson(response),
      shouldReport(request.showErrorDialog ?? true, response.status),
    );
  return request.schema.parse(await readJson(response));
}

/** Sends, and on a 401 refreshes the tokens once and sends again; a refused refresh ends the session. */
async function sendWithRefresh(sendOnce: () => Promise<Response>): Promise<Response> {
  const response = await sendOnce();
  if (response.status !== 401 || !getSession()) return response;
  if (await refreshOnce()) return sendOnce();
  endSession('expired');
  return response;
}

/**
 * One token refresh outside a 401, for callers the spec also sends through a refresh on a 403 (the grid,
 * shell spec §8). True when new tokens are saved; a refused refresh token ends the session.
 */
export async function refreshAccessToken(): Promise<boolean> {
  if (!getSession()) return false;
  if (await refreshOnce()) return true;
  endSession('expired');
  return false;
}

export type ApiDownload = {
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  signal?: AbortSignal;
  /** As for `apiRequest`. */
  showErrorDialog?: boolean | 'serverErrorsOnly';
};

/**
 * Downloads a file with the same headers, 401 refresh and errors as `apiRequest`: the body as a Blob and
 * the file name of its `Content-Disposition` header (undefined when the server names none).
 */
export async function apiDownload(
  request: ApiDownload,
): Promise<{ blob: Blob; fileName: string | undefined }> {
  const response = await sendWithRefresh(() => send(request));
  if (!response.ok)
    throw apiErrorOf(
      response,
      await readJson(response),
      shouldReport(request.showErrorDialog ?? true, response.status),
    );
  return {
    blob: await response.blob(),
    fileName: fileNameFromContentDisposition(response.headers.get('Content-Disposition')),
  };
}

function decodeExtValue(value: string): string | undefined {
  // RFC 8187: charset'language'percent-encoded-octets.
  const match = /^([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(value);
  if (!match) return undefined;
  const [, charset = '', encoded = ''] = match;
  try {
    if (charset.toLowerCase() === 'utf-8') return decodeURIComponent(encoded);
    if (charset.toLowerCase() === 'iso-8859-1') {
      return encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
  } catch {
    // A malformed escape: fall back to the plain filename parameter.
  }
  return undefined;
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** Only the last path segment, without control characters: a header must not choose where a file goes. */
function safeFileName(name: string): string | undefined {
  const base = name.split(/[/\\]/).pop()?.replace(CONTROL_CHARACTERS, '').trim() ?? '';
  return base === '' || base === '.' || base === '..' ? undefined : base;
}

/**
 * The file name of a `Content-Disposition` header: `filename*` (RFC 6266/8187, UTF-8 or ISO-8859-1) wins
 * over `filename` (quoted or a token); undefined when neither gives a usable name.
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  let plain: string | undefined;
  let extended: string | undefined;
  const parameter = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  // Parameters follow a ';'; the leading one lets a header without the disposition type parse too.
  for (const [, rawName = '', rawValue = ''] of `;${header}`.matchAll(parameter)) {
    const name = rawName.toLowerCase();
    const value = rawValue.trim();
    if (name === 'filename*') {
      extended ??= decodeExtValue(value.replace(/^"(.*)"$/, '$1'));
    } else if (name === 'filename') {
      plain ??= value.startsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value;
    }
  }
  return safeFileName(extended ?? '') ?? safeFileName(plain ?? '');
}
