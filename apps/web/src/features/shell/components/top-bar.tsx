import { MenuOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { hasAnyScope, type SignedInUser } from '@loupe/contracts';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Brand } from '@/components/brand';
import { LanguageSwitch } from '@/components/language-switch';
import { ALERT_BELL_SCOPES } from '../menu-registry';
import { AlertBell } from './alert-bell';
import { FeedbackButton } from './feedback-button';
import { TOUR_TARGETS } from './shell-tour';
import styles from './top-bar.module.css';
import { UserMenu } from './user-menu';

/**
 * The top bar (shell spec §2): logo, feedback, language, alert bell, tour, user menu; below the drawer
 * breakpoint it also opens the menu (otherwise the menu's own toggle sits at the menu's top).
 */
export function TopBar({
  user,
  narrow,
  onOpenDrawer,
  onStartTour,
}: {
  user: SignedInUser;
  narrow: boolean;
  onOpenDrawer: () => void;
  onStartTour: () => void;
}) {
  const { t } = useTranslation('shell');

  return (
    <header className={styles.bar}>
      {narrow && (
        <Button
          id={TOUR_TARGETS.toggle}
          type="text"
          className={styles.toggle}
          icon={<MenuOutlined />}
          aria-label={t('menu.open')}
          onClick={onOpenDrawer}
        />
      )}
      <Link to="/" className={styles.brand} aria-label={t('topBar.home')}>
        <Brand />
      </Link>
      <div className={styles.actions}>
        <FeedbackButton userId={user.Id} compact={narrow} />
        <LanguageSwitch id={TOUR_TARGETS.language} compact={narrow} />
        {hasAnyScope(user.Scopes, ALERT_BELL_SCOPES) && <AlertBell id={TOUR_TARGETS.alerts} />}
        {!narrow && (
          <Tooltip title={t('topBar.tour')}>
            <Button
              type="text"
              shape="circle"
              icon={<QuestionCircleOutlined />}
              aria-label={t('topBar.tour')}
              onClick={onStartTour}
            />
          </Tooltip>
        )}
        <UserMenu id={TOUR_TARGETS.user} user={user} compact={narrow} onStartTour={onStartTour} />
      </div>
    </header>
  );
}
