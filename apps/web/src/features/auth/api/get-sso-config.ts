import { ssoConfigSchema, type SsoConfig } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `GET /api/sso/config`: whether single sign-on is offered, and which query parameter carries the code. */
function getSsoConfig(signal?: AbortSignal): Promise<SsoConfig> {
  return apiRequest({ path: '/api/sso/config', schema: ssoConfigSchema, signal, showErrorDialog: false });
}

function ssoConfigQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'sso-config'],
    queryFn: ({ signal }) => getSsoConfig(signal),
    staleTime: Infinity,
  });
}

export function useSsoConfig() {
  return useQuery(ssoConfigQueryOptions());
}

/** Where the SSO button sends the browser: the server redirects on to the identity provider. */
export function ssoStartPath(redirect: string): string {
  return `/api/sso/start?${new URLSearchParams({ redirect }).toString()}`;
}
