import { aiAnnotationWorkSaveSchema, type AiAnnotationWork } from '@loupe/contracts';
import { Button, Form, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { DeleteNamedRecordButton } from '@/components/admin-page/confirm-action-button';
import { FormNote, NameItem, RecordForm, useSaveHandlers } from '@/components/admin-page/record-form';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { fieldOfDetails } from '@/components/admin-page/refusal-field';
import {
  useDeleteWork,
  useReadyDatasets,
  useSaveWork,
  useTopicModelChoices,
  useWork,
} from '../api/annotation-works';
import { statisticsPath, tasksPath, WORKS_PATH } from '../paths';
import { StatusTag, useCaller } from './work-labels';

type Values = {
  Name: string;
  AnnotationType: 0 | 1 | 2;
  DatasetId: number | undefined;
  TopicModelId: number | undefined;
  TargetCount: number;
  AgreementLevel: number;
};

const workRefusalField = fieldOfDetails<Values>([
  'Name',
  'AnnotationType',
  'DatasetId',
  'TopicModelId',
  'TargetCount',
  'AgreementLevel',
]);

/** `/ai-annotation-works/create` and `/ai-annotation-works/{id}`. */
export function WorkPage() {
  const { t } = useTranslation('aiAnnotation');
  return (
    <RecordLoader
      query={useRouteRecord(useWork)}
      title={t('title')}
      back={{ to: WORKS_PATH, label: t('back') }}
      size="medium"
      notFound={t('notFound')}
      loadFailed={t('loadFailed')}
    >
      {(work) => <WorkForm key={work?.Id} work={work} />}
    </RecordLoader>
  );
}

/** Name, type, dataset, model (topic and emotion works), target count and agreement level. */
function WorkForm({ work }: { work?: AiAnnotationWork }) {
  const { t } = useTranslation('aiAnnotation');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const { canManage } = useCaller();
  const [form] = Form.useForm<Values>();
  const save = useSaveWork();
  const deletion = useDeleteWork();
  const datasets = useReadyDatasets();
  const models = useTopicModelChoices();
  const type = Form.useWatch('AnnotationType', form) ?? work?.AnnotationType ?? 0;
  const handlers = useSaveHandlers({
    form,
    fieldOf: workRefusalField,
    listPath: WORKS_PATH,
    savedMessage: (saved: AiAnnotationWork) => t('saved', { name: saved.Name }),
  });
  const initialValues: Values = {
    Name: work?.Name ?? '',
    AnnotationType: (work?.AnnotationType ?? 0) as 0 | 1 | 2,
    DatasetId: work?.DatasetId,
    TopicModelId: work?.TopicModelId ?? undefined,
    TargetCount: work?.TargetCount ?? 500,
    AgreementLevel: work?.AgreementLevel ?? 2,
  };
  const submit = (values: Values) =>
    save.mutate(
      {
        id: work?.Id,
        body: {
          Name: values.Name.trim(),
          AnnotationType: values.AnnotationType,
          DatasetId: values.DatasetId ?? 0,
          TopicModelId: values.AnnotationType === 0 ? null : (values.TopicModelId ?? null),
          TargetCount: values.TargetCount,
          AgreementLevel: values.AgreementLevel,
        },
      },
      handlers,
    );
  const datasetOptions = (datasets.data?.Items ?? []).map((dataset) => ({
    value: dataset.Id,
    label: `${dataset.Name} (${dataset.Language}, ${dataset.InstanceCount})`,
  }));
  if (work && !datasetOptions.some((option) => option.value === work.DatasetId))
    datasetOptions.push({ value: work.DatasetId, label: work.DatasetName });
  const modelOptions = (models.data ?? [])
    .filter((model) => model.IsEmotionModel === (type === 2))
    .map((model) => ({ value: model.Id, label: `${model.Name} (${model.Language})` }));
  if (work?.TopicModelId && !modelOptions.some((option) => option.value === work.TopicModelId))
    modelOptions.push({ value: work.TopicModelId, label: work.TopicModelName ?? String(work.TopicModelId) });
  const required = { required: true, message: tCommon('form.required') };
  return (
    <AdminPage
      title={work ? t('editTitle', { name: work.Name }) : t('createTitle')}
      back={{ to: WORKS_PATH, label: t('back') }}
      size="medium"
      headerExtra={
        work && (
          <Space wrap>
            <StatusTag status={work.Status} />
            <Button onClick={() => void navigate(tasksPath(work.Id))}>{t('actions.tasks')}</Button>
            <Button onClick={() => void navigate(statisticsPath(work.Id))}>{t('actions.statistics')}</Button>
          </Space>
        )
      }
    >
      <RecordForm<Values>
        form={form}
        initialValues={initialValues}
        onFinish={submit}
        save={save}
        fieldOf={workRefusalField}
        listPath={WORKS_PATH}
        readOnly={!canManage}
        backLabel={t('back')}
        notes={work && <FormNote type="info" title={t('help.fixed')} />}
        footerExtra={
          work &&
          canManage && (
            <DeleteNamedRecordButton
              record={work}
              namespace="aiAnnotation"
              mutation={deletion}
              onDeleted={() => void navigate(WORKS_PATH)}
            />
          )
        }
      >
        <NameItem label={t('fields.name')} schema={aiAnnotationWorkSaveSchema.shape.Name} />
        <Form.Item name="AnnotationType" label={t('fields.annotationType')} rules={[required]}>
          <Select
            disabled={work !== undefined}
            options={[0, 1, 2].map((value) => ({ value, label: t(`types.${value as 0 | 1 | 2}`) }))}
            onChange={() => form.setFieldValue('TopicModelId', undefined)}
          />
        </Form.Item>
        <Form.Item name="DatasetId" label={t('fields.dataset')} rules={[required]}>
          <Select
            disabled={work !== undefined}
            loading={datasets.isLoading}
            options={datasetOptions}
            showSearch={{ optionFilterProp: 'label' }}
          />
        </Form.Item>
        {type !== 0 && (
          <Form.Item
            name="TopicModelId"
            label={type === 2 ? t('fields.emotionModel') : t('fields.topicModel')}
            rules={[required]}
          >
            <Select disabled={work !== undefined} loading={models.isLoading} options={modelOptions} />
          </Form.Item>
        )}
        <Form.Item
          name="TargetCount"
          label={t('fields.targetCount')}
          extra={t('help.targetCount')}
          rules={[required]}
        >
          <InputNumber min={1} max={1_000_000} precision={0} />
        </Form.Item>
        <Form.Item name="AgreementLevel" label={t('fields.agreementLevel')} extra={t('help.agreementLevel')}>
          <Select options={[1, 2, 3, 4].map((value) => ({ value, label: String(value) }))} />
        </Form.Item>
      </RecordForm>
    </AdminPage>
  );
}
