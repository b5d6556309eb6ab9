import {
  INVITATION_TEMPLATE_MANAGE_SCOPES,
  MESSAGE_TEMPLATE_MANAGE_SCOPES,
  type Scope,
  type TemplateKind,
} from '@loupe/contracts';

/** What differs between the two template screens: the API's endpoint, the console's path, who may change. */
type TemplateScreen = {
  endpoint: string;
  path: string;
  manageScopes: readonly Scope[];
  /** The query key of one template of this kind. */
  recordKey: (id: number) => readonly [string, number];
};

export const TEMPLATE_SCREENS: Record<TemplateKind, TemplateScreen> = {
  invitation: {
    endpoint: '/api/invitation-templates',
    path: '/invitation-templates',
    manageScopes: INVITATION_TEMPLATE_MANAGE_SCOPES,
    recordKey: (id) => ['invitation-templates', id],
  },
  message: {
    endpoint: '/api/message-templates',
    path: '/message-templates',
    manageScopes: MESSAGE_TEMPLATE_MANAGE_SCOPES,
    recordKey: (id) => ['message-templates', id],
  },
};
