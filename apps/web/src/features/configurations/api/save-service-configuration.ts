import {
  serviceConfigurationSchema,
  type SaveServiceConfiguration,
  type ServiceConfiguration,
} from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gridQueryKey } from '../../../components/data-grid/data-grid';
import { apiRequest } from '../../../lib/api-client';
import { SERVICE_CONFIGURATIONS_ENDPOINT, configurationKeys } from './configuration-keys';

export type SaveServiceConfigurationRequest = { id?: number; body: SaveServiceConfiguration };

/**
 * `POST /api/service-configurations` (no id) or `PUT /api/service-configurations/{id}`: the saved section, or 400
 * with 17001 (not JSON), 17002 (section and config type exist), 3333.
 */
export function saveServiceConfiguration({
  id,
  body,
}: SaveServiceConfigurationRequest): Promise<ServiceConfiguration> {
  return apiRequest({
    path: id === undefined ? SERVICE_CONFIGURATIONS_ENDPOINT : `${SERVICE_CONFIGURATIONS_ENDPOINT}/${id}`,
    method: id === undefined ? 'POST' : 'PUT',
    body,
    schema: serviceConfigurationSchema,
    // The form shows the expected refusals next to its fields.
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useSaveServiceConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveServiceConfiguration,
    onSuccess: (saved) => {
      queryClient.setQueryData(configurationKeys.service(saved.Id), saved);
      return queryClient.invalidateQueries({ queryKey: gridQueryKey(SERVICE_CONFIGURATIONS_ENDPOINT) });
    },
  });
}
