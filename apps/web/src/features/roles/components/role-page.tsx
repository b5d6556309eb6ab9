import {
  ErrorCode,
  SecurityLevel,
  roleInputSchema,
  type Role,
  type RoleInput,
  type Scope,
} from '@loupe/contracts';
import { App, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { FormNote, NameItem, RecordForm, useSaveHandlers } from '@/components/admin-page/record-form';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { fieldOfCode } from '@/components/admin-page/refusal-field';
import { errorMessage } from '@/lib/error-message';
import { zodRule } from '@/lib/form-rules';
import { usePageTitle } from '@/lib/page-title';
import { useAuthScopes } from '@/api/auth-scopes';
import { useRole } from '../api/get-role';
import { useSaveRole } from '../api/save-role';
import { DeleteRoleButton } from './delete-role-button';
import { useRoleAccess } from './role-access';
import { ScopePicker } from './scope-picker';
import { SECURITY_LEVELS, useSecurityLevelName } from './security-level';

const LIST_PATH = '/roles';

type Values = { Name: string; SecurityLevel: SecurityLevel; Scopes: Scope[] };

/** Which field a refusal of the server belongs to; other failures show above the form. */
const fieldOf = fieldOfCode<Values>({
  [ErrorCode.RoleNameExists]: 'Name',
  [ErrorCode.AlternaRoleScopes]: 'Scopes',
  [ErrorCode.AlternaLevelRequired]: 'SecurityLevel',
  [ErrorCode.RolePowerUserLimit]: 'SecurityLevel',
});

/** `/roles/create` and `/roles/:id`. */
export function RolePage() {
  const { t } = useTranslation('roles');
  const query = useRouteRecord(useRole);
  usePageTitle(t('title'));
  return (
    <RecordLoader
      query={query}
      title={t('title')}
      back={{ to: LIST_PATH, label: t('back') }}
      size="medium"
      notFound={t('notFound')}
      loadFailed={t('record.loadFailed')}
    >
      {(record) => <RoleForm key={record?.Id} role={record} />}
    </RecordLoader>
  );
}

/**
 * Name, security level and scopes. A level change asks for confirmation first; an Alterna-level role keeps its
 * scopes and cannot be deleted, and only Alterna users change it or choose that level.
 */
function RoleForm({ role }: { role?: Role }) {
  const { t } = useTranslation('roles');
  const { t: tCommon } = useTranslation();
  const { modal } = App.useApp();
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

  const handlers = useSaveHandlers({
    form,
    fieldOf,
    listPath: LIST_PATH,
    savedMessage: (saved: Role) => t(role ? 'messages.saved' : 'messages.created', { name: saved.Name }),
  });
  const run = (body: RoleInput) => save.mutate({ id: role?.Id, body }, handlers);

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

  const title = role ? t('editTitle', { name: role.Name }) : t('createTitle');

  return (
    <AdminPage title={title} back={{ to: LIST_PATH, label: t('back') }} size="medium">
      <RecordForm<Values>
        form={form}
        initialValues={initialValues}
        onFinish={submit}
        save={save}
        fieldOf={fieldOf}
        readOnly={readOnly}
        listPath={LIST_PATH}
        backLabel={t('back')}
        footerExtra={
          role &&
          !alternaRole && <DeleteRoleButton record={role} onDeleted={() => void navigate(LIST_PATH)} />
        }
        notes={
          <>
            {!access.canManage && <FormNote type="info" title={t('notes.readOnly')} />}
            {alternaRole && (
              <FormNote
                type="info"
                title={t('notes.alterna')}
                description={access.isAlterna ? undefined : t('notes.alternaOnly')}
              />
            )}
            {role && role.UserCount > 0 && (
              <FormNote type="warning" title={t('notes.inUse', { count: role.UserCount })} />
            )}
            {scopes.isError && (
              <FormNote
                type="error"
                title={t('scopePicker.loadFailed')}
                description={errorMessage(scopes.error, tCommon)}
              />
            )}
          </>
        }
      >
        <NameItem label={t('fields.name')} schema={roleInputSchema.shape.Name} />
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
      </RecordForm>
    </AdminPage>
  );
}
