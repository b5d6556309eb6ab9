import { twoFactorSetupSchema, type TwoFactorSetup } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/account/two-factor/setup` (signed-in): a new secret to scan, active only once enabled. */
function setupTwoFactor(): Promise<TwoFactorSetup> {
  return apiRequest({
    path: '/api/account/two-factor/setup',
    method: 'POST',
    schema: twoFactorSetupSchema,
    showErrorDialog: false,
  });
}

/**
 * Each call makes a new secret, so the page asks once (a query, shared by React's development double mount)
 * and keeps it while the user scans and types a code.
 */
function twoFactorSetupQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'two-factor-setup'],
    queryFn: setupTwoFactor,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useTwoFactorSetup() {
  return useQuery(twoFactorSetupQueryOptions());
}
