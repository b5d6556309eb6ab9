import { useQuery } from '@tanstack/react-query';
import type { ErrorTextLanguage } from '@/lib/error-texts';
import { flattenInto } from './coverage';

/*
 * The catalogues the console ships, flat (`namespace.key` → text), for the translations screen: the locale files of
 * the languages that have them (Turkish, English, Arabic) and the contracts' error texts of the common namespace,
 * as lib/i18n.ts loads them. Read from the files, not from i18next, whose store holds the overrides too.
 */

const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { import: 'default' });

function fileOf(path: string): { language: string; namespace: string } {
  const [, language = '', namespace = ''] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  return { language, namespace };
}

async function loadLanguage(language: ErrorTextLanguage): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  const entries = Object.entries(files).filter(([path]) => fileOf(path).language === language);
  const [loaded, { errorTexts }] = await Promise.all([
    Promise.all(entries.map(async ([path, load]) => ({ ...fileOf(path), catalogue: await load() }))),
    import('@/lib/error-texts'),
  ]);
  for (const { namespace, catalogue } of loaded) flattenInto(catalogue, namespace, texts);
  flattenInto(errorTexts(language), 'common', texts);
  return texts;
}

/** The shipped catalogues by language: English, Turkish and Arabic. */
export function useShippedCatalogues() {
  return useQuery({
    queryKey: ['translations', 'shipped'],
    queryFn: async () => {
      const languages: ErrorTextLanguage[] = ['en', 'tr', 'ar'];
      const loaded = await Promise.all(languages.map(loadLanguage));
      return new Map(languages.map((language, index) => [language as string, loaded[index]!]));
    },
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
