import { PlusOutlined } from '@ant-design/icons';
import { serviceConfigurationSchema, type ServiceConfiguration } from '@loupe/contracts';
import { App, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid/data-grid';
import { SERVICE_CONFIGURATIONS_ENDPOINT } from '../api/configuration-keys';
import { useDeleteServiceConfiguration } from '../api/delete-service-configuration';
import { useCanManageConfig } from '../hooks/use-can-manage-config';
import styles from './configurations.module.css';
import { DeleteConfigurationButton } from './delete-configuration-button';
import { JsonCell } from './json-cell';

/** `/service-configurations`: the tenant's configuration sections; config:manage holders add and delete. */
export function ServiceConfigurationsPage() {
  const { t } = useTranslation('configurations');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const canManage = useCanManageConfig();
  const remove = useDeleteServiceConfiguration();

  const columns: DataGridColumn<ServiceConfiguration>[] = [
    { key: 'Section', title: t('fields.section'), width: 200 },
    { key: 'ServiceType', title: t('fields.serviceType'), width: 160 },
    { key: 'SubServiceType', title: t('fields.subServiceType'), width: 160 },
    { key: 'ConfigType', title: t('fields.configType'), width: 130 },
    { key: 'IsCredential', title: t('fields.isCredential'), width: 120 },
    {
      key: 'JsonConfig',
      title: t('fields.jsonConfig'),
      width: 300,
      sortable: false,
      render: (_value, row) => <JsonCell value={row.JsonConfig} />,
    },
    { key: 'Id', title: t('fields.id'), width: 100, defaultHidden: true },
  ];

  return (
    <div className={`${styles.page} ${styles.wide}`}>
      <header className={styles.header}>
        <Typography.Title level={1} className={styles.title}>
          {t('service.title')}
        </Typography.Title>
      </header>
      <Typography.Paragraph type="secondary" className={styles.intro}>
        {t('service.intro')}
      </Typography.Paragraph>
      <DataGrid<ServiceConfiguration>
        endpoint={SERVICE_CONFIGURATIONS_ENDPOINT}
        item={serviceConfigurationSchema}
        rowKey="Id"
        columns={columns}
        searchField="Section"
        defaultOrder="Section asc"
        exportFileName={t('service.exportFileName')}
        toolbar={
          canManage && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void navigate('/service-configurations/create')}
            >
              {t('service.new')}
            </Button>
          )
        }
        onRowClick={(row) => void navigate(`/service-configurations/${row.Id}`)}
        rowActions={
          canManage
            ? (row) => (
                <DeleteConfigurationButton
                  compact
                  section={row.Section}
                  loading={remove.isPending && remove.variables === row.Id}
                  onConfirm={() =>
                    remove.mutate(row.Id, { onSuccess: () => void message.success(t('messages.deleted')) })
                  }
                />
              )
            : undefined
        }
      />
    </div>
  );
}
