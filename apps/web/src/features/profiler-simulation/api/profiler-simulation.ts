import {
  profilerSchema,
  simulationSchema,
  type ProfilerRequest,
  type SimulationRequest,
} from '@loupe/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** `POST /api/insight/satisfaction-profiler`: the table and the trend of the filter and options. */
export function useProfiler(body: ProfilerRequest) {
  return useQuery({
    queryKey: ['insight', 'satisfaction-profiler', body],
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/api/insight/satisfaction-profiler',
        method: 'POST',
        body,
        schema: profilerSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/insight/simulation`: the topics' impacts and the what-if of the filter and options. */
export function useSimulation(body: SimulationRequest) {
  return useQuery({
    queryKey: ['insight', 'simulation', body],
    queryFn: ({ signal }) =>
      apiRequest({ path: '/api/insight/simulation', method: 'POST', body, schema: simulationSchema, signal }),
    placeholderData: keepPreviousData,
  });
}
