import {
  integrationSourceSchema,
  type IntegrationSource,
  type IntegrationSourceSave,
} from '@loupe/contracts';
import {
  saveRecord,
  useSaveRecordMutation,
  type SaveRecordRequest,
} from '@/components/admin-page/record-api';
import { SOURCES_ENDPOINT, integrationKeys } from './integration-keys';

/**
 * `POST /api/integration-sources` or `PUT /api/integration-sources/{id}`: the saved source (secrets never come
 * back); 400 with 19201 (name taken), 19202 (a field the kind needs), 19215 (kind of a source in use), 3333.
 */
function saveIntegrationSource(
  request: SaveRecordRequest<IntegrationSourceSave>,
): Promise<IntegrationSource> {
  return saveRecord(SOURCES_ENDPOINT, integrationSourceSchema, request);
}

export function useSaveIntegrationSource() {
  return useSaveRecordMutation(saveIntegrationSource, {
    endpoint: SOURCES_ENDPOINT,
    recordKey: integrationKeys.source,
    alsoInvalidate: [integrationKeys.sources, integrationKeys.sourcesForWorkflow],
  });
}
