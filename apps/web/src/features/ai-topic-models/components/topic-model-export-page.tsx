import { TOPIC_MODEL_LIMITS, type AiTopicModel } from '@loupe/contracts';
import { Alert, App, Button, Card, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useExportTopicModel } from '../api/topic-model-tools';
import { TopicModelToolPage } from './topic-model-tool-page';

/** `/ai-topic-models/:id/export`: N random instances of the model's dataset with their topics, as Excel. */
export function TopicModelExportPage() {
  return <TopicModelToolPage page="export">{(model) => <ExportForm model={model} />}</TopicModelToolPage>;
}

function ExportForm({ model }: { model: AiTopicModel }) {
  const { t } = useTranslation('aiTopicModels');
  const { t: tCommon } = useTranslation();
  const { message } = App.useApp();
  const exported = useExportTopicModel(model.Id);
  if (model.DatasetId === null) return <Alert type="info" showIcon title={t('export.noDataset')} />;
  return (
    <Card>
      <Form
        layout="vertical"
        initialValues={{ Count: 100 }}
        onFinish={(values: { Count: number }) =>
          exported.mutate(
            { count: values.Count, fallbackName: model.Name },
            { onSuccess: () => void message.success(t('export.done')) },
          )
        }
      >
        <Form.Item
          name="Count"
          label={t('export.count')}
          extra={t('export.help', { max: TOPIC_MODEL_LIMITS.exportMax })}
          rules={[{ required: true, message: tCommon('form.required') }]}
        >
          <InputNumber min={1} max={TOPIC_MODEL_LIMITS.exportMax} precision={0} />
        </Form.Item>
        {exported.isError && (
          <Alert type="error" role="alert" showIcon title={errorMessage(exported.error, tCommon)} />
        )}
        <Button type="primary" htmlType="submit" loading={exported.isPending}>
          {t('export.submit')}
        </Button>
      </Form>
    </Card>
  );
}
