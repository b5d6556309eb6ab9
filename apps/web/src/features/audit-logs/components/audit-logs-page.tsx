import { AUDIT_LOG_RECORD_LIMIT, auditLogListItemSchema, type AuditLogListItem } from '@loupe/contracts';
import { Alert, DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/data-grid';
import { AUDIT_LOGS_ENDPOINT } from '../api/get-audit-log';
import {
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  isAfterToday,
  rangeFilterBody,
  rangeFromParams,
  rangeToParams,
} from '../audit-log-range';
import styles from './audit-logs.module.css';
import { OperationTypeName } from './operation-type-name';

/**
 * `/audit-logs` (alterna:manage): what users did (sign-outs, page visits, …) in a date range — the newest 5,000
 * records of it. The range lives in the address, so the way back from a record keeps it.
 */
export function AuditLogsPage() {
  const { t } = useTranslation('auditLogs');
  const navigate = useNavigate();
  const { search } = useLocation();
  const pickerId = useId();
  const [params, setParams] = useSearchParams();
  const today = dayjs();
  const range = rangeFromParams(params, today);
  // A new object each render is fine: the grid compares filter bodies by value.
  const filterBody = rangeFilterBody(range);

  const columns: DataGridColumn<AuditLogListItem>[] = [
    {
      key: 'CreatedDate',
      title: t('fields.createdDate'),
      width: 180,
      render: (value) => (typeof value === 'string' ? dayjs(value).format(DATE_TIME_FORMAT) : ''),
    },
    { key: 'UserName', title: t('fields.userName'), width: 160 },
    {
      key: 'OperationType',
      title: t('fields.operationType'),
      width: 140,
      render: (value) => (typeof value === 'number' ? <OperationTypeName type={value} /> : ''),
    },
    { key: 'OperationScope', title: t('fields.operationScope'), width: 240 },
    {
      key: 'OperationData',
      title: t('fields.operationData'),
      width: 300,
      render: (value) => <span className={styles.dataCell}>{typeof value === 'string' ? value : ''}</span>,
    },
    { key: 'IpAddress', title: t('fields.ipAddress'), width: 140 },
    {
      key: 'TenantName',
      title: t('fields.tenantName'),
      width: 160,
      render: (value) => (typeof value === 'string' ? value : t('noTenant')),
    },
    { key: 'Id', title: t('fields.id'), width: 100, defaultHidden: true },
  ];

  return (
    <AdminPage
      title={t('title')}
      headerExtra={
        <div className={styles.range}>
          <label htmlFor={pickerId}>{t('range.label')}</label>
          <DatePicker.RangePicker
            id={{ start: pickerId }}
            format={DATE_FORMAT}
            allowClear={false}
            value={range}
            disabledDate={(day) => isAfterToday(day, today)}
            aria-label={t('range.label')}
            placeholder={[t('range.start'), t('range.end')]}
            onChange={(value) => {
              const [from, to] = value ?? [];
              if (from && to) setParams(rangeToParams([from, to]), { replace: true });
            }}
          />
        </div>
      }
    >
      <Alert
        type="info"
        showIcon
        title={t('limitNote', { limit: AUDIT_LOG_RECORD_LIMIT.toLocaleString() })}
      />
      <DataGrid<AuditLogListItem>
        endpoint={AUDIT_LOGS_ENDPOINT}
        item={auditLogListItemSchema}
        rowKey="Id"
        columns={columns}
        filterBody={filterBody}
        searchField="UserName"
        defaultOrder="CreatedDate desc"
        exportFileName={t('exportFileName')}
        onRowClick={(row) => void navigate(`/audit-logs/${row.Id}`, { state: { listSearch: search } })}
      />
    </AdminPage>
  );
}
