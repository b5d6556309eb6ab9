import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LaterRelease } from '@/components/later-release';
import { useAlertCount } from '../api/get-alert-count';
import { isBuiltPath } from '../menu-registry';

/**
 * The bell with the unread-alert count, polled every minute; shown only to holders of an alert scope. Until the
 * alerts screen is built the bell is disabled (its count still shows) with a "later release" tooltip.
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
        onClick={() => void navigate('/alerts')}
      />
    </Badge>
  );

  if (!opensAlerts) return <LaterRelease label={name}>{bell}</LaterRelease>;
  return <Tooltip title={label}>{bell}</Tooltip>;
}
