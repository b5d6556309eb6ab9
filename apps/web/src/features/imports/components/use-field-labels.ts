import { IMPORT_FIELDS, type ImportField } from '@loupe/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { customDataNumber, useCustomDataLabel } from '@/lib/custom-data-label';
import { importFieldLabel } from '../import-labels';

/** The invitee fields a column may fill, named in the user's language, custom data by the tenant's slot names. */
export function useFieldOptions(): { value: ImportField; label: string }[] {
  const { i18n } = useTranslation();
  const customDataLabel = useCustomDataLabel();
  return useMemo(
    () =>
      IMPORT_FIELDS.map((field) => ({
        value: field.Field,
        label:
          customDataNumber(field.Field) === undefined
            ? importFieldLabel(field.Field, i18n.language)
            : customDataLabel(field.Field),
      })),
    [i18n.language, customDataLabel],
  );
}
