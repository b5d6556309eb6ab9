import { skipToken, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { z, type ZodType } from 'zod';
import { apiRequest, type ApiRequest } from '@/lib/api-client';
import { gridQueryKey } from '../data-grid/data-grid';
import { recordUrl, type RecordId } from './record-id';

/*
 * The calls every administration record shares: read one, save (POST or PUT), delete, and the cache upkeep
 * after them.
 * Each feature keeps one file per call (its function and hook), built on these.
 */

/**
 * The record an edit page shows: `GET {endpoint}/{id}` validated with `schema`, cached under `recordKey(id)`
 * (where a save puts its answer). No call while `id` is undefined (a create page).
 */
export function useRecordQuery<T, Id extends RecordId>(
  endpoint: string,
  id: Id | undefined,
  schema: ZodType<T>,
  recordKey: (id: Id) => QueryKey,
) {
  return useQuery({
    queryKey: id === undefined ? [endpoint, 'none'] : recordKey(id),
    queryFn:
      id === undefined
        ? skipToken
        : ({ signal }) => apiRequest({ path: recordUrl(endpoint, id), schema, signal }),
  });
}

/** What a form saves: the body, and the record's id when it edits one (none: it creates one). */
export type SaveRecordRequest<B, Id extends RecordId = number> = { id?: Id; body: B };

/**
 * `POST {endpoint}` (no id) or `PUT {endpoint}/{id}`: the saved record, validated with `schema`. The form shows
 * the expected refusals (400, 403, 404, 409) itself; a server failure (5xx) still goes to the error dialog.
 */
export function saveRecord<T, B, Id extends RecordId = number>(
  endpoint: string,
  schema: ZodType<T>,
  { id, body }: SaveRecordRequest<B, Id>,
): Promise<T> {
  return apiRequest({
    path: id === undefined ? endpoint : recordUrl(endpoint, id),
    method: id === undefined ? 'POST' : 'PUT',
    body,
    schema,
    showErrorDialog: 'serverErrorsOnly',
  });
}

/**
 * `DELETE {endpoint}/{id}` (204). By default the page explains a refusal itself (`'serverErrorsOnly'`); pass
 * `showErrorDialog: true` to leave every failure to the global error dialog.
 */
export async function deleteRecord(
  endpoint: string,
  id: RecordId,
  { showErrorDialog = 'serverErrorsOnly' }: Pick<ApiRequest<unknown>, 'showErrorDialog'> = {},
): Promise<void> {
  await apiRequest({ path: recordUrl(endpoint, id), method: 'DELETE', schema: z.unknown(), showErrorDialog });
}

/** Where a record lives in the cache: its list's endpoint (the grid) and its own query key. */
export type RecordCache<Id extends RecordId> = {
  /** The list's endpoint, whose grid reloads after a change. */
  endpoint: string;
  /** The query key of one record, e.g. `roleKeys.role`. */
  recordKey: (id: Id) => QueryKey;
  /** Other queries the change makes stale (select lists built from these records). */
  alsoInvalidate?: readonly QueryKey[];
};

/**
 * The mutation of a record's save: afterwards the saved record is its query's data (no reload of the page it
 * goes back to), and the list's grid and `alsoInvalidate` reload.
 */
export function useSaveRecordMutation<Req, T extends { Id: Id }, Id extends RecordId = number>(
  mutationFn: (request: Req) => Promise<T>,
  { endpoint, recordKey, alsoInvalidate = [] }: RecordCache<Id>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (saved) => {
      queryClient.setQueryData(recordKey(saved.Id), saved);
      for (const queryKey of alsoInvalidate) void queryClient.invalidateQueries({ queryKey });
      return queryClient.invalidateQueries({ queryKey: gridQueryKey(endpoint) });
    },
  });
}

/** The mutation of a record's delete: afterwards its query is dropped, and the grid and `alsoInvalidate` reload. */
export function useDeleteRecordMutation<Id extends RecordId>(
  mutationFn: (id: Id) => Promise<void>,
  { endpoint, recordKey, alsoInvalidate = [] }: RecordCache<Id>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: recordKey(id) });
      for (const queryKey of alsoInvalidate) void queryClient.invalidateQueries({ queryKey });
      return queryClient.invalidateQueries({ queryKey: gridQueryKey(endpoint) });
    },
  });
}
