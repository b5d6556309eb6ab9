import {
  answerScaleTemplateSchema,
  experienceItemSchema,
  questionTypeItemSchema,
  type AnswerScaleTemplate,
  type ExperienceItem,
  type QuestionTypeItem,
} from '@loupe/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { LOOKUP_STALE_TIME, questionKeys } from './question-keys';

/*
 * The form's select lists. A failed list leaves its select empty (the form still works with the type codes),
 * without the error dialog.
 */

/** `GET /api/questionTypes`: the seven types with their names in the caller's language. */
export function useQuestionTypes() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...questionKeys.questionTypes, i18n.language],
    queryFn: ({ signal }): Promise<QuestionTypeItem[]> =>
      apiRequest({
        path: '/api/questionTypes',
        schema: z.array(questionTypeItemSchema),
        signal,
        showErrorDialog: false,
      }),
    staleTime: LOOKUP_STALE_TIME,
  });
}

/** `GET /api/filters/experiences`: what a question can measure (the tenant's and the system experiences). */
export function useQuestionExperiences() {
  return useQuery({
    queryKey: questionKeys.experiences,
    queryFn: ({ signal }): Promise<ExperienceItem[]> =>
      apiRequest({
        path: '/api/filters/experiences',
        schema: z.array(experienceItemSchema),
        signal,
        showErrorDialog: false,
      }),
    staleTime: LOOKUP_STALE_TIME,
  });
}

/** `GET /api/answer-scale-templates`: the Turkish set in Turkish, the English set otherwise. */
export function useAnswerScaleTemplates() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: questionKeys.answerScaleTemplates(i18n.language),
    queryFn: ({ signal }): Promise<AnswerScaleTemplate[]> =>
      apiRequest({
        path: '/api/answer-scale-templates',
        schema: z.array(answerScaleTemplateSchema),
        signal,
        showErrorDialog: false,
      }),
    staleTime: LOOKUP_STALE_TIME,
  });
}
