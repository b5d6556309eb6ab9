import type { IntegrationSource } from '@loupe/contracts';
import { Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '@/lib/page-title';
import { useIntegrationSources } from '../api/get-integration-sources';
import { secretState } from '../source-values';
import { DeleteSourceButton } from './delete-integration-buttons';
import { useCanManageIntegrations } from './integration-access';
import { useKindLabel } from './integration-labels';
import { RecordList, byText } from './record-list';

export const SOURCES_PATH = '/integration-sources';
const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

/** `/integration-sources` (integration:read, integration:manage): the tenant's sources; secrets show only as "stored". */
export function SourcesPage() {
  const { t } = useTranslation('integrations');
  const canManage = useCanManageIntegrations();
  const kindLabel = useKindLabel();
  const query = useIntegrationSources();
  usePageTitle(t('sources.title'));

  const columns: TableColumnsType<IntegrationSource> = [
    {
      key: 'Name',
      title: t('sources.fields.name'),
      sorter: byText((row) => row.Name),
      defaultSortOrder: 'ascend',
      render: (_value, row) => <Link to={`${SOURCES_PATH}/${row.Id}`}>{row.Name}</Link>,
    },
    {
      key: 'BehaviourType',
      title: t('sources.fields.behaviourType'),
      sorter: byText((row) => row.BehaviourType),
      render: (_value, row) => t(`behaviours.${row.BehaviourType}`),
    },
    {
      key: 'Kind',
      title: t('sources.fields.kind'),
      sorter: byText((row) => row.Kind),
      render: (_value, row) => kindLabel(row.Kind),
    },
    {
      key: 'HasSecret',
      title: t('sources.fields.secretStored'),
      render: (_value, row) => {
        const state = secretState(row);
        if (state === 'notApplicable') return null;
        return state === 'stored' ? (
          <Tag color="green">{t('sources.stored')}</Tag>
        ) : (
          <Tag>{t('sources.notStored')}</Tag>
        );
      },
    },
    {
      key: 'WorkflowCount',
      title: t('sources.fields.workflowCount'),
      sorter: (a, b) => a.WorkflowCount - b.WorkflowCount,
      dataIndex: 'WorkflowCount',
    },
    {
      key: 'UpdatedAt',
      title: t('sources.fields.updatedAt'),
      sorter: byText((row) => row.UpdatedAt),
      render: (_value, row) => dayjs(row.UpdatedAt).format(DATE_TIME_FORMAT),
    },
    ...(canManage
      ? [
          {
            key: 'actions',
            title: t('sources.actions'),
            render: (_value: unknown, row: IntegrationSource) => <DeleteSourceButton compact record={row} />,
          },
        ]
      : []),
  ];

  return (
    <RecordList<IntegrationSource>
      title={t('sources.title')}
      intro={t('sources.intro')}
      path={SOURCES_PATH}
      newLabel={canManage && t('sources.new')}
      query={query}
      columns={columns}
      loadFailed={t('sources.loadFailed')}
      empty={t('sources.empty')}
      emptyHint={t('sources.emptyManage')}
    />
  );
}
