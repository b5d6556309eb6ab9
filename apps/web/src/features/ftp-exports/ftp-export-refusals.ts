import { ErrorCode } from '@loupe/contracts';
import type { RefusalField } from '@/components/admin-page/refusal-field';
import { ApiError } from '@/lib/api-client';

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
type FtpExportFormField = (typeof FIELDS)[number];

/** The field a refused save (3333 with `Details` such as `body/FtpUrl`) names first; others show above the form. */
export const ftpExportRefusalField: RefusalField<Record<FtpExportFormField, unknown>> = (error) => {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.ModelNotValid || !Array.isArray(error.details))
    return undefined;
  for (const detail of error.details as unknown[]) {
    const path = (detail as { Path?: unknown } | null)?.Path;
    if (typeof path !== 'string') continue;
    const field = FIELDS.find((name) => path.split(/[/.]/).includes(name));
    if (field) return field;
  }
  return undefined;
};
