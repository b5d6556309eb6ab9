import {
  messageTemplateSchema,
  type MessageTemplate,
  type MessageTemplateSave,
  type TemplateKind,
} from '@loupe/contracts';
import { saveRecord, useSaveRecordMutation } from '@/components/admin-page/record-api';
import { TEMPLATE_SCREENS } from './template-kinds';

/**
 * `POST /api/{invitation|message}-templates` (no id) or `PUT …/{id}`: the saved template, or 409 4036 (name
 * exists), 400 3333 (a field, the payload not JSON); 404.
 */
export function useSaveTemplate(kind: TemplateKind) {
  const { endpoint, recordKey } = TEMPLATE_SCREENS[kind];
  return useSaveRecordMutation(
    (request: { id?: number; body: MessageTemplateSave }): Promise<MessageTemplate> =>
      saveRecord(endpoint, messageTemplateSchema, request),
    { endpoint, recordKey, alsoInvalidate: [['invitation-templates', 'options']] },
  );
}
