import { z } from 'zod';
import { tokenResponseSchema } from './token.schema.js';

/** `GET /api/sso/config`: whether OpenID Connect sign-in is configured, and the query parameter /sso reads. */
export const ssoConfigSchema = z.object({ Enabled: z.boolean(), CodeParam: z.string() });
export type SsoConfig = z.infer<typeof ssoConfigSchema>;

/** `GET /api/sso/start?redirect=`: the page to return to after signing in (a path on this site). */
export const ssoStartQuerySchema = z.object({ redirect: z.string().max(2000).optional() });

/** `POST /api/sso/token`: the authorization code and state the identity provider sent back to /sso. */
export const ssoTokenRequestSchema = z.object({
  Code: z.string().trim().min(1).max(4096),
  State: z.string().trim().min(1).max(512),
});
export type SsoTokenRequest = z.infer<typeof ssoTokenRequestSchema>;

/** The same answer as `POST /token`, plus where to go next. */
export const ssoTokenResponseSchema = tokenResponseSchema.extend({ redirect: z.string() });
