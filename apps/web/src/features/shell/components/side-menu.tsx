import {
  AlertOutlined,
  ApiOutlined,
  BarChartOutlined,
  BulbOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileOutlined,
  FormOutlined,
  HomeOutlined,
  PhoneOutlined,
  RobotOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { hasAnyScope } from '@loupe/contracts';
import { Badge, ConfigProvider, Menu, Tooltip, type MenuProps } from 'antd';
import { createElement, useContext, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { groupMenuReports, useMenuReports } from '../api/get-menu-reports';
import {
  REPORT_SCREEN,
  screenOfPath,
  visibleMenu,
  type MenuSection,
  type Screen,
  type ScreenAccess,
} from '../menu-registry';
import styles from './side-menu.module.css';

type MenuItem = Required<MenuProps>['items'][number];

const SECTION_ICONS: Record<MenuSection, ComponentType<{ 'aria-hidden'?: boolean }>> = {
  overview: HomeOutlined,
  insight: BulbOutlined,
  dashboard: DashboardOutlined,
  surveys: FormOutlined,
  actions: AlertOutlined,
  cati: PhoneOutlined,
  data: DatabaseOutlined,
  reports: BarChartOutlined,
  system: SettingOutlined,
  integrations: ApiOutlined,
  ai: RobotOutlined,
};

const REPORT_KEY_PREFIX = 'report:';

function ItemLabel({
  label,
  isNew,
  newText,
}: {
  label: string;
  isNew: boolean | undefined;
  newText: string;
}) {
  return (
    <span className={styles.label}>
      <span className={styles.text}>{label}</span>
      {isNew && <Badge className={styles.badge} count={newText} color="#16a34a" size="small" />}
    </span>
  );
}

/**
 * The side menu (shell spec §2): the registry's sections and items this user may open, and the dashboard's
 * reports. Items whose screen is not built yet are disabled, with a tooltip saying so.
 */
export function SideMenu({
  access,
  collapsed,
  onNavigate,
}: {
  access: ScreenAccess;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const reportsAllowed = hasAnyScope(
    access.scopes,
    REPORT_SCREEN.scopes === 'signed-in' ? [] : REPORT_SCREEN.scopes,
  );
  const reports = useMenuReports({ enabled: reportsAllowed });
  const groups = useMemo(() => visibleMenu(access), [access]);
  const current = screenOfPath(pathname);
  const selectedKeys =
    current === REPORT_SCREEN ? [REPORT_KEY_PREFIX + pathname.split('/').pop()] : [current?.name ?? ''];
  const currentSection = current === REPORT_SCREEN ? 'dashboard' : current?.section;
  const [openKeys, setOpenKeys] = useState<string[]>(currentSection ? [currentSection] : []);

  const screenItem = (screen: Screen): MenuItem => {
    const label = (
      <ItemLabel
        label={t(`screens.${screen.name}` as 'screens.overview')}
        isNew={screen.isNew}
        newText={t('menu.new')}
      />
    );
    return {
      key: screen.name,
      icon: createElement(screen.icon, { 'aria-hidden': true }),
      disabled: !screen.built,
      label: screen.built ? (
        <Link to={`/${screen.path}`} onClick={onNavigate}>
          {label}
        </Link>
      ) : (
        <NotBuilt title={t('menu.notBuilt')}>{label}</NotBuilt>
      ),
    };
  };

  const reportItems = (): MenuItem[] => {
    const grouped = groupMenuReports(reports.data ?? []);
    const item = (report: { Slug: string; Title: string }): MenuItem => ({
      key: REPORT_KEY_PREFIX + report.Slug,
      icon: <FileOutlined aria-hidden="true" />,
      disabled: !REPORT_SCREEN.built,
      label: REPORT_SCREEN.built ? (
        <Link to={`/reports/${encodeURIComponent(report.Slug)}`} onClick={onNavigate}>
          {report.Title}
        </Link>
      ) : (
        <NotBuilt title={t('menu.notBuilt')}>{report.Title}</NotBuilt>
      ),
    });
    if (grouped.length === 1) return grouped[0]!.reports.map(item);
    return grouped.map((group) => ({
      type: 'group',
      key: `group:${group.category ?? ''}`,
      label: group.category ?? t('menu.defaultGroup'),
      children: group.reports.map(item),
    }));
  };

  const items: MenuItem[] = [];
  for (const group of groups) {
    if (group.section === 'overview') {
      items.push(...group.screens.map(screenItem));
      continue;
    }
    items.push({
      key: group.section,
      icon: createElement(SECTION_ICONS[group.section], { 'aria-hidden': true }),
      label: t(`menu.sections.${group.section}`),
      children: group.screens.map(screenItem),
    });
  }
  // The dashboard section only exists when the reports call answered with reports.
  if ((reports.data?.length ?? 0) > 0) {
    const dashboard: MenuItem = {
      key: 'dashboard',
      icon: createElement(SECTION_ICONS.dashboard, { 'aria-hidden': true }),
      label: t('menu.sections.dashboard'),
      children: reportItems(),
    };
    const overviewCount = groups[0]?.section === 'overview' ? groups[0].screens.length : 0;
    // After overview and the insight center, as the spec lists the sections.
    const insightCount = groups.some((group) => group.section === 'insight') ? 1 : 0;
    items.splice(overviewCount + insightCount, 0, dashboard);
  }

  return (
    <Menu
      className={styles.menu}
      mode="inline"
      inlineCollapsed={collapsed}
      items={items}
      selectedKeys={selectedKeys}
      // antd keeps submenus closed while collapsed; the open ones come back on expanding.
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
    />
  );
}

/** A disabled item's label; the tooltip explains why it does not open. */
function NotBuilt({ title, children }: { title: string; children: ReactNode }) {
  const { direction } = useContext(ConfigProvider.ConfigContext);
  return (
    <Tooltip title={title} placement={direction === 'rtl' ? 'left' : 'right'}>
      <span className={styles.notBuilt}>{children}</span>
    </Tooltip>
  );
}
