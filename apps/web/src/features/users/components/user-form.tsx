import {
  ErrorCode,
  LANGUAGES,
  emptyOr,
  initialPasswordField,
  isConfirmed,
  userUpdateSchema,
  type UserDetail,
  type UserUpdateInput,
} from '@loupe/contracts';
import { App, Button, Card, Checkbox, Form, Input, Select, Typography, type FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormNote, RefusalAlert, useFieldRefusal } from '@/components/admin-page/record-form';
import { fieldOfCode, type RefusalField } from '@/components/admin-page/refusal-field';
import { FormDatePicker } from '@/components/form-date-picker';
import { zodRule } from '@/lib/form-rules';
import { useSaveUser } from '../api/save-user';
import type { UserAccess } from '../hooks/use-user-access';
import { useUnsavedChanges } from '@/lib/use-unsaved-changes';
import type { UserKindInfo } from '../user-kind';
import { DATE_FORMAT, NO_TENANT } from './user-format';
import { UserRestrictionFields } from './user-restriction-fields';
import { UserRolesField } from './user-roles-field';
import styles from './users.module.css';

export type UserFormValues = {
  UserName: string;
  FullName: string;
  Email?: string;
  MSISDN?: string;
  Title?: string;
  Department?: string;
  Language?: string;
  Roles: number[];
  TransactionChannels: number[];
  Products: number[];
  Employees: number[];
  TenantId?: number;
  TrialExpireDate?: Dayjs | null;
  Password?: string;
  PasswordConfirm?: string;
  MustChangePassword: boolean;
};

/** Which field a refusal of the server belongs to; other failures show above the form. */
const fieldOfUserCode = fieldOfCode<UserFormValues>({
  [ErrorCode.UserNameExists]: 'UserName',
  [ErrorCode.TenantChangeNotAllowed]: 'TenantId',
  [ErrorCode.TenantNotFound]: 'TenantId',
  [ErrorCode.AlternaLevelRequired]: 'Roles',
  [ErrorCode.PowerUserLimitOnCreate]: 'Roles',
  [ErrorCode.PowerUserLimitOnUpdate]: 'Roles',
});

const fields = userUpdateSchema.shape;
const LANGUAGE_OPTIONS = LANGUAGES.map((language) => ({ value: language.code, label: language.name }));

function initialValues(user: UserDetail | undefined, access: UserAccess): UserFormValues {
  return {
    UserName: user?.UserName ?? '',
    FullName: user?.FullName ?? '',
    Email: user?.Email ?? '',
    MSISDN: user?.MSISDN ?? '',
    Title: user?.Title ?? '',
    Department: user?.Department ?? '',
    Language: user?.Language ?? undefined,
    Roles: user?.Roles ?? [],
    TransactionChannels: user?.TransactionChannels ?? [],
    Products: user?.Products ?? [],
    Employees: user?.Employees ?? [],
    TenantId: (user ? user.TenantId : access.actorTenantId) ?? NO_TENANT,
    TrialExpireDate: user?.TrialExpireDate ? dayjs(user.TrialExpireDate) : null,
    MustChangePassword: true,
  };
}

type Props = {
  kind: UserKindInfo;
  access: UserAccess;
  /** The record being edited; none on the create page. */
  user?: UserDetail;
  listPath: string;
};

