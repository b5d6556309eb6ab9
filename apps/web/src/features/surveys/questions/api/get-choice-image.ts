import { useQuery } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { LOOKUP_STALE_TIME, questionKeys } from './question-keys';

/** Reads a picture (a picked file or a download) as a data URL (`data:image/png;base64,…`), the shape the API takes. */
export function readDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

/**
 * `GET /api/questions/{id}/choices/{choiceId}/image` as a data URL for a thumbnail: the API wants the bearer
 * token, which an `<img src>` cannot send. Null while loading, on failure or when there is no picture.
 */
export function useChoiceImage(url: string | null): string | null {
  const query = useQuery({
    queryKey: questionKeys.choiceImage(url ?? ''),
    enabled: url !== null,
    queryFn: async ({ signal }) =>
      readDataUrl((await apiDownload({ path: url ?? '', signal, showErrorDialog: false })).blob),
    staleTime: LOOKUP_STALE_TIME,
  });
  return url === null ? null : (query.data ?? null);
}
