import {
  DASHBOARD_CATEGORY,
  DEFAULT_MENU_GROUP,
  MENU_GROUP_NAME_MAX,
  type ReportListItem,
  type ReportOrders,
} from '@loupe/contracts';

/*
 * The dashboard menu's arithmetic (shell spec §2, §4): reports grouped into menu groups by Category, moves
 * within and between groups turned into the `changeReportOrders` payload, new group names and renames.
 * Decisions are recorded in docs/dashboard-menu.md.
 */

/** A menu group: its name is the reports' Category; a group added locally has no reports yet. */
export type ReportGroup = { name: string; reports: ReportListItem[] };

/** The dashboard section: the Dashboard-category reports pinned first, then the menu groups in menu order. */
export type DashboardMenuModel = { dashboard: ReportListItem[]; groups: ReportGroup[] };

/** The groups and their reports' ids in menu order, as a drag rearranges them. */
export type GroupLayout = readonly { name: string; reportIds: readonly number[] }[];

/** Why a group name is refused. */
export type GroupNameProblem = 'required' | 'tooLong' | 'taken' | 'reserved';

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** The report's menu group; a blank Category belongs to the default group. */
function categoryOf(report: Pick<ReportListItem, 'Category'>): string {
  return report.Category.trim() || DEFAULT_MENU_GROUP;
}

export function isDashboardReport(report: Pick<ReportListItem, 'Category'>): boolean {
  return sameName(report.Category, DASHBOARD_CATEGORY);
}

export function isDefaultGroup(name: string): boolean {
  return name === DEFAULT_MENU_GROUP;
}

// The reports spec's key titles, `{{{reports.npsOverview}}}`; the report page reads them the same way.
const KEY_TITLE = /^\s*\{\{\{\s*([^{}]+?)\s*\}\}\}\s*$/;

/** A report's title as the menu shows it: a `{{{key}}}` title translated by `translate`, any other as written. */
export function shownTitle(title: string, translate: (key: string) => string): string {
  const key = KEY_TITLE.exec(title)?.[1];
  return key === undefined ? title : translate(key);
}

/** The server's order: Order, then Title, then Id (so equal orders still list the same way every time). */
function sortMenuReports(reports: readonly ReportListItem[]): ReportListItem[] {
  return [...reports].sort((a, b) => a.Order - b.Order || a.Title.localeCompare(b.Title) || a.Id - b.Id);
}

/**
 * Groups the reports: a group comes where its first report comes in menu order; groups added locally (still
 * empty) follow, unless a report already carries their name.
 */
export function dashboardMenu(
  reports: readonly ReportListItem[],
  localGroups: readonly string[] = [],
): DashboardMenuModel {
  const dashboard: ReportListItem[] = [];
  const groups = new Map<string, ReportListItem[]>();
  for (const report of sortMenuReports(reports)) {
    if (isDashboardReport(report)) {
      dashboard.push(report);
      continue;
    }
    const name = categoryOf(report);
    groups.set(name, [...(groups.get(name) ?? []), report]);
  }
  for (const name of localGroups) if (!groups.has(name)) groups.set(name, []);
  return { dashboard, groups: [...groups].map(([name, items]) => ({ name, reports: items })) };
}

export function layoutOf(groups: readonly ReportGroup[]): GroupLayout {
  return groups.map((group) => ({ name: group.name, reportIds: group.reports.map((report) => report.Id) }));
}

/** The group holding the report, or undefined. */
export function groupOfReport(layout: GroupLayout, reportId: number): string | undefined {
  return layout.find((group) => group.reportIds.includes(reportId))?.name;
}

/**
 * Where a dragged report is while over `overReportId`, as the drag announces it: within its own group it takes
 * the place of the report it is over (the sortable strategy shows it there and the drop puts it there); over
 * itself, a group or a report of another group (the draft has already moved it there) it is where `layout` has
 * it. Undefined for a report not in the layout.
 */
export function placeWhenOver(
  layout: GroupLayout,
  reportId: number,
  overReportId: number | undefined,
): { group: string; position: number; count: number } | undefined {
  const from = layout.find((group) => group.reportIds.includes(reportId));
  if (!from) return undefined;
  const overIndex = overReportId === undefined ? -1 : from.reportIds.indexOf(overReportId);
  const moved =
    overIndex < 0 ? layout : moveReport(layout, { reportId, toGroup: from.name, toIndex: overIndex });
  const ids = moved.find((group) => group.name === from.name)?.reportIds ?? [];
  return { group: from.name, position: ids.indexOf(reportId) + 1, count: ids.length };
}

/**
 * Moves a report to `toIndex` (its place after the move, clamped) in the group `toGroup`, taking it out of
 * the group it was in. Unknown reports or groups leave the layout as it is.
 */
