import { alertCountSchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The bell polls this often (ms). */
const ALERT_COUNT_POLL_MS = 60_000;

/** `GET /api/alerts/count?alertOperatorStatus=0`: the caller's unread alerts, as a bare JSON number. */
function alertCountQueryOptions() {
  return queryOptions({
    queryKey: ['alerts', 'count', { alertOperatorStatus: 0 }],
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/api/alerts/count?alertOperatorStatus=0',
        schema: alertCountSchema,
        signal,
        // A background poll: a failure leaves the badge empty instead of opening a dialog every minute.
        showErrorDialog: false,
      }),
    refetchInterval: ALERT_COUNT_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

export function useAlertCount({ enabled }: { enabled: boolean }) {
  return useQuery({ ...alertCountQueryOptions(), enabled });
}
