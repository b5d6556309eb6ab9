import { ErrorCode, type AiAnnotator, type AiAnnotatorSave } from '@loupe/contracts';
import { fieldOfDetails } from '@/components/admin-page/refusal-field';

/* The annotator form's values and the refusals it places by field (docs/text-analytics-data.md "Screens"). */

export type AnnotatorFormValues = {
  FirstName: string;
  LastName: string;
  Email: string;
  PhoneNumber: string;
  IsActive: boolean;
  UserId: number | null;
};

/** The form's starting values: the annotator's, or an active annotator linked to nobody. */
export function annotatorFormValues(annotator?: AiAnnotator): AnnotatorFormValues {
  return {
    FirstName: annotator?.FirstName ?? '',
    LastName: annotator?.LastName ?? '',
    Email: annotator?.Email ?? '',
    PhoneNumber: annotator?.PhoneNumber ?? '',
    IsActive: annotator?.IsActive ?? true,
    UserId: annotator?.UserId ?? null,
  };
}

/** What the form saves: trimmed names and email, no phone when blank, no user when cleared. */
export function annotatorBodyOf(values: AnnotatorFormValues): AiAnnotatorSave {
  return {
    FirstName: values.FirstName.trim(),
    LastName: values.LastName.trim(),
    Email: values.Email.trim(),
    PhoneNumber: values.PhoneNumber.trim() || null,
    IsActive: values.IsActive,
    UserId: values.UserId ?? null,
  };
}

/** An annotator's name as the grid, the titles and the delete confirmation say it. */
export const annotatorName = (annotator: Pick<AiAnnotator, 'FirstName' | 'LastName'>): string =>
  `${annotator.FirstName} ${annotator.LastName}`.trim();

/** The field a refused save belongs to: a refused field (3333), an email or user another annotator has (19104). */
export const annotatorRefusalField = fieldOfDetails<AnnotatorFormValues>(
  ['FirstName', 'LastName', 'Email', 'PhoneNumber', 'IsActive', 'UserId'],
  [ErrorCode.ModelNotValid, ErrorCode.AnnotatorExists],
);
