import { integrationSourceSchema } from '@loupe/contracts';
import { useRecordQuery } from '@/components/admin-page/record-api';
import { SOURCES_ENDPOINT, integrationKeys } from './integration-keys';

/** `GET /api/integration-sources/{id}`: the source without its secrets; 404 when not in the tenant. */
export function useIntegrationSource(id: number | undefined) {
  return useRecordQuery(SOURCES_ENDPOINT, id, integrationSourceSchema, integrationKeys.source);
}
