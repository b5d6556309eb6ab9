import type { WidgetType } from '@loupe/contracts';
import type { TableColumnsType } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/page-title';
import { useWidgetTypes } from '@/api/widget-catalogue';
import { CatalogueBadges } from './catalogue-badges';
import { CatalogueListPage } from './catalogue-list-page';
import { useCatalogueText } from './catalogue-text';

/** `/widget-types` (report:manage): the system widget types and the tenant's own. */
export function WidgetTypesPage() {
  const { t } = useTranslation('widgetCatalogue');
  usePageTitle(t('widgetTypes.title'));
  const text = useCatalogueText();
  const query = useWidgetTypes();
  const searchText = useCallback(
    (row: WidgetType) => `${text.title(row.Name)} ${text.kind(row.Kind)}`,
    [text],
  );

  const columns: TableColumnsType<WidgetType> = [
    {
      key: 'Name',
      title: t('widgetTypes.fields.name'),
      render: (_, row) => text.title(row.Name),
      sorter: (a, b) => text.title(a.Name).localeCompare(text.title(b.Name)),
    },
    {
      key: 'Kind',
      title: t('widgetTypes.fields.kind'),
      render: (_, row) => text.kind(row.Kind),
      sorter: (a, b) => text.kind(a.Kind).localeCompare(text.kind(b.Kind)),
    },
    {
      key: 'Badges',
      title: t('widgetTypes.fields.badges'),
      render: (_, row) => <CatalogueBadges isSystem={row.IsSystem} isAi={row.IsAIWidgetType} />,
    },
    {
      key: 'Id',
      dataIndex: 'Id',
      title: t('widgetTypes.fields.id'),
      sorter: (a, b) => a.Id - b.Id,
      width: 100,
    },
  ];

  return (
    <CatalogueListPage<WidgetType>
      title={t('widgetTypes.title')}
      intro={t('widgetTypes.intro')}
      path="/widget-types"
      newLabel={t('widgetTypes.new')}
      searchLabel={t('widgetTypes.search')}
      query={query}
      columns={columns}
      searchText={searchText}
    />
  );
}
