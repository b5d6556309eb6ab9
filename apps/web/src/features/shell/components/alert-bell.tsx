import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LaterRelease } from '@/components/later-release';
import { useAlertCount } from '../api/get-alert-count';
import { isBuiltPath } from '../menu-registry';

/** The alert list the bell opens: the unread alerts (reports spec: alertList with the unread filter). */
const UNREAD_ALERTS_PATH = '/alerts?AlertReadStatus=0';

/**
 * The bell with the unread-alert count, polled every 30 seconds; shown only to holders of an alert scope. It opens
 * the alert list filtered to the unread alerts. Were the alerts screen not built, the bell would be disabled (its
 * count still shown) with a "later release" tooltip.
 */
export function AlertBell({ id }: { id?: string }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const count = useAlertCount({ enabled: true }).data ?? 0;
  const opensAlerts = isBuiltPath('/alerts');
  const label = t('topBar.unreadAlerts', { count });
  const name = `${t('topBar.alerts')}: ${label}`;
  const bell = (
    <Badge count={count} overflowCount={99} offset={[-6, 6]}>
      <Button
        id={id}
        type="text"
        shape="circle"
        icon={<BellOutlined />}
        aria-label={name}
        disabled={!opensAlerts}
        onClick={() => void navigate(UNREAD_ALERTS_PATH)}
      />
    </Badge>
  );

  if (!opensAlerts) return <LaterRelease label={name}>{bell}</LaterRelease>;
  return <Tooltip title={label}>{bell}</Tooltip>;
}
