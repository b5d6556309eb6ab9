import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale, type Locale } from './i18n';

type Loader = () => Promise<unknown>;

const dayjsLocales: Partial<Record<Locale, Loader>> = {
  tr: () => import('dayjs/locale/tr'),
  ru: () => import('dayjs/locale/ru'),
  ar: () => import('dayjs/locale/ar'),
  fr: () => import('dayjs/locale/fr'),
  uk: () => import('dayjs/locale/uk'),
  bg: () => import('dayjs/locale/bg'),
  ro: () => import('dayjs/locale/ro'),
  mk: () => import('dayjs/locale/mk'),
  sq: () => import('dayjs/locale/sq'),
  bs: () => import('dayjs/locale/bs'),
  hi: () => import('dayjs/locale/hi'),
};

/**
 * Keeps dayjs (antd's date pickers and our date formatting) in the interface language. Used by the signed-in
 * console only: the public pages show no dates, so they do not load dayjs at all.
 */
export function useDayjsLocale(): void {
  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : undefined;
  useEffect(() => {
    if (!locale) return;
    void Promise.all([import('dayjs'), dayjsLocales[locale]?.()]).then(([{ default: dayjs }]) => {
      dayjs.locale(locale);
    });
  }, [locale]);
}
