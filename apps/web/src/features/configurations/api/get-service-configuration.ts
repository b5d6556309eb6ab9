import { serviceConfigurationSchema } from '@loupe/contracts';
import { useRecordQuery } from '@/components/admin-page/record-api';
import { SERVICE_CONFIGURATIONS_ENDPOINT, configurationKeys } from './configuration-keys';

/** `GET /api/service-configurations/{id}`: one section, its JSON masked when it is a credential. */
export function useServiceConfiguration(id: number | undefined) {
  return useRecordQuery(
    SERVICE_CONFIGURATIONS_ENDPOINT,
    id,
    serviceConfigurationSchema,
    configurationKeys.service,
  );
}
