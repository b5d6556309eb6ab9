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
import { hasAnyScope, type ReportListItem } from '@loupe/contracts';
import { Badge, ConfigProvider, Menu, Tooltip, type MenuProps } from 'antd';
import { createElement, useContext, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { reportsQueryOptions } from '@/api/reports';
import { dashboardMenu, isDashboardReport, isDefaultGroup, shownTitle } from '../dashboard-groups';
import {
  REPORT_SCREEN,
  screenOfPath,
  visibleMenu,
  type MenuSection,
  type Screen,
  type ScreenAccess,
} from '../menu-registry';
import { DashboardMenu, useNewReports } from './dashboard-menu';
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
 * reports (the open menu draws that section with `DashboardMenu`; the mini one lists them in a popup). Items
 * whose screen is not built yet are disabled, with a tooltip saying so.
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
  const canManageReports = hasAnyScope(access.scopes, ['report:manage']);
  const reportsQuery = useQuery({ ...reportsQueryOptions(), enabled: reportsAllowed });
  const { t: tReports } = useTranslation('reports');
  // A `{{{key}}}` title names a key of the reports namespace, as on the report page.
  const reports = useMemo(
    () =>
      (reportsQuery.data ?? []).map((report) => ({
        ...report,
        Title: shownTitle(report.Title, (key) => tReports(key as never, { defaultValue: key })),
      })),
    [reportsQuery.data, tReports],
  );
  const groups = useMemo(() => visibleMenu(access), [access]);
  const current = screenOfPath(pathname);
  const openedReport = openedReportOf(reports, pathname, current);
  const newReports = useNewReports(reports, openedReport?.Id);
  // Groups added in the dashboard section stay while the menu folds and unfolds.
  const [localGroups, setLocalGroups] = useState<string[]>([]);
  const selectedKeys = openedReport
    ? [REPORT_KEY_PREFIX + openedReport.Id]
    : current === REPORT_SCREEN
      ? []
      : [current?.name ?? ''];
  const currentSection = openedReport || current === REPORT_SCREEN ? 'dashboard' : current?.section;
  const [openKeys, setOpenKeys] = useState<string[]>(currentSection ? [currentSection] : []);
  // The dashboard section only exists when the reports call answered with reports.
  const withDashboard = reports.length > 0;
  // A Dashboard-category report opens at /dashboard once that page is built, otherwise at its own address.
  const dashboardScreen = screenOfPath('/dashboard');

  const reportLink = (report: ReportListItem) => ({
    href:
      isDashboardReport(report) && dashboardScreen?.built
        ? '/dashboard'
        : REPORT_SCREEN.built
          ? `/reports/${encodeURIComponent(report.Slug)}`
          : undefined,
    selected: report.Id === openedReport?.Id,
    isNew: newReports.has(report.Id),
    onNavigate,
  });

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

  // The mini menu's dashboard popup: plain links, no dragging (docs/dashboard-menu.md).
  const reportItems = (): MenuItem[] => {
    const model = dashboardMenu(reports);
    const item = (report: ReportListItem): MenuItem => {
      const { href, isNew } = reportLink(report);
      const label = <ItemLabel label={report.Title} isNew={isNew} newText={t('menu.new')} />;
      return {
        key: REPORT_KEY_PREFIX + report.Id,
        icon: isDashboardReport(report) ? (
          <DashboardOutlined aria-hidden="true" />
        ) : (
          <FileOutlined aria-hidden="true" />
        ),
        disabled: href === undefined,
        label:
          href === undefined ? (
            <NotBuilt title={t('menu.notBuilt')}>{label}</NotBuilt>
          ) : (
            <Link to={href} onClick={onNavigate}>
              {label}
            </Link>
          ),
      };
    };
    const pinned = [...dashboardScreens.map(screenItem), ...model.dashboard.map(item)];
    if (model.groups.length === 1) return [...pinned, ...model.groups[0]!.reports.map(item)];
    return [
      ...pinned,
      ...model.groups.map((group): MenuItem => ({
        type: 'group',
        key: `group:${group.name}`,
        label: isDefaultGroup(group.name) ? t('menu.defaultGroup') : group.name,
        children: group.reports.map(item),
      })),
    ];
  };

  // The registry's own dashboard screens (if any) join the reports in the section.
  const dashboardScreens = withDashboard
    ? (groups.find((group) => group.section === 'dashboard')?.screens ?? [])
    : [];
  const before: MenuItem[] = [];
  const after: MenuItem[] = [];
  for (const group of groups) {
    // After overview and the insight center, as the spec lists the sections.
    const list = group.section === 'overview' || group.section === 'insight' ? before : after;
    if (group.section === 'overview') {
      list.push(...group.screens.map(screenItem));
      continue;
    }
    if (withDashboard && group.section === 'dashboard') continue;
    list.push({
      key: group.section,
      icon: createElement(SECTION_ICONS[group.section], { 'aria-hidden': true }),
      label: t(`menu.sections.${group.section}`),
      children: group.screens.map(screenItem),
    });
  }

  const menu = (items: MenuItem[]) => (
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

  if (!withDashboard) return menu([...before, ...after]);
  if (collapsed) {
    const dashboard: MenuItem = {
      key: 'dashboard',
      icon: createElement(SECTION_ICONS.dashboard, { 'aria-hidden': true }),
      label: t('menu.sections.dashboard'),
      children: reportItems(),
    };
    return menu([...before, dashboard, ...after]);
  }
  // Open, the dashboard section is drawn by the dashboard menu (drag and drop, inline rename) between two
  // antd menus sharing the open and selected state.
  return (
    <>
      {before.length > 0 && menu(before)}
      <DashboardMenu
        reports={reports}
        screens={dashboardScreens.map((screen) => ({
          key: screen.name,
          title: t(`screens.${screen.name}` as 'screens.overview'),
          href: screen.built ? `/${screen.path}` : undefined,
          selected: screen === current,
          isNew: !!screen.isNew,
          icon: createElement(screen.icon, { 'aria-hidden': true }),
          onNavigate,
        }))}
        canManage={canManageReports}
        open={openKeys.includes('dashboard')}
        onOpenChange={(open) =>
          setOpenKeys((keys) => (open ? [...keys, 'dashboard'] : keys.filter((key) => key !== 'dashboard')))
        }
        reportLink={reportLink}
        localGroups={localGroups}
        setLocalGroups={setLocalGroups}
      />
      {after.length > 0 && menu(after)}
    </>
  );
}

/** The report the address shows: reports/{slug}, or /dashboard for the Dashboard-category report. */
function openedReportOf(
  reports: readonly ReportListItem[],
  pathname: string,
  current: Screen | undefined,
): ReportListItem | undefined {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 1 && segments[0] === 'dashboard') return reports.find(isDashboardReport);
  if (current !== REPORT_SCREEN || segments[0] !== 'reports') return undefined;
  const segment = segments.at(-1) ?? '';
  let slug = segment;
  try {
    slug = decodeURIComponent(segment);
  } catch {
    // A malformed escape: compare the segment as it is.
  }
  return reports.find((report) => report.Slug === slug);
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
