/*
 * The version of the labels widget answers read from PostgreSQL (survey titles, question texts), which the
 * replica's data version does not cover: a survey renamed in the wizard changes no replica row. The widget result
 * cache keys on both, so a save that changes a label is seen by the next widget request (docs/surveys-wizard.md).
 * One counter per server process; every process of a deployment caches on its own, with the cache's TTL as bound.
 */
let version = 0;

/** The current labels version. */
export const labelsVersion = (): number => version;

/** Called after a committed write that changes labels widget answers show. */
export function labelsChanged(): void {
  version += 1;
}
