import { hasAnyScope, type Bootstrap } from '@loupe/contracts';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Drawer, Layout, Tooltip } from 'antd';
import { useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useShellNotices } from '../hooks/use-shell-notices';
import { SIDER_MINI_WIDTH, SIDER_WIDTH, useSiderMode } from '../hooks/use-sider-mode';
import { ALERT_BELL_SCOPES } from '../menu-registry';
import { ShellFooter } from './shell-footer';
import styles from './shell-layout.module.css';
import { ShellTour, TOUR_TARGETS, useShellTour } from './shell-tour';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

/**
 * The root layout (shell spec §2): a fixed side menu, open (230 px) or mini (110 px) — hovering the mini one
 * opens it over the page for a moment — and below 500 px a drawer; the top bar and the page shift with it.
 */
export function ShellLayout({ bootstrap, children }: { bootstrap: Bootstrap; children: ReactNode }) {
  const { t } = useTranslation('shell');
  const { direction } = useContext(ConfigProvider.ConfigContext);
  const { mode, narrow, toggleMode } = useSiderMode();
  const [hovered, setHovered] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const tour = useShellTour();
  useShellNotices(bootstrap);

  const user = bootstrap.User;
  const access = useMemo(
    () => ({ scopes: user.Scopes, aiModuleActive: bootstrap.IsAIModuleActive }),
    [user.Scopes, bootstrap.IsAIModuleActive],
  );
  const mini = mode === 'mini';
  const siderWidth = mini && !hovered ? SIDER_MINI_WIDTH : SIDER_WIDTH;
  const offset = narrow ? 0 : mini ? SIDER_MINI_WIDTH : SIDER_WIDTH;

  return (
    <Layout className={styles.shell} style={{ ['--shell-offset' as string]: `${offset}px` }}>
      {narrow ? (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          placement={direction === 'rtl' ? 'right' : 'left'}
          size={SIDER_WIDTH}
          closable={false}
          styles={{ body: { padding: 0 } }}
          title={null}
        >
          <nav aria-label={t('menu.label')}>
            <SideMenu access={access} collapsed={false} onNavigate={() => setDrawerOpen(false)} />
          </nav>
        </Drawer>
      ) : (
        <nav
          id={TOUR_TARGETS.menu}
          aria-label={t('menu.label')}
          className={mini && hovered ? `${styles.sider} ${styles.floating}` : styles.sider}
          style={{ inlineSize: siderWidth }}
          onMouseEnter={mini ? () => setHovered(true) : undefined}
          onMouseLeave={(event) => {
            // Dragging a dashboard report out of the hovered mini menu must not fold it mid-drag (which would
            // cancel the drag): fold once the button is released.
            if (event.buttons === 0) {
              setHovered(false);
              return;
            }
            const sider = event.currentTarget;
            window.addEventListener(
              'pointerup',
              (up) => {
                if (!(up.target instanceof Node && sider.contains(up.target))) setHovered(false);
              },
              { once: true },
            );
          }}
        >
          <div className={mini && !hovered ? `${styles.siderTop} ${styles.centered}` : styles.siderTop}>
            <Tooltip
              title={mini ? t('menu.expand') : t('menu.collapse')}
              placement={direction === 'rtl' ? 'left' : 'right'}
            >
              <Button
                id={TOUR_TARGETS.toggle}
                type="text"
                className={styles.toggle}
                icon={
                  // The fold arrows point towards the menu's side: mirrored when the page reads right to left.
                  mini ? (
                    <MenuUnfoldOutlined aria-hidden="true" rotate={direction === 'rtl' ? 180 : 0} />
                  ) : (
                    <MenuFoldOutlined aria-hidden="true" rotate={direction === 'rtl' ? 180 : 0} />
                  )
                }
                aria-label={mini ? t('menu.expand') : t('menu.collapse')}
                aria-expanded={!mini}
                onClick={() => {
                  setHovered(false);
                  toggleMode();
                }}
              />
            </Tooltip>
          </div>
          <SideMenu access={access} collapsed={mini && !hovered} />
        </nav>
      )}
      <div className={styles.main}>
        <TopBar
          user={user}
          narrow={narrow}
          onOpenDrawer={() => setDrawerOpen(true)}
          onStartTour={tour.start}
        />
        <main className={styles.content}>{children}</main>
        <ShellFooter bootstrap={bootstrap} />
      </div>
      <ShellTour
        open={tour.open}
        onFinish={tour.finish}
        withMenu={!narrow}
        withAlerts={hasAnyScope(user.Scopes, ALERT_BELL_SCOPES)}
      />
    </Layout>
  );
}
