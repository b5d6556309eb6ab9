import { responseDetailSchema } from '@loupe/contracts';
import { useRecordQuery } from '@/components/admin-page/record-api';

/*
 * The responses analyzer's calls (docs/responses-analyzer.md): the grid is `POST /api/responses-analyzer/query`
 * with the report filter as its body (DataGrid), one response `GET /api/responses-analyzer/{inviteeId}`.
 */

export const RESPONSES_ENDPOINT = '/api/responses-analyzer';
export const RESPONSES_PATH = '/responses-analyzer';

export function useResponse(inviteeId: number | undefined) {
  return useRecordQuery(RESPONSES_ENDPOINT, inviteeId, responseDetailSchema, (id) => [
    'responses-analyzer',
    id,
  ]);
}
