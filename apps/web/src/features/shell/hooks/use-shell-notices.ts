import { assertNever, hasAnyScope, type Bootstrap } from '@loupe/contracts';
import { App, ConfigProvider } from 'antd';
import { useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { licenseNotices, NOTICE_DURATION_SECONDS, type LicenseNotice } from '@/lib/license-notices';
import { CLIENT_VERSION, isServerNewer } from '@/lib/version';

// Once per page load and user: navigating between screens must not repeat them.
const noticed = new Set<number>();
let versionChecked = false;

function useNoticeText() {
  const { t } = useTranslation('shell');
  return (notice: LicenseNotice): { message: string; description: string } => {
    switch (notice.kind) {
      case 'licenseExpiring':
        return {
          message: t('notices.licenseTitle'),
          description: t('notices.licenseExpiring', { count: notice.days }),
        };
      case 'sessionLimit':
        return {
          message: t('notices.sessionLimitTitle'),
          description: t('notices.sessionLimit', { remaining: notice.remaining, limit: notice.limit }),
        };
      case 'sessionLimitReached':
        return {
          message: t('notices.sessionLimitTitle'),
          description: t('notices.sessionLimitReached', { limit: notice.limit }),
        };
      case 'externalSessionLimit':
        return {
          message: t('notices.externalSessionLimitTitle'),
          description: t('notices.externalSessionLimit', {
            remaining: notice.remaining,
            limit: notice.limit,
          }),
        };
      case 'externalSessionLimitReached':
        return {
          message: t('notices.externalSessionLimitTitle'),
          description: t('notices.externalSessionLimitReached', { limit: notice.limit }),
        };
      default:
        return assertNever(notice);
    }
  };
}

/**
 * The licence and session-limit notices for holders of `license` (10 s each), and the version dialog when
 * the server runs a newer version than this page was loaded with (shell spec §8).
 */
export function useShellNotices(bootstrap: Bootstrap): void {
  const { notification, modal } = App.useApp();
  const { t } = useTranslation('shell');
  const noticeText = useNoticeText();
  // The corner at the end of the reading direction.
  const placement = useContext(ConfigProvider.ConfigContext).direction === 'rtl' ? 'topLeft' : 'topRight';

  useEffect(() => {
    const user = bootstrap.User;
    // A user without a tenant (an Alterna user) works across tenants and has no licence of their own to warn about.
    if (noticed.has(user.Id) || user.TenantId === null || !hasAnyScope(user.Scopes, ['license'])) return;
    noticed.add(user.Id);
    // Newer notices stack on top, so the licence notice goes last to stay first.
    for (const notice of licenseNotices(bootstrap.LicenseInfo, new Date()).reverse()) {
      notification[notice.level]({ ...noticeText(notice), duration: NOTICE_DURATION_SECONDS, placement });
    }
  }, [bootstrap, notification, noticeText, placement]);

  useEffect(() => {
    if (versionChecked || !isServerNewer(bootstrap.Version)) return;
    versionChecked = true;
    modal.confirm({
      title: t('versionDialog.title'),
      content: t('versionDialog.text', { serverVersion: bootstrap.Version, clientVersion: CLIENT_VERSION }),
      okText: t('versionDialog.reload'),
      cancelText: t('versionDialog.later'),
      onOk: () => window.location.reload(),
    });
  }, [bootstrap.Version, modal, t]);
}
