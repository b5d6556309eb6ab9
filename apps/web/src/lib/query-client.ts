import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { onSessionStart } from './auth';
import { reportError } from './error-bus';

const MAX_RETRIES = 2;

/** A failure for the global error dialog, once its query or mutation has given up (after any retries). */
function reportToDialog(error: unknown): void {
  if (error instanceof ApiError && error.forErrorDialog) reportError(error);
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: reportToDialog }),
  mutationCache: new MutationCache({ onError: reportToDialog }),
  defaultOptions: {
    queries: {
      // A 4xx answer will not change by asking again; network failures and 5xx might.
      retry: (failureCount, error) =>
        failureCount < MAX_RETRIES && !(error instanceof ApiError && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

// Nothing fetched for an earlier sign-in (an expired session, another user) may show to the new one.
onSessionStart(() => queryClient.removeQueries());
