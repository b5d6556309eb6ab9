import {
  importPreviewSchema,
  importUploadAnswerSchema,
  type ImportColumnMappingItem,
  type ImportPreview,
  type ImportUploadAnswer,
} from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { gridQueryKey } from '@/components/data-grid/data-grid';
import { IMPORT_LOGS_ENDPOINT } from './import-keys';

type PreviewRequest = { file: File; importDataSourceId: number | undefined };

/**
 * `POST /api/import-data-logs/preview` (multipart): the file's heading row, first rows and suggested mapping;
 * nothing is stored. The page shows the file refusals (15001–15004) itself; a 5xx goes to the error dialog.
 */
function previewImport({ file, importDataSourceId }: PreviewRequest): Promise<ImportPreview> {
  const body = new FormData();
  if (importDataSourceId !== undefined) body.append('ImportDataSourceId', String(importDataSourceId));
  body.append('file', file);
  return apiRequest({
    path: `${IMPORT_LOGS_ENDPOINT}/preview`,
    method: 'POST',
    body,
    schema: importPreviewSchema,
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}

type UploadRequest = PreviewRequest & {
  surveyId: number;
  mapping: ImportColumnMappingItem[];
  /** Store the mapping on the import source. */
  saveMapping: boolean;
};

/** `POST /api/import-data-logs` (multipart): the new import, which the server's job stages and checks. */
function uploadImport({
  file,
  importDataSourceId,
  surveyId,
  mapping,
  saveMapping,
}: UploadRequest): Promise<ImportUploadAnswer> {
  const body = new FormData();
  body.append('SurveyId', String(surveyId));
  if (importDataSourceId !== undefined) {
    body.append('ImportDataSourceId', String(importDataSourceId));
    body.append('SaveMapping', String(saveMapping));
  }
  body.append('Mapping', JSON.stringify(mapping));
  // The file last: the server reads the text fields before the bytes.
  body.append('file', file);
  return apiRequest({
    path: IMPORT_LOGS_ENDPOINT,
    method: 'POST',
    body,
    schema: importUploadAnswerSchema,
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadImport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gridQueryKey(IMPORT_LOGS_ENDPOINT) }),
  });
}
