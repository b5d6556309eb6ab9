import type { TemplateKind } from '@loupe/contracts';
import { useTranslation } from 'react-i18next';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { usePageTitle } from '@/lib/page-title';
import { TEMPLATE_QUERIES } from '../api/get-template';
import { TEMPLATE_SCREENS } from '../api/template-kinds';
import { TemplateForm } from './template-form';

/** `/{invitation|message}-templates/create` and `/{invitation|message}-templates/:id`. */
function TemplatePage({ kind }: { kind: TemplateKind }) {
  const { t } = useTranslation('templates');
  usePageTitle(t(`${kind}.title`));
  const query = useRouteRecord(TEMPLATE_QUERIES[kind]);
  return (
    <RecordLoader
      query={query}
      title={t(`${kind}.title`)}
      back={{ to: TEMPLATE_SCREENS[kind].path, label: t(`${kind}.back`) }}
      size="full"
      notFound={t(`${kind}.notFound`)}
      loadFailed={t('record.loadFailed')}
    >
      {(template) => <TemplateForm key={template?.Id} kind={kind} template={template} />}
    </RecordLoader>
  );
}

export function InvitationTemplatePage() {
  return <TemplatePage kind="invitation" />;
}

export function MessageTemplatePage() {
  return <TemplatePage kind="message" />;
}
