import { serviceConfigurationSchema, type ServiceConfiguration } from '@loupe/contracts';
import { useTranslation } from 'react-i18next';
import { SERVICE_CONFIGURATIONS_ENDPOINT } from '../api/configuration-keys';
import { ConfigurationListPage } from './configuration-list-page';
import { DeleteServiceConfigurationButton } from './delete-configuration-button';

/** `/service-configurations`: the tenant's service sections, per section and config type. */
export function ServiceConfigurationsPage() {
  const { t } = useTranslation('configurations');
  return (
    <ConfigurationListPage<ServiceConfiguration>
      kind="service"
      path="/service-configurations"
      endpoint={SERVICE_CONFIGURATIONS_ENDPOINT}
      item={serviceConfigurationSchema}
      sectionWidth={200}
      columns={[
        { key: 'ServiceType', title: t('fields.serviceType'), width: 160 },
        { key: 'SubServiceType', title: t('fields.subServiceType'), width: 160 },
        { key: 'ConfigType', title: t('fields.configType'), width: 130 },
      ]}
      DeleteButton={DeleteServiceConfigurationButton}
    />
  );
}
