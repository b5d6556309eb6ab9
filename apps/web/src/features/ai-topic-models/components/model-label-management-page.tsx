import {
  ErrorCode,
  TOPIC_MODEL_LIMITS,
  modelLabelMappingSchema,
  type ModelLabelMapping,
} from '@loupe/contracts';
import { App, Button, Card, Empty, Form, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '@/components/admin-page/admin-page';
import { RefusalAlert, useFieldRefusal } from '@/components/admin-page/record-form';
import { fieldOfCode } from '@/components/admin-page/refusal-field';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/data-grid';
import { usePageTitle } from '@/lib/page-title';
import { MODEL_LABELS_ENDPOINT, useSaveModelLabel } from '../api/model-label-mappings';
import { useAllTopicModels, useModelTopics } from '../api/topic-model-options';
import { DeleteModelLabelButton } from './delete-buttons';

type Values = { TopicName: string; Label: string };

const fieldOf = fieldOfCode<Values>({ [ErrorCode.ModelLabelMappingExists]: 'TopicName' });

/**
 * `/model-label-management` (modelLabelMappings:manage): per model, the label shown instead of a topic's name.
 * Choose a model, then add a label for one of its topics or edit one from the list.
 */
export function ModelLabelManagementPage() {
  const { t } = useTranslation('aiTopicModels');
  usePageTitle(t('labels.title'));
  const models = useAllTopicModels();
  const [modelId, setModelId] = useState<number>();
  return (
    <AdminPage title={t('labels.title')} intro={t('labels.intro')}>
      <Space direction="vertical" size="middle" style={{ inlineSize: '100%' }}>
        <Select
          aria-label={t('labels.model')}
          placeholder={t('labels.chooseModel')}
          loading={models.isLoading}
          value={modelId}
          onChange={setModelId}
          showSearch
          optionFilterProp="label"
          style={{ minInlineSize: 320 }}
          options={(models.data ?? []).map((model) => ({ value: model.Id, label: model.Name }))}
        />
        {modelId === undefined ? (
          <Empty description={t('labels.noModel')} />
        ) : (
          <ModelLabels key={modelId} modelId={modelId} />
        )}
      </Space>
    </AdminPage>
  );
}

function ModelLabels({ modelId }: { modelId: number }) {
  const { t } = useTranslation('aiTopicModels');
  const { t: tCommon } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<ModelLabelMapping>();
  const save = useSaveModelLabel();
  const onError = useFieldRefusal(form, fieldOf);
  const topics = useModelTopics(modelId);
  const columns: DataGridColumn<ModelLabelMapping>[] = [
    { key: 'TopicName', title: t('labels.fields.topicName'), width: 260 },
    { key: 'Label', title: t('labels.fields.label'), width: 260 },
    {
      key: 'UpdatedDate',
      title: t('labels.fields.updated'),
      width: 180,
      render: (v) => new Date(String(v)).toLocaleString(),
    },
  ];
  const edit = (row?: ModelLabelMapping) => {
    setEditing(row);
    save.reset();
    form.setFieldsValue({ TopicName: row?.TopicName ?? '', Label: row?.Label ?? '' });
  };
  const submit = (values: Values) =>
    save.mutate(
      { id: editing?.Id, body: { ModelId: modelId, ...values } },
      {
        onSuccess: (saved) => {
          void message.success(t('messages.saved', { name: saved.Label }));
          edit(undefined);
        },
        onError,
      },
    );
  return (
    <>
      <Card title={editing ? t('labels.editTitle', { name: editing.TopicName }) : t('labels.createTitle')}>
        <Form<Values> form={form} layout="inline" onFinish={submit} onValuesChange={() => save.reset()}>
          <RefusalAlert error={save.error} fieldOf={fieldOf} />
          <Form.Item
            name="TopicName"
            label={t('labels.fields.topicName')}
            rules={[{ required: true, message: tCommon('form.required') }]}
          >
            <Select
              style={{ minInlineSize: 220 }}
              showSearch
              loading={topics.isLoading}
              options={(topics.data ?? []).map((topic) => ({ value: topic.Name, label: topic.Name }))}
            />
          </Form.Item>
          <Form.Item
            name="Label"
            label={t('labels.fields.label')}
            rules={[{ required: true, whitespace: true, message: tCommon('form.required') }]}
          >
            <Input maxLength={TOPIC_MODEL_LIMITS.topicNameMax} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {tCommon('common.save')}
          </Button>
          {editing && <Button onClick={() => edit(undefined)}>{tCommon('common.cancel')}</Button>}
        </Form>
      </Card>
      <DataGrid<ModelLabelMapping>
        endpoint={MODEL_LABELS_ENDPOINT}
        item={modelLabelMappingSchema}
        rowKey="Id"
        columns={columns}
        filter={`ModelId eq ${modelId}`}
        searchField="TopicName"
        defaultOrder="TopicName asc"
        onRowClick={(row) => edit(row)}
        empty={<Empty description={t('labels.empty')} />}
        rowActions={(row) => <DeleteModelLabelButton compact record={{ Id: row.Id, Name: row.TopicName }} />}
      />
    </>
  );
}
