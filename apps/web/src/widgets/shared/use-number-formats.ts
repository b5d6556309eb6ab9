import { useTranslation } from 'react-i18next';
import { numberFormats, type NumberFormats } from './widget-format';

/** The number formats of the interface language (reports spec §9: n0 counts, n1 scores). */
export function useNumberFormats(): NumberFormats {
  const { i18n } = useTranslation();
  return numberFormats(i18n.language);
}
