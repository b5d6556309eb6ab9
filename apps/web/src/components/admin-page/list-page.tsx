import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { DataGrid, type DataGridProps } from '../data-grid/data-grid';
import { AdminPage } from './admin-page';
import { recordUrl, type RecordId } from './record-id';

/** The props of {@link ListPage}: its own, and every DataGrid prop but the toolbar and row click. */
export type ListPageProps<T> = Omit<DataGridProps<T>, 'toolbar' | 'onRowClick'> & {
  /** The page's heading, already translated. */
  title: string;
  /** A secondary paragraph under the heading. */
  intro?: ReactNode;
  /**
   * The list's route, e.g. '/roles': a row opens `{path}/{row[rowKey]}` and the "New" button goes to
   * `{path}/create`.
   */
  path: string;
  /** The "New" button's text; leave it out (or false) for those who may not create. */
  newLabel?: string | false;
};

/**
 * A list screen: the heading and introduction over a DataGrid whose toolbar holds the "New" button and whose
 * rows open their record. Every DataGrid prop but `toolbar` and `onRowClick` passes through.
 *
 * @example
 * ```tsx
 * <ListPage<RoleListItem>
 *   title={t('title')}
 *   intro={t('intro')}
 *   path="/roles"
 *   newLabel={canManage && t('new')}
 *   endpoint={ROLES_ENDPOINT}
 *   item={roleListItemSchema}
 *   rowKey="Id"
 *   columns={columns}
 * />
 * ```
 */
export function ListPage<T extends Record<string, unknown>>({
  title,
  intro,
  path,
  newLabel,
  ...grid
}: ListPageProps<T>) {
  const navigate = useNavigate();
  return (
    <AdminPage title={title} intro={intro}>
      <DataGrid<T>
        {...grid}
        toolbar={newLabel && <NewRecordButton path={path} label={newLabel} />}
        // The row key is the record's id.
        onRowClick={(row) => void navigate(recordUrl(path, row[grid.rowKey] as RecordId))}
      />
    </AdminPage>
  );
}

/** A list's "New" button (its label already translated): it opens `{path}/create`. */
export function NewRecordButton({ path, label }: { path: string; label: string }) {
  const navigate = useNavigate();
  return (
    <Button
      type="primary"
      icon={<PlusOutlined aria-hidden="true" />}
      onClick={() => void navigate(`${path}/create`)}
    >
      {label}
    </Button>
  );
}
