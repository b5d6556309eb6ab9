import { aiSentimentTrySchema, type AiSentimentModel } from '@loupe/contracts';
import { Button, Card, Form, Input, Progress, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin-page/admin-page';
import { FormNote } from '@/components/admin-page/record-form';
import { errorMessage } from '@/lib/error-message';
import { zodRule } from '@/lib/form-rules';
import { useTrySentiment } from '../api/sentiment-models';
import { SentimentSubpage } from './sentiment-subpage';

const LABEL_COLORS = { positive: 'green', neutral: 'gold', negative: 'red' } as const;

/** `/ai-sentiment-models/{id}/try`: type a text, see the current version's class and its probability. */
export function SentimentTryPage() {
  return (
    <SentimentSubpage titleKey="try.title">
      {(model, back) => <TryForm model={model} back={back} />}
    </SentimentSubpage>
  );
}

function TryForm({ model, back }: { model: AiSentimentModel; back: { to: string; label: string } }) {
  const { t } = useTranslation('aiSentimentModels');
  const { t: tCommon } = useTranslation();
  const tryText = useTrySentiment(model.Id);
  const result = tryText.data;
  return (
    <AdminPage title={t('try.title', { name: model.Name })} back={back} size="medium" intro={t('try.intro')}>
      <Card>
        {model.CurrentVersion === null && <FormNote type="warning" title={t('try.untrained')} />}
        <Form
          layout="vertical"
          initialValues={{ Text: '', Language: model.Language }}
          onFinish={(values: { Text: string; Language: 'tr' | 'en' }) => tryText.mutate(values)}
          onValuesChange={() => tryText.reset()}
        >
          <Form.Item
            name="Text"
            label={t('try.text')}
            rules={[
              { required: true, whitespace: true, message: tCommon('form.required') },
              zodRule(aiSentimentTrySchema.shape.Text, tCommon),
            ]}
          >
            <Input.TextArea rows={5} maxLength={5_000} showCount dir="auto" />
          </Form.Item>
          <Form.Item name="Language" label={t('fields.language')}>
            <Select
              options={(['tr', 'en'] as const).map((value) => ({ value, label: t(`languages.${value}`) }))}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={tryText.isPending}>
            {t('try.submit')}
          </Button>
        </Form>
        {tryText.error && <FormNote type="error" title={errorMessage(tryText.error, tCommon)} />}
        {result && (
          <section aria-live="polite" aria-label={t('try.result')} style={{ marginTop: 24 }}>
            <p>
              {t('try.class')}{' '}
              <Tag color={LABEL_COLORS[result.Label]} data-testid="try-label">
                {t(`labels.${result.Label}`)}
              </Tag>{' '}
              {t('try.score', { score: result.SentimentScore })}
            </p>
            <p id="try-probability">
              {t('try.probability', { value: (result.Probability * 100).toFixed(1) })}
            </p>
            <Progress
              percent={Math.round(result.Probability * 1000) / 10}
              strokeColor={{ positive: '#52c41a', neutral: '#faad14', negative: '#f5222d' }[result.Label]}
              aria-labelledby="try-probability"
            />
          </section>
        )}
      </Card>
    </AdminPage>
  );
}
