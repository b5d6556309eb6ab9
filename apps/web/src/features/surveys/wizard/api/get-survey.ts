import { surveyDetailSchema } from '@loupe/contracts';
import { useRecordQuery } from '@/components/admin-page/record-api';
import { SURVEYS_ENDPOINT, surveyKeys } from './survey-keys';

/** `GET /api/surveys/{id}`: the survey with every step's data (404). */
export function useSurvey(id: number | undefined) {
  return useRecordQuery(SURVEYS_ENDPOINT, id, surveyDetailSchema, surveyKeys.survey);
}
