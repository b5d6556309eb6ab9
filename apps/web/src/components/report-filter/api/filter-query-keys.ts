/*
 * Query keys of the filter lookups and saved user filters. The lookups are trimmed by the caller's restrictions on
 * the server, and a restriction change must show within 5 minutes (reports spec §6): they are reused for that long.
 */
export const filterKeys = {
  all: ['filters'] as const,
  lookup: (list: string) => ['filters', 'lookup', list] as const,
  questions: (surveyId: number) => ['filters', 'lookup', 'questions', surveyId] as const,
  saved: (page: string) => ['filters', 'saved', page] as const,
};

/** How long a loaded lookup is reused before it is fetched again. */
export const LOOKUP_STALE_TIME = 5 * 60_000;
