import { IMPORT_FIELDS, type ImportField } from '@loupe/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useBootstrap } from '@/lib/bootstrap';
import { importFieldLabel } from '../import-labels';

/** The invitee fields a column may fill, named in the user's language, custom data by the tenant's slot names. */
export function useFieldOptions(): { value: ImportField; label: string }[] {
  const { i18n } = useTranslation();
  const slots = useBootstrap().data?.CustomDataMappings;
  return useMemo(() => {
    const customData = new Map(
      (slots ?? []).filter((slot) => slot.Name).map((slot) => [`CustomData${slot.No}`, slot.Name]),
    );
    return IMPORT_FIELDS.map((field) => ({
      value: field.Field,
      label: importFieldLabel(field.Field, i18n.language, customData),
    }));
  }, [i18n.language, slots]);
}
