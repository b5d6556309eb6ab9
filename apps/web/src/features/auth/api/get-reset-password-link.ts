import { resetPasswordLinkSchema, type ResetPasswordLink } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `GET /api/account/reset-password/{token}`: 200 with the user name, 410 expired, 404 invalid or used. */
function getResetPasswordLink(token: string, signal?: AbortSignal): Promise<ResetPasswordLink> {
  return apiRequest({
    path: `/api/account/reset-password/${encodeURIComponent(token)}`,
    schema: resetPasswordLinkSchema,
    signal,
    showErrorDialog: false,
  });
}

function resetPasswordLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'reset-password-link', token],
    queryFn: ({ signal }) => getResetPasswordLink(token, signal),
    // 404 and 410 are answers the page shows, not failures to retry.
    retry: false,
  });
}

export function useResetPasswordLink(token: string) {
  return useQuery(resetPasswordLinkQueryOptions(token));
}
