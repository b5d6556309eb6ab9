import type { TemplateKind } from '@loupe/contracts';
import { deleteRecord, useDeleteRecordMutation } from '@/components/admin-page/record-api';
import { TEMPLATE_SCREENS } from './template-kinds';

/** `DELETE /api/{invitation|message}-templates/{id}`: 204; 404. */
export function useDeleteTemplate(kind: TemplateKind) {
  const { endpoint, recordKey } = TEMPLATE_SCREENS[kind];
  return useDeleteRecordMutation((id: number) => deleteRecord(endpoint, id), {
    endpoint,
    recordKey,
    alsoInvalidate: [['invitation-templates', 'options']],
  });
}
