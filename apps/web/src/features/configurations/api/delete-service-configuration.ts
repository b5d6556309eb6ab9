import { deleteRecord, useDeleteRecordMutation } from '@/components/admin-page/record-api';
import { SERVICE_CONFIGURATIONS_ENDPOINT, configurationKeys } from './configuration-keys';

/** `DELETE /api/service-configurations/{id}`: 204. A failure shows in the global error dialog. */
function deleteServiceConfiguration(id: number): Promise<void> {
  return deleteRecord(SERVICE_CONFIGURATIONS_ENDPOINT, id, { showErrorDialog: true });
}

export function useDeleteServiceConfiguration() {
  return useDeleteRecordMutation(deleteServiceConfiguration, {
    endpoint: SERVICE_CONFIGURATIONS_ENDPOINT,
    recordKey: configurationKeys.service,
  });
}
