import { surveyPrioritisationRowSchema, type SurveyPrioritisationSave } from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { prioritisationKey } from './get-prioritisation';

/**
 * `PUT /api/survey-prioritization` with the changed rows: every row as saved, or 400 with 4024 (a survey that
 * cannot be prioritised), 3333 (a number out of bounds); 404 for a survey that is not the caller's. The page
 * shows the refusal beside the table; a 5xx also goes to the error dialog.
 */
function savePrioritisation(body: SurveyPrioritisationSave) {
  return apiRequest({
    path: '/api/survey-prioritization',
    method: 'PUT',
    body,
    schema: z.array(surveyPrioritisationRowSchema),
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useSavePrioritisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePrioritisation,
    // The answer is the whole table as saved: no second request to read it back.
    onSuccess: (rows) => queryClient.setQueryData(prioritisationKey, rows),
  });
}
