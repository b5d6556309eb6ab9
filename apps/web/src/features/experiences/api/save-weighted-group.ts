import {
  weightedExperienceGroupDetailSchema,
  type WeightedExperienceGroupDetail,
  type WeightedExperienceGroupSave,
} from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gridQueryKey } from '../../../components/data-grid/data-grid';
import { apiRequest } from '../../../lib/api-client';
import { WEIGHTED_GROUPS_ENDPOINT, metadataKeys } from './metadata-keys';

export type SaveWeightedGroupRequest = { id?: number; body: WeightedExperienceGroupSave };

/**
 * `POST /api/weighted-experience-groups` (no id) or `PUT …/{id}`: the saved group, or 400 with 18001 (name
 * exists), 13002 (an experience is gone), 3333; 404 with 18002.
 */
export function saveWeightedGroup({
  id,
  body,
}: SaveWeightedGroupRequest): Promise<WeightedExperienceGroupDetail> {
  return apiRequest({
    path: id === undefined ? WEIGHTED_GROUPS_ENDPOINT : `${WEIGHTED_GROUPS_ENDPOINT}/${id}`,
    method: id === undefined ? 'POST' : 'PUT',
    body,
    schema: weightedExperienceGroupDetailSchema,
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useSaveWeightedGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWeightedGroup,
    onSuccess: (saved) => {
      queryClient.setQueryData(metadataKeys.weightedGroup(saved.Id), saved);
      return queryClient.invalidateQueries({ queryKey: gridQueryKey(WEIGHTED_GROUPS_ENDPOINT) });
    },
  });
}
