import {
  EMAIL_REPORT_DEFAULT_CRON,
  EMAIL_REPORT_LIMITS,
  emailReportSaveSchema,
  type EmailReport,
  type EmailReportSave,
} from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Radio,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { RecordForm, useSaveHandlers } from '@/components/admin-page/record-form';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { useFilterList } from '@/components/report-filter';
import { zodRule } from '@/lib/form-rules';
import {
  useEmailReport,
  useEmailReportOptions,
  useSaveEmailReport,
  useSendEmailReportNow,
} from '../api/email-reports';
import { emailReportRefusalField } from '../email-report-refusals';
import { DeleteEmailReportButton } from './delete-email-report-button';
import { EMAIL_REPORTS_PATH, formatDateTime } from './email-reports-page';

type RecipientKind = 'user' | 'role';

type Values = {
  ReportId: number | undefined;
  RecipientKind: RecipientKind;
  UserId: number | undefined;
  RoleId: number | undefined;
  ExperienceId: number | undefined;
  SurveyId: number | undefined;
  Subject: string;
  Body: string;
  CronExpression: string;
  IsActive: boolean;
};

const { shape } = emailReportSaveSchema;

/** `/email-report-notifications/create` and `/email-report-notifications/{id}` (with its last run and send-now). */
export function EmailReportPage() {
  const { t } = useTranslation('emailReports');
  return (
    <RecordLoader
      query={useRouteRecord(useEmailReport)}
      title={t('title')}
      back={{ to: EMAIL_REPORTS_PATH, label: t('back') }}
      size="medium"
      notFound={t('notFound')}
      loadFailed={t('loadFailed')}
    >
      {(emailReport) => <EmailReportForm key={emailReport?.Id} emailReport={emailReport} />}
    </RecordLoader>
  );
}

