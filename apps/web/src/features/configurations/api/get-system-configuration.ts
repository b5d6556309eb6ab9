import { systemConfigurationSchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { SYSTEM_CONFIGURATIONS_ENDPOINT, configurationKeys } from './configuration-keys';

/** `GET /api/system-configurations/{id}`: one section, its JSON masked when it is a credential. */
export function systemConfigurationQueryOptions(id: number) {
  return queryOptions({
    queryKey: configurationKeys.system(id),
    queryFn: ({ signal }) =>
      apiRequest({
        path: `${SYSTEM_CONFIGURATIONS_ENDPOINT}/${id}`,
        schema: systemConfigurationSchema,
        signal,
      }),
  });
}

export function useSystemConfiguration(id: number | undefined) {
  return useQuery({ ...systemConfigurationQueryOptions(id ?? 0), enabled: id !== undefined });
}