export function moveReport(
  layout: GroupLayout,
  { reportId, toGroup, toIndex }: { reportId: number; toGroup: string; toIndex: number },
): GroupLayout {
  if (!groupOfReport(layout, reportId) || !layout.some((group) => group.name === toGroup)) return layout;
  return layout.map((group) => {
    const rest = group.reportIds.filter((id) => id !== reportId);
    if (group.name !== toGroup)
      return rest.length === group.reportIds.length ? group : { ...group, reportIds: rest };
    const at = Math.max(0, Math.min(toIndex, rest.length));
    return { ...group, reportIds: [...rest.slice(0, at), reportId, ...rest.slice(at)] };
  });
}

/**
 * The `changeReportOrders` payload that makes the menu look like `layout`: every report takes its place in
 * the whole menu as its Order (counting on from the lowest Order among them, across the groups, so groups
 * keep their order after a reload), and
 * its group as Category when that changed. Reports whose Order and Category stay are left out; an empty
 * payload means nothing to save.
 */
export function ordersForLayout(reports: readonly ReportListItem[], layout: GroupLayout): ReportOrders {
  const byId = new Map(reports.map((report) => [report.Id, report]));
  const placed = layout.flatMap((group) => group.reportIds.map((id) => byId.get(id)?.Order ?? 0));
  const orders: ReportOrders = [];
  // Numbering starts where the menu's groups start, so a small move sends a small payload.
  let order = Math.max(0, Math.min(...placed));
  for (const group of layout) {
    for (const id of group.reportIds) {
      const report = byId.get(id);
      if (!report) continue;
      const moved = categoryOf(report) !== group.name;
      if (moved || report.Order !== order) {
        orders.push({ Id: id, Order: order, ...(moved ? { Category: group.name } : {}) });
      }
      order += 1;
    }
  }
  return orders;
}

/** Renaming a group moves every report of it to the new name, each keeping its Order. */
export function renameOrders(group: ReportGroup, name: string): ReportOrders {
  const category = name.trim();
  return group.reports.map((report) => ({ Id: report.Id, Order: report.Order, Category: category }));
}

/** The reports as the server will list them once `orders` are saved: the optimistic menu. */
export function applyReportOrders(
  reports: readonly ReportListItem[],
  orders: ReportOrders,
): ReportListItem[] {
  const changes = new Map(orders.map((change) => [change.Id, change]));
  return sortMenuReports(
    reports.map((report) => {
      const change = changes.get(report.Id);
      if (!change) return report;
      return { ...report, Order: change.Order, Category: change.Category ?? report.Category };
    }),
  );
}

/**
 * The name for a new group: `format(N)` with the smallest N ≥ 1 that no group uses yet (English: 'New Menu
 * Group N'). Names compare without regard to case or surrounding spaces.
 */
export function nextGroupName(existing: readonly string[], format: (number: number) => string): string {
  for (let number = 1; ; number += 1) {
    const name = format(number);
    if (!existing.some((other) => sameName(other, name))) return name;
  }
}

/**
 * Whether `name` may be a group's new name: required, at most 30 characters (shell spec §9), not another
 * group's name or shown label (`taken`), not a name kept for something else (`reserved`: the Dashboard
 * category).
 */
export function groupNameProblem(
  name: string,
  { taken, reserved }: { taken: readonly string[]; reserved: readonly string[] },
): GroupNameProblem | null {
  const trimmed = name.trim();
  if (!trimmed) return 'required';
  if (trimmed.length > MENU_GROUP_NAME_MAX) return 'tooLong';
  if (reserved.some((other) => sameName(other, trimmed))) return 'reserved';
  if (taken.some((other) => sameName(other, trimmed))) return 'taken';
  return null;
}

// The "new" badge (docs/dashboard-menu.md): a report is new to a user until they open it, counted from the
// first time this device showed them the menu. At most this many seen ids are kept.
const SEEN_LIMIT = 1000;

/** The reports to mark "new": those not seen yet. Before any record exists nothing is new. */
export function newReportIds(
  reportIds: readonly number[],
  seen: readonly number[] | undefined,
): ReadonlySet<number> {
  if (!seen) return new Set();
  const known = new Set(seen);
  return new Set(reportIds.filter((id) => !known.has(id)));
}

/**
 * The seen record after showing `reportIds` and opening `openedId`, or undefined when it does not change.
 * The first record takes every listed report as seen; afterwards only opening a report marks it.
 */
export function nextSeenReports(
  seen: readonly number[] | undefined,
  { reportIds, openedId }: { reportIds: readonly number[]; openedId: number | undefined },
): number[] | undefined {
  if (!seen) {
    if (reportIds.length === 0) return undefined;
    return [...new Set([...reportIds, ...(openedId === undefined ? [] : [openedId])])].slice(-SEEN_LIMIT);
  }
  if (openedId === undefined || seen.includes(openedId) || !reportIds.includes(openedId)) return undefined;
  return [...seen, openedId].slice(-SEEN_LIMIT);
}
