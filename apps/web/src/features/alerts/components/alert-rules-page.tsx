import { alertRuleSchema, type AlertRule } from '@loupe/contracts';
import { Button, Tag } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { NewRecordButton } from '@/components/admin-page/list-page';
import { DataGrid, type DataGridColumn } from '@/components/data-grid/data-grid';
import { ALERT_RULES_ENDPOINT, ALERT_RULES_PATH } from '../api/alert-rules';
import { formatDateTime } from '../alert-format';
import { DeleteAlertRuleButton } from './delete-alert-rule-button';

/** `/alert-rules`: the tenant's alert rules; a row opens its form, the gear its actions per status. */
export function AlertRulesPage() {
  const { t } = useTranslation('alerts');
  const navigate = useNavigate();
  const columns: DataGridColumn<AlertRule>[] = [
    { key: 'Title', title: t('rule.fields.title'), width: 260 },
    {
      key: 'IsActive',
      title: t('rule.fields.isActive'),
      width: 110,
      render: (value) =>
        value ? <Tag color="green">{t('rule.active')}</Tag> : <Tag>{t('rule.inactive')}</Tag>,
    },
    { key: 'OwnerName', title: t('rule.fields.owner'), width: 190 },
    { key: 'AlertCount', title: t('rule.fields.alertCount'), width: 120 },
    { key: 'CreatedAt', title: t('fields.createdAt'), width: 160, render: formatDateTime },
    { key: 'DueHours', title: t('rule.fields.dueHours'), width: 120, defaultHidden: true },
    {
      key: 'UpdatedAt',
      title: t('rule.fields.updatedAt'),
      width: 160,
      render: formatDateTime,
      defaultHidden: true,
    },
    { key: 'Id', title: t('fields.id'), width: 80, defaultHidden: true },
  ];
  return (
    <AdminPage title={t('rules.title')} intro={t('rules.intro')}>
      <DataGrid<AlertRule>
        endpoint={ALERT_RULES_ENDPOINT}
        item={alertRuleSchema}
        rowKey="Id"
        columns={columns}
        searchField="Title"
        defaultOrder="CreatedAt desc"
        exportFileName={t('rules.exportFileName')}
        empty={t('rules.empty')}
        toolbar={<NewRecordButton path={ALERT_RULES_PATH} label={t('rules.new')} />}
        onRowClick={(row) => void navigate(`${ALERT_RULES_PATH}/${row.Id}`)}
        rowActions={(row) => (
          <>
            <Button
              type="text"
              icon={<SettingOutlined />}
              aria-label={t('ruleActions.open', { name: row.Title })}
              title={t('ruleActions.open', { name: row.Title })}
              onClick={(event) => {
                event.stopPropagation();
                void navigate(`/alert-rule-action/${row.Id}`);
              }}
            />
            <DeleteAlertRuleButton compact rule={row} />
          </>
        )}
      />
    </AdminPage>
  );
}
