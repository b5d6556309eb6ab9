import { healthCheckSchema } from '@loupe/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** How often the open screen checks again: the cards are measured at each call. */
const REFRESH_MS = 30_000;

/** `GET /api/health-check` (healthcheck): the last anomalies and a card per part (docs/health-and-logs.md). */
export function useHealthCheck() {
  return useQuery({
    queryKey: ['health-check'],
    queryFn: ({ signal }) => apiRequest({ path: '/api/health-check', schema: healthCheckSchema, signal }),
    refetchInterval: REFRESH_MS,
  });
}

/** The server log grid's endpoint (`GET /api/logs`, `POST /api/logs/query`, `POST /api/logs/export`). */
export const LOGS_ENDPOINT = '/api/logs';
