import type { StatisticsQuery } from '../statistics-query';
import { apiSearch } from '../statistics-query';

/** The statistics screens' query keys: one entry per query string, so a changed range or period asks again. */
export const statisticsKeys = {
  surveys: (query: StatisticsQuery, offset: number) =>
    ['survey-statistics', 'all', apiSearch(query, offset)] as const,
  survey: (id: number, query: StatisticsQuery, offset: number) =>
    ['survey-statistics', id, apiSearch(query, offset, false)] as const,
  surveyOptions: ['survey-statistics', 'survey-options'] as const,
};
