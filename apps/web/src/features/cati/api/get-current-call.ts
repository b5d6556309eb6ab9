import { catiCurrentCallSchema } from '@loupe/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { CURRENT_CALL_ENDPOINT, catiKeys } from './cati-keys';

/** `GET /api/cati/calls/current` (catiagent): the caller's open call, so a reload resumes it; `Call` null otherwise. */
export function useCurrentCatiCall() {
  return useQuery({
    queryKey: catiKeys.currentCall,
    queryFn: ({ signal }) =>
      apiRequest({ path: CURRENT_CALL_ENDPOINT, schema: catiCurrentCallSchema, signal }),
  });
}
