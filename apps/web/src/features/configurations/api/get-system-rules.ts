import { systemRulesSchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { configurationKeys } from './configuration-keys';

/** `GET /api/system-rules`: the tenant's contact rules (the defaults when never saved). */
function systemRulesQueryOptions() {
  return queryOptions({
    queryKey: configurationKeys.rules,
    queryFn: ({ signal }) => apiRequest({ path: '/api/system-rules', schema: systemRulesSchema, signal }),
  });
}

export function useSystemRules() {
  return useQuery(systemRulesQueryOptions());
}
