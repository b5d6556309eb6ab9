import { systemConfigurationSchema, type SystemConfiguration } from '@loupe/contracts';
import { useTranslation } from 'react-i18next';
import { SYSTEM_CONFIGURATIONS_ENDPOINT } from '../api/configuration-keys';
import { ConfigurationListPage } from './configuration-list-page';
import { DeleteSystemConfigurationButton } from './delete-configuration-button';

/** `/system-configurations`: the tenant's system sections; some are sent to browsers (SyncWithClient). */
export function SystemConfigurationsPage() {
  const { t } = useTranslation('configurations');
  return (
    <ConfigurationListPage<SystemConfiguration>
      kind="system"
      path="/system-configurations"
      endpoint={SYSTEM_CONFIGURATIONS_ENDPOINT}
      item={systemConfigurationSchema}
      sectionWidth={220}
      columns={[{ key: 'SyncWithClient', title: t('fields.syncWithClient'), width: 140 }]}
      DeleteButton={DeleteSystemConfigurationButton}
    />
  );
}
