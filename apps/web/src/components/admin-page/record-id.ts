/** A record id in a path: numbers as they are, text (a client id) encoded. */
export type RecordId = number | string;

/**
 * The numeric id in a `/…/:id` route: undefined on a create route (no parameter), null when the parameter
 * cannot be a record id (not a positive safe integer).
 */
export function recordIdOf(param: string | undefined): number | null | undefined {
  if (param === undefined) return undefined;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** `{base}/{id}`, the id encoded for the address: a record's API path or its page's route. */
export function recordUrl(base: string, id: RecordId): string {
  return `${base}/${encodeURIComponent(id)}`;
}
