import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { useBootstrap } from '@/lib/bootstrap';
import { useDayjsLocale } from '@/lib/dayjs-locale';
import { errorMessage } from '@/lib/error-message';
import { usePageTitle } from '@/lib/page-title';
import { useBootstrapSettings } from '../hooks/use-bootstrap-settings';
import { usePageVisitAudit } from '../hooks/use-page-visit-audit';
import { canOpen, screenOfPath } from '../menu-registry';
import styles from './shell-root.module.css';
import { NotBuiltPage } from './not-built-page';
import { ShellLayout } from './shell-layout';
import { isPrintMode } from '@/lib/print-mode';

/**
 * Everything under the root layout: loads bootstrap, applies its settings, sends paths of no screen to /404
 * and users holding none of the screen's scopes to /unathorized, and frames the screen with the shell (a
 * screen of a later release says so). The sign-in check comes before this, in the app router.
 */
export function ShellRoot() {
  const { t } = useTranslation('shell');
  const { t: tCommon } = useTranslation();
  const { pathname } = useLocation();
  const bootstrap = useBootstrap();
  const screen = screenOfPath(pathname);
  const access = bootstrap.data && {
    scopes: bootstrap.data.User.Scopes,
    aiModuleActive: bootstrap.data.IsAIModuleActive,
  };
  const allowed = access !== undefined && screen !== undefined && canOpen(screen, access);
  useBootstrapSettings(bootstrap.data);
  useDayjsLocale();
  const screenName = screen ? t(`screens.${screen.name}` as 'screens.overview') : undefined;
  usePageTitle(screenName);
  usePageVisitAudit({ routeName: screen?.name, enabled: allowed });

  if (bootstrap.isPending) {
    return (
      <div className={styles.centered}>
        <Spin size="large" description={t('guard.loading')} />
      </div>
    );
  }
  if (bootstrap.isError) {
    // A refused refresh has ended the session; the sign-in check above takes over.
    if (bootstrap.error instanceof ApiError && bootstrap.error.status === 401) return null;
    return (
      <div className={styles.centered}>
        <Result
          status="warning"
          title={t('guard.loadError')}
          subTitle={errorMessage(bootstrap.error, tCommon)}
          extra={<Button onClick={() => void bootstrap.refetch()}>{t('common.retry')}</Button>}
        />
      </div>
    );
  }

  if (!screen) return <Navigate to="/404" replace />;
  if (!allowed) return <Navigate to="/unathorized" replace />;

  // The server's PDF of an email report (lib/print-mode.ts): the screen alone, without menu, top bar and footer,
  // as the browser's PDF export draws only the report.
  if (isPrintMode()) return <main style={{ padding: 16 }}>{screen.built ? <Outlet /> : null}</main>;

  return (
    <ShellLayout bootstrap={bootstrap.data}>
      {screen.built ? <Outlet /> : <NotBuiltPage screenName={screenName ?? screen.name} />}
    </ShellLayout>
  );
}
