import { fieldOfDetails } from '@/components/admin-page/refusal-field';

const FIELDS = [
  'Name',
  'UserIds',
  'EmailSubject',
  'EmailBody',
  'FtpUrl',
  'FtpUsername',
  'FtpPassword',
  'FtpFolderPath',
  'CreateUniqueFolderForEachTransfer',
  'SurveyIds',
  'Filter',
  'FileFormat',
  'CronExpression',
  'IsActive',
] as const;

/** The field a refused save (3333 with `Details` such as `body/FtpUrl`) names first; others show above the form. */
export const ftpExportRefusalField = fieldOfDetails<Record<(typeof FIELDS)[number], unknown>>(FIELDS);
