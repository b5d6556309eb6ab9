import { LockOutlined } from '@ant-design/icons';
import { aiAnnotatorSchema, type AiAnnotator } from '@loupe/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/admin-page/list-page';
import type { DataGridColumn } from '@/components/data-grid/data-grid';
import { annotatorName } from '../annotator-values';
import { ANNOTATORS_ENDPOINT } from '../api/ai-annotators';
import { useCanManageAnnotators } from '../can-manage';
import { formatDateTime } from '../format';
import { DeleteAnnotatorButton } from './delete-annotator-button';

export const ANNOTATORS_PATH = '/ai-annotators';

/** Left to right whatever the page's direction: addresses and phone numbers. */
const ltr = (value: unknown) => <bdi dir="ltr">{typeof value === 'string' ? value : ''}</bdi>;

/**
 * `/ai-annotators` (surveys spec §3 Annotator, §5): the people who label answers for the text models, by name; a
 * row opens `/ai-annotators/{id}`. One linked to a user is locked: marked so, and its delete is disabled.
 */
export function AnnotatorsPage() {
  const { t } = useTranslation('aiAnnotators');
  const canManage = useCanManageAnnotators();
  const columns: DataGridColumn<AiAnnotator>[] = [
    {
      key: 'FirstName',
      title: t('fields.name'),
      width: 220,
      render: (_value, row) => annotatorName(row),
    },
    { key: 'LastName', title: t('fields.lastName'), width: 160, defaultHidden: true },
    { key: 'Email', title: t('fields.email'), width: 240, render: ltr },
    { key: 'PhoneNumber', title: t('fields.phoneNumber'), width: 160, render: ltr },
    {
      key: 'IsActive',
      title: t('fields.isActive'),
      width: 110,
      render: (value) =>
        value ? <Tag color="green">{t('status.active')}</Tag> : <Tag>{t('status.inactive')}</Tag>,
    },
    {
      key: 'IsLocked',
      title: t('fields.isLocked'),
      width: 130,
      render: (value) =>
        value ? (
          <Tag icon={<LockOutlined aria-hidden="true" />} color="gold">
            {t('status.locked')}
          </Tag>
        ) : null,
    },
    { key: 'CreatedDate', title: t('fields.createdDate'), width: 160, render: formatDateTime },
    { key: 'Id', title: t('fields.id'), width: 80, defaultHidden: true },
  ];
  return (
    <ListPage<AiAnnotator>
      title={t('title')}
      intro={t('intro')}
      path={ANNOTATORS_PATH}
      newLabel={canManage && t('new')}
      endpoint={ANNOTATORS_ENDPOINT}
      item={aiAnnotatorSchema}
      rowKey="Id"
      columns={columns}
      searchField="Email"
      exportFileName={t('exportFileName')}
      empty={t('empty')}
      rowActions={canManage ? (row) => <DeleteAnnotatorButton compact annotator={row} /> : undefined}
    />
  );
}
