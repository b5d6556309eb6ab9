import { experienceDetailSchema, type ExperienceDetail, type ExperienceSave } from '@loupe/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gridQueryKey } from '../../../components/data-grid/data-grid';
import { apiRequest } from '../../../lib/api-client';
import { EXPERIENCES_ENDPOINT, metadataKeys } from './metadata-keys';

export type SaveExperienceRequest = { id?: number; body: ExperienceSave };

/**
 * `POST /api/experiences` (no id) or `PUT /api/experiences/{id}`: the saved experience, or 400 with 13001 (name
 * exists), 13003 (system experience), 13004 (used: measurement type fixed), 3333; 404 with 13002.
 */
export function saveExperience({ id, body }: SaveExperienceRequest): Promise<ExperienceDetail> {
  return apiRequest({
    path: id === undefined ? EXPERIENCES_ENDPOINT : `${EXPERIENCES_ENDPOINT}/${id}`,
    method: id === undefined ? 'POST' : 'PUT',
    body,
    schema: experienceDetailSchema,
    // The form shows the expected refusals itself.
    showErrorDialog: 'serverErrorsOnly',
  });
}

export function useSaveExperience() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveExperience,
    onSuccess: (saved) => {
      queryClient.setQueryData(metadataKeys.experience(saved.Id), saved);
      // A save may have created a group, and changes what weighted groups can choose.
      void queryClient.invalidateQueries({ queryKey: metadataKeys.experienceGroups });
      void queryClient.invalidateQueries({ queryKey: metadataKeys.calculableExperiences });
      return queryClient.invalidateQueries({ queryKey: gridQueryKey(EXPERIENCES_ENDPOINT) });
    },
  });
}
