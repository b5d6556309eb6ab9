import { integrationWorkflowSchema } from '@loupe/contracts';
import { useRecordQuery } from '@/components/admin-page/record-api';
import { WORKFLOWS_ENDPOINT, integrationKeys } from './integration-keys';

/** `GET /api/integration-workflows/{id}`: the workflow with its mapping; 404 when not in the tenant. */
export function useIntegrationWorkflow(id: number | undefined) {
  return useRecordQuery(WORKFLOWS_ENDPOINT, id, integrationWorkflowSchema, integrationKeys.workflow);
}
