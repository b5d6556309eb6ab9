import { aiDatasetSchema, type AiDataset, type AiDatasetSave } from '@loupe/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  deleteRecord,
  saveRecord,
  useDeleteRecordMutation,
  useRecordQuery,
  useSaveRecordMutation,
  type SaveRecordRequest,
} from '@/components/admin-page/record-api';
import { gridQueryKey } from '@/components/data-grid/data-grid';
import { apiRequest } from '@/lib/api-client';
import { DATASET_POLL_MS, isBuilding } from '../dataset-values';

/*
 * The text-analytics datasets' calls (docs/text-analytics-data.md): the grid is `/api/ai-datasets`; one dataset,
 * its save (POST, or PUT with its id) and its delete. Scopes dataset:read / dataset:manage.
 */

export const DATASETS_ENDPOINT = '/api/ai-datasets';

const datasetKey = (id: number) => ['aiDatasets', 'dataset', id] as const;
const cache = { endpoint: DATASETS_ENDPOINT, recordKey: datasetKey };

/** The dataset an edit page shows; polled while it is being built, so the page sees it go Ready or Failed. */
export function useDataset(id: number | undefined) {
  const query = useRecordQuery(DATASETS_ENDPOINT, id, aiDatasetSchema, datasetKey);
  useRefetchWhileBuilding(query.data, query.refetch);
  return query;
}

function useRefetchWhileBuilding(dataset: AiDataset | undefined, refetch: () => unknown) {
  const building = dataset !== undefined && isBuilding(dataset.Status);
  useEffect(() => {
    if (!building) return;
    const timer = setInterval(() => void refetch(), DATASET_POLL_MS);
    return () => clearInterval(timer);
  }, [building, refetch]);
}

/**
 * A grid row's dataset while it is being built: `GET /api/ai-datasets/{id}` every two seconds until it is Ready or
 * Failed, then the grid reloads (its count and built date change with it). Answers the row as last read.
 */
export function useDatasetProgress(row: AiDataset): AiDataset {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['aiDatasets', 'progress', row.Id],
    queryFn: ({ signal }) =>
      apiRequest({
        path: `${DATASETS_ENDPOINT}/${row.Id}`,
        schema: aiDatasetSchema,
        signal,
        showErrorDialog: false,
      }),
    enabled: isBuilding(row.Status),
    refetchInterval: (current) =>
      current.state.data && !isBuilding(current.state.data.Status) ? false : DATASET_POLL_MS,
  });
  const done = isBuilding(row.Status) && query.data !== undefined && !isBuilding(query.data.Status);
  useEffect(() => {
    if (done) void queryClient.invalidateQueries({ queryKey: gridQueryKey(DATASETS_ENDPOINT) });
  }, [done, queryClient]);
  return isBuilding(row.Status) && query.data ? query.data : row;
}

function saveDataset(request: SaveRecordRequest<AiDatasetSave>): Promise<AiDataset> {
  return saveRecord(DATASETS_ENDPOINT, aiDatasetSchema, request);
}

export function useSaveDataset() {
  return useSaveRecordMutation(saveDataset, cache);
}

export function useDeleteDataset() {
  return useDeleteRecordMutation((id: number) => deleteRecord(DATASETS_ENDPOINT, id), cache);
}
