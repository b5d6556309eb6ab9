import { messageTemplateSchema, type MessageTemplate, type TemplateKind } from '@loupe/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useRecordQuery } from '@/components/admin-page/record-api';
import { TEMPLATE_SCREENS } from './template-kinds';

/** `GET /api/{invitation|message}-templates/{id}`: the template (404). */
function useTemplate(kind: TemplateKind, id: number | undefined) {
  const screen = TEMPLATE_SCREENS[kind];
  return useRecordQuery(screen.endpoint, id, messageTemplateSchema, screen.recordKey);
}

const useInvitationTemplate = (id: number | undefined) => useTemplate('invitation', id);
const useMessageTemplate = (id: number | undefined) => useTemplate('message', id);

/** The record hook of each kind, for `useRouteRecord`. */
export const TEMPLATE_QUERIES: Record<
  TemplateKind,
  (id: number | undefined) => UseQueryResult<MessageTemplate>
> = { invitation: useInvitationTemplate, message: useMessageTemplate };
