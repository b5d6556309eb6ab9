import { surveyLinkListSchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The query keys of one survey's links: every change of a link reloads the survey's list. */
export const surveyLinkKeys = {
  list: (surveyId: number) => ['surveys', surveyId, 'links'] as const,
};

export const surveyLinksPath = (surveyId: number) => `/api/surveys/${surveyId}/links`;

/** `GET /api/surveys/{id}/links`: the survey's links (not deleted ones), each with its URL, QR code and sessions. */
function surveyLinksQueryOptions(surveyId: number) {
  return queryOptions({
    queryKey: surveyLinkKeys.list(surveyId),
    queryFn: ({ signal }) =>
      apiRequest({
        path: surveyLinksPath(surveyId),
        schema: surveyLinkListSchema,
        signal,
        showErrorDialog: false,
      }),
  });
}

export function useSurveyLinks(surveyId: number) {
  return useQuery(surveyLinksQueryOptions(surveyId));
}
