import { deleteRecord, useDeleteRecordMutation } from '@/components/admin-page/record-api';
import { WORKFLOWS_ENDPOINT, integrationKeys } from './integration-keys';

/** `DELETE /api/integration-workflows/{id}`: 204 (its deliveries stay in the log); 404. */
function deleteIntegrationWorkflow(id: number): Promise<void> {
  return deleteRecord(WORKFLOWS_ENDPOINT, id);
}

export function useDeleteIntegrationWorkflow() {
  return useDeleteRecordMutation(deleteIntegrationWorkflow, {
    endpoint: WORKFLOWS_ENDPOINT,
    recordKey: integrationKeys.workflow,
    alsoInvalidate: [integrationKeys.workflows, integrationKeys.sources],
  });
}
