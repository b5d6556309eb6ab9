import {
  emailReportOptionsSchema,
  emailReportSchema,
  emailReportSendResultSchema,
  type EmailReport,
  type EmailReportSave,
} from '@loupe/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteRecord,
  saveRecord,
  useDeleteRecordMutation,
  useRecordQuery,
  useSaveRecordMutation,
  type SaveRecordRequest,
} from '@/components/admin-page/record-api';
import { apiRequest } from '@/lib/api-client';

/*
 * The email report notifications' calls (docs/email-reports.md): the grid is `/api/email-report-notifications`;
 * one notification, its save (POST, or PUT with its id), its delete, send-now, and the form's choices. Scopes
 * report:manage or config:manage.
 */

export const EMAIL_REPORTS_ENDPOINT = '/api/email-report-notifications';

const emailReportKeys = {
  emailReport: (id: number) => ['emailReports', 'emailReport', id] as const,
  options: ['emailReports', 'options'] as const,
};
const cache = { endpoint: EMAIL_REPORTS_ENDPOINT, recordKey: emailReportKeys.emailReport };

export function useEmailReport(id: number | undefined) {
  return useRecordQuery(EMAIL_REPORTS_ENDPOINT, id, emailReportSchema, emailReportKeys.emailReport);
}

function saveEmailReport(request: SaveRecordRequest<EmailReportSave>): Promise<EmailReport> {
  return saveRecord(EMAIL_REPORTS_ENDPOINT, emailReportSchema, request);
}

export function useSaveEmailReport() {
  return useSaveRecordMutation(saveEmailReport, cache);
}

export function useDeleteEmailReport() {
  return useDeleteRecordMutation((id: number) => deleteRecord(EMAIL_REPORTS_ENDPOINT, id), cache);
}

/** The tenant's reports, users with an email and roles the form offers. */
export function useEmailReportOptions() {
  return useQuery({
    queryKey: emailReportKeys.options,
    queryFn: ({ signal }) =>
      apiRequest({ path: `${EMAIL_REPORTS_ENDPOINT}/options`, schema: emailReportOptionsSchema, signal }),
    staleTime: 60_000,
  });
}

/** Queues one run now; the record reloads every few seconds for a while, so its last run shows when done. */
export function useSendEmailReportNow(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest({
        path: `${EMAIL_REPORTS_ENDPOINT}/${id}/send`,
        method: 'POST',
        body: {},
        schema: emailReportSendResultSchema,
      }),
    onSuccess: () => {
      const reload = () => void queryClient.invalidateQueries({ queryKey: emailReportKeys.emailReport(id) });
      for (const seconds of [2, 5, 10, 20, 40]) setTimeout(reload, seconds * 1_000);
    },
  });
}
