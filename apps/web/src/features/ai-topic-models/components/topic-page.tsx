import { ErrorCode, aiTopicSaveSchema, type AiTopic } from '@loupe/contracts';
import { Form, InputNumber, Result, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { NameItem, RecordForm, useSaveHandlers } from '@/components/admin-page/record-form';
import { recordIdOf } from '@/components/admin-page/record-id';
import { RecordLoader } from '@/components/admin-page/record-status';
import { fieldOfCode } from '@/components/admin-page/refusal-field';
import { usePageTitle } from '@/lib/page-title';
import { useModelTopics } from '../api/topic-model-options';
import { useCanManageTopics } from '../api/topic-models';
import { useSaveTopic, useTopic } from '../api/topics';
import { DeleteTopicButton } from './delete-buttons';
import { SeedWordsField } from './seed-words-field';

type Values = {
  Name: string;
  ParentId: number | null;
  Threshold: number;
  Stemming: boolean;
  PositiveSeedWords: string[];
  NegativeSeedWords: string[];
  PositiveExactMatches: string[];
  NegativeExactMatches: string[];
};

type RuleList = 'PositiveSeedWords' | 'NegativeSeedWords' | 'PositiveExactMatches' | 'NegativeExactMatches';

const fieldOf = fieldOfCode<Values>({ [ErrorCode.ModelLabelDuplicateTopics]: 'Name' });

/** `/ai-topic-models/:topicModelId/topics/create` and `/ai-topic-models/:topicModelId/topics/:id`. */
export function TopicPage() {
  const { t } = useTranslation('aiTopicModels');
  const modelId = recordIdOf(useParams().topicModelId);
  usePageTitle(t('topics.title'));
  if (typeof modelId !== 'number') return <Result status="404" title={t('models.notFound')} />;
  return <TopicLoader modelId={modelId} />;
}

function TopicLoader({ modelId }: { modelId: number }) {
  const { t } = useTranslation('aiTopicModels');
  const listPath = `/ai-topic-models/${modelId}/topics`;
  // The route's :id is the topic's (as useRouteRecord reads it), the model's is :topicModelId.
  const id = recordIdOf(useParams().id);
  const topicQuery = useTopic(modelId, id ?? undefined);
  const query = id === undefined ? undefined : id === null ? null : topicQuery;
  return (
    <RecordLoader
      query={query}
      title={t('topics.title')}
      back={{ to: listPath, label: t('topics.back') }}
      size="medium"
      notFound={t('topics.notFound')}
      loadFailed={t('topics.loadFailed')}
    >
      {(topic) => <TopicForm key={topic?.Id} modelId={modelId} topic={topic} />}
    </RecordLoader>
  );
}

function TopicForm({ modelId, topic }: { modelId: number; topic?: AiTopic }) {
  const { t } = useTranslation('aiTopicModels');
  const navigate = useNavigate();
  const listPath = `/ai-topic-models/${modelId}/topics`;
  const [form] = Form.useForm<Values>();
  const save = useSaveTopic(modelId);
  const canManage = useCanManageTopics();
  const parents = (useModelTopics(modelId).data ?? []).filter(
    (candidate) => candidate.ParentId === null && candidate.Id !== topic?.Id,
  );
  const handlers = useSaveHandlers({
    form,
    fieldOf,
    listPath,
    savedMessage: (saved: AiTopic) => t(topic ? 'messages.saved' : 'messages.created', { name: saved.Name }),
  });
  const submit = (values: Values) => save.mutate({ id: topic?.Id, body: values }, handlers);
  const words = (name: RuleList, sentences = false) => (
    <Form.Item name={name} label={t(`topics.fields.${name}`)} extra={t(`topics.help.${name}`)}>
      <SeedWordsField sentences={sentences} />
    </Form.Item>
  );

  return (
    <AdminPage
      title={topic ? t('topics.editTitle', { name: topic.Name }) : t('topics.createTitle')}
      back={{ to: listPath, label: t('topics.back') }}
      size="medium"
    >
      <RecordForm<Values>
        form={form}
        initialValues={{
          Name: topic?.Name ?? '',
          ParentId: topic?.ParentId ?? null,
          Threshold: topic?.Threshold ?? 0.5,
          Stemming: topic?.Stemming ?? true,
          PositiveSeedWords: topic?.PositiveSeedWords ?? [],
          NegativeSeedWords: topic?.NegativeSeedWords ?? [],
          PositiveExactMatches: topic?.PositiveExactMatches ?? [],
          NegativeExactMatches: topic?.NegativeExactMatches ?? [],
        }}
        onFinish={submit}
        save={save}
        fieldOf={fieldOf}
        readOnly={!canManage}
        listPath={listPath}
        backLabel={t('topics.back')}
        footerExtra={
          topic && (
            <DeleteTopicButton modelId={modelId} record={topic} onDeleted={() => void navigate(listPath)} />
          )
        }
      >
        <NameItem label={t('topics.fields.name')} schema={aiTopicSaveSchema.shape.Name} />
        <Form.Item name="ParentId" label={t('topics.fields.parent')} extra={t('topics.help.parent')}>
          <Select
            allowClear
            placeholder={t('topics.mainTopic')}
            options={parents.map((parent) => ({ value: parent.Id, label: parent.Name }))}
          />
        </Form.Item>
        <Form.Item name="Threshold" label={t('topics.fields.threshold')} extra={t('topics.help.threshold')}>
          <InputNumber min={0} max={1} step={0.05} />
        </Form.Item>
        <Form.Item
          name="Stemming"
          label={t('topics.fields.stemming')}
          extra={t('topics.help.stemming')}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        {words('PositiveSeedWords')}
        {words('NegativeSeedWords')}
        {words('PositiveExactMatches', true)}
        {words('NegativeExactMatches', true)}
      </RecordForm>
    </AdminPage>
  );
}
