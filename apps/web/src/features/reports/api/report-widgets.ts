import type { ReportDetail } from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { withConfigs } from '../widget-layout';
import { reportDetailQueryKey } from './get-report';
import { updateReport } from './save-report';

/*
 * The report page's widget writes (reports spec §4, §7): the order after a drag, saved through the report
 * (`PUT /api/reporteditor/{id}` with the moved widgets' Configs), and removing a widget.
 */

export type WidgetOrderChange = {
  report: ReportDetail;
  /** The moved widgets' new Configs (their Config.position changed). */
  updates: { Id: number; Config: string }[];
};

/**
 * Saves a new widget order. The page shows it at once (the cached report is changed first); when the save
 * fails the previous report is put back and the caller shows the failure notice.
 */
export function useSaveWidgetOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ report, updates }: WidgetOrderChange) =>
      updateReport({
        Id: report.Id,
        Title: report.Title,
        Category: report.Category,
        Config: report.Config,
        ReportWidgets: updates,
      }),
    onMutate: async ({ report, updates }) => {
      const key = reportDetailQueryKey(report.Id);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ReportDetail>(key);
      queryClient.setQueryData<ReportDetail>(key, {
        ...report,
        ReportWidgets: withConfigs(report.ReportWidgets, updates),
      });
      return { previous };
    },
    onError: (_error, { report }, context) => {
      if (context?.previous) queryClient.setQueryData(reportDetailQueryKey(report.Id), context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(reportDetailQueryKey(saved.Id), saved),
  });
}

/** `DELETE /api/reportWidgets/{id}/`: 204. */
export async function deleteReportWidget(id: number): Promise<void> {
  await apiRequest({
    path: `/api/reportWidgets/${id}/`,
    method: 'DELETE',
    schema: z.unknown(),
    // The page shows its own failure notice; only a 5xx also opens the global error dialog.
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useDeleteReportWidget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReportWidget,
    // The report's widgets, the list's WidgetCount and the menu.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reports'] }),
  });
}
