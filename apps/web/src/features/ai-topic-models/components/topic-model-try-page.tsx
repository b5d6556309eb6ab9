import { TOPIC_MODEL_LIMITS, type AiTopicModel } from '@loupe/contracts';
import { Alert, Button, Card, Empty, Form, Input, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useTryTopicModel } from '../api/topic-model-tools';
import { TopicModelToolPage } from './topic-model-tool-page';

/** `/ai-topic-models/:id/try`: type a sentence and see the topics the model finds, with their scores. */
export function TopicModelTryPage() {
  return <TopicModelToolPage page="try">{(model) => <TryForm model={model} />}</TopicModelToolPage>;
}

function TryForm({ model }: { model: AiTopicModel }) {
  const { t } = useTranslation('aiTopicModels');
  const { t: tCommon } = useTranslation();
  const tried = useTryTopicModel(model.Id);
  const score = (value: number | null) => (value === null ? '–' : value.toFixed(3));
  return (
    <Card>
      <Form layout="vertical" onFinish={(values: { Text: string }) => tried.mutate(values.Text)}>
        <Form.Item
          name="Text"
          label={t('try.text')}
          rules={[{ required: true, whitespace: true, message: tCommon('form.required') }]}
        >
          <Input.TextArea rows={4} maxLength={TOPIC_MODEL_LIMITS.tryTextMax} showCount />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={tried.isPending}>
          {t('try.submit')}
        </Button>
      </Form>
      {tried.isError && (
        <Alert type="error" role="alert" showIcon title={errorMessage(tried.error, tCommon)} />
      )}
      {tried.data && (
        <section aria-live="polite" aria-label={t('try.results')}>
          {tried.data.Items.length === 0 ? (
            <Empty description={t('try.none')} />
          ) : (
            <Table
              rowKey="TopicId"
              pagination={false}
              dataSource={tried.data.Items}
              columns={[
                { key: 'Name', dataIndex: 'Name', title: t('try.topic') },
                { key: 'Score', dataIndex: 'Score', title: t('try.score'), render: score },
                { key: 'RuleScore', dataIndex: 'RuleScore', title: t('try.ruleScore'), render: score },
                {
                  key: 'ClassifierProbability',
                  dataIndex: 'ClassifierProbability',
                  title: t('try.classifierProbability'),
                  render: score,
                },
              ]}
            />
          )}
        </section>
      )}
    </Card>
  );
}
