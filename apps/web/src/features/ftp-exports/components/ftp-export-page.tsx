import {
  FTP_EXPORT_DEFAULT_CRON,
  ftpExportSaveSchema,
  reportFilterSchema,
  type FtpExport,
  type FtpExportSave,
} from '@loupe/contracts';
import { Checkbox, Form, Input, Radio, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { RecordForm, useSaveHandlers } from '@/components/admin-page/record-form';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { JsonField } from '@/components/json-field';
import { useFilterList } from '@/components/report-filter';
import { jsonFieldRule, zodRule } from '@/lib/form-rules';
import { useFtpExport, useFtpExportRecipients, useSaveFtpExport } from '../api/ftp-exports';
import { ftpExportRefusalField } from '../ftp-export-refusals';
import { DeleteFtpExportButton } from './delete-ftp-export-button';
import { FtpExportRuns } from './ftp-export-runs';
import { FTP_EXPORTS_PATH } from './ftp-exports-page';

type Values = {
  Name: string;
  SurveyIds: number[];
  Filter: string;
  FileFormat: 'csv' | 'xlsx';
  CronExpression: string;
  IsActive: boolean;
  FtpUrl: string;
  FtpUsername: string;
  FtpPassword: string;
  FtpFolderPath: string;
  CreateUniqueFolderForEachTransfer: boolean;
  UserIds: number[];
  EmailSubject: string;
  EmailBody: string;
};

const { shape } = ftpExportSaveSchema;
const filterOf = (text: string) => (text.trim() ? (JSON.parse(text) as unknown) : {});

/** `/export-ftp-surveys-answer/create` and `/export-ftp-surveys-answer/{id}` (with the run history). */
export function FtpExportPage() {
  const { t } = useTranslation('ftpExports');
  return (
    <RecordLoader
      query={useRouteRecord(useFtpExport)}
      title={t('title')}
      back={{ to: FTP_EXPORTS_PATH, label: t('back') }}
      size="medium"
      notFound={t('notFound')}
      loadFailed={t('loadFailed')}
    >
      {(ftpExport) => <FtpExportForm key={ftpExport?.Id} ftpExport={ftpExport} />}
    </RecordLoader>
  );
}

/** What to send (surveys, filter, format), when (cron, active), where (FTP) and whom to tell (users, mail). */
function FtpExportForm({ ftpExport }: { ftpExport?: FtpExport }) {
  const { t } = useTranslation('ftpExports');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const save = useSaveFtpExport();
  const surveys = useFilterList('surveys');
  const recipients = useFtpExportRecipients();
  const handlers = useSaveHandlers({
    form,
    fieldOf: ftpExportRefusalField,
    listPath: FTP_EXPORTS_PATH,
    savedMessage: (saved: FtpExport) => t('saved', { name: saved.Name }),
  });

  const initialValues: Values = {
    Name: ftpExport?.Name ?? '',
    SurveyIds: ftpExport?.SurveyIds ?? [],
    Filter: JSON.stringify(ftpExport?.Filter ?? {}, null, 2),
    FileFormat: ftpExport?.FileFormat ?? 'csv',
    CronExpression: ftpExport?.CronExpression ?? FTP_EXPORT_DEFAULT_CRON,
    IsActive: ftpExport?.IsActive ?? false,
    FtpUrl: ftpExport?.FtpUrl ?? '',
    FtpUsername: ftpExport?.FtpUsername ?? '',
    FtpPassword: '',
    FtpFolderPath: ftpExport?.FtpFolderPath ?? '/',
    CreateUniqueFolderForEachTransfer: ftpExport?.CreateUniqueFolderForEachTransfer ?? true,
    UserIds: ftpExport?.UserIds ?? [],
    EmailSubject: ftpExport?.EmailSubject ?? '',
    EmailBody: ftpExport?.EmailBody ?? '',
  };

  const submit = (values: Values) => {
    const body: FtpExportSave = {
      ...values,
      Filter: filterOf(values.Filter) as FtpExportSave['Filter'],
      FtpPassword: values.FtpPassword || null,
    };
    save.mutate({ id: ftpExport?.Id, body }, handlers);
  };

  // The filter: JSON of the report filter (its TimeRange and panel properties), checked as the server checks it.
  const filterRule = {
    validator: (_rule: unknown, value: string | undefined) => {
      try {
        return reportFilterSchema.strict().safeParse(filterOf(value ?? '')).success
          ? Promise.resolve()
          : Promise.reject(new Error(t('errors.filter')));
      } catch {
        return Promise.reject(new Error(t('errors.filter')));
      }
    },
  };
  const passwordRule = {
    validator: (_rule: unknown, value: string | undefined) =>
      ftpExport?.HasPassword || value?.trim()
        ? Promise.resolve()
        : Promise.reject(new Error(tCommon('form.required'))),
  };

  return (
    <AdminPage
      title={ftpExport ? t('editTitle', { name: ftpExport.Name }) : t('createTitle')}
      back={{ to: FTP_EXPORTS_PATH, label: t('back') }}
      size="medium"
    >
      <RecordForm<Values>
        form={form}
        initialValues={initialValues}
        onFinish={submit}
        save={save}
        fieldOf={ftpExportRefusalField}
        listPath={FTP_EXPORTS_PATH}
        footerExtra={
          ftpExport && (
            <DeleteFtpExportButton ftpExport={ftpExport} onDeleted={() => void navigate(FTP_EXPORTS_PATH)} />
          )
        }
      >
        <Form.Item name="Name" label={t('fields.name')} rules={[zodRule(shape.Name, tCommon)]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="SurveyIds" label={t('fields.surveyIds')} rules={[zodRule(shape.SurveyIds, tCommon)]}>
          <Select<number[]>
            mode="multiple"
            loading={surveys.isLoading}
            optionFilterProp="label"
            options={(surveys.data ?? []).map((survey) => ({ value: survey.Id, label: survey.Title }))}
          />
        </Form.Item>
        <Form.Item
          name="Filter"
          label={t('fields.filter')}
          extra={t('help.filter')}
          rules={[jsonFieldRule(tCommon), filterRule]}
        >
          <JsonField rows={5} />
        </Form.Item>
        <Form.Item name="FileFormat" label={t('fields.fileFormat')}>
          <Radio.Group
            options={[
              { value: 'csv', label: t('formats.csv') },
              { value: 'xlsx', label: t('formats.xlsx') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="CronExpression"
          label={t('fields.cronExpression')}
          extra={t('help.cronExpression')}
          rules={[zodRule(shape.CronExpression, tCommon)]}
        >
          <Input dir="ltr" maxLength={200} autoComplete="off" />
        </Form.Item>
        <Form.Item name="IsActive" label={t('fields.isActive')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="FtpUrl"
          label={t('fields.ftpUrl')}
          extra={t('help.ftpUrl')}
          rules={[zodRule(shape.FtpUrl, tCommon)]}
        >
          <Input dir="ltr" maxLength={500} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="FtpUsername"
          label={t('fields.ftpUsername')}
          rules={[zodRule(shape.FtpUsername, tCommon)]}
        >
          <Input dir="ltr" maxLength={200} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="FtpPassword"
          label={t('fields.ftpPassword')}
          extra={ftpExport?.HasPassword ? t('help.passwordKept') : undefined}
          required={!ftpExport?.HasPassword}
          rules={[passwordRule, zodRule(shape.FtpPassword, tCommon)]}
        >
          <Input.Password dir="ltr" maxLength={200} autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="FtpFolderPath"
          label={t('fields.ftpFolderPath')}
          rules={[zodRule(shape.FtpFolderPath, tCommon)]}
        >
          <Input dir="ltr" maxLength={500} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="CreateUniqueFolderForEachTransfer"
          valuePropName="checked"
          extra={t('help.uniqueFolder')}
        >
          <Checkbox>{t('fields.uniqueFolder')}</Checkbox>
        </Form.Item>
        <Form.Item name="UserIds" label={t('fields.userIds')} extra={t('help.userIds')}>
          <Select<number[]>
            mode="multiple"
            loading={recipients.isLoading}
            optionFilterProp="label"
            options={(recipients.data ?? []).map((user) => ({
              value: user.Id,
              label: `${user.FullName} (${user.UserName})`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="EmailSubject"
          label={t('fields.emailSubject')}
          rules={[zodRule(shape.EmailSubject, tCommon)]}
        >
          <Input maxLength={250} />
        </Form.Item>
        <Form.Item name="EmailBody" label={t('fields.emailBody')} rules={[zodRule(shape.EmailBody, tCommon)]}>
          <Input.TextArea rows={4} maxLength={10_000} />
        </Form.Item>
      </RecordForm>
      {ftpExport && <FtpExportRuns id={ftpExport.Id} />}
    </AdminPage>
  );
}
