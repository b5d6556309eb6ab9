import { surveyLinkSchema, type SurveyLink, type SurveyLinkSave } from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { surveyLinkKeys, surveyLinksPath } from './get-survey-links';

type SurveyLinkSaveRequest = { surveyId: number; linkId?: number; body: SurveyLinkSave };

/**
 * `POST /api/surveys/{id}/links` (a new link) or `PUT /api/surveys/{id}/links/{linkId}`: the saved link. The
 * dialog shows the refusals (400 3333 on a field, 4049 past the limit, 403, 404) itself.
 */
function saveSurveyLink({ surveyId, linkId, body }: SurveyLinkSaveRequest): Promise<SurveyLink> {
  return apiRequest({
    path: linkId === undefined ? surveyLinksPath(surveyId) : `${surveyLinksPath(surveyId)}/${linkId}`,
    method: linkId === undefined ? 'POST' : 'PUT',
    body,
    schema: surveyLinkSchema,
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useSaveSurveyLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSurveyLink,
    onSuccess: (_saved, { surveyId }) =>
      queryClient.invalidateQueries({ queryKey: surveyLinkKeys.list(surveyId) }),
  });
}
