import { catiQueueSchema } from '@loupe/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { QUEUE_ENDPOINT, catiKeys } from './cati-keys';

/** How often the waiting queue is read again while the agent looks at it (other agents take calls). */
const QUEUE_REFRESH_MS = 30_000;

/**
 * `GET /api/cati/queue` (catiagent): the next waiting invitations in the order calls take them, the count waiting,
 * and each CATI survey's priority, completes today against its daily quota and waiting count.
 */
export function useCatiQueue(enabled = true) {
  return useQuery({
    queryKey: catiKeys.queue,
    queryFn: ({ signal }) => apiRequest({ path: QUEUE_ENDPOINT, schema: catiQueueSchema, signal }),
    enabled,
    refetchInterval: QUEUE_REFRESH_MS,
  });
}
