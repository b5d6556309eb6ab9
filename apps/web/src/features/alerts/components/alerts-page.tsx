import { alertListItemSchema, hasAnyScope, type AlertListItem } from '@loupe/contracts';
import { Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/data-grid';
import { useBootstrap } from '@/lib/bootstrap';
import { ALERTS_ENDPOINT, ALERTS_PATH } from '../api/alerts';
import { alertFilterOfSearch, type AlertFilter } from '../alert-filter';
import { formatDateTime, ownerName } from '../alert-format';
import { AlertFilterChips, AlertFilterPanel } from './alert-filter-panel';
import { AlertStatusTag } from './alert-status-tag';
import styles from './alerts.module.css';

/**
 * `/alerts`: the caller's alerts (alert:read its own and its roles', alert:readall every one), newest first,
 * narrowed by the filter panel; unread rows in bold; a row opens `/alerts/{id}`. The bell opens it with
 * `?AlertReadStatus=0`, the unread alerts.
 */
export function AlertsPage() {
  const { t } = useTranslation('alerts');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const masked = hasAnyScope(useBootstrap().data?.User.Scopes ?? [], ['mask:invitee']);
  const [filter, setFilter] = useState<AlertFilter>(() => alertFilterOfSearch(search));
  // The bell's link while the list is open: its filter replaces the one applied.
  const [searchSeen, setSearchSeen] = useState(search.toString());
  if (search.toString() !== searchSeen) {
    setSearchSeen(search.toString());
    setFilter(alertFilterOfSearch(search));
  }

  const unread = (row: AlertListItem, text: string | null) =>
    row.ReadStatus === 0 ? <strong>{text}</strong> : text;
  const columns: DataGridColumn<AlertListItem>[] = [
    {
      key: 'RuleTitle',
      title: t('fields.rule'),
      width: 220,
      render: (value, row) => unread(row, value as string),
    },
    {
      key: 'Status',
      title: t('fields.status'),
      width: 130,
      render: (value) => <AlertStatusTag status={Number(value)} />,
    },
    {
      key: 'ReadStatus',
      title: t('fields.read'),
      width: 110,
      render: (value) =>
        value === 0 ? (
          <Tag color="red">{t('read.unread')}</Tag>
        ) : (
          <Typography.Text type="secondary">{t('read.read')}</Typography.Text>
        ),
    },
    {
      key: 'AssignedUserName',
      title: t('fields.owner'),
      width: 170,
      render: (_value, row) => ownerName(row) ?? t('unassigned'),
    },
    // mask:invitee callers may not sort by the name they cannot see (the server answers 400).
    { key: 'InviteeFullName', title: t('fields.invitee'), width: 170, sortable: !masked },
    { key: 'Score', title: t('fields.score'), width: 100 },
    { key: 'SurveyName', title: t('fields.survey'), width: 200 },
    { key: 'ChannelName', title: t('fields.channel'), width: 170 },
    { key: 'ProductName', title: t('fields.product'), width: 170 },
    { key: 'EmployeeName', title: t('fields.employee'), width: 170, defaultHidden: true },
    { key: 'CreatedAt', title: t('fields.createdAt'), width: 160, render: formatDateTime },
    {
      key: 'DueAt',
      title: t('fields.dueAt'),
      width: 170,
      render: (value, row) =>
        row.IsOverdue ? (
          <span className={styles.overdue}>
            {formatDateTime(value)} <Tag color="red">{t('overdue')}</Tag>
          </span>
        ) : (
          formatDateTime(value)
        ),
    },
    { key: 'ClosedAt', title: t('fields.closedAt'), width: 160, render: formatDateTime, defaultHidden: true },
    { key: 'Id', title: t('fields.id'), width: 80, defaultHidden: true },
  ];

  return (
    <AdminPage title={t('list.title')} intro={t('list.intro')}>
      <div className={styles.filterBar}>
        <AlertFilterPanel value={filter} onApply={setFilter} />
        <AlertFilterChips value={filter} onChange={setFilter} />
      </div>
      <DataGrid<AlertListItem>
        endpoint={ALERTS_ENDPOINT}
        item={alertListItemSchema}
        rowKey="Id"
        columns={columns}
        filterBody={filter}
        defaultOrder="CreatedAt desc"
        exportFileName={t('list.exportFileName')}
        empty={t('list.empty')}
        onRowClick={(row) => void navigate(`${ALERTS_PATH}/${row.Id}`)}
      />
    </AdminPage>
  );
}
