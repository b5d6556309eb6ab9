import {
  importDataSourceOptionSchema,
  importDataSourceSchema,
  type ImportDataSource,
  type ImportDataSourceSave,
} from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import {
  deleteRecord,
  saveRecord,
  useDeleteRecordMutation,
  useRecordQuery,
  useSaveRecordMutation,
  type SaveRecordRequest,
} from '@/components/admin-page/record-api';
import { IMPORT_SOURCES_ENDPOINT, importKeys } from './import-keys';

/*
 * The import sources' calls: one source (`GET /api/import-data-sources/{id}`), its save (POST, or PUT with its
 * id; 16002 type field in use, 16003 source in use), its delete (16001, 16004) and the active sources the upload
 * offers (`/options`, open to invitation:manage).
 */

const cache = {
  endpoint: IMPORT_SOURCES_ENDPOINT,
  recordKey: importKeys.source,
  alsoInvalidate: [importKeys.sourceOptions],
};

export function useImportSource(id: number | undefined) {
  return useRecordQuery(IMPORT_SOURCES_ENDPOINT, id, importDataSourceSchema, importKeys.source);
}

function saveImportSource(request: SaveRecordRequest<ImportDataSourceSave>): Promise<ImportDataSource> {
  return saveRecord(IMPORT_SOURCES_ENDPOINT, importDataSourceSchema, request);
}

export function useSaveImportSource() {
  return useSaveRecordMutation(saveImportSource, cache);
}

export function useDeleteImportSource() {
  return useDeleteRecordMutation((id: number) => deleteRecord(IMPORT_SOURCES_ENDPOINT, id), cache);
}

const sourceOptionsQuery = queryOptions({
  queryKey: importKeys.sourceOptions,
  queryFn: ({ signal }) =>
    apiRequest({
      path: `${IMPORT_SOURCES_ENDPOINT}/options`,
      schema: z.array(importDataSourceOptionSchema),
      signal,
    }),
});

export function useImportSourceOptions() {
  return useQuery(sourceOptionsQuery);
}
