import { ERROR_MESSAGES, type DataValidationLogDetail, type RestDataError } from '@loupe/contracts';
import { Alert, Card, Descriptions, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { recordIdOf } from '@/components/admin-page/record-id';
import { RecordStatus } from '@/components/admin-page/record-status';
import { CodeBlock } from '@/components/code-block';
import { useDataValidationLog } from '../api/data-validation-logs';
import { DATE_TIME_FORMAT } from '../data-log-filter';
import styles from './data-admin.module.css';
import { DATA_VALIDATION_LOGS_PATH, LogStatusTag } from './data-validation-logs-page';

/** A code of the catalogue (3100–3113, 3333, …): the key of its translated text. */
const isCatalogued = (code: number): code is keyof typeof ERROR_MESSAGES =>
  Object.hasOwn(ERROR_MESSAGES, code);

/** `/data-validation-logs/:id`: one REST data call: its counts, each refused record's code and message, the request. */
export function DataValidationLogPage() {
  const { t } = useTranslation('dataAdmin');
  const id = recordIdOf(useParams().id) ?? null;
  const query = useDataValidationLog(id);
  const back = { to: DATA_VALIDATION_LOGS_PATH, label: t('logs.back') };
  return (
    <AdminPage title={t('logs.detailTitle', { id: id ?? '' })} back={back}>
      {id !== null && query.data ? (
        <LogDetail log={query.data} />
      ) : (
        <RecordStatus
          query={id === null ? null : query}
          notFound={t('logs.notFound')}
          loadFailed={t('logs.loadFailed')}
        />
      )}
    </AdminPage>
  );
}

function LogDetail({ log }: { log: DataValidationLogDetail }) {
  const { t } = useTranslation('dataAdmin');
  const { t: tCommon } = useTranslation();
  const none = t('logs.none');
  const request = typeof log.Request === 'string' ? log.Request : JSON.stringify(log.Request, null, 2);
  const errors = log.Result.Errors;

  return (
    <Card>
      <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
        <Descriptions.Item label={t('logs.fields.createdDate')}>
          {dayjs(log.CreatedDate).format(DATE_TIME_FORMAT)}
        </Descriptions.Item>
        <Descriptions.Item label={t('logs.fields.status')}>
          <LogStatusTag successful={log.IsSuccessful} />
        </Descriptions.Item>
        <Descriptions.Item label={t('logs.fields.source')}>{log.UserName ?? none}</Descriptions.Item>
        <Descriptions.Item label={t('logs.fields.survey')}>{log.SurveyTitle ?? none}</Descriptions.Item>
        <Descriptions.Item label={t('logs.fields.accepted')}>{log.AcceptedCount}</Descriptions.Item>
        <Descriptions.Item label={t('logs.fields.rejected')}>{log.RejectedCount}</Descriptions.Item>
      </Descriptions>

      <Typography.Title level={2} className={styles.sectionTitle}>
        {t('logs.errors.title', { count: errors.length })}
      </Typography.Title>
      {errors.length === 0 ? (
        <Typography.Text type="secondary">{t('logs.errors.none')}</Typography.Text>
      ) : (
        <Table<RestDataError>
          size="small"
          rowKey={(error) => `${error.Index}-${error.Code}`}
          dataSource={errors}
          pagination={errors.length > 20 ? { pageSize: 20 } : false}
          columns={[
            {
              key: 'Index',
              title: t('logs.errors.record'),
              render: (_, error) => error.Index + 1,
              width: 90,
            },
            { key: 'Code', title: t('logs.errors.code'), dataIndex: 'Code', width: 90 },
            {
              key: 'Meaning',
              title: t('logs.errors.meaning'),
              render: (_, error): ReactNode =>
                isCatalogued(error.Code) ? tCommon(`errorCodes.${error.Code}`) : none,
            },
            { key: 'Message', title: t('logs.errors.message'), dataIndex: 'Message' },
          ]}
        />
      )}

      <Typography.Title level={2} className={styles.sectionTitle}>
        {t('logs.request.title')}
      </Typography.Title>
      {log.RequestTruncated && (
        <Alert
          type="info"
          showIcon
          title={t('logs.request.truncated', { bytes: (log.RequestBytes ?? 0).toLocaleString() })}
        />
      )}
      <CodeBlock text={request} />
    </Card>
  );
}
