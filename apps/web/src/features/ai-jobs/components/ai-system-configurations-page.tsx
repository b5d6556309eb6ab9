import {
  aiSystemConfigurationSaveSchema,
  aiSystemConfigurationSchema,
  ErrorCode,
  type AiSystemConfiguration,
} from '@loupe/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { RecordForm, useSaveHandlers } from '@/components/admin-page/record-form';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { fieldOfCode } from '@/components/admin-page/refusal-field';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/data-grid';
import { zodRule } from '@/lib/form-rules';
import {
  AI_CONFIGURATIONS_ENDPOINT,
  useAiSystemConfiguration,
  useSaveAiSystemConfiguration,
} from '../api/ai-jobs';
import { formatDateTime } from './ai-format';

const PATH = '/ai-system-configurations';
type Values = { Value: string };
const refusalField = fieldOfCode<Values>({ [ErrorCode.AiSystemConfigurationInvalid]: 'Value' });

/** `/ai-system-configurations`: the module's settings; a row opens its edit page. */
export function AiSystemConfigurationsPage() {
  const { t } = useTranslation('aiJobs');
  const navigate = useNavigate();
  const columns: DataGridColumn<AiSystemConfiguration>[] = [
    { key: 'Key', title: t('configurations.key'), width: 220 },
    {
      key: 'Value',
      title: t('configurations.value'),
      width: 160,
      render: (value) => <bdi dir="ltr">{String(value)}</bdi>,
    },
    { key: 'DefaultValue', title: t('configurations.defaultValue'), width: 160, sortable: false },
    { key: 'UpdatedDate', title: t('configurations.updatedDate'), width: 160, render: formatDateTime },
  ];
  return (
    <AdminPage title={t('configurations.title')} intro={t('configurations.intro')}>
      <DataGrid<AiSystemConfiguration>
        endpoint={AI_CONFIGURATIONS_ENDPOINT}
        item={aiSystemConfigurationSchema}
        rowKey="Id"
        columns={columns}
        defaultOrder="Key asc"
        empty={t('configurations.empty')}
        onRowClick={(row) => void navigate(`${PATH}/${row.Id}`)}
      />
    </AdminPage>
  );
}

/** `/ai-system-configurations/{id}`: one setting's value, checked by its key's rule on the server (19146). */
export function AiSystemConfigurationPage() {
  const { t } = useTranslation('aiJobs');
  return (
    <RecordLoader
      query={useRouteRecord(useAiSystemConfiguration)}
      title={t('configurations.title')}
      back={{ to: PATH, label: t('configurations.back') }}
      size="medium"
      notFound={t('notFound')}
      loadFailed={t('loadFailed')}
    >
      {(configuration) =>
        configuration && <ConfigurationForm key={configuration.Id} configuration={configuration} />
      }
    </RecordLoader>
  );
}

function ConfigurationForm({ configuration }: { configuration: AiSystemConfiguration }) {
  const { t } = useTranslation('aiJobs');
  const { t: tCommon } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveAiSystemConfiguration();
  const handlers = useSaveHandlers({
    form,
    fieldOf: refusalField,
    listPath: PATH,
    savedMessage: (saved: AiSystemConfiguration) => t('configurations.saved', { key: saved.Key }),
  });
  return (
    <AdminPage
      title={t('configurations.editTitle', { key: configuration.Key })}
      back={{ to: PATH, label: t('configurations.back') }}
      size="medium"
    >
      <RecordForm<Values>
        form={form}
        initialValues={{ Value: configuration.Value }}
        onFinish={(values) => save.mutate({ id: configuration.Id, body: values }, handlers)}
        save={save}
        fieldOf={refusalField}
        listPath={PATH}
      >
        <Form.Item
          name="Value"
          label={configuration.Key}
          extra={t(`configurations.help.${configuration.Key as 'ScoringBatchSize'}`, {
            defaultValue: configuration.DefaultValue,
          })}
          rules={[zodRule(aiSystemConfigurationSaveSchema.shape.Value, tCommon)]}
        >
          <Input dir="ltr" maxLength={100} autoComplete="off" />
        </Form.Item>
      </RecordForm>
    </AdminPage>
  );
}
