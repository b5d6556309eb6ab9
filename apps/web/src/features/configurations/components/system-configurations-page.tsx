import { PlusOutlined } from '@ant-design/icons';
import { systemConfigurationSchema, type SystemConfiguration } from '@loupe/contracts';
import { App, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataGrid, type DataGridColumn } from '../../../components/data-grid/data-grid';
import { SYSTEM_CONFIGURATIONS_ENDPOINT } from '../api/configuration-keys';
import { useDeleteSystemConfiguration } from '../api/delete-system-configuration';
import { useCanManageConfig } from '../hooks/use-can-manage-config';
import styles from './configurations.module.css';
import { DeleteConfigurationButton } from './delete-configuration-button';
import { JsonCell } from './json-cell';

/** `/system-configurations`: the tenant's configuration sections; config:manage holders add and delete. */
export function SystemConfigurationsPage() {
  const { t } = useTranslation('configurations');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const canManage = useCanManageConfig();
  const remove = useDeleteSystemConfiguration();

  const columns: DataGridColumn<SystemConfiguration>[] = [
    { key: 'Section', title: t('fields.section'), width: 220 },
    { key: 'SyncWithClient', title: t('fields.syncWithClient'), width: 140 },
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
          {t('system.title')}
        </Typography.Title>
      </header>
      <Typography.Paragraph type="secondary" className={styles.intro}>
        {t('system.intro')}
      </Typography.Paragraph>
      <DataGrid<SystemConfiguration>
        endpoint={SYSTEM_CONFIGURATIONS_ENDPOINT}
        item={systemConfigurationSchema}
        rowKey="Id"
        columns={columns}
        searchField="Section"
        defaultOrder="Section asc"
        exportFileName={t('system.exportFileName')}
        toolbar={
          canManage && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void navigate('/system-configurations/create')}
            >
              {t('system.new')}
            </Button>
          )
        }
        onRowClick={(row) => void navigate(`/system-configurations/${row.Id}`)}
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