/** The user form (shell spec §3): account, roles, restrictions and, on create, the initial password. */
export function UserForm({ kind, access, user, listPath }: Props) {
  const { t } = useTranslation('users');
  const { t: tCommon } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<UserFormValues>();
  const save = useSaveUser();
  const [dirty, setDirty] = useState(false);
  const { release } = useUnsavedChanges(dirty, {
    title: t('unsaved.title'),
    description: t('unsaved.description'),
    leave: t('unsaved.leave'),
    stay: t('unsaved.stay'),
  });
  const readOnly = !access.canWrite;
  const creating = user === undefined;

  const tenantValue = Form.useWatch('TenantId', form) ?? initialValues(user, access).TenantId;
  const userTenant = tenantValue === NO_TENANT ? null : (tenantValue ?? null);
  // Roles and restrictions are the caller's tenant's lists unless the user is (put) in another tenant.
  const ownTenant = !kind.hasTenant || userTenant === access.actorTenantId;
  const password = Form.useWatch('Password', form);

  // Who may not choose the tenant sees a tenant refusal above the form (the field is not there).
  const placedField: RefusalField<UserFormValues> = (error) => {
    const field = fieldOfUserCode(error);
    return field === 'TenantId' && !access.mayChooseTenant ? undefined : field;
  };
  const placeRefusal = useFieldRefusal(form, placedField);

  const submit = (values: UserFormValues) => {
    const body: UserUpdateInput = {
      UserName: values.UserName,
      FullName: values.FullName,
      Email: values.Email || null,
      MSISDN: values.MSISDN || null,
      Title: values.Title || null,
      Department: values.Department || null,
      Language: (values.Language as UserUpdateInput['Language']) ?? null,
      Roles: values.Roles,
      TransactionChannels: values.TransactionChannels,
      Products: values.Products,
      Employees: values.Employees,
      ...(values.Password
        ? { Password: values.Password, MustChangePassword: values.MustChangePassword }
        : {}),
      ...(kind.hasTenant
        ? {
            TrialExpireDate: values.TrialExpireDate
              ? values.TrialExpireDate.endOf('day').toISOString()
              : null,
            ...(access.mayChooseTenant ? { TenantId: userTenant } : {}),
          }
        : {}),
    };
    save.mutate(
      { kind: kind.kind, id: user?.Id, body },
      {
        onSuccess: (saved) => {
          void message.success(t(creating ? 'messages.created' : 'messages.saved', { name: saved.UserName }));
          release();
          setDirty(false);
          void navigate(listPath);
        },
        onError: placeRefusal,
      },
    );
  };

  const required: FormRule = { required: true, message: tCommon('form.required') };
  const passwordRules: FormRule[] = [
    ...(creating ? [required] : []),
    zodRule(emptyOr(initialPasswordField), t),
  ];
  const confirmRules: FormRule[] = [
    ({ getFieldValue }) => ({
      required: !!getFieldValue('Password'),
      message: tCommon('form.required'),
    }),
    ({ getFieldValue }) => ({
      validator: (_rule, value: unknown) =>
        !getFieldValue('Password') || isConfirmed(value, getFieldValue('Password'))
          ? Promise.resolve()
          : Promise.reject(new Error(t('password.mismatch'))),
    }),
  ];

  return (
    <Card>
      <Form<UserFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues(user, access)}
        onFinish={submit}
        onValuesChange={(changed: Partial<UserFormValues>) => {
          save.reset();
          setDirty(true);
          // Roles and restrictions belong to a tenant: a new tenant starts them afresh.
          if ('TenantId' in changed)
            form.setFieldsValue({ Roles: [], TransactionChannels: [], Products: [], Employees: [] });
        }}
        disabled={readOnly || save.isPending}
      >
        <RefusalAlert error={save.error} fieldOf={placedField} />
        {readOnly && <FormNote type="info" title={t('readOnly')} />}

        <Typography.Title level={2} className={styles.section}>
          {t('sections.account')}
        </Typography.Title>
        <div className={styles.columns}>
          <Form.Item
            name="UserName"
            label={t('fields.userName')}
            extra={t('help.userName')}
            rules={[required, zodRule(fields.UserName, t)]}
          >
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
          <Form.Item
            name="FullName"
            label={t('fields.fullName')}
            rules={[required, zodRule(fields.FullName, t)]}
          >
            <Input autoComplete="off" maxLength={200} />
          </Form.Item>
          <Form.Item name="Email" label={t('fields.email')} rules={[zodRule(fields.Email, t)]}>
            <Input type="email" autoComplete="off" maxLength={256} />
          </Form.Item>
          <Form.Item
            name="MSISDN"
            label={t('fields.msisdn')}
            extra={t('help.msisdn')}
            rules={[zodRule(fields.MSISDN, t)]}
          >
            <Input type="tel" autoComplete="off" maxLength={20} />
          </Form.Item>
          <Form.Item name="Title" label={t('fields.title')} rules={[zodRule(fields.Title, t)]}>
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
          <Form.Item name="Department" label={t('fields.department')} rules={[zodRule(fields.Department, t)]}>
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
          <Form.Item name="Language" label={t('fields.language')}>
            <Select allowClear options={LANGUAGE_OPTIONS} placeholder={t('placeholders.language')} />
          </Form.Item>
          {kind.hasTenant && (
            <Form.Item
              name="TrialExpireDate"
              label={t('fields.trialExpireDate')}
              extra={t('help.trialExpireDate')}
            >
              <FormDatePicker format={DATE_FORMAT} allowClear className={styles.fullWidth} />
            </Form.Item>
          )}
        </div>

        <Typography.Title level={2} className={styles.section}>
          {t('sections.access')}
        </Typography.Title>
        <UserRolesField
          showTenant={kind.hasTenant && access.mayChooseTenant}
          tenantless={access.actorTenantId === null}
          roleTenant={ownTenant ? 'own' : userTenant}
          required={required}
        />

        <Typography.Title level={2} className={styles.section}>
          {t('sections.restrictions')}
        </Typography.Title>
        <UserRestrictionFields available={ownTenant} />

        {!readOnly && (
          <>
            <Typography.Title level={2} className={styles.section}>
              {t(creating ? 'sections.password' : 'sections.newPassword')}
            </Typography.Title>
            <div className={styles.columns}>
              <Form.Item
                name="Password"
                label={t('fields.password')}
                extra={t(creating ? 'help.password' : 'help.passwordEdit')}
                rules={passwordRules}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
              <Form.Item
                name="PasswordConfirm"
                label={t('fields.passwordConfirm')}
                dependencies={['Password']}
                rules={confirmRules}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </div>
            <Form.Item name="MustChangePassword" valuePropName="checked" extra={t('help.mustChangePassword')}>
              <Checkbox disabled={!creating && !password}>{t('fields.mustChangePassword')}</Checkbox>
            </Form.Item>
          </>
        )}

        <div className={styles.buttons}>
          <Button disabled={false} onClick={() => void navigate(listPath)}>
            {t(readOnly ? 'actions.back' : 'actions.cancel')}
          </Button>
          {!readOnly && (
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t(creating ? 'actions.create' : 'actions.save')}
            </Button>
          )}
        </div>
      </Form>
    </Card>
  );
}
