import {
  systemConfigurationSchema,
  type SaveSystemConfiguration,
  type SystemConfiguration,
} from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gridQueryKey } from '../../../components/data-grid/data-grid';
import { apiRequest } from '../../../lib/api-client';
import { SYSTEM_CONFIGURATIONS_ENDPOINT, configurationKeys } from './configuration-keys';

export type SaveSystemConfigurationRequest = { id?: number; body: SaveSystemConfiguration };

/**
 * `POST /api/system-configurations` (no id) or `PUT /api/system-configurations/{id}`: the saved section, or 400
 * with 17001 (not JSON), 17002 (section exists), 3333.
 */
export function saveSystemConfiguration({
  id,
  body,
}: SaveSystemConfigurationRequest): Promise<SystemConfiguration> {
  return apiRequest({
    path: id === undefined ? SYSTEM_CONFIGURATIONS_ENDPOINT : `${SYSTEM_CONFIGURATIONS_ENDPOINT}/${id}`,
    method: id === undefined ? 'POST' : 'PUT',
    body,
    schema: systemConfigurationSchema,
    // The form shows the expected refusals next to its fields.
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useSaveSystemConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSystemConfiguration,
    onSuccess: (saved) => {
      queryClient.setQueryData(configurationKeys.system(saved.Id), saved);
      return queryClient.invalidateQueries({ queryKey: gridQueryKey(SYSTEM_CONFIGURATIONS_ENDPOINT) });
    },
  });
}
