import { formatJsonText } from '@loupe/contracts';
import { Card, Descriptions, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { recordIdOf } from '@/components/admin-page/record-id';
import { RecordStatus } from '@/components/admin-page/record-status';
import { CodeBlock } from '@/components/code-block';
import { useAuditLog } from '../api/get-audit-log';
import { DATE_TIME_FORMAT } from '../audit-log-range';
import styles from './audit-logs.module.css';
import { OperationTypeName } from './operation-type-name';

/** `/audit-logs/:id`: one audit record with all of its data (JSON laid out when it is JSON). */
export function AuditLogPage() {
  const { t } = useTranslation('auditLogs');
  // The route always has an id: a missing one reads as one that cannot be an id.
  const id = recordIdOf(useParams().id) ?? null;
  const state: unknown = useLocation().state;
  const listSearch =
    typeof state === 'object' &&
    state !== null &&
    'listSearch' in state &&
    typeof state.listSearch === 'string'
      ? state.listSearch
      : '';
  const query = useAuditLog(id);

  let body: ReactNode;
  if (id !== null && query.data) {
    const record = query.data;
    const data = record.OperationData;
    body = (
      <Card>
        <Descriptions column={{ xs: 1, sm: 2 }} size="small" bordered>
          <Descriptions.Item label={t('fields.createdDate')}>
            {dayjs(record.CreatedDate).format(DATE_TIME_FORMAT)}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.id')}>{record.Id}</Descriptions.Item>
          <Descriptions.Item label={t('fields.userName')}>{record.UserName ?? t('none')}</Descriptions.Item>
          <Descriptions.Item label={t('fields.tenantName')}>
            {record.TenantName ?? t('noTenant')}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.operationType')}>
            <OperationTypeName type={record.OperationType} /> ({record.OperationType})
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.ipAddress')}>{record.IpAddress ?? t('none')}</Descriptions.Item>
          <Descriptions.Item label={t('fields.operationScope')} span={2}>
            <span className={styles.code}>{record.OperationScope}</span>
          </Descriptions.Item>
        </Descriptions>
        <Typography.Title level={2} className={styles.dataTitle}>
          {t('fields.operationData')}
        </Typography.Title>
        {data === '' ? (
          <Typography.Text type="secondary">{t('noData')}</Typography.Text>
        ) : (
          <CodeBlock text={formatJsonText(data) ?? data} copy={data} />
        )}
      </Card>
    );
  } else
    body = (
      <RecordStatus
        query={id === null ? null : query}
        notFound={t('notFound')}
        loadFailed={t('loadFailed')}
      />
    );

  return (
    <AdminPage title={t('detailTitle')} back={{ to: `/audit-logs${listSearch}`, label: t('back') }}>
      {body}
    </AdminPage>
  );
}
