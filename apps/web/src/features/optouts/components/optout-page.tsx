import { optoutSaveSchema, type Optout } from '@loupe/contracts';
import { Checkbox, Form, Input } from 'antd';
import { FormDatePicker } from '@/components/form-date-picker';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { RecordForm, useSaveHandlers } from '@/components/admin-page/record-form';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { zodRule } from '@/lib/form-rules';
import { useOptout, useSaveOptout } from '../api/optouts';
import { optoutRefusalField } from '../optout-refusals';
import { DeleteOptoutButton, optoutName } from './delete-optout-button';
import { OPTOUTS_PATH } from './optouts-page';

type Values = {
  Email: string;
  Msisdn: string;
  Reason: string;
  UntilDate: Dayjs | null;
  IsForever: boolean;
};

const { shape } = optoutSaveSchema;

/** `/optouts/create` and `/optouts/{id}/edit`. */
export function OptoutPage() {
  const { t } = useTranslation('optouts');
  return (
    <RecordLoader
      query={useRouteRecord(useOptout)}
      title={t('title')}
      back={{ to: OPTOUTS_PATH, label: t('back') }}
      size="medium"
      notFound={t('notFound')}
      loadFailed={t('loadFailed')}
    >
      {(optout) => <OptoutForm key={optout?.Id} optout={optout} />}
    </RecordLoader>
  );
}

/** Email and/or MSISDN, reason, and until when (or for ever). */
function OptoutForm({ optout }: { optout?: Optout }) {
  const { t } = useTranslation('optouts');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const save = useSaveOptout();
  const forever = Form.useWatch('IsForever', form);
  const handlers = useSaveHandlers({
    form,
    fieldOf: optoutRefusalField,
    listPath: OPTOUTS_PATH,
    savedMessage: (saved: Optout) => t('saved', { name: optoutName(saved) }),
  });

  const initialValues: Values = {
    Email: optout?.Email ?? '',
    Msisdn: optout?.Msisdn ?? '',
    Reason: optout?.Reason ?? '',
    UntilDate: optout?.UntilDate ? dayjs(optout.UntilDate) : null,
    IsForever: optout?.IsForever ?? true,
  };

  const submit = (values: Values) =>
    save.mutate(
      {
        id: optout?.Id,
        body: {
          Email: values.Email.trim() || null,
          Msisdn: values.Msisdn.trim() || null,
          Reason: values.Reason.trim() || null,
          IsForever: values.IsForever,
          UntilDate: values.IsForever || !values.UntilDate ? null : values.UntilDate.toISOString(),
        },
      },
      handlers,
    );

  // Email or MSISDN: at least one (checked on both, so the message goes away from both once either is typed).
  const oneAddress = {
    validator: () => {
      const { Email, Msisdn } = form.getFieldsValue(['Email', 'Msisdn']) as Pick<Values, 'Email' | 'Msisdn'>;
      return Email?.trim() || Msisdn?.trim()
        ? Promise.resolve()
        : Promise.reject(new Error(t('errors.oneAddress')));
    },
  };
  const msisdnRule = {
    validator: (_rule: unknown, value: string | undefined) =>
      shape.Msisdn.safeParse(value ?? '').success
        ? Promise.resolve()
        : Promise.reject(new Error(t('errors.msisdn'))),
  };
  const untilRule = {
    validator: (_rule: unknown, value: Dayjs | null | undefined) => {
      if (form.getFieldValue('IsForever')) return Promise.resolve();
      if (!value) return Promise.reject(new Error(t('errors.untilRequired')));
      return value.isAfter(dayjs()) ? Promise.resolve() : Promise.reject(new Error(t('errors.untilPast')));
    },
  };

  return (
    <AdminPage
      title={optout ? t('editTitle', { name: optoutName(optout) }) : t('createTitle')}
      back={{ to: OPTOUTS_PATH, label: t('back') }}
      size="medium"
    >
      <RecordForm<Values>
        form={form}
        initialValues={initialValues}
        onFinish={submit}
        save={save}
        fieldOf={optoutRefusalField}
        listPath={OPTOUTS_PATH}
        footerExtra={
          optout && <DeleteOptoutButton optout={optout} onDeleted={() => void navigate(OPTOUTS_PATH)} />
        }
      >
        <Form.Item
          name="Email"
          label={t('fields.email')}
          extra={t('help.address')}
          dependencies={['Msisdn']}
          rules={[oneAddress, zodRule(shape.Email, tCommon)]}
        >
          <Input type="email" dir="ltr" autoComplete="off" maxLength={254} />
        </Form.Item>
        <Form.Item
          name="Msisdn"
          label={t('fields.msisdn')}
          extra={t('help.msisdn')}
          dependencies={['Email']}
          rules={[oneAddress, msisdnRule]}
        >
          <Input inputMode="tel" dir="ltr" autoComplete="off" maxLength={16} />
        </Form.Item>
        <Form.Item name="Reason" label={t('fields.reason')} rules={[zodRule(shape.Reason, tCommon)]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        <Form.Item name="IsForever" valuePropName="checked">
          <Checkbox>{t('fields.isForever')}</Checkbox>
        </Form.Item>
        <Form.Item
          name="UntilDate"
          label={t('fields.untilDate')}
          extra={t('help.untilDate')}
          dependencies={['IsForever']}
          required={!forever}
          rules={[untilRule]}
          hidden={forever}
        >
          <FormDatePicker
            showTime={{ format: 'HH:mm' }}
            format="DD/MM/YYYY HH:mm"
            disabledDate={(day) => day.isBefore(dayjs(), 'day')}
          />
        </Form.Item>
      </RecordForm>
    </AdminPage>
  );
}
