import { experienceDetailSchema } from '@loupe/contracts';
import { useRecordQuery } from '@/components/admin-page/record-api';
import { EXPERIENCES_ENDPOINT, metadataKeys } from './metadata-keys';

/** `GET /api/experiences/{id}`: the experience with its use (404: 13002). */
export function useExperience(id: number | undefined) {
  return useRecordQuery(EXPERIENCES_ENDPOINT, id, experienceDetailSchema, metadataKeys.experience);
}
