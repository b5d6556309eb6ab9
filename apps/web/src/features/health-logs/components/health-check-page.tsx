import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Skeleton, Table, Typography } from 'antd';
import type { Anomaly } from '@loupe/contracts';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin-page/admin-page';
import { useHealthCheck } from '../api/health-check';
import { DATE_TIME_FORMAT } from '../health-format';
import styles from './health-logs.module.css';
import { HealthPartCard } from './health-part-card';

/**
 * `/health-check` (healthcheck; surveys spec §2): the last five anomalies the detector found in the hourly series
 * of the past four weeks, and a status card for each part of the installation (docs/health-and-logs.md).
 */
export function HealthCheckPage() {
  const { t, i18n } = useTranslation('healthLogs');
  const health = useHealthCheck();
  const number = (value: number, digits = 0) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits }).format(value);
  const score = (value: number) =>
    new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      value,
    );

  const columns = [
    {
      key: 'Date',
      title: t('healthCheck.columns.date'),
      render: (_: unknown, row: Anomaly) => (
        <span className={styles.isolate}>{dayjs(row.Date).format(DATE_TIME_FORMAT)}</span>
      ),
    },
    {
      key: 'Source',
      title: t('healthCheck.columns.source'),
      render: (_: unknown, row: Anomaly) => t(`healthCheck.sources.${row.Source}`),
    },
    {
      key: 'ErrorCount',
      title: t('healthCheck.columns.errorCount'),
      align: 'end' as const,
      render: (_: unknown, row: Anomaly) => (
        <span data-testid="anomaly-error-count">
          {number(row.ErrorCount)}
          <Typography.Text type="secondary" className={styles.unit}>
            {t(row.Source === 'ingest' ? 'healthCheck.missing' : 'healthCheck.failures')}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'Observed',
      title: t('healthCheck.columns.observed'),
      render: (_: unknown, row: Anomaly) =>
        t('healthCheck.observedValue', { observed: number(row.Observed), expected: number(row.Expected, 1) }),
    },
    {
      key: 'Hours',
      title: t('healthCheck.columns.duration'),
      render: (_: unknown, row: Anomaly) => t('healthCheck.hours', { count: row.Hours }),
    },
    {
      key: 'Score',
      title: t('healthCheck.columns.score'),
      align: 'end' as const,
      render: (_: unknown, row: Anomaly) => (
        <span
          className={styles.score}
          data-level={row.Score >= 0.75 ? 'high' : 'medium'}
          aria-label={t('healthCheck.scoreLabel', { score: score(row.Score) })}
        >
          {score(row.Score)}
        </span>
      ),
    },
  ];

  return (
    <AdminPage
      title={t('healthCheck.title')}
      intro={t('healthCheck.intro')}
      headerExtra={
        <div className={styles.headerExtra}>
          {health.data && (
            <Typography.Text type="secondary">
              {t('healthCheck.checkedAt', { time: dayjs(health.data.CheckedAt).format('HH:mm:ss') })}
            </Typography.Text>
          )}
          <Button
            icon={<ReloadOutlined aria-hidden />}
            onClick={() => void health.refetch()}
            loading={health.isFetching}
          >
            {t('healthCheck.refresh')}
          </Button>
        </div>
      }
    >
      {health.isError && <Alert type="error" showIcon title={t('healthCheck.loadFailed')} />}
      <section aria-labelledby="health-parts-title" className={styles.section}>
        <Typography.Title level={2} id="health-parts-title" className={styles.sectionTitle}>
          {t('healthCheck.partsTitle')}
        </Typography.Title>
        {health.data ? (
          <ul className={styles.parts}>
            {health.data.Parts.map((part) => (
              <li key={part.Part}>
                <HealthPartCard part={part} />
              </li>
            ))}
          </ul>
        ) : (
          !health.isError && <Skeleton active />
        )}
      </section>
      <section aria-labelledby="health-anomalies-title" className={styles.section}>
        <Typography.Title level={2} id="health-anomalies-title" className={styles.sectionTitle}>
          {t('healthCheck.anomaliesTitle')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('healthCheck.anomaliesIntro')}</Typography.Paragraph>
        <Table<Anomaly>
          rowKey={(row) => `${row.Source}-${row.Date}`}
          columns={columns}
          dataSource={health.data?.Anomalies ?? []}
          loading={health.isLoading}
          pagination={false}
          size="middle"
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('healthCheck.noAnomalies')} /> }}
        />
      </section>
    </AdminPage>
  );
}
