import { importDataSourceSchema, type ImportDataSource } from '@loupe/contracts';
import { useTranslation } from 'react-i18next';
import { ListPage } from '@/components/admin-page/list-page';
import type { DataGridColumn } from '@/components/data-grid/data-grid';
import { IMPORT_SOURCES_ENDPOINT } from '../api/import-keys';
import { formatDateTime } from '../import-format';
import { DeleteImportSourceButton } from './delete-import-source-button';

/** `/import-data-sources`: where invitee files come from (alterna:manage). */
export function ImportSourcesPage() {
  const { t } = useTranslation('imports');
  const columns: DataGridColumn<ImportDataSource>[] = [
    { key: 'Name', title: t('sources.fields.name'), width: 220 },
    { key: 'TenantName', title: t('sources.fields.tenant'), width: 180 },
    { key: 'TypeField', title: t('sources.fields.typeField'), width: 180 },
    { key: 'SurveyName', title: t('sources.fields.survey'), width: 220 },
    { key: 'RequiresApproval', title: t('sources.fields.requiresApproval'), width: 140 },
    { key: 'IsActive', title: t('sources.fields.active'), width: 100 },
    { key: 'ImportCount', title: t('sources.fields.imports'), width: 100 },
    {
      key: 'UpdatedAt',
      title: t('sources.fields.updatedAt'),
      width: 160,
      render: (value) => formatDateTime(value),
    },
    { key: 'Id', title: t('sources.fields.id'), width: 100, defaultHidden: true },
  ];
  return (
    <ListPage<ImportDataSource>
      title={t('sources.title')}
      intro={t('sources.intro')}
      path="/import-data-sources"
      newLabel={t('sources.new')}
      endpoint={IMPORT_SOURCES_ENDPOINT}
      item={importDataSourceSchema}
      rowKey="Id"
      columns={columns}
      searchField="Name"
      defaultOrder="Name asc"
      exportFileName={t('sources.exportFileName')}
      rowActions={(row) => <DeleteImportSourceButton compact record={row} />}
    />
  );
}
