import { integrationDeliverySchema, type IntegrationDelivery } from '@loupe/contracts';
import { Empty, Segmented } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin-page/admin-page';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/data-grid';
import { usePageTitle } from '@/lib/page-title';
import { DELIVERIES_ENDPOINT } from '../api/integration-keys';
import { DELIVERY_VIEWS, deliveryViewFilter, type DeliveryView } from '../delivery-filter';
import { DATE_TIME_SECONDS_FORMAT, DeliveryDrawer } from './delivery-drawer';
import { DeliveryStatusTag } from './delivery-status-tag';
import { useCanManageIntegrations } from './integration-access';
import { useIntegrationNames } from './integration-names';
import styles from './integrations.module.css';
import { ReplayDeliveryButton } from './replay-delivery-button';
import { ReplayRangeButton } from './replay-range-button';

/**
 * `/integration-deliveries` (integration:read, integration:manage): the delivery log, newest first, with a status
 * view (the dead letters among them); a row opens its request and response. Replays need integration:manage.
 */
export function DeliveriesPage() {
  const { t } = useTranslation('integrations');
  const canManage = useCanManageIntegrations();
  const names = useIntegrationNames();
  const [view, setView] = useState<DeliveryView>('all');
  const [shown, setShown] = useState<IntegrationDelivery>();
  usePageTitle(t('deliveries.title'));

  const viewLabel = (value: DeliveryView) =>
    value === 'dead' ? t('deliveries.statusFilters.deadLetter') : t(`deliveries.statusFilters.${value}`);

  const columns: DataGridColumn<IntegrationDelivery>[] = [
    {
      key: 'Status',
      title: t('deliveries.fields.status'),
      width: 130,
      render: (value) => <DeliveryStatusTag status={value as IntegrationDelivery['Status']} />,
    },
    { key: 'WorkflowName', title: t('deliveries.fields.workflow'), width: 200 },
    {
      key: 'Event',
      title: t('deliveries.fields.event'),
      width: 170,
      render: (value) => names.event(value as IntegrationDelivery['Event']),
    },
    { key: 'SourceName', title: t('deliveries.fields.source'), width: 170, defaultHidden: true },
    { key: 'Attempt', title: t('deliveries.fields.attempt'), width: 100 },
    {
      key: 'ResponseStatus',
      title: t('deliveries.fields.responseStatus'),
      width: 140,
      render: (value) => (value === null ? t('deliveries.noResponse') : String(value)),
    },
    {
      key: 'DurationMs',
      title: t('deliveries.fields.duration'),
      width: 120,
      render: (value) => (value === null ? '' : t('deliveries.durationMs', { ms: value as number })),
    },
    {
      key: 'CreatedAt',
      title: t('deliveries.fields.createdAt'),
      width: 180,
      render: (value) => dayjs(value).format(DATE_TIME_SECONDS_FORMAT),
    },
  ];

  return (
    <AdminPage title={t('deliveries.title')} intro={t('deliveries.intro')}>
      <div className={styles.toolbar}>
        <Segmented<DeliveryView>
          aria-label={t('deliveries.filter')}
          value={view}
          onChange={setView}
          options={DELIVERY_VIEWS.map((value) => ({ value, label: viewLabel(value) }))}
        />
        <span className={styles.spacer} />
        {canManage && <ReplayRangeButton />}
      </div>
      <DataGrid<IntegrationDelivery>
        endpoint={DELIVERIES_ENDPOINT}
        item={integrationDeliverySchema}
        rowKey="Id"
        columns={columns}
        filter={deliveryViewFilter(view)}
        searchField="WorkflowName"
        defaultOrder="CreatedAt desc"
        onRowClick={setShown}
        rowActions={
          canManage
            ? (row) => (row.Status === 'pending' ? null : <ReplayDeliveryButton compact id={row.Id} />)
            : undefined
        }
        empty={<Empty description={t('deliveries.empty')} />}
      />
      <DeliveryDrawer delivery={shown} canReplay={canManage} onClose={() => setShown(undefined)} />
    </AdminPage>
  );
}
