import {
  DATA_VALIDATION_LOG_STATUSES,
  dataValidationLogSchema,
  type DataValidationLog,
} from '@loupe/contracts';
import { DatePicker, Select, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/data-grid';
import { DATA_VALIDATION_LOGS_ENDPOINT } from '../api/data-validation-logs';
import { DATE_TIME_FORMAT, dataLogFilter, type LogStatusChoice } from '../data-log-filter';
import styles from './data-admin.module.css';

export const DATA_VALIDATION_LOGS_PATH = '/data-validation-logs';

/** A call's status as a coloured tag: every record accepted, or some refused. */
export function LogStatusTag({ successful }: { successful: boolean }) {
  const { t } = useTranslation('dataAdmin');
  return successful ? (
    <Tag color="green">{t('logs.status.Successful')}</Tag>
  ) : (
    <Tag color="red">{t('logs.status.Failed')}</Tag>
  );
}

/**
 * `/data-validation-logs`: the calls of the REST data API (kept two months), newest first, narrowed by status,
 * days and the sending account (the search box); a row opens its record errors and request.
 */
export function DataValidationLogsPage() {
  const { t } = useTranslation('dataAdmin');
  const navigate = useNavigate();
  const statusId = useId();
  const rangeId = useId();
  const [status, setStatus] = useState<LogStatusChoice>('all');
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);

  const columns: DataGridColumn<DataValidationLog>[] = [
    {
      key: 'CreatedDate',
      title: t('logs.fields.createdDate'),
      width: 170,
      render: (value) => (typeof value === 'string' ? dayjs(value).format(DATE_TIME_FORMAT) : ''),
    },
    {
      key: 'Status',
      title: t('logs.fields.status'),
      width: 130,
      render: (_value, row) => <LogStatusTag successful={row.IsSuccessful} />,
    },
    { key: 'UserName', title: t('logs.fields.source'), width: 160 },
    { key: 'SurveyTitle', title: t('logs.fields.survey'), width: 240 },
    { key: 'AcceptedCount', title: t('logs.fields.accepted'), width: 110 },
    { key: 'RejectedCount', title: t('logs.fields.rejected'), width: 110 },
    { key: 'Id', title: t('logs.fields.id'), width: 90, defaultHidden: true },
  ];

  return (
    <AdminPage title={t('logs.title')} intro={t('logs.intro')}>
      <DataGrid<DataValidationLog>
        endpoint={DATA_VALIDATION_LOGS_ENDPOINT}
        item={dataValidationLogSchema}
        rowKey="Id"
        columns={columns}
        filter={dataLogFilter(status, range)}
        searchField="UserName"
        defaultOrder="CreatedDate desc"
        exportFileName={t('logs.exportFileName')}
        empty={t('logs.empty')}
        toolbar={
          <div className={styles.filters}>
            <label htmlFor={statusId}>{t('logs.fields.status')}</label>
            <Select<LogStatusChoice>
              id={statusId}
              value={status}
              className={styles.status}
              onChange={setStatus}
              options={(['all', ...DATA_VALIDATION_LOG_STATUSES] as const).map((value) => ({
                value,
                label: t(`logs.status.${value}`),
              }))}
            />
            <label htmlFor={rangeId}>{t('logs.range')}</label>
            <DatePicker.RangePicker
              id={{ start: rangeId }}
              format="DD/MM/YYYY"
              value={range}
              placeholder={[t('logs.rangeStart'), t('logs.rangeEnd')]}
              onChange={(value) => {
                const [from, to] = value ?? [];
                setRange(from && to ? [from, to] : null);
              }}
            />
          </div>
        }
        onRowClick={(row) => void navigate(`${DATA_VALIDATION_LOGS_PATH}/${row.Id}`)}
      />
    </AdminPage>
  );
}
