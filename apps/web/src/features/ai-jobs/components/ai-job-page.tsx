import {
  AI_JOB_TYPES,
  aiAnnotationWorkSchema,
  aiDatasetSchema,
  aiScheduledJobSaveSchema,
  aiSentimentModelSchema,
  ErrorCode,
  type AiJobType,
  type AiScheduledJob,
  type AiScheduledJobSave,
} from '@loupe/contracts';
import { Button, Checkbox, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { DeleteNamedRecordButton } from '@/components/admin-page/confirm-action-button';
import { IdLookupSelect, namedWithLanguage, useLookupRows } from '@/components/admin-page/id-lookup-select';
import { RecordForm, useSaveHandlers } from '@/components/admin-page/record-form';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { fieldOfCode, fieldOfDetails, type RefusalField } from '@/components/admin-page/refusal-field';
import { annotationWorkOptions } from '@/components/admin-page/annotation-work-options';
import { zodRule } from '@/lib/form-rules';
import { useAiJob, useDeleteAiJob, useSaveAiJob, useTopicModelOptions } from '../api/ai-jobs';
import { AI_JOBS_PATH, JobCommands, JobStatusTag } from './ai-jobs-page';
import { CronPreview } from './cron-preview';

type Values = {
  Name: string;
  Type: AiJobType;
  SentimentModelId: number | null;
  TopicModelId: number | null;
  AnnotationWorkId: number | null;
  DatasetId: number | null;
  IsEmotionModel: boolean;
  IsFromScratch: boolean;
  IsRecurrent: boolean;
  CronText: string;
};

const { shape } = aiScheduledJobSaveSchema;
const FIELDS = [
  'Name',
  'Type',
  'SentimentModelId',
  'TopicModelId',
  'AnnotationWorkId',
  'DatasetId',
  'IsEmotionModel',
  'CronText',
] as const;
const byDetails = fieldOfDetails<Values>(FIELDS);
const byCode = fieldOfCode<Values>({
  [ErrorCode.AiJobNoNextRun]: 'CronText',
  [ErrorCode.AiJobEmotionMismatch]: 'IsEmotionModel',
});
const refusalField: RefusalField<Values> = (error) => byDetails(error) ?? byCode(error);

/** `/ai-scheduled-jobs/create` and `/ai-scheduled-jobs/{id}`. */
export function AiJobPage() {
  const { t } = useTranslation('aiJobs');
  return (
    <RecordLoader
      query={useRouteRecord(useAiJob)}
      title={t('title')}
      back={{ to: AI_JOBS_PATH, label: t('back') }}
      size="medium"
      notFound={t('notFound')}
      loadFailed={t('loadFailed')}
    >
      {(job) => <AiJobForm key={job?.Id} job={job} />}
    </RecordLoader>
  );
}

/** What the job does (type and its models or dataset) and when (cron, recurrent or once). */
function AiJobForm({ job }: { job?: AiScheduledJob }) {
  const { t } = useTranslation('aiJobs');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const save = useSaveAiJob();
  const remove = useDeleteAiJob();
  const topicModels = useTopicModelOptions();
  const handlers = useSaveHandlers({
    form,
    fieldOf: refusalField,
    listPath: AI_JOBS_PATH,
    savedMessage: (saved: AiScheduledJob) => t('saved', { name: saved.Name }),
  });
  const type = Form.useWatch('Type', form) ?? job?.Type ?? 'scoring';
  const cron = Form.useWatch('CronText', form) ?? job?.CronText ?? '';
  const recurrent = Form.useWatch('IsRecurrent', form) ?? job?.IsRecurrent ?? true;
  const sentimentModelId = Form.useWatch('SentimentModelId', form) ?? job?.SentimentModelId ?? null;
  const isEmotion = Form.useWatch('IsEmotionModel', form) ?? job?.IsEmotionModel ?? false;
  const sentimentModels = useLookupRows('/api/ai-sentiment-models', aiSentimentModelSchema);
  const works = useLookupRows('/api/ai-annotation-works', aiAnnotationWorkSchema);
  const datasets = useLookupRows('/api/ai-datasets', aiDatasetSchema);
  // A sentiment training reads sentiment works (type 0), a topic training topic works (type 1), or emotion works
  // (type 2) for an emotion model; either in its model's language.
  const topicModelId = Form.useWatch('TopicModelId', form) ?? job?.TopicModelId ?? null;
  const language =
    sentimentModelId !== null
      ? sentimentModels.data?.find((model) => model.Id === sentimentModelId)?.Language
      : topicModels.data?.find((model) => model.Id === topicModelId)?.Language;
  const workType = sentimentModelId !== null ? 0 : isEmotion ? 2 : 1;
  const workOptions = annotationWorkOptions(works.data, workType, language);

  const initialValues: Values = {
    Name: job?.Name ?? '',
    Type: job?.Type ?? 'scoring',
    SentimentModelId: job?.SentimentModelId ?? null,
    TopicModelId: job?.TopicModelId ?? null,
    AnnotationWorkId: job?.AnnotationWorkId ?? null,
    DatasetId: job?.DatasetId ?? null,
    IsEmotionModel: job?.IsEmotionModel ?? false,
    IsFromScratch: job?.IsFromScratch ?? false,
    IsRecurrent: job?.IsRecurrent ?? true,
    CronText: job?.CronText ?? '* * * * *',
  };
  const submit = (values: Values) => {
    const body: AiScheduledJobSave = { ...values };
    save.mutate({ id: job?.Id, body }, handlers);
  };
  // The emotion flag follows the chosen topic model, which says what it is.
  const pickTopicModel = (id: number | null) => {
    const model = topicModels.data?.find((item) => item.Id === id);
    form.setFieldValue('IsEmotionModel', model?.IsEmotionModel ?? false);
  };

  return (
    <AdminPage
      title={job ? t('editTitle', { name: job.Name }) : t('createTitle')}
      back={{ to: AI_JOBS_PATH, label: t('back') }}
      headerExtra={job && <JobStatusTag status={job.Status} />}
      size="medium"
    >
      <RecordForm<Values>
        form={form}
        initialValues={initialValues}
        onFinish={submit}
        save={save}
        fieldOf={refusalField}
        listPath={AI_JOBS_PATH}
        footerExtra={
          job && (
            <>
              <JobCommands job={job} />
              <Button onClick={() => void navigate(`${AI_JOBS_PATH}/${job.Id}/logs`)}>
                {t('logs.button')}
              </Button>
              <DeleteNamedRecordButton
                record={{ Id: job.Id, Name: job.Name }}
                namespace="aiJobs"
                mutation={remove}
                onDeleted={() => void navigate(AI_JOBS_PATH)}
              />
            </>
          )
        }
      >
        <Form.Item name="Name" label={t('fields.name')} rules={[zodRule(shape.Name, tCommon)]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="Type" label={t('fields.type')} extra={t(`help.${type}`)}>
          <Select<AiJobType> options={AI_JOB_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))} />
        </Form.Item>
        {type !== 'dataset' && (
          <>
            <Form.Item
              name="SentimentModelId"
              label={t('fields.sentimentModelId')}
              extra={t('help.sentimentModelId')}
            >
              <IdLookupSelect
                lookup={sentimentModels}
                refusedHint={t('lookup.sentimentModelsRefused')}
                notFoundContent={t('lookup.noSentimentModels')}
                options={namedWithLanguage(sentimentModels.data)}
              />
            </Form.Item>
            <Form.Item name="TopicModelId" label={t('fields.topicModelId')}>
              <Select<number | null>
                allowClear
                loading={topicModels.isLoading}
                optionFilterProp="label"
                showSearch
                onChange={(value) => pickTopicModel(value ?? null)}
                options={(topicModels.data ?? []).map((model) => ({
                  value: model.Id,
                  label: `${model.Name} (${model.Language})${model.IsEmotionModel ? ` · ${t('emotion')}` : ''}`,
                }))}
              />
            </Form.Item>
            <Form.Item name="IsEmotionModel" valuePropName="checked" extra={t('help.isEmotionModel')}>
              <Checkbox disabled>{t('fields.isEmotionModel')}</Checkbox>
            </Form.Item>
          </>
        )}
        {type === 'training' && (
          <Form.Item
            name="AnnotationWorkId"
            label={t('fields.annotationWorkId')}
            extra={t(`lookup.workType${workType}`)}
          >
            <IdLookupSelect
              lookup={works}
              refusedHint={t('lookup.worksRefused')}
              notFoundContent={t('lookup.noWorks')}
              options={workOptions}
            />
          </Form.Item>
        )}
        {type === 'dataset' && (
          <Form.Item name="DatasetId" label={t('fields.datasetId')}>
            <IdLookupSelect
              lookup={datasets}
              refusedHint={t('lookup.datasetsRefused')}
              notFoundContent={t('lookup.noDatasets')}
              options={namedWithLanguage(datasets.data)}
            />
          </Form.Item>
        )}
        <Form.Item name="IsFromScratch" valuePropName="checked" extra={t(`help.isFromScratch`)}>
          <Checkbox>{t('fields.isFromScratch')}</Checkbox>
        </Form.Item>
        <Form.Item name="IsRecurrent" valuePropName="checked" extra={t('help.isRecurrent')}>
          <Checkbox>{t('fields.isRecurrent')}</Checkbox>
        </Form.Item>
        <Form.Item
          name="CronText"
          label={t('fields.cronText')}
          rules={[zodRule(shape.CronText, tCommon)]}
          extra={<CronPreview cron={cron} recurrent={recurrent} />}
        >
          <Input dir="ltr" maxLength={200} autoComplete="off" />
        </Form.Item>
      </RecordForm>
    </AdminPage>
  );
}
