import { fieldOfDetails } from '@/components/admin-page/refusal-field';

const FIELDS = [
  'ReportId',
  'UserId',
  'RoleId',
  'ExperienceId',
  'SurveyId',
  'Subject',
  'Body',
  'CronExpression',
  'IsActive',
] as const;

/** The field a refused save (`Details` such as `body/UserId`) names first; others show above the form. */
export const emailReportRefusalField = fieldOfDetails<Record<(typeof FIELDS)[number], unknown>>(FIELDS);
