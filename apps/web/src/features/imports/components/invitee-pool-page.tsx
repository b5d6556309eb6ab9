import { stagedInviteeRowSchema, type InviteePoolFilter, type StagedInviteeRow } from '@loupe/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin-page/admin-page';
import { DataGrid } from '@/components/data-grid/data-grid';
import { INVITEE_POOL_ENDPOINT } from '../api/import-keys';
import styles from './imports.module.css';
import { PoolFilterChips, PoolFilterPanel } from './pool-filter-panel';
import { useStagedColumns } from './staged-columns';

/**
 * `/invitee-pool`: every staged invitee of the tenant (imports, the create-invitee form, REST data) with its
 * status and elimination reason, filtered by the panel, searched by name, exported to Excel (≤ 100,000 rows).
 */
export function InviteePoolPage() {
  const { t } = useTranslation('imports');
  const [filter, setFilter] = useState<InviteePoolFilter>({});
  const columns = useStagedColumns({ withImport: true, withRow: false });
  return (
    <AdminPage title={t('pool.title')} intro={t('pool.intro')}>
      <div className={styles.filterBar}>
        <PoolFilterPanel value={filter} onApply={setFilter} />
        <PoolFilterChips value={filter} onChange={setFilter} />
      </div>
      <DataGrid<StagedInviteeRow>
        endpoint={INVITEE_POOL_ENDPOINT}
        item={stagedInviteeRowSchema}
        rowKey="Id"
        columns={columns}
        searchField="InviteeFullName"
        filterBody={filter}
        defaultOrder="CreateDate desc"
        exportFileName={t('pool.exportFileName')}
      />
    </AdminPage>
  );
}
