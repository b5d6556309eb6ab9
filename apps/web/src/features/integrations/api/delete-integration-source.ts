import { deleteRecord, useDeleteRecordMutation } from '@/components/admin-page/record-api';
import { SOURCES_ENDPOINT, integrationKeys } from './integration-keys';

/** `DELETE /api/integration-sources/{id}`: 204, or a refusal while workflows run on it; 404. */
function deleteIntegrationSource(id: number): Promise<void> {
  return deleteRecord(SOURCES_ENDPOINT, id);
}

export function useDeleteIntegrationSource() {
  return useDeleteRecordMutation(deleteIntegrationSource, {
    endpoint: SOURCES_ENDPOINT,
    recordKey: integrationKeys.source,
    alsoInvalidate: [integrationKeys.sources, integrationKeys.sourcesForWorkflow],
  });
}
