import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAlertCount } from '../api/get-alert-count';
import { SCREENS } from '../menu-registry';

const alertsScreen = SCREENS.find((screen) => screen.name === 'alerts');

/** The bell with the unread-alert count, polled every minute; shown only to holders of an alert scope. */
export function AlertBell({ id }: { id?: string }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const count = useAlertCount({ enabled: true }).data ?? 0;
  const opensAlerts = alertsScreen?.built === true;
  const label = t('topBar.unreadAlerts', { count });

  return (
    <Tooltip title={opensAlerts ? label : `${label} · ${t('menu.notBuilt')}`}>
      <Badge count={count} overflowCount={99} offset={[-6, 6]}>
        <Button
          id={id}
          type="text"
          shape="circle"
          icon={<BellOutlined />}
          aria-label={`${t('topBar.alerts')}: ${label}`}
          onClick={opensAlerts ? () => void navigate('/alerts') : undefined}
        />
      </Badge>
    </Tooltip>
  );
}
