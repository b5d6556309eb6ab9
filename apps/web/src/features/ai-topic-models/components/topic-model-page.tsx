import {
  ErrorCode,
  aiAnnotationWorkSchema,
  aiDatasetSchema,
  aiTopicModelSaveSchema,
  type AiTopicModel,
} from '@loupe/contracts';
import { App, Button, Form, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { IdLookupSelect, namedWithLanguage, useLookupRows } from '@/components/admin-page/id-lookup-select';
import { NameItem, RecordForm, useSaveHandlers } from '@/components/admin-page/record-form';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { fieldOfCode } from '@/components/admin-page/refusal-field';
import { annotationWorkOptions } from '@/components/admin-page/annotation-work-options';
import { errorMessage } from '@/lib/error-message';
import { usePageTitle } from '@/lib/page-title';
import { useTrainTopicModel } from '../api/topic-model-tools';
import { useCanManageTopics, useSaveTopicModel, useTopicModel } from '../api/topic-models';
import { DeleteTopicModelButton } from './delete-buttons';
import { TopicModelLinks } from './topic-model-links';

const LIST_PATH = '/ai-topic-models';

type Values = {
  Name: string;
  Language: 'tr' | 'en';
  DatasetId: number | null;
  ModelType: 0 | 1;
  AnnotationWorkId: number | null;
  IsEmotionModel: boolean;
  IsIntentModel: boolean;
};

const fieldOf = fieldOfCode<Values>({
  [ErrorCode.TopicModelNameExists]: 'Name',
  [ErrorCode.TopicModelEmotionAndIntent]: 'IsIntentModel',
});

/** `/ai-topic-models/create` and `/ai-topic-models/:id`. */
export function TopicModelPage() {
  const { t } = useTranslation('aiTopicModels');
  usePageTitle(t('models.title'));
  return (
    <RecordLoader
      query={useRouteRecord(useTopicModel)}
      title={t('models.title')}
      back={{ to: LIST_PATH, label: t('models.back') }}
      size="medium"
      notFound={t('models.notFound')}
      loadFailed={t('models.loadFailed')}
    >
      {(model) => <TopicModelForm key={model?.Id} model={model} />}
    </RecordLoader>
  );
}

function TopicModelForm({ model }: { model?: AiTopicModel }) {
  const { t } = useTranslation('aiTopicModels');
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const save = useSaveTopicModel();
  const canManage = useCanManageTopics();
  const datasets = useLookupRows('/api/ai-datasets', aiDatasetSchema);
  const works = useLookupRows('/api/ai-annotation-works', aiAnnotationWorkSchema);
  const isEmotion = Form.useWatch('IsEmotionModel', form) ?? model?.IsEmotionModel ?? false;
  const language = Form.useWatch('Language', form) ?? model?.Language;
  // The classifier learns from topic works (type 1), or emotion works (type 2) for an emotion model, in its language.
  const workOptions = annotationWorkOptions(works.data, isEmotion ? 2 : 1, language);
  const handlers = useSaveHandlers({
    form,
    fieldOf,
    listPath: LIST_PATH,
    savedMessage: (saved: AiTopicModel) =>
      t(model ? 'messages.saved' : 'messages.created', { name: saved.Name }),
  });
  const submit = (values: Values) => save.mutate({ id: model?.Id, body: values }, handlers);

  return (
    <AdminPage
      title={model ? t('models.editTitle', { name: model.Name }) : t('models.createTitle')}
      back={{ to: LIST_PATH, label: t('models.back') }}
      intro={model && <TopicModelLinks modelId={model.Id} />}
      size="medium"
    >
      <RecordForm<Values>
        form={form}
        initialValues={{
          Name: model?.Name ?? '',
          Language: model?.Language === 'en' ? 'en' : 'tr',
          DatasetId: model?.DatasetId ?? null,
          ModelType: model?.ModelType === 1 ? 1 : 0,
          AnnotationWorkId: model?.AnnotationWorkId ?? null,
          IsEmotionModel: model?.IsEmotionModel ?? false,
          IsIntentModel: model?.IsIntentModel ?? false,
        }}
        onFinish={submit}
        save={save}
        fieldOf={fieldOf}
        readOnly={!canManage}
        listPath={LIST_PATH}
        backLabel={t('models.back')}
        footerExtra={
          model && (
            <>
              {model.ModelType === 1 && <TrainButton model={model} />}
              <DeleteTopicModelButton record={model} onDeleted={() => void navigate(LIST_PATH)} />
            </>
          )
        }
      >
        <NameItem label={t('models.fields.name')} schema={aiTopicModelSaveSchema.shape.Name} />
        <Form.Item name="Language" label={t('models.fields.language')}>
          <Select
            options={[
              { value: 'tr', label: t('languages.tr') },
              { value: 'en', label: t('languages.en') },
            ]}
          />
        </Form.Item>
        <Form.Item name="DatasetId" label={t('models.fields.dataset')} extra={t('models.help.dataset')}>
          <IdLookupSelect
            lookup={datasets}
            refusedHint={t('models.lookup.datasetsRefused')}
            notFoundContent={t('models.lookup.noDatasets')}
            placeholder={t('models.none')}
            options={namedWithLanguage(datasets.data)}
          />
        </Form.Item>
        <Form.Item name="ModelType" label={t('models.fields.modelType')}>
          <Radio.Group
            options={[
              { value: 0, label: t('models.types.rules') },
              { value: 1, label: t('models.types.blended') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="AnnotationWorkId"
          label={t('models.fields.annotationWork')}
          extra={t('models.help.annotationWork')}
        >
          <IdLookupSelect
            lookup={works}
            refusedHint={t('models.lookup.worksRefused')}
            notFoundContent={t(isEmotion ? 'models.lookup.noEmotionWorks' : 'models.lookup.noTopicWorks')}
            placeholder={t('models.none')}
            options={workOptions}
          />
        </Form.Item>
        <Form.Item name="IsEmotionModel" label={t('models.fields.isEmotionModel')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="IsIntentModel" label={t('models.fields.isIntentModel')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {model && (
          <p>
            {model.HasClassifier
              ? t('models.classifierTrained', {
                  date: new Date(model.ClassifierTrainedDate ?? '').toLocaleString(),
                })
              : t('models.classifierNone')}
          </p>
        )}
      </RecordForm>
    </AdminPage>
  );
}

/** Queues the classifier's training (model type 1); a refusal (19135, 19136) shows translated. */
function TrainButton({ model }: { model: AiTopicModel }) {
  const { t } = useTranslation('aiTopicModels');
  const { t: tCommon } = useTranslation();
  const { message, modal } = App.useApp();
  const train = useTrainTopicModel(model.Id);
  return (
    <Button
      loading={train.isPending}
      onClick={() =>
        train.mutate(undefined, {
          onSuccess: () => void message.success(t('models.trainQueued', { name: model.Name })),
          onError: (error) =>
            void modal.error({ title: t('models.trainRefused'), content: errorMessage(error, tCommon) }),
        })
      }
    >
      {t('models.train')}
    </Button>
  );
}
