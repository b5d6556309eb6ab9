import {
  translationImportResultSchema,
  translationsSchema,
  type LanguageCode,
  type TranslationImport,
  type TranslationSave,
} from '@loupe/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiDownload, apiRequest } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/*
 * The translations screen's calls (docs/translations.md): the tenant's overrides of every language, a batch save
 * (an empty text removes), one removal, an import and an export of a language's document. Scopes config:read to
 * read, config:manage to write. Refusals (400) go to the global error dialog, translated by the server.
 */

const TRANSLATIONS_ENDPOINT = '/api/translations';
const overridesKey = ['translations', 'overrides'] as const;

/** Every override of the tenant, all languages (the coverage of each needs them). */
export function useOverrides() {
  return useQuery({
    queryKey: overridesKey,
    queryFn: ({ signal }) => apiRequest({ path: TRANSLATIONS_ENDPOINT, schema: translationsSchema, signal }),
  });
}

function useRefreshAfter<V, T>(mutationFn: (variables: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: overridesKey }),
  });
}

export function useSaveOverrides() {
  return useRefreshAfter((body: TranslationSave) =>
    apiRequest({ path: TRANSLATIONS_ENDPOINT, method: 'PUT', body, schema: translationsSchema }),
  );
}

type OverrideId = { Language: LanguageCode; Namespace: string; Key: string };

export function useRemoveOverride() {
  return useRefreshAfter(({ Language, Namespace, Key }: OverrideId) =>
    apiRequest({
      path: `${TRANSLATIONS_ENDPOINT}/${Language}/${encodeURIComponent(Namespace)}/${encodeURIComponent(Key)}`,
      method: 'DELETE',
      schema: z.unknown(),
      showErrorDialog: 'serverErrorsOnly',
    }),
  );
}

export function useImportOverrides() {
  return useRefreshAfter((body: TranslationImport) =>
    apiRequest({
      path: `${TRANSLATIONS_ENDPOINT}/import`,
      method: 'POST',
      body,
      schema: translationImportResultSchema,
    }),
  );
}

/** Downloads a language's document as `translations-<language>.json`. */
export async function exportOverrides(language: LanguageCode): Promise<void> {
  const { blob, fileName } = await apiDownload({
    path: `${TRANSLATIONS_ENDPOINT}/export?Language=${language}`,
  });
  saveFile(blob, fileName ?? `translations-${language}.json`);
}
