import { alertCountSchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The bell polls this often (ms): a new alert shows within 30 s without a reload (issue 19). */
const ALERT_COUNT_POLL_MS = 30_000;

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
    // Back on the tab: the count at once, not at the next tick.
    refetchOnWindowFocus: 'always',
  });
}

export function useAlertCount({ enabled }: { enabled: boolean }) {
  return useQuery({ ...alertCountQueryOptions(), enabled });
}
