import type { RouteObject } from 'react-router';
import { recordRoutes } from '@/components/admin-page/record-routes';

/** The survey screens under the shell, each loaded on first visit (lazy). A plain list: one entry per screen group. */
export const surveysRoutes: RouteObject[] = [
  ...recordRoutes(
    'surveys',
    async () => (await import('./wizard/components/surveys-page')).SurveysPage,
    async () => (await import('./wizard/components/survey-wizard-page')).SurveyWizardPage,
  ),
  ...recordRoutes(
    'questions',
    async () => (await import('./questions/components/questions-page')).QuestionsPage,
    async () => (await import('./questions/components/question-page')).QuestionPage,
  ),
  {
    path: 'surveys/statistics',
    lazy: async () => ({
      Component: (await import('./statistics/components/surveys-statistics-page')).SurveysStatisticsPage,
    }),
  },
  {
    path: 'surveys/:id/stats',
    lazy: async () => ({
      Component: (await import('./statistics/components/survey-statistics-page')).SurveyStatisticsPage,
    }),
  },
  {
    path: 'survey-prioritization',
    lazy: async () => ({
      Component: (await import('./prioritization/components/survey-prioritization-page'))
        .SurveyPrioritizationPage,
    }),
  },
];
