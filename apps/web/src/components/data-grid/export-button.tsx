import { FileExcelOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { getSession } from '@/lib/auth';
import { reportError } from '@/lib/error-bus';
import { exportGrid, type GridExportRequest } from './grid-api';
import { saveFile } from '@/lib/save-file';

/** Every export failure goes to the global error dialog (shell spec §8), whatever its status. */
function reportExportError(error: unknown): void {
  // Leaving the page aborts the download; an ended session goes to the sign-in page instead.
  if (error instanceof DOMException && error.name === 'AbortError') return;
  if (!getSession()) return;
  if (error instanceof ApiError) {
    reportError({
      status: error.status,
      code: error.code,
      message: error.message,
      supportId: error.supportId,
    });
  } else {
    reportError({ status: 0, code: 500, message: '', supportId: null });
  }
}

/** The Excel button: exports the grid's filter and visible columns, loading until the file arrives. */
export function ExportButton({ request }: { request: Omit<GridExportRequest, 'signal'> }) {
  const { t } = useTranslation('grid');
  const aborts = useRef<AbortController | null>(null);
  useEffect(() => () => aborts.current?.abort(), []);

  const exporting = useMutation({
    mutationFn: (exported: Omit<GridExportRequest, 'signal'>) => {
      aborts.current = new AbortController();
      return exportGrid({ ...exported, signal: aborts.current.signal });
    },
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
    onError: reportExportError,
  });

  return (
    <Button
      icon={<FileExcelOutlined />}
      loading={exporting.isPending}
      disabled={request.totalCount === 0}
      aria-label={t('export.label')}
      onClick={() => exporting.mutate(request)}
    >
      {t('export.button')}
    </Button>
  );
}
