import { z } from 'zod';

/*
 * Password-based account flows (shell spec §1, §4): captcha, expired password, forgot/reset password, email
 * confirmation, two-factor authentication and the profile's change password. Server and web validate with the
 * same schemas.
 */

const password = z.string().min(1).max(256);
/** A link token from a mailed URL (32 random bytes, base64url). */
const linkToken = z.string().trim().min(1).max(256);
/** A TOTP code (6 digits) or a recovery code; the server decides which. */
const twoFactorCode = z.string().trim().min(1).max(64);

/** `GET /api/captcha`: a new challenge; `Image` is a `data:image/svg+xml;base64,…` URL. */
export const captchaSchema = z.object({
  CaptchaId: z.string(),
  Image: z.string(),
});
export type Captcha = z.infer<typeof captchaSchema>;

/** `GET /api/captcha/required?login=`: whether `POST /token` will ask for a captcha for this login. */
export const captchaRequiredQuerySchema = z.object({
  login: z.string().trim().max(256).optional().default(''),
});

export const captchaRequiredSchema = z.object({
  Required: z.boolean(),
});
export type CaptchaRequired = z.infer<typeof captchaRequiredSchema>;

/** `POST /api/account/change-expired-password` (public): after `expired_password` at sign-in. */
export const changeExpiredPasswordSchema = z.object({
  UserName: z.string().trim().min(1).max(256),
  CurrentPassword: password,
  NewPassword: password,
});
export type ChangeExpiredPassword = z.infer<typeof changeExpiredPasswordSchema>;

/** `POST /api/account/change-password` (signed-in): the profile page. */
export const changePasswordSchema = z.object({
  CurrentPassword: password,
  NewPassword: password,
});
export type ChangePassword = z.infer<typeof changePasswordSchema>;

/** `POST /api/account/forgot-password` and `/send-confirmation`: a user name or an email; always 202. */
export const accountLoginSchema = z.object({
  Login: z.string().trim().min(1).max(256),
});
export type AccountLogin = z.infer<typeof accountLoginSchema>;

/** `POST /api/account/resend-reset`, `/resend-confirmation`, `/confirm-email`: a (possibly expired) link token. */
export const linkTokenSchema = z.object({
  Token: linkToken,
});
export type LinkToken = z.infer<typeof linkTokenSchema>;

/** `GET /api/account/reset-password/{token}`: the link is valid; whose password it resets. */
export const resetPasswordLinkSchema = z.object({
  UserName: z.string(),
});
export type ResetPasswordLink = z.infer<typeof resetPasswordLinkSchema>;

/** `POST /api/account/reset-password`: sets a new password with a reset link token (single use). */
export const resetPasswordSchema = z.object({
  Token: linkToken,
  NewPassword: password,
});
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

const EMAIL_CONFIRMATION_STATUSES = ['confirmed', 'already-confirmed'] as const;

/** `POST /api/account/confirm-email`: `already-confirmed` when the email was confirmed before. */
export const confirmEmailResultSchema = z.object({
  Status: z.enum(EMAIL_CONFIRMATION_STATUSES),
});
export type ConfirmEmailResult = z.infer<typeof confirmEmailResultSchema>;

/** `POST /api/account/two-factor/setup`: a new secret to scan; not active until enabled with a code. */
export const twoFactorSetupSchema = z.object({
  /** Base32 key for manual entry. */
  Secret: z.string(),
  OtpAuthUri: z.string(),
  /** A `data:image/…` URL of the QR code of `OtpAuthUri`. */
  QrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** `POST /api/account/two-factor/{enable,disable,recovery-codes}`: a TOTP code (or a recovery code). */
export const twoFactorCodeSchema = z.object({
  Code: twoFactorCode,
});
export type TwoFactorCode = z.infer<typeof twoFactorCodeSchema>;

/** Ten single-use recovery codes, shown once (enable and regenerate). */
export const recoveryCodesSchema = z.object({
  RecoveryCodes: z.array(z.string()),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** `GET /api/account/two-factor`. */
export const twoFactorStatusSchema = z.object({
  Enabled: z.boolean(),
  RecoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
