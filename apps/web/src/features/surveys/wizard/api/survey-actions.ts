import { surveyDetailSchema, type testInvitationSchema, type SurveyDetail } from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { deleteRecord } from '@/components/admin-page/record-api';
import { apiRequest } from '@/lib/api-client';
import { SURVEYS_ENDPOINT, surveyKeys, useSurveyCacheUpkeep } from './survey-keys';

/** `DELETE /api/surveys/{id}`: 204, or 400 with 4017 (the survey has invitees); 404. */
export function useDeleteSurvey() {
  const queryClient = useQueryClient();
  const upkeep = useSurveyCacheUpkeep();
  return useMutation({
    mutationFn: (id: number) => deleteRecord(SURVEYS_ENDPOINT, id),
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: surveyKeys.survey(id) });
      return upkeep();
    },
  });
}

/** `POST /api/surveys/{id}/clone`: the copy, an inactive draft with copied questions. */
export function useCloneSurvey() {
  const upkeep = useSurveyCacheUpkeep();
  return useMutation({
    mutationFn: (id: number): Promise<SurveyDetail> =>
      apiRequest({
        path: `${SURVEYS_ENDPOINT}/${id}/clone`,
        method: 'POST',
        schema: surveyDetailSchema,
        showErrorDialog: 'serverErrorsOnly',
      }),
    onSuccess: () => upkeep(),
  });
}

export type TestInvitationRequest = { id: number; body: z.infer<typeof testInvitationSchema> };

/** `POST /api/surveys/{id}/test-invitations`: stored for sending; 400 with 4018 (inactive survey), 4019. */
export function useSendTestInvitation() {
  return useMutation({
    mutationFn: ({ id, body }: TestInvitationRequest) =>
      apiRequest({
        path: `${SURVEYS_ENDPOINT}/${id}/test-invitations`,
        method: 'POST',
        body,
        schema: z.unknown(),
        showErrorDialog: 'serverErrorsOnly',
      }),
  });
}
