import { deleteRecord, useDeleteRecordMutation } from '@/components/admin-page/record-api';
import { SYSTEM_CONFIGURATIONS_ENDPOINT, configurationKeys } from './configuration-keys';

/** `DELETE /api/system-configurations/{id}`: 204. A failure shows in the global error dialog. */
function deleteSystemConfiguration(id: number): Promise<void> {
  return deleteRecord(SYSTEM_CONFIGURATIONS_ENDPOINT, id, { showErrorDialog: true });
}

export function useDeleteSystemConfiguration() {
  return useDeleteRecordMutation(deleteSystemConfiguration, {
    endpoint: SYSTEM_CONFIGURATIONS_ENDPOINT,
    recordKey: configurationKeys.system,
  });
}
