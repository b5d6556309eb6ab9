import { SENTIMENT_LABELS, type AiAnnotationStatistics } from '@loupe/contracts';
import { Alert, Card, Empty, Progress, Space, Spin, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { recordIdOf } from '@/components/admin-page/record-id';
import { useStatistics, useWork } from '../api/annotation-works';
import { workPath } from '../paths';
import styles from './annotate-page.module.css';

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((100 * part) / whole));
const kappaText = (kappa: number) => kappa.toFixed(3);

/**
 * `/ai-annotation-works/{id}/statistics`: progress of the work, of each task and annotator, the gold labels'
 * distribution and the agreement (Cohen's kappa per annotator pair, Fleiss' kappa) with Landis & Koch's bands.
 */
export function StatisticsPage() {
  const { t } = useTranslation('aiAnnotation');
  const workId = recordIdOf(useParams().id) ?? 0;
  const work = useWork(workId || undefined).data;
  const statistics = useStatistics(workId);
  const stats = statistics.data;
  return (
    <AdminPage
      title={t('statistics.title', { name: work?.Name ?? '' })}
      back={{ to: workPath(workId), label: t('back') }}
    >
      {statistics.isLoading && <Spin />}
      {statistics.isError && <Alert type="error" showIcon title={t('loadFailed')} />}
      {stats && <Figures stats={stats} sentiment={work?.AnnotationType === 0} />}
    </AdminPage>
  );
}

function Figures({ stats, sentiment }: { stats: AiAnnotationStatistics; sentiment: boolean }) {
  const { t } = useTranslation('aiAnnotation');
  /** A gold label as shown: sentiment labels translated, topic names as they are, none as "(no topic)". */
  const labelText = (label: string) => {
    if (label === '') return t('statistics.noTopic');
    const known = sentiment && (SENTIMENT_LABELS as readonly string[]).includes(label);
    return known ? t(`annotate.labels.${label as (typeof SENTIMENT_LABELS)[number]}`) : label;
  };
  const goldText = t('statistics.goldOf', { gold: stats.GoldCount, count: stats.InstanceCount });
  const maxLabel = Math.max(1, ...stats.LabelDistribution.map((row) => row.Count));
  return (
    <Space orientation="vertical" size="large" className={styles.screen}>
      <Card
        title={
          <Typography.Title level={2} className={styles.cardTitle}>
            {t('statistics.progress')}
          </Typography.Title>
        }
      >
        <Typography.Text>{goldText}</Typography.Text>
        <Progress percent={percent(stats.GoldCount, stats.InstanceCount)} aria-label={goldText} />
        <Typography.Title level={3}>{t('statistics.tasks')}</Typography.Title>
        {stats.Tasks.map((task) => (
          <div key={task.Id}>
            <Typography.Text>
              {task.Name}: {t('statistics.labelled', { count: task.LabelledCount })}
            </Typography.Text>
            <Progress percent={Math.round(task.Progress * 100)} aria-label={task.Name} />
          </div>
        ))}
        <Typography.Title level={3}>{t('statistics.annotators')}</Typography.Title>
        {stats.Annotators.length === 0 ? (
          <Empty description={t('statistics.empty')} />
        ) : (
          <ul>
            {stats.Annotators.map((annotator) => (
              <li key={annotator.Id}>
                {annotator.Name}: {t('statistics.labelled', { count: annotator.LabelledCount })}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card
        title={
          <Typography.Title level={2} className={styles.cardTitle}>
            {t('statistics.distribution')}
          </Typography.Title>
        }
      >
        {stats.LabelDistribution.length === 0 ? (
          <Empty description={t('statistics.empty')} />
        ) : (
          stats.LabelDistribution.map((row) => {
            const label = labelText(row.Label);
            return (
              <div key={row.Label}>
                <Typography.Text>
                  {label}: {row.Count}
                </Typography.Text>
                <Progress
                  percent={percent(row.Count, maxLabel)}
                  showInfo={false}
                  aria-label={`${label}: ${row.Count}`}
                />
              </div>
            );
          })
        )}
      </Card>
      <Card
        title={
          <Typography.Title level={2} className={styles.cardTitle}>
            {t('statistics.agreement')}
          </Typography.Title>
        }
      >
        <Typography.Paragraph type="secondary">{t('statistics.agreementNote')}</Typography.Paragraph>
        {stats.Fleiss && (
          <Typography.Paragraph strong data-testid="fleiss">
            {t('statistics.fleiss', {
              raters: stats.Fleiss.Raters,
              items: stats.Fleiss.Items,
              kappa: kappaText(stats.Fleiss.Kappa),
            })}{' '}
            ({t(`statistics.bands.${stats.Fleiss.Band}`)})
          </Typography.Paragraph>
        )}
        <Table
          className={styles.kappaTable}
          rowKey={(row) => `${row.FirstAnnotatorId}-${row.SecondAnnotatorId}`}
          dataSource={stats.Cohen}
          pagination={false}
          locale={{ emptyText: t('statistics.noAgreement') }}
          columns={[
            {
              key: 'pair',
              title: t('statistics.pair'),
              render: (_value, row) => `${row.FirstName} – ${row.SecondName}`,
            },
            { key: 'kappa', title: t('statistics.kappa'), render: (_value, row) => kappaText(row.Kappa) },
            { key: 'items', title: t('statistics.items'), dataIndex: 'Items' },
            {
              key: 'band',
              title: t('statistics.band'),
              render: (_value, row) => t(`statistics.bands.${row.Band}`),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
