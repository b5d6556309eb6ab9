import { emailReportSchema, type EmailReport } from '@loupe/contracts';
import { Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { NewRecordButton } from '@/components/admin-page/list-page';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/data-grid';
import { EMAIL_REPORTS_ENDPOINT } from '../api/email-reports';
import { DeleteEmailReportButton } from './delete-email-report-button';

export const EMAIL_REPORTS_PATH = '/email-report-notifications';

/** The console's date and time (shell spec §9 date format, with the time). */
export const formatDateTime = (value: unknown) =>
  typeof value === 'string' && value ? dayjs(value).format('DD/MM/YYYY HH:mm') : '';

/** Left to right whatever the page's direction: cron expressions. */
const ltr = (value: unknown) => <bdi dir="ltr">{typeof value === 'string' ? value : ''}</bdi>;

/**
 * `/email-report-notifications`: the reports mailed as PDFs on a schedule (report:manage or config:manage); a row
 * opens `/email-report-notifications/{id}`.
 */
export function EmailReportsPage() {
  const { t } = useTranslation('emailReports');
  const navigate = useNavigate();
  const columns: DataGridColumn<EmailReport>[] = [
    { key: 'Subject', title: t('fields.subject'), width: 220 },
    { key: 'ReportTitle', title: t('fields.report'), width: 180, sortable: false },
    {
      key: 'UserName',
      title: t('fields.recipient'),
      width: 180,
      sortable: false,
      render: (_value, row) =>
        row.RoleName !== null ? t('recipientOfRole', { name: row.RoleName }) : (row.UserName ?? ''),
    },
    { key: 'CronExpression', title: t('fields.cronExpression'), width: 130, render: ltr },
    {
      key: 'IsActive',
      title: t('fields.isActive'),
      width: 110,
      render: (value) =>
        value ? <Tag color="green">{t('status.active')}</Tag> : <Tag>{t('status.inactive')}</Tag>,
    },
    { key: 'LastRunAt', title: t('fields.lastRunAt'), width: 150, render: formatDateTime },
    { key: 'LastSentCount', title: t('fields.lastSentCount'), width: 110 },
    {
      key: 'LastError',
      title: t('fields.lastError'),
      width: 220,
      render: (value) =>
        typeof value === 'string' && value ? (
          <Typography.Text type="danger" ellipsis={{ tooltip: value }}>
            {value}
          </Typography.Text>
        ) : (
          ''
        ),
    },
    {
      key: 'CreatedDate',
      title: t('fields.createdDate'),
      width: 150,
      render: formatDateTime,
      defaultHidden: true,
    },
    { key: 'Id', title: t('fields.id'), width: 80, defaultHidden: true },
  ];
  return (
    <AdminPage title={t('title')} intro={t('intro')}>
      <DataGrid<EmailReport>
        endpoint={EMAIL_REPORTS_ENDPOINT}
        item={emailReportSchema}
        rowKey="Id"
        columns={columns}
        searchField="Subject"
        defaultOrder="CreatedDate desc"
        exportFileName={t('exportFileName')}
        empty={t('empty')}
        toolbar={<NewRecordButton path={EMAIL_REPORTS_PATH} label={t('new')} />}
        onRowClick={(row) => void navigate(`${EMAIL_REPORTS_PATH}/${row.Id}`)}
        rowActions={(row) => <DeleteEmailReportButton compact emailReport={row} />}
      />
    </AdminPage>
  );
}