/** Which report, to whom (a user or a role), narrowed how (experience, survey), when (cron) and with what mail. */
function EmailReportForm({ emailReport }: { emailReport?: EmailReport }) {
  const { t } = useTranslation('emailReports');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const save = useSaveEmailReport();
  const options = useEmailReportOptions();
  const experiences = useFilterList('experiences');
  const surveys = useFilterList('surveys');
  const recipientKind = Form.useWatch('RecipientKind', form) ?? (emailReport?.RoleId ? 'role' : 'user');
  const handlers = useSaveHandlers({
    form,
    fieldOf: emailReportRefusalField,
    listPath: EMAIL_REPORTS_PATH,
    savedMessage: (saved: EmailReport) => t('saved', { name: saved.Subject }),
  });

  const initialValues: Values = {
    ReportId: emailReport?.ReportId,
    RecipientKind: emailReport?.RoleId ? 'role' : 'user',
    UserId: emailReport?.UserId ?? undefined,
    RoleId: emailReport?.RoleId ?? undefined,
    ExperienceId: emailReport?.ExperienceId ?? undefined,
    SurveyId: emailReport?.SurveyId ?? undefined,
    Subject: emailReport?.Subject ?? '',
    Body: emailReport?.Body ?? '',
    CronExpression: emailReport?.CronExpression ?? EMAIL_REPORT_DEFAULT_CRON,
    IsActive: emailReport?.IsActive ?? true,
  };

  const submit = (values: Values) => {
    const body: EmailReportSave = {
      ReportId: values.ReportId ?? 0,
      UserId: values.RecipientKind === 'user' ? (values.UserId ?? null) : null,
      RoleId: values.RecipientKind === 'role' ? (values.RoleId ?? null) : null,
      ExperienceId: values.ExperienceId ?? null,
      SurveyId: values.SurveyId ?? null,
      Subject: values.Subject,
      Body: values.Body,
      CronExpression: values.CronExpression,
      IsActive: values.IsActive,
    };
    save.mutate({ id: emailReport?.Id, body }, handlers);
  };
  const required = { required: true, message: tCommon('form.required') };

  return (
    <AdminPage
      title={emailReport ? t('editTitle', { name: emailReport.Subject }) : t('createTitle')}
      back={{ to: EMAIL_REPORTS_PATH, label: t('back') }}
      size="medium"
    >
      <RecordForm<Values>
        form={form}
        initialValues={initialValues}
        onFinish={submit}
        save={save}
        fieldOf={emailReportRefusalField}
        listPath={EMAIL_REPORTS_PATH}
        footerExtra={
          emailReport && (
            <DeleteEmailReportButton
              emailReport={emailReport}
              onDeleted={() => void navigate(EMAIL_REPORTS_PATH)}
            />
          )
        }
      >
        <Form.Item name="ReportId" label={t('fields.report')} rules={[required]}>
          <Select<number>
            showSearch
            loading={options.isLoading}
            optionFilterProp="label"
            options={(options.data?.Reports ?? []).map((report) => ({
              value: report.Id,
              label: report.Title,
            }))}
          />
        </Form.Item>
        <Form.Item name="RecipientKind" label={t('fields.recipientKind')}>
          <Radio.Group
            options={[
              { value: 'user', label: t('recipientKinds.user') },
              { value: 'role', label: t('recipientKinds.role') },
            ]}
          />
        </Form.Item>
        {recipientKind === 'user' ? (
          <Form.Item name="UserId" label={t('fields.user')} extra={t('help.user')} rules={[required]}>
            <Select<number>
              showSearch
              loading={options.isLoading}
              optionFilterProp="label"
              options={(options.data?.Users ?? []).map((user) => ({
                value: user.Id,
                label: `${user.FullName} (${user.UserName})`,
              }))}
            />
          </Form.Item>
        ) : (
          <Form.Item name="RoleId" label={t('fields.role')} rules={[required]}>
            <Select<number>
              showSearch
              loading={options.isLoading}
              optionFilterProp="label"
              options={(options.data?.Roles ?? []).map((role) => ({ value: role.Id, label: role.Name }))}
            />
          </Form.Item>
        )}
        <Form.Item name="ExperienceId" label={t('fields.experience')} extra={t('help.experience')}>
          <Select<number>
            allowClear
            showSearch
            loading={experiences.isLoading}
            optionFilterProp="label"
            options={(experiences.data ?? []).map((experience) => ({
              value: experience.Id,
              label: experience.Name,
            }))}
          />
        </Form.Item>
        <Form.Item name="SurveyId" label={t('fields.survey')} extra={t('help.survey')}>
          <Select<number>
            allowClear
            showSearch
            loading={surveys.isLoading}
            optionFilterProp="label"
            options={(surveys.data ?? []).map((survey) => ({ value: survey.Id, label: survey.Title }))}
          />
        </Form.Item>
        <Form.Item name="Subject" label={t('fields.subject')} rules={[zodRule(shape.Subject, tCommon)]}>
          <Input maxLength={EMAIL_REPORT_LIMITS.subjectMax} />
        </Form.Item>
        <Form.Item
          name="Body"
          label={t('fields.body')}
          extra={t('help.body')}
          rules={[zodRule(shape.Body, tCommon)]}
        >
          <Input.TextArea rows={4} maxLength={EMAIL_REPORT_LIMITS.bodyMax} />
        </Form.Item>
        <Form.Item
          name="CronExpression"
          label={t('fields.cronExpression')}
          extra={t('help.cronExpression')}
          rules={[zodRule(shape.CronExpression, tCommon)]}
        >
          {/* antd's right-to-left input style wins over `dir`: the fields' order is kept by the style too. */}
          <Input
            dir="ltr"
            style={{ direction: 'ltr' }}
            maxLength={EMAIL_REPORT_LIMITS.cronMax}
            autoComplete="off"
          />
        </Form.Item>
        <Form.Item name="IsActive" label={t('fields.isActive')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </RecordForm>
      {emailReport && <EmailReportRun emailReport={emailReport} />}
    </AdminPage>
  );
}

/** The saved notification's next times, its last run (time, mails sent, error) and send-now. */
function EmailReportRun({ emailReport }: { emailReport: EmailReport }) {
  const { t } = useTranslation('emailReports');
  const send = useSendEmailReportNow(emailReport.Id);
  return (
    <Card
      title={t('run.title')}
      extra={
        <Button type="primary" loading={send.isPending} onClick={() => send.mutate()}>
          {t('run.sendNow')}
        </Button>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {send.isSuccess && <Alert type="info" showIcon message={t('run.queued')} />}
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('nextRuns')}>
            {emailReport.NextRuns.length > 0
              ? emailReport.NextRuns.map((at) => dayjs(at).format('DD/MM/YYYY HH:mm')).join(' · ')
              : t('nextRunsInactive')}
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.lastRunAt')}>
            {emailReport.LastRunAt ? formatDateTime(emailReport.LastRunAt) : t('run.never')}
          </Descriptions.Item>
          {emailReport.LastRunAt && (
            <Descriptions.Item label={t('fields.lastSentCount')}>
              {emailReport.LastSentCount ?? 0}
            </Descriptions.Item>
          )}
          {emailReport.LastRunAt && (
            <Descriptions.Item label={emailReport.LastError ? t('fields.lastError') : t('run.result')}>
              {emailReport.LastError ? (
                <Typography.Text type="danger" style={{ whiteSpace: 'pre-wrap' }}>
                  {emailReport.LastError}
                </Typography.Text>
              ) : (
                t('run.ok')
              )}
            </Descriptions.Item>
          )}
        </Descriptions>
      </Space>
    </Card>
  );
}
