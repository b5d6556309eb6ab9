import { CONSOLE_CLIENT_ID } from '@loupe/contracts';
import { useMutation } from '@tanstack/react-query';
import { saveSession } from '@/lib/auth';
import { requestToken } from '@/lib/api-client';

type SignInInput = {
  username: string;
  password: string;
  /** After repeated failures: the challenge shown and the characters typed. */
  captcha?: { id: string; answer: string } | undefined;
  /** For a user with two-factor authentication: a TOTP code or a single-use recovery code. */
  secondFactor?: { kind: 'otp' | 'recovery_code'; code: string } | undefined;
};

/**
 * `POST /token` with the password grant; keeps the tokens. Throws `TokenRequestError` with the spec's sign-in error
 * name (and the captcha / two-factor hints) when the server refuses.
 */
async function signIn({ username, password, captcha, secondFactor }: SignInInput): Promise<void> {
  const fields: Record<string, string> = {
    grant_type: 'password',
    username,
    password,
    client_id: CONSOLE_CLIENT_ID,
  };
  if (captcha) {
    fields.captcha_id = captcha.id;
    fields.captcha_answer = captcha.answer;
  }
  if (secondFactor) fields[secondFactor.kind] = secondFactor.code;

  saveSession(await requestToken(fields));
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
