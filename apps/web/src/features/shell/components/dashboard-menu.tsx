import { DashboardOutlined, DownOutlined, PlusOutlined } from '@ant-design/icons';
import { DASHBOARD_CATEGORY, type ReportListItem } from '@loupe/contracts';
import { App, Button, theme } from 'antd';
import {
  useEffect,
  useId,
  useMemo,
  useSyncExternalStore,
  type CSSProperties,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useBootstrap } from '@/lib/bootstrap';
import { errorMessage } from '@/lib/error-message';
import { useChangeReportOrders } from '../api/change-report-orders';
import {
  dashboardMenu,
  groupNameProblem,
  isDefaultGroup,
  newReportIds,
  nextGroupName,
  nextSeenReports,
  ordersForLayout,
  renameOrders,
  type GroupLayout,
  type GroupNameProblem,
  type ReportGroup,
} from '../dashboard-groups';
import { GroupHeader, MenuLinkItem, type MenuLinkProps, type ReportLinkProps } from './dashboard-menu-items';
import { SortableGroups } from './dashboard-menu-sortable';
import styles from './dashboard-menu.module.css';

/**
 * The dashboard section of the open side menu (shell spec §2, §4; docs/dashboard-menu.md): screens the
 * registry puts in the section, the Dashboard-category report, then the reports in their menu groups. For
 * report:manage holders reports drag within and between groups, groups are added and renamed, and every
 * change shows at once, is saved, and is rolled back with a failure notice when the save fails.
 */
export function DashboardMenu({
  reports,
  screens,
  canManage,
  open,
  onOpenChange,
  reportLink,
  localGroups,
  setLocalGroups,
}: {
  reports: readonly ReportListItem[];
  screens: readonly (MenuLinkProps & { key: string })[];
  canManage: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  reportLink: (report: ReportListItem) => Omit<ReportLinkProps, 'report'>;
  /** Groups added here that have no report yet; they live as long as the page. */
  localGroups: readonly string[];
  setLocalGroups: Dispatch<SetStateAction<string[]>>;
}) {
  const { t } = useTranslation('shell');
  const { t: tCommon } = useTranslation();
  const { notification } = App.useApp();
  const { token } = theme.useToken();
  const bodyId = useId();
  const model = useMemo(() => dashboardMenu(reports, localGroups), [reports, localGroups]);
  const saveOrders = useChangeReportOrders({
    onFailure: (error) =>
      notification.error({
        message: t('menu.dashboard.saveFailed'),
        description: errorMessage(error, tCommon),
        placement: 'top',
      }),
  });

  const groupLabel = (name: string) => (isDefaultGroup(name) ? t('menu.defaultGroup') : name);
  // The default group's name is dropped when it is the only group and nobody may rename it.
  const withHeaders = canManage || model.groups.length > 1;
  const forgetLocal = (names: readonly string[]) =>
    setLocalGroups((current) => current.filter((name) => !names.includes(name)));

  const rename =
    (group: ReportGroup) =>
    (value: string): GroupNameProblem | null => {
      const name = value.trim();
      if (name === group.name || name === groupLabel(group.name)) return null;
      const others = model.groups.filter((other) => other.name !== group.name);
      const problem = groupNameProblem(name, {
        taken: others.flatMap((other) => [other.name, groupLabel(other.name)]),
        reserved: [DASHBOARD_CATEGORY],
      });
      if (problem) return problem;
      if (group.reports.length === 0) {
        setLocalGroups((current) => current.map((local) => (local === group.name ? name : local)));
      } else {
        forgetLocal([group.name]);
        saveOrders(renameOrders(group, name));
      }
      return null;
    };

  const drop = (layout: GroupLayout) => {
    const filled = layout.filter((group) => group.reportIds.length > 0).map((group) => group.name);
    // A local group becomes a real one once a report is saved in it.
    saveOrders(ordersForLayout(reports, layout), { onSuccess: () => forgetLocal(filled) });
  };

  const addGroup = () =>
    setLocalGroups((current) => [
      ...current,
      nextGroupName(
        [...model.groups.flatMap((group) => [group.name, groupLabel(group.name)]), ...current],
        (number) => t('menu.dashboard.newGroupName', { number }),
      ),
    ]);

  const header = (group: ReportGroup, headerId: string) =>
    withHeaders ? (
      <GroupHeader
        id={headerId}
        label={groupLabel(group.name)}
        onRename={canManage ? rename(group) : undefined}
      />
    ) : null;

  const colours = {
    '--dm-text': token.colorText,
    '--dm-muted': token.colorTextDescription,
    '--dm-disabled': token.colorTextDisabled,
    '--dm-primary': token.colorPrimary,
    '--dm-hover-bg': token.colorBgTextHover,
    '--dm-selected-bg': token.controlItemBgActive,
    '--dm-sub-bg': token.colorFillAlter,
    '--dm-bg': token.colorBgElevated,
    '--dm-border': token.colorBorder,
    '--dm-error': token.colorError,
    '--dm-radius': `${token.borderRadiusLG}px`,
  } as CSSProperties;

  return (
    <div className={styles.section} style={colours}>
      <button
        type="button"
        className={styles.sectionTitle}
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => onOpenChange(!open)}
      >
        <DashboardOutlined aria-hidden="true" />
        <span className={styles.sectionLabel}>{t('menu.sections.dashboard')}</span>
        <DownOutlined
          aria-hidden="true"
          className={open ? `${styles.arrow} ${styles.arrowOpen}` : styles.arrow}
        />
      </button>
      <div id={bodyId} hidden={!open} className={styles.body}>
        {(screens.length > 0 || model.dashboard.length > 0) && (
          <ul className={styles.list}>
            {screens.map(({ key, ...screen }) => (
              <MenuLinkItem key={key} {...screen} />
            ))}
            {model.dashboard.map((report) => (
              <MenuLinkItem
                key={report.Id}
                title={report.Title}
                icon={<DashboardOutlined aria-hidden="true" />}
                {...reportLink(report)}
              />
            ))}
          </ul>
        )}
        {canManage ? (
          <>
            <SortableGroups
              groups={model.groups}
              reports={reports}
              linkProps={reportLink}
              groupLabel={groupLabel}
              header={header}
              onDrop={drop}
            />
            <Button
              type="link"
              size="small"
              className={styles.addGroup}
              icon={<PlusOutlined aria-hidden="true" />}
              onClick={addGroup}
            >
              {t('menu.dashboard.addGroup')}
            </Button>
          </>
        ) : (
          <PlainGroups groups={model.groups} header={header} reportLink={reportLink} />
        )}
      </div>
    </div>
  );
}

