import { aiDatasetSchema, type AiDataset } from '@loupe/contracts';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/admin-page/list-page';
import type { DataGridColumn } from '@/components/data-grid/data-grid';
import { DATASETS_ENDPOINT, useDatasetProgress } from '../api/ai-datasets';
import { useCanManageDatasets } from '../can-manage';
import { formatDateTime } from '../format';
import { DatasetStatusLive } from './dataset-status-tag';
import { DeleteDatasetButton } from './delete-dataset-button';

export const DATASETS_PATH = '/ai-datasets';

/** A row's status: a Processing row reads its dataset again until the build ends, then the grid reloads. */
function StatusCell({ row }: { row: AiDataset }) {
  return <DatasetStatusLive dataset={useDatasetProgress(row)} />;
}

/**
 * `/ai-datasets` (surveys spec §3 Dataset): the tenant's text-analytics datasets, newest first; a row opens
 * `/ai-datasets/{id}`. Builds run in the background: a Processing row polls until Ready or Failed.
 */
export function DatasetsPage() {
  const { t } = useTranslation('aiDatasets');
  const canManage = useCanManageDatasets();
  const columns: DataGridColumn<AiDataset>[] = [
    { key: 'Name', title: t('fields.name'), width: 260 },
    {
      key: 'Language',
      title: t('fields.language'),
      width: 110,
      render: (value) => t(`languages.${value as AiDataset['Language']}`),
    },
    {
      key: 'Status',
      title: t('fields.status'),
      width: 140,
      render: (_value, row) => <StatusCell row={row} />,
    },
    { key: 'InstanceCount', title: t('fields.instanceCount'), width: 120 },
    { key: 'CreatedDate', title: t('fields.createdDate'), width: 160, render: formatDateTime },
    { key: 'BuiltDate', title: t('fields.builtDate'), width: 160, render: formatDateTime },
    { key: 'Id', title: t('fields.id'), width: 80, defaultHidden: true },
  ];
  return (
    <ListPage<AiDataset>
      title={t('title')}
      intro={t('intro')}
      path={DATASETS_PATH}
      newLabel={canManage && t('new')}
      endpoint={DATASETS_ENDPOINT}
      item={aiDatasetSchema}
      rowKey="Id"
      columns={columns}
      searchField="Name"
      defaultOrder="CreatedDate desc"
      exportFileName={t('exportFileName')}
      empty={t('empty')}
      rowActions={canManage ? (row) => <DeleteDatasetButton compact dataset={row} /> : undefined}
    />
  );
}
