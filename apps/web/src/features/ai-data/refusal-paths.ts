import { ApiError } from '@/lib/api-client';

/**
 * The body field a refusal with one of `codes` names in its `Details` (`[{ Path: 'body/Email' }]`), when it is one
 * of `fields`: the server names the field for a refused value (3333) and for a taken one (19101, 19104) alike.
 */
export function refusedBodyField<F extends string>(
  error: unknown,
  codes: readonly number[],
  fields: readonly F[],
): F | undefined {
  if (!(error instanceof ApiError) || !codes.includes(error.code) || !Array.isArray(error.details))
    return undefined;
  for (const detail of error.details as unknown[]) {
    const path = (detail as { Path?: unknown } | null)?.Path;
    if (typeof path !== 'string') continue;
    const field = fields.find((name) => path.split(/[/.]/).includes(name));
    if (field) return field;
  }
  return undefined;
}
