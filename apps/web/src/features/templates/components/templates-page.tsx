import {
  LANGUAGES,
  hasAnyScope,
  messageTemplateRowSchema,
  type MessageTemplateRow,
  type TemplateKind,
} from '@loupe/contracts';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/admin-page/list-page';
import type { DataGridColumn } from '@/components/data-grid/data-grid';
import { useBootstrap } from '@/lib/bootstrap';
import { usePageTitle } from '@/lib/page-title';
import { TEMPLATE_SCREENS } from '../api/template-kinds';
import { DeleteTemplateButton } from './delete-template-button';
import { useChannelName } from './template-channel';

/** Whether the signed-in user may create, change and delete templates of `kind`. */
export function useCanManageTemplates(kind: TemplateKind): boolean {
  const scopes = useBootstrap().data?.User.Scopes ?? [];
  return hasAnyScope(scopes, TEMPLATE_SCREENS[kind].manageScopes);
}

const languageName = (code: string) => LANGUAGES.find((language) => language.code === code)?.name ?? code;

/** `/invitation-templates` and `/message-templates`: the tenant's templates of one kind. */
export function TemplatesPage({ kind }: { kind: TemplateKind }) {
  const { t, i18n } = useTranslation('templates');
  const channelName = useChannelName();
  const canManage = useCanManageTemplates(kind);
  const screen = TEMPLATE_SCREENS[kind];
  usePageTitle(t(`${kind}.title`));

  const columns: DataGridColumn<MessageTemplateRow>[] = [
    { key: 'Name', title: t('fields.name'), width: 280 },
    { key: 'Channel', title: t('fields.channel'), width: 160, render: (value) => channelName(Number(value)) },
    {
      key: 'Language',
      title: t('fields.language'),
      width: 140,
      render: (value) => languageName(String(value)),
    },
    { key: 'Subject', title: t('fields.subject'), width: 300 },
    { key: 'TemplateId', title: t('fields.templateId'), width: 180, defaultHidden: true },
    {
      key: 'UpdatedAt',
      title: t('fields.updatedAt'),
      width: 180,
      render: (value) => new Date(String(value)).toLocaleString(i18n.language),
    },
    { key: 'Id', title: t('fields.id'), width: 100, defaultHidden: true },
  ];

  return (
    <ListPage<MessageTemplateRow>
      title={t(`${kind}.title`)}
      intro={t(`${kind}.intro`)}
      path={screen.path}
      newLabel={canManage && t(`${kind}.new`)}
      endpoint={screen.endpoint}
      item={messageTemplateRowSchema}
      rowKey="Id"
      columns={columns}
      searchField="Name"
      defaultOrder="Name asc"
      exportFileName={t(`${kind}.exportFileName`)}
      empty={t(`${kind}.empty`)}
      rowActions={canManage ? (row) => <DeleteTemplateButton kind={kind} compact record={row} /> : undefined}
    />
  );
}

export function InvitationTemplatesPage() {
  return <TemplatesPage kind="invitation" />;
}

export function MessageTemplatesPage() {
  return <TemplatesPage kind="message" />;
}
