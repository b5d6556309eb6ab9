import { twoFactorStatusSchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const twoFactorStatusQueryKey = ['account', 'two-factor'] as const;

/** `GET /api/account/two-factor`: whether two-step verification is on and how many recovery codes are left. */
function twoFactorStatusQueryOptions() {
  return queryOptions({
    queryKey: twoFactorStatusQueryKey,
    queryFn: ({ signal }) =>
      apiRequest({ path: '/api/account/two-factor', schema: twoFactorStatusSchema, signal }),
  });
}

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions());
}
