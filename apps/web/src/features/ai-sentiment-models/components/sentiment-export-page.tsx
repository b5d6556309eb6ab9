import { SENTIMENT_MODEL_LIMITS, type AiSentimentModel } from '@loupe/contracts';
import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin-page/admin-page';
import { FormNote } from '@/components/admin-page/record-form';
import { errorMessage } from '@/lib/error-message';
import { useExportSentiment } from '../api/sentiment-models';
import { SentimentSubpage } from './sentiment-subpage';

/** `/ai-sentiment-models/{id}/export`: N random instances of the model's work scored by it, as an Excel file. */
export function SentimentExportPage() {
  return (
    <SentimentSubpage titleKey="export.title">
      {(model, back) => <ExportForm model={model} back={back} />}
    </SentimentSubpage>
  );
}

function ExportForm({ model, back }: { model: AiSentimentModel; back: { to: string; label: string } }) {
  const { t } = useTranslation('aiSentimentModels');
  const { t: tCommon } = useTranslation();
  const { message } = App.useApp();
  const download = useExportSentiment(model.Id, model.Name);
  const max = SENTIMENT_MODEL_LIMITS.exportCountMax;
  return (
    <AdminPage
      title={t('export.title', { name: model.Name })}
      back={back}
      size="medium"
      intro={t('export.intro')}
    >
      <Card>
        {model.CurrentVersion === null && <FormNote type="warning" title={t('try.untrained')} />}
        <Form
          layout="vertical"
          initialValues={{ Count: 100 }}
          onFinish={(values: { Count: number }) =>
            download.mutate(values.Count, { onSuccess: () => void message.success(t('export.done')) })
          }
          onValuesChange={() => download.reset()}
        >
          <Form.Item
            name="Count"
            label={t('export.count')}
            extra={t('export.countHelp', { max: max.toLocaleString() })}
            rules={[
              { required: true, message: tCommon('form.required') },
              {
                validator: (_rule, value: number | null) =>
                  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= max
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('errors.count', { max: max.toLocaleString() }))),
              },
            ]}
          >
            <InputNumber min={1} max={max} precision={0} />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            icon={<DownloadOutlined aria-hidden="true" />}
            loading={download.isPending}
          >
            {t('export.submit')}
          </Button>
        </Form>
        {download.error && <FormNote type="error" title={errorMessage(download.error, tCommon)} />}
      </Card>
    </AdminPage>
  );
}
