import type { RouteObject } from 'react-router';
import { recordRoutes } from '@/components/admin-page/record-routes';

/** The invitation and message template screens under the shell; each page loads on first visit (lazy). */
export const templatesRoutes: RouteObject[] = [
  ...recordRoutes(
    'invitation-templates',
    async () => (await import('./components/templates-page')).InvitationTemplatesPage,
    async () => (await import('./components/template-page')).InvitationTemplatePage,
  ),
  ...recordRoutes(
    'message-templates',
    async () => (await import('./components/templates-page')).MessageTemplatesPage,
    async () => (await import('./components/template-page')).MessageTemplatePage,
  ),
];
