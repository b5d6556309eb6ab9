import type { AiTopicModel } from '@loupe/contracts';
import { Alert, Card, Descriptions, Empty, Spin, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useTopicModelStatistics } from '../api/topic-model-tools';
import { TopicModelToolPage } from './topic-model-tool-page';

/** `/ai-topic-models/:id/statistics`: per topic precision and recall on the annotated instances, and volume. */
export function TopicModelStatisticsPage() {
  return <TopicModelToolPage page="statistics">{(model) => <Statistics model={model} />}</TopicModelToolPage>;
}

function Statistics({ model }: { model: AiTopicModel }) {
  const { t } = useTranslation('aiTopicModels');
  const { t: tCommon } = useTranslation();
  const query = useTopicModelStatistics(model.Id);
  if (query.isError)
    return <Alert type="error" role="alert" showIcon title={errorMessage(query.error, tCommon)} />;
  const stats = query.data;
  if (!stats) return <Spin description={tCommon('common.loading')} />;
  const ratio = (value: number) => value.toFixed(3);
  return (
    <Card>
      {stats.AnnotatedCount === 0 && <Alert type="info" showIcon title={t('statistics.noAnnotations')} />}
      <Descriptions
        column={2}
        items={[
          { key: 'annotated', label: t('statistics.annotated'), children: stats.AnnotatedCount },
          { key: 'f1', label: t('statistics.microF1'), children: ratio(stats.MicroF1) },
          { key: 'precision', label: t('statistics.microPrecision'), children: ratio(stats.MicroPrecision) },
          { key: 'recall', label: t('statistics.microRecall'), children: ratio(stats.MicroRecall) },
        ]}
      />
      <Table
        rowKey="TopicId"
        pagination={false}
        dataSource={stats.Items}
        locale={{ emptyText: <Empty description={t('topics.empty')} /> }}
        columns={[
          { key: 'Name', dataIndex: 'Name', title: t('statistics.topic') },
          { key: 'Precision', dataIndex: 'Precision', title: t('statistics.precision'), render: ratio },
          { key: 'Recall', dataIndex: 'Recall', title: t('statistics.recall'), render: ratio },
          { key: 'F1', dataIndex: 'F1', title: t('statistics.f1'), render: ratio },
          { key: 'Support', dataIndex: 'Support', title: t('statistics.support') },
          { key: 'Volume', dataIndex: 'Volume', title: t('statistics.volume') },
        ]}
      />
    </Card>
  );
}
