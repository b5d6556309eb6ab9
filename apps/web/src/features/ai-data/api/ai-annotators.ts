import {
  aiAnnotatorSchema,
  userForSelectItemSchema,
  type AiAnnotator,
  type AiAnnotatorSave,
} from '@loupe/contracts';
import { useQuery } from '@tanstack/react-query';
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
 * The annotators' calls (docs/text-analytics-data.md): the grid is `/api/ai-annotators`; one annotator, its save
 * (POST, or PUT with its id) and its delete; the tenant's users a form may link. Scopes annotation:read /
 * annotation:manage.
 */

export const ANNOTATORS_ENDPOINT = '/api/ai-annotators';

const annotatorKey = (id: number) => ['aiAnnotators', 'annotator', id] as const;
const cache = { endpoint: ANNOTATORS_ENDPOINT, recordKey: annotatorKey };

export function useAnnotator(id: number | undefined) {
  return useRecordQuery(ANNOTATORS_ENDPOINT, id, aiAnnotatorSchema, annotatorKey);
}

function saveAnnotator(request: SaveRecordRequest<AiAnnotatorSave>): Promise<AiAnnotator> {
  return saveRecord(ANNOTATORS_ENDPOINT, aiAnnotatorSchema, request);
}

export function useSaveAnnotator() {
  return useSaveRecordMutation(saveAnnotator, cache);
}

export function useDeleteAnnotator() {
  return useDeleteRecordMutation((id: number) => deleteRecord(ANNOTATORS_ENDPOINT, id), cache);
}

/**
 * `GET /api/users/forSelect`: the tenant's active users, whom an annotator may be linked to (open to user:read and
 * annotation:manage). A failure leaves the select empty with a note, without the error dialog.
 */
export function useAnnotatorUserChoices() {
  return useQuery({
    queryKey: ['aiAnnotators', 'users'],
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/api/users/forSelect',
        schema: z.array(userForSelectItemSchema),
        signal,
        showErrorDialog: false,
      }),
    staleTime: 60_000,
    retry: false,
  });
}
