import { z } from 'zod';
import { LOGIN_ERRORS } from '../error-codes.js';

/**
 * `POST /token` with `grant_type=password`: user name or email, and password. After repeated failures the
 * captcha fields are required; for a user with two-factor authentication, `otp` (TOTP) or `recovery_code`.
 */
export const passwordGrantSchema = z.object({
  grant_type: z.literal('password'),
  username: z.string().trim().min(1).max(256),
  password: z.string().min(1).max(256),
  client_id: z.string().min(1).max(100),
  client_secret: z.string().max(256).optional(),
  captcha_id: z.string().trim().max(100).optional(),
  captcha_answer: z.string().trim().max(100).optional(),
  otp: z.string().trim().max(20).optional(),
  recovery_code: z.string().trim().max(64).optional(),
});

/** `POST /token` with `grant_type=refresh_token`. */
const refreshGrantSchema = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string().min(1).max(512),
  client_id: z.string().min(1).max(100),
  client_secret: z.string().max(256).optional(),
});

export const tokenRequestSchema = z.discriminatedUnion('grant_type', [
  passwordGrantSchema,
  refreshGrantSchema,
]);
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const tokenErrorSchema = z.object({
  error: z.enum(LOGIN_ERRORS),
  error_description: z.string(),
  /** Set once repeated failures make the next attempt need a captcha. */
  captcha_required: z.boolean().optional(),
  /** Set on `invalid_grant_2fa` when the password was right and a code is still needed. */
  two_factor_required: z.boolean().optional(),
});

/** `POST /token/revoke`: ends a sign-in by revoking its refresh token (RFC 7009 style). */
export const revokeRequestSchema = z.object({
  token: z.string().min(1).max(512),
  client_id: z.string().min(1).max(100),
});

/** Claims of the signed access token. */
export type AccessTokenClaims = {
  sub: string;
  tid: number | null;
  scp: string[];
  cid: string;
  name: string;
  /** The user's token version at issue; a token of an older version is refused (absent: 0). */
  ver?: number;
  /** The sign-in (refresh-token family) the token belongs to, so a password change can keep the caller's own. */
  sid?: string;
};
