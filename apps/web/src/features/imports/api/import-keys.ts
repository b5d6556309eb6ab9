/** Endpoints and query keys of this feature; the lists are grids (`gridQueryKey(endpoint)`). */
export const INVITEE_POOL_ENDPOINT = '/api/invitee-pool';
export const IMPORT_LOGS_ENDPOINT = '/api/import-data-logs';
export const IMPORT_SOURCES_ENDPOINT = '/api/import-data-sources';

/** The grid of one import's staged records. */
export function importRowsEndpoint(id: number): string {
  return `${IMPORT_LOGS_ENDPOINT}/${id}/rows`;
}

export const importKeys = {
  log: (id: number) => ['imports', 'log', id] as const,
  source: (id: number) => ['imports', 'source', id] as const,
  sourceOptions: ['imports', 'source-options'] as const,
};
