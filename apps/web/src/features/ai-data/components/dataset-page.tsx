import { aiDatasetSaveSchema, type AiDataset } from '@loupe/contracts';
import { Checkbox, DatePicker, Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { FormNote, RecordForm, useSaveHandlers } from '@/components/admin-page/record-form';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { useFilterList, useSurveyQuestions } from '@/components/report-filter';
import { zodRule } from '@/lib/form-rules';
import { useDataset, useSaveDataset } from '../api/ai-datasets';
import { useCanManageDatasets } from '../can-manage';
import {
  DATASET_LANGUAGE_CHOICES,
  DATASET_SOURCE_CHOICES,
  datasetBodyOf,
  datasetFormValues,
  datasetRefusalField,
  keptQuestionIds,
  openEndedQuestions,
  type DatasetFormValues,
} from '../dataset-values';
import { formatDateTime } from '../format';
import { DatasetStatusLive } from './dataset-status-tag';
import { DATASETS_PATH } from './datasets-page';
import { DeleteDatasetButton } from './delete-dataset-button';

const { shape } = aiDatasetSaveSchema;
const DATE_FORMAT = 'DD/MM/YYYY';
const NO_SURVEYS: number[] = [];

/** `/ai-datasets/create` and `/ai-datasets/{id}`; the page of a dataset being built follows its build. */
export function DatasetPage() {
  const { t } = useTranslation('aiDatasets');
  return (
    <RecordLoader
      query={useRouteRecord(useDataset)}
      title={t('title')}
      back={{ to: DATASETS_PATH, label: t('back') }}
      size="medium"
      notFound={t('notFound')}
      loadFailed={t('loadFailed')}
    >
      {(dataset) => <DatasetForm key={dataset?.Id} dataset={dataset} />}
    </RecordLoader>
  );
}

/** Where the dataset stands: its status and count, the build's error when it failed. */
function BuildNote({ dataset }: { dataset: AiDataset }) {
  const { t } = useTranslation('aiDatasets');
  const status = (
    <span>
      <DatasetStatusLive dataset={dataset} />{' '}
      {t('build.summary', {
        count: dataset.InstanceCount,
        built: formatDateTime(dataset.BuiltDate) || t('build.never'),
      })}
    </span>
  );
  if (dataset.Status === 'Failed')
    return (
      <FormNote
        type="error"
        title={status}
        description={t('build.failed', { error: dataset.BuildError ?? '' })}
      />
    );
  return (
    <FormNote
      type={dataset.Status === 'Processing' ? 'info' : 'success'}
      title={status}
      description={dataset.Status === 'Processing' ? t('build.processing') : undefined}
    />
  );
}

/** Name and language, the surveys and their open-ended questions, the answers' dates and sources. */
function DatasetForm({ dataset }: { dataset?: AiDataset }) {
  const { t } = useTranslation('aiDatasets');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const canManage = useCanManageDatasets();
  const [form] = Form.useForm<DatasetFormValues>();
  const save = useSaveDataset();
  const surveys = useFilterList('surveys');
  const surveyIds = Form.useWatch('SurveyIds', form) ?? dataset?.SurveyIds ?? NO_SURVEYS;
  const questions = useSurveyQuestions(surveyIds);
  const offered = openEndedQuestions(questions.questions, surveyIds);
  const handlers = useSaveHandlers({
    form,
    fieldOf: datasetRefusalField,
    listPath: DATASETS_PATH,
    savedMessage: (saved: AiDataset) => t('saved', { name: saved.Name }),
  });

  const surveyTitle = (id: number) => surveys.data?.find((survey) => survey.Id === id)?.Title ?? `#${id}`;
  const submit = (values: DatasetFormValues) =>
    save.mutate({ id: dataset?.Id, body: datasetBodyOf(values) }, handlers);

  return (
    <AdminPage
      title={dataset ? t('editTitle', { name: dataset.Name }) : t('createTitle')}
      back={{ to: DATASETS_PATH, label: t('back') }}
      size="medium"
    >
      <RecordForm<DatasetFormValues>
        form={form}
        initialValues={datasetFormValues(dataset)}
        onFinish={submit}
        save={save}
        fieldOf={datasetRefusalField}
        listPath={DATASETS_PATH}
        readOnly={!canManage}
        backLabel={t('back')}
        notes={
          <>
            {!canManage && <FormNote type="info" title={t('readOnlyNote')} />}
            {dataset && <BuildNote dataset={dataset} />}
            {dataset && canManage && <FormNote type="info" title={t('help.rebuild')} />}
          </>
        }
        onValuesChange={(changed: Partial<DatasetFormValues>) => {
          // A question of a survey taken out goes with it.
          if (changed.SurveyIds === undefined) return;
          const kept = openEndedQuestions(questions.questions, changed.SurveyIds);
          form.setFieldValue(
            'QuestionIds',
            keptQuestionIds(
              (form.getFieldValue('QuestionIds') as number[] | undefined) ?? [],
              kept,
              !questions.isLoading,
            ),
          );
        }}
        footerExtra={
          dataset &&
          canManage && (
            <DeleteDatasetButton dataset={dataset} onDeleted={() => void navigate(DATASETS_PATH)} />
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
        <Form.Item name="Language" label={t('fields.language')} extra={t('help.language')}>
          <Radio.Group
            options={DATASET_LANGUAGE_CHOICES.map((language) => ({
              value: language,
              label: t(`languages.${language}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="SurveyIds"
          label={t('fields.surveys')}
          rules={[{ required: true, message: tCommon('form.required') }, zodRule(shape.SurveyIds, tCommon)]}
        >
          <Select<number[]>
            mode="multiple"
            loading={surveys.isLoading}
            optionFilterProp="label"
            placeholder={t('placeholders.surveys')}
            options={(surveys.data ?? []).map((survey) => ({ value: survey.Id, label: survey.Title }))}
          />
        </Form.Item>
        <Form.Item
          name="QuestionIds"
          label={t('fields.questions')}
          extra={questions.isError ? t('help.questionsFailed') : t('help.questions')}
          rules={[zodRule(shape.QuestionIds, tCommon)]}
        >
          <Select<number[]>
            mode="multiple"
            loading={questions.isLoading}
            disabled={surveyIds.length === 0}
            optionFilterProp="label"
            placeholder={t('placeholders.questions')}
            notFoundContent={t('placeholders.noQuestions')}
            options={offered.map((question) => ({
              value: question.Id,
              label:
                surveyIds.length > 1 ? `${surveyTitle(question.SurveyId)} · ${question.Text}` : question.Text,
            }))}
          />
        </Form.Item>
        <Form.Item name="DateRange" label={t('fields.dateRange')} extra={t('help.dateRange')}>
          <DatePicker.RangePicker
            format={DATE_FORMAT}
            allowEmpty={[true, true]}
            placeholder={[t('placeholders.dateFrom'), t('placeholders.dateTo')]}
          />
        </Form.Item>
        <Form.Item name="Sources" label={t('fields.sources')} extra={t('help.sources')}>
          <Checkbox.Group
            options={DATASET_SOURCE_CHOICES.map((source) => ({
              value: source,
              label: t(`sources.${source}`),
            }))}
          />
        </Form.Item>
      </RecordForm>
    </AdminPage>
  );
}
