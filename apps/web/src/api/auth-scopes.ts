import { authScopeSchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../lib/api-client';

const authScopesQueryKey = ['auth-scopes'] as const;

/** `GET /api/authScopes`: every scope the console knows, sorted by name. Loaded once per session. */
function authScopesQueryOptions() {
  return queryOptions({
    queryKey: authScopesQueryKey,
    queryFn: ({ signal }) =>
      apiRequest({ path: '/api/authScopes', schema: z.array(authScopeSchema), signal }),
    staleTime: Infinity,
  });
}

export function useAuthScopes() {
  return useQuery(authScopesQueryOptions());
}
