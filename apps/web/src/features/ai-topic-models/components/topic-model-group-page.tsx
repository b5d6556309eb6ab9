import {
  ErrorCode,
  TOPIC_MODEL_LIMITS,
  aiTopicModelGroupSaveSchema,
  type AiTopicModelGroup,
} from '@loupe/contracts';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { NameItem, RecordForm, useSaveHandlers } from '@/components/admin-page/record-form';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { fieldOfCode } from '@/components/admin-page/refusal-field';
import { usePageTitle } from '@/lib/page-title';
import { useSaveTopicModelGroup, useTopicModelGroup } from '../api/topic-model-groups';
import { useAllTopicModels } from '../api/topic-model-options';
import { useCanManageTopics } from '../api/topic-models';
import { DeleteTopicModelGroupButton } from './delete-buttons';

const LIST_PATH = '/ai-topic-model-groups';

type Values = { Name: string; ModelIds: number[] };

const fieldOf = fieldOfCode<Values>({
  [ErrorCode.TopicModelGroupNameExists]: 'Name',
  [ErrorCode.TopicModelGroupMixed]: 'ModelIds',
});

/** `/ai-topic-model-groups/create` and `/ai-topic-model-groups/:id`. */
export function TopicModelGroupPage() {
  const { t } = useTranslation('aiTopicModels');
  usePageTitle(t('groups.title'));
  return (
    <RecordLoader
      query={useRouteRecord(useTopicModelGroup)}
      title={t('groups.title')}
      back={{ to: LIST_PATH, label: t('groups.back') }}
      size="medium"
      notFound={t('groups.notFound')}
      loadFailed={t('groups.loadFailed')}
    >
      {(group) => <GroupForm key={group?.Id} group={group} />}
    </RecordLoader>
  );
}

function GroupForm({ group }: { group?: AiTopicModelGroup }) {
  const { t } = useTranslation('aiTopicModels');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const save = useSaveTopicModelGroup();
  const canManage = useCanManageTopics();
  const models = useAllTopicModels();
  const handlers = useSaveHandlers({
    form,
    fieldOf,
    listPath: LIST_PATH,
    savedMessage: (saved: AiTopicModelGroup) =>
      t(group ? 'messages.saved' : 'messages.created', { name: saved.Name }),
  });
  return (
    <AdminPage
      title={group ? t('groups.editTitle', { name: group.Name }) : t('groups.createTitle')}
      back={{ to: LIST_PATH, label: t('groups.back') }}
      size="medium"
    >
      <RecordForm<Values>
        form={form}
        initialValues={{ Name: group?.Name ?? '', ModelIds: group?.ModelIds ?? [] }}
        onFinish={(values) => save.mutate({ id: group?.Id, body: values }, handlers)}
        save={save}
        fieldOf={fieldOf}
        readOnly={!canManage}
        listPath={LIST_PATH}
        backLabel={t('groups.back')}
        footerExtra={
          group && <DeleteTopicModelGroupButton record={group} onDeleted={() => void navigate(LIST_PATH)} />
        }
      >
        <NameItem label={t('groups.fields.name')} schema={aiTopicModelGroupSaveSchema.shape.Name} />
        <Form.Item
          name="ModelIds"
          label={t('groups.fields.models')}
          extra={t('groups.help.models', { max: TOPIC_MODEL_LIMITS.groupModels })}
          rules={[{ required: true, type: 'array', min: 1, message: tCommon('form.required') }]}
        >
          <Select
            mode="multiple"
            maxCount={TOPIC_MODEL_LIMITS.groupModels}
            loading={models.isLoading}
            optionFilterProp="label"
            options={(models.data ?? []).map((model) => ({
              value: model.Id,
              label: model.IsEmotionModel ? t('groups.emotionOption', { name: model.Name }) : model.Name,
            }))}
          />
        </Form.Item>
      </RecordForm>
    </AdminPage>
  );
}
