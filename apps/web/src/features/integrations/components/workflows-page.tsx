import type { IntegrationWorkflow } from '@loupe/contracts';
import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '@/lib/page-title';
import { useIntegrationWorkflows } from '../api/get-integration-workflows';
import { DeleteWorkflowButton } from './delete-integration-buttons';
import { useCanManageIntegrations } from './integration-access';
import { useIntegrationNames } from './integration-names';
import { RecordList, byText } from './record-list';

export const WORKFLOWS_PATH = '/integration-workflows';

/** `/integration-workflows` (integration:read, integration:manage): the tenant's workflows by order. */
export function WorkflowsPage() {
  const { t } = useTranslation('integrations');
  const canManage = useCanManageIntegrations();
  const names = useIntegrationNames();
  const query = useIntegrationWorkflows();
  usePageTitle(t('workflows.title'));

  const columns: TableColumnsType<IntegrationWorkflow> = [
    {
      key: 'Order',
      title: t('workflows.fields.order'),
      dataIndex: 'Order',
      sorter: (a, b) => a.Order - b.Order,
      defaultSortOrder: 'ascend',
    },
    {
      key: 'Name',
      title: t('workflows.fields.name'),
      sorter: byText((row) => row.Name),
      render: (_value, row) => <Link to={`${WORKFLOWS_PATH}/${row.Id}`}>{row.Name}</Link>,
    },
    {
      key: 'IsActive',
      title: t('workflows.fields.isActive'),
      sorter: (a, b) => Number(b.IsActive) - Number(a.IsActive),
      render: (_value, row) =>
        row.IsActive ? (
          <Tag color="green">{t('workflows.status.active')}</Tag>
        ) : (
          <Tag>{t('workflows.status.inactive')}</Tag>
        ),
    },
    {
      key: 'SourceName',
      title: t('workflows.fields.source'),
      sorter: byText((row) => row.SourceName),
      dataIndex: 'SourceName',
    },
    {
      key: 'Event',
      title: t('workflows.fields.event'),
      sorter: byText((row) => row.Event),
      render: (_value, row) => names.event(row.Event),
    },
    {
      key: 'Action',
      title: t('workflows.fields.action'),
      sorter: byText((row) => row.Action),
      render: (_value, row) => names.action(row.Action),
    },
    ...(canManage
      ? [
          {
            key: 'actions',
            title: t('sources.actions'),
            render: (_value: unknown, row: IntegrationWorkflow) => (
              <DeleteWorkflowButton compact record={row} />
            ),
          },
        ]
      : []),
  ];

  return (
    <RecordList<IntegrationWorkflow>
      title={t('workflows.title')}
      intro={t('workflows.intro')}
      path={WORKFLOWS_PATH}
      newLabel={canManage && t('workflows.new')}
      query={query}
      columns={columns}
      loadFailed={t('workflows.loadFailed')}
      empty={t('workflows.empty')}
      emptyHint={t('workflows.emptyManage')}
    />
  );
}
