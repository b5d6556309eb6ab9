import {
  gridPageSchema,
  reportWidgetSchema,
  type ReportDetail,
  type ReportWidget,
  type ReportWidgetSave,
} from '@loupe/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { withConfigs } from '@/widgets/shared/widget-layout';
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
async function deleteReportWidget(id: number): Promise<void> {
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

/**
 * The edited widget's query. Not under ['reports']: the dialog's own save must not reload it while the dialog
 * closes; it is never cached (gcTime 0), so the next edit loads the saved Config.
 */
const reportWidgetQueryKey = (id: number) => ['report-widget', id] as const;

/**
 * `GET /api/reportWidgets?$filter=Id eq {id}` (reports spec §7, the widget dialog's edit load): the grid list's
 * first item, with WidgetId and Config. No such widget (deleted meanwhile, or not visible) is an error.
 */
async function getReportWidget(id: number, signal?: AbortSignal): Promise<ReportWidget> {
  const params = new URLSearchParams({ $filter: `Id eq ${id}`, $top: '1' });
  const page = await apiRequest({
    path: `/api/reportWidgets?${params.toString()}`,
    schema: gridPageSchema(reportWidgetSchema),
    signal,
    // Reports spec §8: a failed load is logged and the dialog closes; no dialog.
    showErrorDialog: false,
  });
  const [widget] = page.Items;
  if (!widget) throw new Error(`Report widget ${id} was not found`);
  return widget;
}

export function useReportWidget(id: number | undefined) {
  return useQuery({
    queryKey: reportWidgetQueryKey(id ?? 0),
    queryFn: ({ signal }) => getReportWidget(id ?? 0, signal),
    enabled: id !== undefined,
    retry: false,
    // Always the saved Config, never one from before the last edit.
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * `POST /api/reportWidgets` (201 with the saved widget; 400 with 2501 at the report's 10th widget) or, with an
 * `id`, `PUT /api/reportWidgets/{id}` (the same body; 200 with the saved widget).
 */
function saveReportWidget({ id, body }: { id?: number; body: ReportWidgetSave }): Promise<ReportWidget> {
  return apiRequest({
    path: id === undefined ? '/api/reportWidgets' : `/api/reportWidgets/${id}`,
    method: id === undefined ? 'POST' : 'PUT',
    body,
    schema: reportWidgetSchema,
    // The dialog shows the failure and keeps the form; only a 5xx also opens the global error dialog.
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useSaveReportWidget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReportWidget,
    // The report's widgets, the list's WidgetCount and the menu (reports spec §7: reports are then reloaded).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reports'] }),
  });
}
