import {
  ErrorCode,
  SecurityLevel,
  roleInputSchema,
  type Role,
  type RoleInput,
  type Scope,
} from '@loupe/contracts';
import { Alert, App, Button, Card, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { zodRule } from '../../../lib/form-rules';
import { usePageTitle } from '../../../lib/page-title';
import { useAuthScopes } from '../api/get-auth-scopes';
import { useRole } from '../api/get-role';
import { useSaveRole } from '../api/save-role';
import { DeleteRoleButton } from './delete-role-button';
import { RecordFallback, RecordHeader, recordIdOf } from './record-page';
import { useRoleAccess } from './role-access';
import styles from './roles.module.css';
import { ScopePicker } from './scope-picker';
import { SECURITY_LEVELS, useSecurityLevelName } from './security-level';

const LIST_PATH = '/roles';

type Values = { Name: string; SecurityLevel: SecurityLevel; Scopes: Scope[] };

/** Which field a refusal of the server belongs to; other failures show above the form. */
const FIELD_OF_CODE: Partial<Record<number, keyof Values>> = {
  [ErrorCode.RoleNameExists]: 'Name',
  [ErrorCode.AlternaRoleScopes]: 'Scopes',
  [ErrorCode.AlternaLevelRequired]: 'SecurityLevel',
  [ErrorCode.RolePowerUserLimit]: 'SecurityLevel',
};

/** `/roles/create` and `/roles/:id`. */
export function RolePage() {
  const { t } = useTranslation('roles');
  const id = recordIdOf(useParams().id);
  const query = useRole(id ?? undefined);
  usePageTitle(t('title'));
  if (id === undefined) return <RoleForm />;
  if (id !== null && query.data) return <RoleForm key={query.data.Id} role={query.data} />;
  return <RecordFallback query={id === null ? null : query} />;
}

/**
 * Name, security level and scopes. A level change asks for confirmation first; an Alterna-level role keeps its
 * scopes and cannot be deleted, and only Alterna users change it or choose that level.
 */
function RoleForm({ role }: { role?: Role }) {
  const { t } = useTranslation('roles');
  const { t: tCommon } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const save = useSaveRole();
  const scopes = useAuthScopes();
  const access = useRoleAccess();
  const levelName = useSecurityLevelName();

  const alternaRole = role?.SecurityLevel === SecurityLevel.Alterna;
  const readOnly = !access.canManage || (alternaRole && !access.isAlterna);
  const levelOptions = SECURITY_LEVELS.map((level) => ({
    value: level,
    label: levelName(level),
    disabled: level === SecurityLevel.Alterna && !access.isAlterna,
  }));
  const initialValues: Values = {
    Name: role?.Name ?? '',
    SecurityLevel: role?.SecurityLevel ?? SecurityLevel.Regular,
    Scopes: role?.Scopes ?? [],
  };

  const run = (body: RoleInput) =>
    save.mutate(
      { id: role?.Id, body },
      {
        onSuccess: (saved) => {
          void message.success(t(role ? 'messages.saved' : 'messages.created', { name: saved.Name }));
          void navigate(LIST_PATH);
        },
        onError: (error) => {
          const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
          if (field) form.setFields([{ name: field, errors: [errorMessage(error, tCommon)] }]);
        },
      },
    );

  const submit = (values: Values) => {
    const body: RoleInput = { Name: values.Name, SecurityLevel: values.SecurityLevel, Scopes: values.Scopes };
    if (!role || values.SecurityLevel === role.SecurityLevel) {
      run(body);
      return;
    }
    // Shell spec §5: a role-level change needs confirmation.
    modal.confirm({
      title: t('levelChange.title'),
      content: t('levelChange.content', {
        name: role.Name,
        from: levelName(role.SecurityLevel),
        to: levelName(values.SecurityLevel),
        count: role.UserCount,
      }),
      okText: t('levelChange.ok'),
      cancelText: t('record.cancel'),
      onOk: () => run(body),
    });
  };

  const unplaced = save.isError && !(save.error instanceof ApiError && FIELD_OF_CODE[save.error.code]);
  const title = role ? t('editTitle', { name: role.Name }) : t('createTitle');

  return (
    <div className={styles.page}>
      <RecordHeader title={title} />
      <Card>
        {!access.canManage && (
          <Alert className={styles.alert} type="info" showIcon title={t('notes.readOnly')} />
        )}
        {alternaRole && (
          <Alert
            className={styles.alert}
            type="info"
            showIcon
            title={t('notes.alterna')}
            description={access.isAlterna ? undefined : t('notes.alternaOnly')}
          />
        )}
        {role && role.UserCount > 0 && (
          <Alert
            className={styles.alert}
            type="warning"
            showIcon
            title={t('notes.inUse', { count: role.UserCount })}
          />
        )}
        {scopes.isError && (
          <Alert
            className={styles.alert}
            type="error"
            role="alert"
            showIcon
            title={t('scopePicker.loadFailed')}
            description={errorMessage(scopes.error, tCommon)}
          />
        )}
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onFinish={submit}
          onValuesChange={() => save.reset()}
          disabled={save.isPending || readOnly}
        >
          {unplaced && (
            <Alert
              className={styles.alert}
              type="error"
              role="alert"
              showIcon
              title={errorMessage(save.error, tCommon)}
            />
          )}
          <Form.Item
            name="Name"
            label={t('fields.name')}
            rules={[
              { required: true, whitespace: true, message: tCommon('form.required') },
              zodRule(roleInputSchema.shape.Name, tCommon),
            ]}
          >
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
          <Form.Item
            name="SecurityLevel"
            label={t('fields.securityLevel')}
            extra={access.isAlterna ? t('help.securityLevel') : t('help.securityLevelNoAlterna')}
            rules={[{ required: true, message: tCommon('form.required') }]}
          >
            <Select options={levelOptions} />
          </Form.Item>
          <Form.Item
            name="Scopes"
            label={t('fields.scopes')}
            extra={alternaRole ? t('help.scopesLocked') : undefined}
            rules={[zodRule(roleInputSchema.shape.Scopes, tCommon)]}
          >
            <ScopePicker
              scopes={scopes.data?.map((scope) => scope.Name) ?? []}
              loading={scopes.isPending}
              disabled={alternaRole}
            />
          </Form.Item>
          {!readOnly && (
            <div className={styles.buttons}>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                {t('record.save')}
              </Button>
              <Button onClick={() => void navigate(LIST_PATH)}>{t('record.cancel')}</Button>
              <span className={styles.spacer} />
              {role && !alternaRole && (
                <DeleteRoleButton role={role} onDeleted={() => void navigate(LIST_PATH)} />
              )}
            </div>
          )}
        </Form>
        {readOnly && <Button onClick={() => void navigate(LIST_PATH)}>{t('back')}</Button>}
      </Card>
    </div>
  );
}
