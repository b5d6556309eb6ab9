import { experienceDetailSchema, type ExperienceDetail, type ExperienceSave } from '@loupe/contracts';
import {
  saveRecord,
  useSaveRecordMutation,
  type SaveRecordRequest,
} from '@/components/admin-page/record-api';
import { EXPERIENCES_ENDPOINT, metadataKeys } from './metadata-keys';

type SaveExperienceRequest = SaveRecordRequest<ExperienceSave>;

/**
 * `POST /api/experiences` (no id) or `PUT /api/experiences/{id}`: the saved experience, or 400 with 13001 (name
 * exists), 13003 (system experience), 13004 (used: measurement type fixed), 3333; 404 with 13002.
 */
function saveExperience(request: SaveExperienceRequest): Promise<ExperienceDetail> {
  return saveRecord(EXPERIENCES_ENDPOINT, experienceDetailSchema, request);
}

export function useSaveExperience() {
  return useSaveRecordMutation(saveExperience, {
    endpoint: EXPERIENCES_ENDPOINT,
    recordKey: metadataKeys.experience,
    // A save may have created a group, and changes what weighted groups can choose.
    alsoInvalidate: [metadataKeys.experienceGroups, metadataKeys.calculableExperiences],
  });
}
