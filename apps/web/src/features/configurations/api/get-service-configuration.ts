import { serviceConfigurationSchema } from '@loupe/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { SERVICE_CONFIGURATIONS_ENDPOINT, configurationKeys } from './configuration-keys';

/** `GET /api/service-configurations/{id}`: one section, its JSON masked when it is a credential. */
export function serviceConfigurationQueryOptions(id: number) {
  return queryOptions({
    queryKey: configurationKeys.service(id),
    queryFn: ({ signal }) =>
      apiRequest({
        path: `${SERVICE_CONFIGURATIONS_ENDPOINT}/${id}`,
        schema: serviceConfigurationSchema,
        signal,
      }),
  });
}

export function useServiceConfiguration(id: number | undefined) {
  return useQuery({ ...serviceConfigurationQueryOptions(id ?? 0), enabled: id !== undefined });
}
