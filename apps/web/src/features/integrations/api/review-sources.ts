import {
  reviewRunResultSchema,
  reviewSourceListSchema,
  reviewSourceSchema,
  reviewSurveyOptionListSchema,
  type ReviewRunResult,
  type ReviewSource,
  type ReviewSourceSave,
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

/** The review source endpoints (docs/review-sources.md) and their query keys. */
const REVIEW_SOURCES_ENDPOINT = '/api/review-sources';
const SURVEYS_ENDPOINT = '/api/review-source-surveys';

const reviewKeys = {
  list: [REVIEW_SOURCES_ENDPOINT] as const,
  record: (id: number) => [REVIEW_SOURCES_ENDPOINT, id] as const,
  surveys: [SURVEYS_ENDPOINT] as const,
};

/** `GET /api/review-sources`: the tenant's sources by name, with their last run. */
export function useReviewSources() {
  return useQuery({
    queryKey: reviewKeys.list,
    queryFn: ({ signal }) =>
      apiRequest({ path: REVIEW_SOURCES_ENDPOINT, schema: reviewSourceListSchema, signal }),
  });
}

/** `GET /api/review-sources/{id}`; 404 when not in the tenant. */
export function useReviewSource(id: number | undefined) {
  return useRecordQuery(REVIEW_SOURCES_ENDPOINT, id, reviewSourceSchema, reviewKeys.record);
}

/** `GET /api/review-source-surveys`: the external surveys a source may import into. */
export function useReviewSurveys() {
  return useQuery({
    queryKey: reviewKeys.surveys,
    queryFn: ({ signal }) =>
      apiRequest({ path: SURVEYS_ENDPOINT, schema: reviewSurveyOptionListSchema, signal }),
  });
}

/** `POST` or `PUT`: 400 with 19216–19220 (taken URL, place id or name; target; limit), 3333; 404 survey. */
function saveReviewSource(request: SaveRecordRequest<ReviewSourceSave>): Promise<ReviewSource> {
  return saveRecord(REVIEW_SOURCES_ENDPOINT, reviewSourceSchema, request);
}

export function useSaveReviewSource() {
  return useSaveRecordMutation(saveReviewSource, {
    endpoint: REVIEW_SOURCES_ENDPOINT,
    recordKey: reviewKeys.record,
    alsoInvalidate: [reviewKeys.list],
  });
}

function deleteReviewSource(id: number): Promise<void> {
  return deleteRecord(REVIEW_SOURCES_ENDPOINT, id);
}

export function useDeleteReviewSource() {
  return useDeleteRecordMutation(deleteReviewSource, {
    endpoint: REVIEW_SOURCES_ENDPOINT,
    recordKey: reviewKeys.record,
    alsoInvalidate: [reviewKeys.list],
  });
}

/** `POST /api/review-sources/{id}/run`: the run's outcome (a failed fetch is an outcome, not an error). */
function runReviewSource(id: number): Promise<ReviewRunResult> {
  return apiRequest({
    path: `${REVIEW_SOURCES_ENDPOINT}/${encodeURIComponent(id)}/run`,
    method: 'POST',
    schema: reviewRunResultSchema,
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useRunReviewSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runReviewSource,
    onSuccess: (result) => {
      queryClient.setQueryData(reviewKeys.record(result.Source.Id), result.Source);
      return queryClient.invalidateQueries({ queryKey: reviewKeys.list });
    },
  });
}
