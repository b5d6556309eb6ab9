import { catiRefusalReasonsSchema } from '@loupe/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { REFUSAL_REASONS_ENDPOINT, catiKeys } from './cati-keys';

/** `GET /api/cati/refusal-reasons` (catiagent): the system rules' CATI opt-out reasons and their days. */
export function useRefusalReasons(enabled = true) {
  return useQuery({
    queryKey: catiKeys.refusalReasons,
    queryFn: ({ signal }) =>
      apiRequest({ path: REFUSAL_REASONS_ENDPOINT, schema: catiRefusalReasonsSchema, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
