import type { Locale as AntLocale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import trTR from 'antd/es/locale/tr_TR';
import type { Locale } from '@/lib/i18n';

type Loader<T> = () => Promise<{ default: T }>;

// antd's texts for the 12 languages: Turkish and English bundled, the rest loaded when chosen.
// antd has no Bosnian; Croatian is the closest it has.
const antLocales: Record<Locale, AntLocale | Loader<AntLocale>> = {
  tr: trTR,
  en: enUS,
  ru: () => import('antd/es/locale/ru_RU'),
  ar: () => import('antd/es/locale/ar_EG'),
  fr: () => import('antd/es/locale/fr_FR'),
  uk: () => import('antd/es/locale/uk_UA'),
  bg: () => import('antd/es/locale/bg_BG'),
  ro: () => import('antd/es/locale/ro_RO'),
  mk: () => import('antd/es/locale/mk_MK'),
  sq: () => import('antd/es/locale/sq_AL'),
  bs: () => import('antd/es/locale/hr_HR'),
  hi: () => import('antd/es/locale/hi_IN'),
};

/** The antd locale of a language, loading it first when it is not bundled (dayjs: lib/dayjs-locale.ts). */
export async function loadUiLocale(locale: Locale): Promise<AntLocale> {
  const entry = antLocales[locale];
  return typeof entry === 'function' ? (await entry()).default : entry;
}

/** The bundled antd locale, for the first render before anything loads. */
export function bundledUiLocale(locale: Locale): AntLocale {
  const entry = antLocales[locale];
  return typeof entry === 'function' ? enUS : entry;
}
