import {
  systemConfigurationSchema,
  type SaveSystemConfiguration,
  type SystemConfiguration,
} from '@loupe/contracts';
import {
  saveRecord,
  useSaveRecordMutation,
  type SaveRecordRequest,
} from '@/components/admin-page/record-api';
import { SYSTEM_CONFIGURATIONS_ENDPOINT, configurationKeys } from './configuration-keys';

type SaveSystemConfigurationRequest = SaveRecordRequest<SaveSystemConfiguration>;

/**
 * `POST /api/system-configurations` (no id) or `PUT /api/system-configurations/{id}`: the saved section, or 400
 * with 17001 (not JSON), 17002 (section exists), 3333.
 */
function saveSystemConfiguration(request: SaveSystemConfigurationRequest): Promise<SystemConfiguration> {
  return saveRecord(SYSTEM_CONFIGURATIONS_ENDPOINT, systemConfigurationSchema, request);
}

export function useSaveSystemConfiguration() {
  return useSaveRecordMutation(saveSystemConfiguration, {
    endpoint: SYSTEM_CONFIGURATIONS_ENDPOINT,
    recordKey: configurationKeys.system,
  });
}
