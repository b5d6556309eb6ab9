import { ConfigProvider, Tour, type TourProps } from 'antd';
import { useCallback, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY_MS, recall, remember } from '@/lib/remembered';

/** Element ids the tour points at. */
export const TOUR_TARGETS = {
  menu: 'shell-menu',
  toggle: 'shell-menu-toggle',
  alerts: 'shell-alerts',
  language: 'shell-language',
  user: 'shell-user-menu',
} as const;

/** localStorage key of the tour's completion; e2e tests set it to skip the tour (docs/i18n.md lists it). */
const TOUR_STORAGE_KEY = 'loupe.tour.shell';
/** The spec's 14-day cookie. */
const TOUR_REMEMBER_MS = 14 * DAY_MS;

/** Whether the tour runs, started by itself until completed (remembered 14 days) or from the top bar. */
export function useShellTour() {
  const [open, setOpen] = useState(() => recall<boolean>(TOUR_STORAGE_KEY) !== true);
  const start = useCallback(() => setOpen(true), []);
  const finish = useCallback(() => {
    remember(TOUR_STORAGE_KEY, true, TOUR_REMEMBER_MS);
    setOpen(false);
  }, []);
  return { open, start, finish };
}

/**
 * The guiding tour of the shell (shell spec §2), with antd's Tour: it follows the theme, the language and the
 * right-to-left layout like the rest of the console. Steps whose target is not on screen (the bell without an
 * alert scope, the menu while it is a closed drawer) are left out.
 */
export function ShellTour({
  open,
  onFinish,
  withMenu,
  withAlerts,
}: {
  open: boolean;
  onFinish: () => void;
  withMenu: boolean;
  withAlerts: boolean;
}) {
  const { t } = useTranslation('shell');
  const { direction } = useContext(ConfigProvider.ConfigContext);
  if (!open) return null;

  const steps: TourProps['steps'] = [
    // Beside the menu, which runs the window's full height: the default placement (below it) has no room, and the
    // popover then covered the menu's top instead of pointing at it.
    withMenu && {
      target: TOUR_TARGETS.menu,
      title: t('tour.menuTitle'),
      description: t('tour.menu'),
      placement: direction === 'rtl' ? ('left' as const) : ('right' as const),
    },
    { target: TOUR_TARGETS.toggle, title: t('tour.toggleTitle'), description: t('tour.toggle') },
    withAlerts && {
      target: TOUR_TARGETS.alerts,
      title: t('tour.alertsTitle'),
      description: t('tour.alerts'),
    },
    { target: TOUR_TARGETS.language, title: t('tour.languageTitle'), description: t('tour.language') },
    { target: TOUR_TARGETS.user, title: t('tour.userTitle'), description: t('tour.user') },
  ]
    .filter((step) => step !== false)
    .map(({ target, title, description, ...step }) => ({
      ...step,
      title,
      description,
      // Looked up when the step shows, after the shell has rendered its targets.
      target: () => document.getElementById(target) ?? document.body,
    }));

  // Without a mask the console stays usable while the tour is open.
  return <Tour open steps={steps} mask={false} onClose={onFinish} onFinish={onFinish} />;
}
