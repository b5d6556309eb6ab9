import {
  integrationWorkflowSchema,
  type IntegrationWorkflow,
  type IntegrationWorkflowSave,
} from '@loupe/contracts';
import {
  saveRecord,
  useSaveRecordMutation,
  type SaveRecordRequest,
} from '@/components/admin-page/record-api';
import { WORKFLOWS_ENDPOINT, integrationKeys } from './integration-keys';

/**
 * `POST /api/integration-workflows` or `PUT /api/integration-workflows/{id}`: the saved workflow; 400 with 19204
 * (name taken), 19205 (source runs no actions), 19206 (action does not suit the source), 19207–19211 (mapping).
 */
function saveIntegrationWorkflow(
  request: SaveRecordRequest<IntegrationWorkflowSave>,
): Promise<IntegrationWorkflow> {
  return saveRecord(WORKFLOWS_ENDPOINT, integrationWorkflowSchema, request);
}

export function useSaveIntegrationWorkflow() {
  return useSaveRecordMutation(saveIntegrationWorkflow, {
    endpoint: WORKFLOWS_ENDPOINT,
    recordKey: integrationKeys.workflow,
    // A source's workflow count changes with its workflows.
    alsoInvalidate: [integrationKeys.workflows, integrationKeys.sources],
  });
}
