import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { ListPage } from '@/components/admin-page/list-page';
import type { DataGridColumn } from '@/components/data-grid/data-grid';
import { useCanManageConfig } from '../hooks/use-can-manage-config';
import { JsonCell } from './json-cell';

/** What every configuration row has. */
type ConfigurationRow = { Id: number; Section: string; JsonConfig: string; IsCredential: boolean };

type Props<T extends ConfigurationRow> = {
  /** Whose texts (`service.*` or `system.*`) the page shows. */
  kind: 'service' | 'system';
  /** The list's route, e.g. '/service-configurations'. */
  path: string;
  endpoint: string;
  item: ZodType<T>;
  sectionWidth: number;
  /** The kind's own columns, between the section and the credential flag. */
  columns: DataGridColumn<T>[];
  /** The kind's delete button, in the actions column for config:manage holders. */
  DeleteButton: ComponentType<{ record: ConfigurationRow; compact?: boolean }>;
};

/** A list of the tenant's configuration sections of one kind; config:manage holders add and delete. */
export function ConfigurationListPage<T extends ConfigurationRow>({
  kind,
  path,
  endpoint,
  item,
  sectionWidth,
  columns,
  DeleteButton,
}: Props<T>) {
  const { t } = useTranslation('configurations');
  const canManage = useCanManageConfig();
  // Every field of ConfigurationRow is a field of T, which extends it.
  const key = (field: keyof ConfigurationRow) => field as Extract<keyof T, string>;
  const allColumns: DataGridColumn<T>[] = [
    { key: key('Section'), title: t('fields.section'), width: sectionWidth },
    ...columns,
    { key: key('IsCredential'), title: t('fields.isCredential'), width: 120 },
    {
      key: key('JsonConfig'),
      title: t('fields.jsonConfig'),
      width: 300,
      sortable: false,
      render: (_value, row) => <JsonCell value={row.JsonConfig} />,
    },
    { key: key('Id'), title: t('fields.id'), width: 100, defaultHidden: true },
  ];

  return (
    <ListPage<T>
      title={t(`${kind}.title`)}
      intro={t(`${kind}.intro`)}
      path={path}
      newLabel={canManage && t(`${kind}.new`)}
      endpoint={endpoint}
      item={item}
      rowKey={key('Id')}
      columns={allColumns}
      searchField={key('Section')}
      defaultOrder="Section asc"
      exportFileName={t(`${kind}.exportFileName`)}
      rowActions={canManage ? (row) => <DeleteButton compact record={row} /> : undefined}
    />
  );
}
