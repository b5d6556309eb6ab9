import type { WidgetCatalogueItem } from '@loupe/contracts';
import { Typography, type TableColumnsType } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/page-title';
import { useCatalogueWidgets, useWidgetCategories } from '@/api/widget-catalogue';
import { CatalogueBadges, WidgetStatus } from './catalogue-badges';
import { CatalogueListPage } from './catalogue-list-page';
import { useCatalogueText } from './catalogue-text';
import styles from './widget-catalogue.module.css';

/** `/widgets` (report:manage): the widget catalogue, system widgets and the tenant's own, by category. */
export function WidgetsPage() {
  const { t } = useTranslation('widgetCatalogue');
  usePageTitle(t('widgets.title'));
  const text = useCatalogueText();
  const query = useCatalogueWidgets();
  const categories = useWidgetCategories();
  const searchText = useCallback(
    (row: WidgetCatalogueItem) =>
      [row.Title, row.Description, row.WidgetTypeName, row.WidgetCategoryName].map(text.title).join(' '),
    [text],
  );

  const columns: TableColumnsType<WidgetCatalogueItem> = [
    {
      key: 'Title',
      title: t('widgets.fields.title'),
      render: (_, row) => (
        <>
          {text.title(row.Title)}
          {row.Description && (
            <Typography.Text type="secondary" className={styles.secondary}>
              {text.title(row.Description)}
            </Typography.Text>
          )}
        </>
      ),
      sorter: (a, b) => text.title(a.Title).localeCompare(text.title(b.Title)),
    },
    {
      key: 'Type',
      title: t('widgets.fields.type'),
      render: (_, row) => {
        const type = text.title(row.WidgetTypeName);
        const kind = text.kind(row.WidgetKind);
        return (
          <>
            {type}
            {type !== kind && (
              <Typography.Text type="secondary" className={styles.secondary}>
                {kind}
              </Typography.Text>
            )}
          </>
        );
      },
      sorter: (a, b) => text.title(a.WidgetTypeName).localeCompare(text.title(b.WidgetTypeName)),
    },
    {
      key: 'Category',
      title: t('widgets.fields.category'),
      render: (_, row) => text.title(row.WidgetCategoryName),
      filters: (categories.data ?? []).map((category) => ({
        text: text.title(category.Name),
        value: category.Id,
      })),
      onFilter: (value, row) => row.WidgetCategoryId === value,
    },
    {
      key: 'Badges',
      title: t('widgets.fields.badges'),
      render: (_, row) => <CatalogueBadges isSystem={row.IsSystem} isAi={row.IsAIWidget} />,
    },
    {
      key: 'Status',
      title: t('widgets.fields.status'),
      render: (_, row) => <WidgetStatus isEnabled={row.IsEnabled} isLocked={row.IsLocked} />,
    },
    { key: 'Id', dataIndex: 'Id', title: t('widgets.fields.id'), sorter: (a, b) => a.Id - b.Id, width: 100 },
  ];

  return (
    <CatalogueListPage<WidgetCatalogueItem>
      title={t('widgets.title')}
      intro={t('widgets.intro')}
      path="/widgets"
      newLabel={t('widgets.new')}
      searchLabel={t('widgets.search')}
      query={query}
      columns={columns}
      searchText={searchText}
    />
  );
}
