import { confirmEmailResultSchema, type ConfirmEmailResult } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/account/confirm-email`: confirms with the mailed token (410 expired, 404 invalid). */
function confirmEmail(token: string): Promise<ConfirmEmailResult> {
  return apiRequest({
    path: '/api/account/confirm-email',
    method: 'POST',
    body: { Token: token },
    schema: confirmEmailResultSchema,
    showErrorDialog: false,
  });
}

/**
 * The page confirms as soon as it opens. As a query, React's development double mount shares one request; a
 * second one would answer 'already-confirmed' and hide the first one's 'confirmed'.
 */
function confirmEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['auth', 'confirm-email', token],
    queryFn: () => confirmEmail(token),
    retry: false,
    staleTime: Infinity,
  });
}

export function useConfirmEmail(token: string) {
  return useQuery(confirmEmailQueryOptions(token));
}
