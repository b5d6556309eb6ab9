import { generateSync } from 'otplib';

const STEP_MS = 30_000;

/** The TOTP time step (30 s) a moment falls in. */
export function totpStep(at = Date.now()): number {
  return Math.floor(at / STEP_MS);
}

/** The TOTP code (6 digits, 30 s, SHA-1) for a Base32 secret at a moment, as an authenticator app shows it. */
export function totpCode(secret: string, at = Date.now()): string {
  return generateSync({ secret: secret.replace(/\s+/g, '').toUpperCase(), epoch: Math.floor(at / 1000) });
}

/**
 * A code from a later step than `usedStep`: the current one when time has moved on, else the next step's (the
 * server accepts ±1 step and refuses a step it has already seen).
 */
export function freshTotpCode(secret: string, usedStep: number): { code: string; step: number } {
  const now = Date.now();
  const at = totpStep(now) > usedStep ? now : (usedStep + 1) * STEP_MS;
  return { code: totpCode(secret, at), step: totpStep(at) };
}
