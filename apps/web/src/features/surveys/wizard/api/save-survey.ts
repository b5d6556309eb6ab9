import {
  surveyDetailSchema,
  type SurveyDetail,
  type SurveyGeneral,
  type SurveyStepSave,
} from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { SURVEYS_ENDPOINT, surveyKeys, useSurveyCacheUpkeep } from './survey-keys';

/** A wizard save: the general step of a new survey (no id), or one step of an existing one. */
type SurveySaveRequest = { id?: undefined; body: SurveyGeneral } | { id: number; body: SurveyStepSave };

/**
 * `POST /api/surveys` (general step, a new draft) or `PUT /api/surveys/{id}` (one step, named by `Step`): the
 * survey, or 400 with the step's rule (2036, 4013-4016, 4020-4023, 4025, 4027) shown on the step itself.
 */
function saveSurvey({ id, body }: SurveySaveRequest): Promise<SurveyDetail> {
  return apiRequest({
    path: id === undefined ? SURVEYS_ENDPOINT : `${SURVEYS_ENDPOINT}/${id}`,
    method: id === undefined ? 'POST' : 'PUT',
    body,
    schema: surveyDetailSchema,
    showErrorDialog: 'serverErrorsOnly',
  });
}

/** A mutation whose answer is the survey: it becomes the cached record, and the lists and pickers reload. */
function useSurveyMutation<V>(mutationFn: (variables: V) => Promise<SurveyDetail>) {
  const queryClient = useQueryClient();
  const upkeep = useSurveyCacheUpkeep();
  return useMutation({
    mutationFn,
    onSuccess: (saved) => {
      queryClient.setQueryData(surveyKeys.survey(saved.Id), saved);
      return upkeep();
    },
  });
}

export function useSaveSurvey() {
  return useSurveyMutation(saveSurvey);
}

/** `PUT /api/surveys/{id}/status`: the survey, or 400 with 4016 (no flow with questions). */
function setSurveyStatus({ id, IsActive }: { id: number; IsActive: boolean }): Promise<SurveyDetail> {
  return apiRequest({
    path: `${SURVEYS_ENDPOINT}/${id}/status`,
    method: 'PUT',
    body: { IsActive },
    schema: surveyDetailSchema,
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useSetSurveyStatus() {
  return useSurveyMutation(setSurveyStatus);
}
