import {
  reportCreatedSchema,
  reportDetailSchema,
  type ReportCreate,
  type ReportDetail,
  type ReportUpdate,
} from '@loupe/contracts';
import { useMutation, useQueryClient, type Query } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/*
 * The report editor's writes (reports spec §7): create, update and delete. Each refreshes every report query
 * (['reports', …]: the list, the details, the role assignments and the shell's menu) once it succeeded. The
 * dialogs show their own success and failure notices; only a 5xx also opens the global error dialog.
 */

/** Every report query; the shell's menu (['reports', 'menu']) included. */
const REPORTS_KEY = ['reports'] as const;

type CreatedReport = z.infer<typeof reportCreatedSchema>;

/**
 * `POST /api/reporteditor`: 201 `{ Id, Title, Config }`; the server also assigns the report to the saver's first
 * role. 400 with 2500 when the title is taken.
 */
function createReport(body: ReportCreate): Promise<CreatedReport> {
  return apiRequest({
    path: '/api/reporteditor',
    method: 'POST',
    body,
    schema: reportCreatedSchema,
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REPORTS_KEY }),
  });
}

/**
 * `PUT /api/reporteditor/{id}`: the whole report. Without `ReportWidgets` in the body the widgets stay as they
 * are. 400 with 2500 when the title is taken; 404 when the report is not visible.
 */
export function updateReport(body: ReportUpdate): Promise<ReportDetail> {
  return apiRequest({
    path: `/api/reporteditor/${body.Id}`,
    method: 'PUT',
    body,
    schema: reportDetailSchema,
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useUpdateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REPORTS_KEY }),
  });
}

/** `DELETE /api/reporteditor/{id}/`: 204; the report's widgets and role assignments go with it. */
async function deleteReport(id: number): Promise<void> {
  await apiRequest({
    path: `/api/reporteditor/${id}/`,
    method: 'DELETE',
    schema: z.unknown(),
    showErrorDialog: 'serverErrorsOnly',
  });
}

/** Whether a query belongs to one report (['reports', 'detail' | 'roles', id]). */
function isQueryOf(query: Query, id: number): boolean {
  const [, kind, queryId] = query.queryKey;
  return (kind === 'detail' || kind === 'roles') && queryId === id;
}

/**
 * The delete mutation. `leave` runs once the report is gone and before the report queries refresh: a page
 * showing the report goes elsewhere first, instead of finding its report missing and showing "not found".
 */
export function useDeleteReportMutation({ leave }: { leave?: () => Promise<void> | void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReport,
    onSuccess: async (_nothing, id) => {
      await leave?.();
      // The deleted report's own queries would only answer 404 now: they are not refreshed, and dropped once no
      // page shows them. Dropping a query a mounted page still reads would make that page load it again (the
      // 404 that was logged on every delete, issue 24); one still read is left to the cache's garbage collection.
      await queryClient.invalidateQueries({
        queryKey: REPORTS_KEY,
        predicate: (query) => !isQueryOf(query, id),
      });
      queryClient.removeQueries({
        queryKey: REPORTS_KEY,
        predicate: (query) => isQueryOf(query, id) && query.getObserversCount() === 0,
      });
    },
  });
}
