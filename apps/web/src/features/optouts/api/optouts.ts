import { optoutSchema, type Optout, type OptoutSave } from '@loupe/contracts';
import {
  deleteRecord,
  saveRecord,
  useDeleteRecordMutation,
  useRecordQuery,
  useSaveRecordMutation,
  type SaveRecordRequest,
} from '@/components/admin-page/record-api';

/*
 * The opt-outs' calls (docs/optouts.md): the grid is `/api/optouts`; one opt-out, its save (POST, or PUT with its
 * id) and its delete. Scope `optout`.
 */

export const OPTOUTS_ENDPOINT = '/api/optouts';

const optoutKey = (id: number) => ['optouts', 'optout', id] as const;
const cache = { endpoint: OPTOUTS_ENDPOINT, recordKey: optoutKey };

export function useOptout(id: number | undefined) {
  return useRecordQuery(OPTOUTS_ENDPOINT, id, optoutSchema, optoutKey);
}

function saveOptout(request: SaveRecordRequest<OptoutSave>): Promise<Optout> {
  return saveRecord(OPTOUTS_ENDPOINT, optoutSchema, request);
}

export function useSaveOptout() {
  return useSaveRecordMutation(saveOptout, cache);
}

export function useDeleteOptout() {
  return useDeleteRecordMutation((id: number) => deleteRecord(OPTOUTS_ENDPOINT, id), cache);
}
