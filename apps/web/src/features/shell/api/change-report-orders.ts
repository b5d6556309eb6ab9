import { type ReportListItem, type ReportOrders } from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { applyReportOrders } from '../dashboard-groups';
import { reportsListQueryKey } from '@/api/reports';

const reportOrdersMutationKey = ['reports', 'orders'] as const;

/** `PUT /api/reporteditor/changeReportOrders` with `[{ Id, Order, Category? }]`: 204. */
async function changeReportOrders(orders: ReportOrders): Promise<void> {
  await apiRequest({
    path: '/api/reporteditor/changeReportOrders',
    method: 'PUT',
    body: orders,
    schema: z.unknown(),
    // A failure is reported by the menu's own notice, after the order is rolled back (shell spec §8).
    showErrorDialog: false,
  });
}

type SaveOrders = { orders: ReportOrders; previous: ReportListItem[] | undefined };

/**
 * Saves a new menu order the way the spec asks (shell spec §4): the menu shows it at once, and a failed save
 * puts the previous menu back and calls `onFailure`. Saves run one after another, in the order made.
 */
export function useChangeReportOrders({ onFailure }: { onFailure: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationKey: reportOrdersMutationKey,
    scope: { id: 'report-orders' },
    mutationFn: ({ orders }: SaveOrders) => changeReportOrders(orders),
    onError: (error, { previous }) => {
      queryClient.setQueryData(reportsListQueryKey, previous);
      onFailure(error);
    },
    onSettled: async () => {
      // Reload once the last queued save is done; an earlier reload would undo the later ones on screen.
      if (queryClient.isMutating({ mutationKey: reportOrdersMutationKey }) > 1) return;
      await queryClient.invalidateQueries({ queryKey: ['reports'] });
    },
  });

  return useCallback(
    (orders: ReportOrders, options?: { onSuccess?: () => void }) => {
      if (orders.length === 0) return;
      // Applied synchronously, so the dropped report does not flash back to its old place first; a load in
      // flight is cancelled so it cannot overwrite the new order with the old one.
      void queryClient.cancelQueries({ queryKey: reportsListQueryKey });
      const previous = queryClient.getQueryData<ReportListItem[]>(reportsListQueryKey);
      queryClient.setQueryData<ReportListItem[]>(
        reportsListQueryKey,
        (current) => current && applyReportOrders(current, orders),
      );
      mutate({ orders, previous }, options?.onSuccess ? { onSuccess: options.onSuccess } : undefined);
    },
    [mutate, queryClient],
  );
}
