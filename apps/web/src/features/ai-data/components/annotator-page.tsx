import { aiAnnotatorSaveSchema, type AiAnnotator } from '@loupe/contracts';
import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { FormNote, RecordForm, useSaveHandlers } from '@/components/admin-page/record-form';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { zodRule } from '@/lib/form-rules';
import {
  annotatorBodyOf,
  annotatorFormValues,
  annotatorName,
  annotatorRefusalField,
  type AnnotatorFormValues,
} from '../annotator-values';
import { useAnnotator, useAnnotatorUserChoices, useSaveAnnotator } from '../api/ai-annotators';
import { useCanManageAnnotators } from '../can-manage';
import { ANNOTATORS_PATH } from './annotators-page';
import { DeleteAnnotatorButton } from './delete-annotator-button';

const { shape } = aiAnnotatorSaveSchema;

/** `/ai-annotators/create` and `/ai-annotators/{id}`. */
export function AnnotatorPage() {
  const { t } = useTranslation('aiAnnotators');
  return (
    <RecordLoader
      query={useRouteRecord(useAnnotator)}
      title={t('title')}
      back={{ to: ANNOTATORS_PATH, label: t('back') }}
      size="small"
      notFound={t('notFound')}
      loadFailed={t('loadFailed')}
    >
      {(annotator) => <AnnotatorForm key={annotator?.Id} annotator={annotator} />}
    </RecordLoader>
  );
}

/** Name, email and phone, whether the annotator works now, and the user account it signs in with (its lock). */
function AnnotatorForm({ annotator }: { annotator?: AiAnnotator }) {
  const { t } = useTranslation('aiAnnotators');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const canManage = useCanManageAnnotators();
  const [form] = Form.useForm<AnnotatorFormValues>();
  const save = useSaveAnnotator();
  const users = useAnnotatorUserChoices();
  const handlers = useSaveHandlers({
    form,
    fieldOf: annotatorRefusalField,
    listPath: ANNOTATORS_PATH,
    savedMessage: (saved: AiAnnotator) => t('saved', { name: annotatorName(saved) }),
  });
  const required = { required: true, whitespace: true, message: tCommon('form.required') };
  const submit = (values: AnnotatorFormValues) =>
    save.mutate({ id: annotator?.Id, body: annotatorBodyOf(values) }, handlers);

  return (
    <AdminPage
      title={annotator ? t('editTitle', { name: annotatorName(annotator) }) : t('createTitle')}
      back={{ to: ANNOTATORS_PATH, label: t('back') }}
      size="small"
    >
      <RecordForm<AnnotatorFormValues>
        form={form}
        initialValues={annotatorFormValues(annotator)}
        onFinish={submit}
        save={save}
        fieldOf={annotatorRefusalField}
        listPath={ANNOTATORS_PATH}
        readOnly={!canManage}
        backLabel={t('back')}
        notes={
          <>
            {!canManage && <FormNote type="info" title={t('readOnlyNote')} />}
            {annotator?.IsLocked && <FormNote type="warning" title={t('lockedNote')} />}
          </>
        }
        footerExtra={
          annotator &&
          canManage && (
            <DeleteAnnotatorButton annotator={annotator} onDeleted={() => void navigate(ANNOTATORS_PATH)} />
          )
        }
      >
        <Form.Item
          name="FirstName"
          label={t('fields.firstName')}
          rules={[required, zodRule(shape.FirstName, tCommon)]}
        >
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="LastName"
          label={t('fields.lastName')}
          rules={[required, zodRule(shape.LastName, tCommon)]}
        >
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item name="Email" label={t('fields.email')} rules={[required, zodRule(shape.Email, tCommon)]}>
          <Input dir="ltr" type="email" maxLength={254} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="PhoneNumber"
          label={t('fields.phoneNumber')}
          extra={t('help.phoneNumber')}
          rules={[zodRule(shape.PhoneNumber, tCommon)]}
        >
          <Input dir="ltr" type="tel" maxLength={30} autoComplete="off" />
        </Form.Item>
        <Form.Item name="IsActive" label={t('fields.isActive')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="UserId"
          label={t('fields.user')}
          extra={users.isError ? t('help.usersUnavailable') : t('help.user')}
        >
          <Select<number | null>
            allowClear
            showSearch
            loading={users.isLoading}
            optionFilterProp="label"
            placeholder={t('placeholders.user')}
            options={(users.data ?? []).map((user) => ({
              value: user.Id,
              label: `${user.FullName} (${user.UserName})`,
            }))}
          />
        </Form.Item>
      </RecordForm>
    </AdminPage>
  );
}
