import {
  aiSentimentModelSaveSchema,
  type AiSentimentModel,
  type AiSentimentModelSave,
} from '@loupe/contracts';
import {
  BarChartOutlined,
  DownloadOutlined,
  ExperimentOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Progress,
  Select,
  Space,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { ConfirmActionButton } from '@/components/admin-page/confirm-action-button';
import { RecordForm, useSaveHandlers } from '@/components/admin-page/record-form';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { zodRule } from '@/lib/form-rules';
import {
  useSaveSentimentModel,
  useSentimentChoices,
  useSentimentModel,
  useTrainSentimentModel,
} from '../api/sentiment-models';
import { sentimentModelRefusalField } from '../sentiment-refusals';
import { DeleteSentimentModelButton } from './delete-sentiment-model-button';
import { formatDateTime, formatF1, SENTIMENT_MODELS_PATH, StatusTag } from './sentiment-models-page';

type Values = {
  Name: string;
  Language: 'tr' | 'en';
  BaseModelId: number | null;
  AnnotationWorkId: number | undefined;
  GoldenAnnotationWorkId: number | null;
  PositiveF1Increase: number;
  NeutralF1Increase: number;
  NegativeF1Increase: number;
  MinLabels: number;
  LearningRate: number;
  EpochSize: number;
  TrainAll: boolean;
};

const { shape } = aiSentimentModelSaveSchema;

/** `/ai-sentiment-models/create` and `/ai-sentiment-models/{id}` (with training and the links to its pages). */
export function SentimentModelPage() {
  const { t } = useTranslation('aiSentimentModels');
  return (
    <RecordLoader
      query={useRouteRecord(useSentimentModel)}
      title={t('title')}
      back={{ to: SENTIMENT_MODELS_PATH, label: t('back') }}
      size="medium"
      notFound={t('notFound')}
      loadFailed={t('loadFailed')}
    >
      {(model) => <SentimentModelForm key={model?.Id} model={model} />}
    </RecordLoader>
  );
}

function SentimentModelForm({ model }: { model?: AiSentimentModel }) {
  const { t } = useTranslation('aiSentimentModels');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const save = useSaveSentimentModel();
  const choices = useSentimentChoices();
  const language = Form.useWatch('Language', form) ?? model?.Language ?? 'tr';
  const work = Form.useWatch('AnnotationWorkId', form);
  const handlers = useSaveHandlers({
    form,
    fieldOf: sentimentModelRefusalField,
    listPath: SENTIMENT_MODELS_PATH,
    savedMessage: (saved: AiSentimentModel) => t('saved', { name: saved.Name }),
  });
  const initialValues: Values = {
    Name: model?.Name ?? '',
    Language: model?.Language ?? 'tr',
    BaseModelId: model?.BaseModelId ?? null,
    AnnotationWorkId: model?.AnnotationWorkId ?? undefined,
    GoldenAnnotationWorkId: model?.GoldenAnnotationWorkId ?? null,
    PositiveF1Increase: model?.PositiveF1Increase ?? 0,
    NeutralF1Increase: model?.NeutralF1Increase ?? 0,
    NegativeF1Increase: model?.NegativeF1Increase ?? 0,
    MinLabels: model?.MinLabels ?? 20,
    LearningRate: model?.LearningRate ?? 0.5,
    EpochSize: model?.EpochSize ?? 30,
    TrainAll: model?.TrainAll ?? false,
  };
  const works = (choices.data?.Works ?? []).filter((w) => w.Language === language);
  const workOptions = works.map((w) => ({
    value: w.Id,
    label: t('workOption', { name: w.Name, count: w.GoldLabelCount }),
  }));
  const baseOptions = (choices.data?.Models ?? [])
    .filter((m) => m.Language === language && m.Id !== model?.Id)
    .map((m) => ({ value: m.Id, label: m.Name }));
  const submit = (values: Values) => {
    const body: AiSentimentModelSave = { ...values, AnnotationWorkId: values.AnnotationWorkId ?? 0 };
    save.mutate({ id: model?.Id, body }, handlers);
  };
  const increase = (name: 'PositiveF1Increase' | 'NeutralF1Increase' | 'NegativeF1Increase') => (
    <Form.Item name={name} label={t(`fields.${name}`)} rules={[zodRule(shape[name], tCommon)]}>
      <InputNumber min={0} max={1} step={0.01} />
    </Form.Item>
  );
  return (
    <AdminPage
      title={model ? t('editTitle', { name: model.Name }) : t('createTitle')}
      back={{ to: SENTIMENT_MODELS_PATH, label: t('back') }}
      size="medium"
    >
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        {model && <TrainingCard model={model} />}
        <RecordForm<Values>
          form={form}
          initialValues={initialValues}
          onFinish={submit}
          save={save}
          fieldOf={sentimentModelRefusalField}
          listPath={SENTIMENT_MODELS_PATH}
          footerExtra={
            model && (
              <DeleteSentimentModelButton
                model={model}
                onDeleted={() => void navigate(SENTIMENT_MODELS_PATH)}
              />
            )
          }
        >
          <Form.Item
            name="Name"
            label={t('fields.name')}
            rules={[
              { required: true, whitespace: true, message: tCommon('form.required') },
              zodRule(shape.Name, tCommon),
            ]}
          >
            <Input maxLength={200} autoComplete="off" />
          </Form.Item>
          <Form.Item name="Language" label={t('fields.language')}>
            <Select
              options={(['tr', 'en'] as const).map((value) => ({ value, label: t(`languages.${value}`) }))}
              onChange={() =>
                form.setFieldsValue({
                  BaseModelId: null,
                  AnnotationWorkId: undefined,
                  GoldenAnnotationWorkId: null,
                })
              }
            />
          </Form.Item>
          <Form.Item name="BaseModelId" label={t('fields.BaseModelId')} extra={t('help.baseModel')}>
            <Select allowClear placeholder={t('none')} options={baseOptions} loading={choices.isLoading} />
          </Form.Item>
          <Form.Item
            name="AnnotationWorkId"
            label={t('fields.AnnotationWorkId')}
            rules={[{ required: true, message: tCommon('form.required') }]}
            extra={works.length === 0 && !choices.isLoading ? t('help.noWorks') : undefined}
          >
            <Select options={workOptions} loading={choices.isLoading} optionFilterProp="label" showSearch />
          </Form.Item>
          <Form.Item
            name="GoldenAnnotationWorkId"
            label={t('fields.GoldenAnnotationWorkId')}
            extra={t('help.golden')}
            dependencies={['AnnotationWorkId']}
            rules={[
              {
                validator: (_rule, value: number | null) =>
                  value !== null && value !== undefined && value === form.getFieldValue('AnnotationWorkId')
                    ? Promise.reject(new Error(t('errors.sameWork')))
                    : Promise.resolve(),
              },
            ]}
          >
            <Select
              allowClear
              placeholder={t('none')}
              options={workOptions.filter((option) => option.value !== work)}
              loading={choices.isLoading}
            />
          </Form.Item>
          <Space wrap size="large">
            {increase('PositiveF1Increase')}
            {increase('NeutralF1Increase')}
            {increase('NegativeF1Increase')}
          </Space>
          <Space wrap size="large">
            <Form.Item
              name="MinLabels"
              label={t('fields.MinLabels')}
              rules={[zodRule(shape.MinLabels, tCommon)]}
            >
              <InputNumber min={1} precision={0} />
            </Form.Item>
            <Form.Item
              name="LearningRate"
              label={t('fields.LearningRate')}
              rules={[zodRule(shape.LearningRate, tCommon)]}
            >
              <InputNumber min={0.0001} max={10} step={0.1} />
            </Form.Item>
            <Form.Item
              name="EpochSize"
              label={t('fields.EpochSize')}
              rules={[zodRule(shape.EpochSize, tCommon)]}
            >
              <InputNumber min={1} max={1000} precision={0} />
            </Form.Item>
          </Space>
          <Form.Item name="TrainAll" valuePropName="checked" extra={t('help.trainAll')}>
            <Checkbox>{t('fields.TrainAll')}</Checkbox>
          </Form.Item>
        </RecordForm>
      </Space>
    </AdminPage>
  );
}

/** The model's state, Train (after confirmation; the page polls while the job runs) and its other pages. */
function TrainingCard({ model }: { model: AiSentimentModel }) {
  const { t } = useTranslation('aiSentimentModels');
  const navigate = useNavigate();
  const train = useTrainSentimentModel(model.Id);
  const training = model.Status === 'Training';
  const base = `${SENTIMENT_MODELS_PATH}/${model.Id}`;
  const trainButton = (fromScratch: boolean) => (
    <ConfirmActionButton<boolean>
      variables={fromScratch}
      mutation={train}
      icon={<ThunderboltOutlined aria-hidden="true" />}
      disabled={training}
      texts={{
        label: t(fromScratch ? 'train.fromScratch' : 'train.button'),
        button: t(fromScratch ? 'train.fromScratch' : 'train.button'),
        confirmTitle: t('train.confirmTitle', { name: model.Name }),
        confirmDescription: t(fromScratch ? 'train.confirmScratch' : 'train.confirmDescription'),
        done: t('train.queued'),
        refused: t('train.refused'),
      }}
    />
  );
  return (
    <Card title={t('training')} extra={<StatusTag status={model.Status} />}>
      {training && (
        <div role="status" aria-live="polite">
          <Progress percent={100} status="active" showInfo={false} />
          <p>{t('train.running')}</p>
        </div>
      )}
      {model.Status === 'Failed' && model.TrainingError && (
        <Alert type="error" showIcon message={t('train.failed')} description={model.TrainingError} />
      )}
      <Descriptions size="small" column={2} style={{ marginBlock: 12 }}>
        <Descriptions.Item label={t('fields.currentVersion')}>
          {model.CurrentVersion ?? t('none')}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.macroF1')}>
          {formatF1(model.MacroF1) || t('none')}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.labelCount')}>{model.LabelCount ?? t('none')}</Descriptions.Item>
        <Descriptions.Item label={t('fields.trainedDate')}>
          {formatDateTime(model.TrainedDate) || t('none')}
        </Descriptions.Item>
      </Descriptions>
      <Space wrap>
        {trainButton(false)}
        {trainButton(true)}
        <Button icon={<ExperimentOutlined aria-hidden="true" />} onClick={() => void navigate(`${base}/try`)}>
          {t('try.link')}
        </Button>
        <Button
          icon={<BarChartOutlined aria-hidden="true" />}
          onClick={() => void navigate(`${base}/statistics`)}
        >
          {t('statistics.link')}
        </Button>
        <Button
          icon={<DownloadOutlined aria-hidden="true" />}
          onClick={() => void navigate(`${base}/export`)}
        >
          {t('export.link')}
        </Button>
      </Space>
    </Card>
  );
}
