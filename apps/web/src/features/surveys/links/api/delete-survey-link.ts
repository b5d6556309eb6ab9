import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { surveyLinkKeys, surveyLinksPath } from './get-survey-links';

/** `DELETE /api/surveys/{id}/links/{linkId}` (204): the link is switched off for good and no longer listed. */
function deleteSurveyLink({ surveyId, linkId }: { surveyId: number; linkId: number }): Promise<unknown> {
  return apiRequest({
    path: `${surveyLinksPath(surveyId)}/${linkId}`,
    method: 'DELETE',
    schema: z.unknown(),
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useDeleteSurveyLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSurveyLink,
    onSuccess: (_nothing, { surveyId }) =>
      queryClient.invalidateQueries({ queryKey: surveyLinkKeys.list(surveyId) }),
  });
}
