import { alertDetailSchema } from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useRecordQuery } from '@/components/admin-page/record-api';
import { gridQueryKey } from '@/components/data-grid/data-grid';
import { apiRequest } from '@/lib/api-client';

/*
 * The alerts' calls (docs/alerts.md): the grid is `POST /api/alerts/query` with the filter body; one alert, its
 * assignment and read mark (`PUT /api/alerts/{id}`), its status (`PUT …/status`) and its comments (`POST …/comments`).
 * Every change reloads the alert, the grid and the bell's count.
 */

export const ALERTS_ENDPOINT = '/api/alerts';
export const ALERTS_PATH = '/alerts';

const alertKeys = {
  alert: (id: number) => ['alerts', 'alert', id] as const,
  /** The bell's count (features/shell/api/get-alert-count.ts) lives under this key. */
  count: ['alerts', 'count'] as const,
};

export function useAlert(id: number | undefined) {
  return useRecordQuery(ALERTS_ENDPOINT, id, alertDetailSchema, alertKeys.alert);
}

/** The mutation of one change of an alert: the request, then the alert, the grid and the bell reload. */
function useAlertChange<V>(id: number, request: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: alertKeys.alert(id) }),
        queryClient.invalidateQueries({ queryKey: gridQueryKey(ALERTS_ENDPOINT) }),
        queryClient.invalidateQueries({ queryKey: alertKeys.count }),
      ]),
  });
}

/**
 * `PUT /api/alerts/{id}`: assign ('unassigned', 'U:{id}', 'R:{id}') and/or mark read (1) or unread (0). `quiet`:
 * no error dialog (opening an alert marks it read in the background).
 */
export function useUpdateAlert(id: number, { quiet = false }: { quiet?: boolean } = {}) {
  return useAlertChange(id, (body: { AssignedTo?: string; ReadStatus?: 0 | 1 }) =>
    apiRequest({
      path: `${ALERTS_ENDPOINT}/${id}`,
      method: 'PUT',
      body,
      schema: z.unknown(),
      showErrorDialog: !quiet,
    }),
  );
}

/** `PUT /api/alerts/{id}/status`: a move the detail's AllowedStatuses offers. */
export function useChangeAlertStatus(id: number) {
  return useAlertChange(id, (body: { Status: number; Note?: string }) =>
    apiRequest({ path: `${ALERTS_ENDPOINT}/${id}/status`, method: 'PUT', body, schema: z.unknown() }),
  );
}

/** `POST /api/alerts/{id}/comments`. */
export function useAddAlertComment(id: number) {
  return useAlertChange(id, (body: { Text: string }) =>
    apiRequest({ path: `${ALERTS_ENDPOINT}/${id}/comments`, method: 'POST', body, schema: z.unknown() }),
  );
}
