import { StarFilled } from '@ant-design/icons';
import { Form, Select, Tag, type FormRule } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoleChoices } from '../api/get-role-choices';
import { useTenantOptions } from '@/api/tenant-options';
import { NO_TENANT, securityLevelKey } from './user-format';
import styles from './users.module.css';

type Props = {
  /** The caller may choose the user's tenant (alterna:manage or tenantless). */
  showTenant: boolean;
  /** The caller is tenantless: a user may be left without a tenant too. */
  tenantless: boolean;
  /** Whose roles to offer: the caller's tenant's, another tenant's, or (null) the tenantless roles. */
  roleTenant: number | null | 'own';
  required: FormRule;
};

/**
 * The user's tenant and roles. The roles keep the order they were chosen in: the first is the user's role
 * and sets the user's security level (shell spec §6).
 */
export function UserRolesField({ showTenant, tenantless, roleTenant, required }: Props) {
  const { t } = useTranslation('users');
  const roles = useRoleChoices(roleTenant);
  const chosen = Form.useWatch<number[] | undefined>('Roles');
  const tenants = useTenantOptions(showTenant);

  const roleOptions = useMemo(
    () =>
      (roles.data ?? []).map((role) => ({
        value: role.Id,
        label: role.Name,
        level: role.SecurityLevel,
      })),
    [roles.data],
  );
  const tenantOptions = useMemo(
    () => [
      ...(tenantless ? [{ value: NO_TENANT, label: t('noTenant') }] : []),
      ...(tenants.data ?? []).map((tenant) => ({ value: tenant.Id, label: tenant.Name })),
    ],
    [tenants.data, tenantless, t],
  );

  return (
    <>
      {showTenant && (
        <Form.Item name="TenantId" label={t('fields.tenant')} extra={t('help.tenant')} rules={[required]}>
          <Select showSearch optionFilterProp="label" options={tenantOptions} loading={tenants.isLoading} />
        </Form.Item>
      )}
      <Form.Item
        name="Roles"
        label={t('fields.roles')}
        extra={t('help.roles')}
        rules={[{ ...required, type: 'array', min: 1 }]}
      >
        <Select
          mode="multiple"
          showSearch
          optionFilterProp="label"
          options={roleOptions}
          loading={roles.isLoading}
          notFoundContent={t('placeholders.noOptions')}
          optionRender={(option) => (
            <span>
              {option.label} <Tag>{t(securityLevelKey(option.data.level))}</Tag>
            </span>
          )}
          tagRender={({ label, value, closable, onClose }) => {
            const first = value === chosen?.[0];
            return (
              <Tag
                color={first ? 'blue' : undefined}
                icon={first ? <StarFilled aria-label={t('mainRole')} /> : undefined}
                closable={closable}
                onClose={onClose}
                className={styles.roleTag}
                title={first ? t('mainRole') : undefined}
              >
                {label}
              </Tag>
            );
          }}
        />
      </Form.Item>
    </>
  );
}
