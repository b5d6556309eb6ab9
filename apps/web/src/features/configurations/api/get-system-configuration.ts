import { systemConfigurationSchema } from '@loupe/contracts';
import { useRecordQuery } from '@/components/admin-page/record-api';
import { SYSTEM_CONFIGURATIONS_ENDPOINT, configurationKeys } from './configuration-keys';

/** `GET /api/system-configurations/{id}`: one section, its JSON masked when it is a credential. */
export function useSystemConfiguration(id: number | undefined) {
  return useRecordQuery(
    SYSTEM_CONFIGURATIONS_ENDPOINT,
    id,
    systemConfigurationSchema,
    configurationKeys.system,
  );
}