function PlainGroups({
  groups,
  header,
  reportLink,
}: {
  groups: readonly ReportGroup[];
  header: (group: ReportGroup, headerId: string) => ReactNode;
  reportLink: (report: ReportListItem) => Omit<ReportLinkProps, 'report'>;
}) {
  const idPrefix = useId();
  return groups.map((group, index) => {
    const headerId = `${idPrefix}-group-${index}`;
    const heading = header(group, headerId);
    return (
      <div
        key={group.name}
        role="group"
        aria-labelledby={heading ? headerId : undefined}
        className={styles.group}
      >
        {heading}
        <ul className={styles.list}>
          {group.reports.map((report) => (
            <MenuLinkItem key={report.Id} title={report.Title} {...reportLink(report)} />
          ))}
        </ul>
      </div>
    );
  });
}

// The "new" badge's record of the reports this user has seen, per user on this device (docs/dashboard-menu.md).
const seenKey = (userId: number) => `loupe.seenReports.${userId}`;
const seenListeners = new Set<() => void>();

function subscribeSeen(listener: () => void) {
  seenListeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    seenListeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

function readSeen(key: string | undefined): string | null {
  if (!key) return null;
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function parseSeen(text: string | null): number[] | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.every(Number.isInteger) ? (value as number[]) : undefined;
  } catch {
    return undefined;
  }
}

function writeSeen(key: string, ids: readonly number[]) {
  try {
    localStorage.setItem(key, JSON.stringify(ids));
  } catch {
    // Storage refused: the badges simply stay.
  }
  for (const listener of seenListeners) listener();
}

/** The reports to mark "new" for the signed-in user; opening one (`openedId`) clears its badge. */
export function useNewReports(
  reports: readonly ReportListItem[],
  openedId: number | undefined,
): ReadonlySet<number> {
  const userId = useBootstrap().data?.User.Id;
  const key = userId === undefined ? undefined : seenKey(userId);
  const text = useSyncExternalStore(subscribeSeen, () => readSeen(key));
  const seen = useMemo(() => parseSeen(text), [text]);
  const ids = useMemo(() => reports.map((report) => report.Id), [reports]);
  useEffect(() => {
    const next = key ? nextSeenReports(seen, { reportIds: ids, openedId }) : undefined;
    if (key && next) writeSeen(key, next);
  }, [key, seen, ids, openedId]);
  return useMemo(() => newReportIds(ids, seen), [ids, seen]);
}
