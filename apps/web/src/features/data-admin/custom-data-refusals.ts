import { CUSTOM_DATA_KEYS, type CustomDataKey } from '@loupe/contracts';
import { ApiError } from '@/lib/api-client';

/** The slots a refused save names (`Details[].Path` `body/CustomData3`), each with the server's worded message. */
export function refusedSlots(error: unknown): { key: CustomDataKey; text: string }[] {
  if (!(error instanceof ApiError) || error.status !== 400 || !Array.isArray(error.details)) return [];
  const keys = new Set<string>(CUSTOM_DATA_KEYS);
  return (error.details as unknown[]).flatMap((detail) => {
    const { Path, Message } = (detail ?? {}) as { Path?: unknown; Message?: unknown };
    const key = typeof Path === 'string' ? Path.split('/').pop() : undefined;
    return key !== undefined && keys.has(key) && typeof Message === 'string'
      ? [{ key: key as CustomDataKey, text: Message }]
      : [];
  });
}
