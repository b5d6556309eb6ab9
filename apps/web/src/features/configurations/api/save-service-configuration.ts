import {
  serviceConfigurationSchema,
  type SaveServiceConfiguration,
  type ServiceConfiguration,
} from '@loupe/contracts';
import {
  saveRecord,
  useSaveRecordMutation,
  type SaveRecordRequest,
} from '@/components/admin-page/record-api';
import { SERVICE_CONFIGURATIONS_ENDPOINT, configurationKeys } from './configuration-keys';

type SaveServiceConfigurationRequest = SaveRecordRequest<SaveServiceConfiguration>;

/**
 * `POST /api/service-configurations` (no id) or `PUT /api/service-configurations/{id}`: the saved section, or 400
 * with 17001 (not JSON), 17002 (section and config type exist), 3333.
 */
function saveServiceConfiguration(request: SaveServiceConfigurationRequest): Promise<ServiceConfiguration> {
  return saveRecord(SERVICE_CONFIGURATIONS_ENDPOINT, serviceConfigurationSchema, request);
}

export function useSaveServiceConfiguration() {
  return useSaveRecordMutation(saveServiceConfiguration, {
    endpoint: SERVICE_CONFIGURATIONS_ENDPOINT,
    recordKey: configurationKeys.service,
  });
}
