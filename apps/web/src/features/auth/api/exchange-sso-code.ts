import { ssoTokenResponseSchema, type SsoTokenRequest } from '@loupe/contracts';
import { useMutation } from '@tanstack/react-query';
import { redirectTarget, saveSession } from '@/lib/auth';
import { exchangeForTokens } from '@/lib/api-client';

type SsoCallback = { code: string; state: string };

/**
 * `POST /api/sso/token`: trades the identity provider's code for our tokens, keeps them, and returns where to
 * go next (a path of this app). Throws `TokenRequestError` (`invalid_sso_login`) when the server refuses.
 */
async function exchangeSsoCode({ code, state }: SsoCallback): Promise<string> {
  const answer = await exchangeForTokens(
    '/api/sso/token',
    { Code: code, State: state } satisfies SsoTokenRequest,
    ssoTokenResponseSchema,
  );
  saveSession(answer);
  // The same same-origin check as the sign-in page's own redirect parameter.
  return redirectTarget(new URLSearchParams({ redirect: answer.redirect }));
}

export function useExchangeSsoCode() {
  return useMutation({ mutationFn: exchangeSsoCode });
}
