import {
  ftpExportRunsSchema,
  ftpExportSchema,
  userForSelectItemSchema,
  type FtpExport,
  type FtpExportSave,
} from '@loupe/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
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
 * The FTP exports' calls (docs/ftp-export.md): the grid is `/api/export-ftp-surveys-answer`; one export, its save
 * (POST, or PUT with its id), its delete, its runs, run-now, and the users its mail may go to. Scope
 * `surveyanswers`.
 */

export const FTP_EXPORTS_ENDPOINT = '/api/export-ftp-surveys-answer';

const ftpExportKeys = {
  ftpExport: (id: number) => ['ftpExports', 'ftpExport', id] as const,
  runs: (id: number) => ['ftpExports', 'runs', id] as const,
  recipients: ['ftpExports', 'recipients'] as const,
};
const cache = { endpoint: FTP_EXPORTS_ENDPOINT, recordKey: ftpExportKeys.ftpExport };

export function useFtpExport(id: number | undefined) {
  return useRecordQuery(FTP_EXPORTS_ENDPOINT, id, ftpExportSchema, ftpExportKeys.ftpExport);
}

function saveFtpExport(request: SaveRecordRequest<FtpExportSave>): Promise<FtpExport> {
  return saveRecord(FTP_EXPORTS_ENDPOINT, ftpExportSchema, request);
}

export function useSaveFtpExport() {
  return useSaveRecordMutation(saveFtpExport, cache);
}

export function useDeleteFtpExport() {
  return useDeleteRecordMutation((id: number) => deleteRecord(FTP_EXPORTS_ENDPOINT, id), cache);
}

/** The export's last 50 transfers, newest first; polled while one is running. */
export function useFtpExportRuns(id: number) {
  return useQuery({
    queryKey: ftpExportKeys.runs(id),
    queryFn: ({ signal }) =>
      apiRequest({ path: `${FTP_EXPORTS_ENDPOINT}/${id}/runs`, schema: ftpExportRunsSchema, signal }),
    refetchInterval: (query) => (query.state.data?.some((run) => run.Status === 'running') ? 2_000 : false),
  });
}

/** Queues one transfer now; the runs reload a moment later, and go on reloading while it runs. */
export function useRunFtpExportNow(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest({
        path: `${FTP_EXPORTS_ENDPOINT}/${id}/run`,
        method: 'POST',
        body: {},
        schema: z.object({ Queued: z.boolean() }),
      }),
    onSuccess: () => {
      const reload = () => void queryClient.invalidateQueries({ queryKey: ftpExportKeys.runs(id) });
      reload();
      setTimeout(reload, 1_500);
    },
  });
}

/** The tenant's users with an email: the mail's possible recipients. */
export function useFtpExportRecipients() {
  return useQuery({
    queryKey: ftpExportKeys.recipients,
    queryFn: ({ signal }) =>
      apiRequest({
        path: `${FTP_EXPORTS_ENDPOINT}/recipients`,
        schema: z.array(userForSelectItemSchema),
        signal,
      }),
    staleTime: 60_000,
  });
}
