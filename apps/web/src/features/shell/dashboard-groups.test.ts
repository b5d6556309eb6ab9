import type { ReportListItem } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyReportOrders,
  dashboardMenu,
  groupNameProblem,
  layoutOf,
  moveReport,
  newReportIds,
  nextGroupName,
  nextSeenReports,
  ordersForLayout,
  placeWhenOver,
  renameOrders,
  shownTitle,
} from './dashboard-groups';

function report(Id: number, Title: string, Category: string, Order: number): ReportListItem {
  return { Id, Title, Category, Order, Slug: Title.toLowerCase(), ScopedData: false, WidgetCount: 0 };
}

// Menu order: Bank (1 NPS, 2 CSAT), Menu Group (3 Alerts), Retail (4 Stores, 5 Web); 6 is the dashboard.
const reports = [
  report(5, 'Web', 'Retail', 4),
  report(3, 'Alerts', 'Menu Group', 2),
  report(1, 'NPS', 'Bank', 0),
  report(6, 'Home', 'Dashboard', 9),
  report(4, 'Stores', 'Retail', 3),
  report(2, 'CSAT', 'Bank', 1),
];
const slugs = (model: ReturnType<typeof dashboardMenu>) =>
  model.groups.map((group) => [group.name, group.reports.map((item) => item.Slug)]);

describe('dashboardMenu', () => {
  it('groups reports by Category in menu order and pins the Dashboard report first', () => {
    const model = dashboardMenu(reports);
    expect(model.dashboard.map((item) => item.Slug)).toEqual(['home']);
    expect(slugs(model)).toEqual([
      ['Bank', ['nps', 'csat']],
      ['Menu Group', ['alerts']],
      ['Retail', ['stores', 'web']],
    ]);
  });

  it('breaks equal orders by title, puts a blank category in the default group, adds local groups last', () => {
    const model = dashboardMenu(
      [report(1, 'Zeta', ' ', 0), report(2, 'Alpha', 'Menu Group', 0), report(3, 'Beta', 'Bank', 0)],
      ['New Menu Group 1', 'Bank'],
    );
    expect(slugs(model)).toEqual([
      ['Menu Group', ['alpha', 'zeta']],
      ['Bank', ['beta']],
      ['New Menu Group 1', []],
    ]);
  });
});

describe('moving reports', () => {
  const menu = dashboardMenu(reports);
  const layout = layoutOf(menu.groups);

  it('reorders within a group: only the reports whose Order changed are sent', () => {
    const moved = moveReport(layout, { reportId: 2, toGroup: 'Bank', toIndex: 0 });
    expect(moved[0]!.reportIds).toEqual([2, 1]);
    expect(ordersForLayout(reports, moved)).toEqual([
      { Id: 2, Order: 0 },
      { Id: 1, Order: 1 },
    ]);
  });

  it('moves to another group: the moved report gets the Category, the reports after it new Orders', () => {
    const moved = moveReport(layout, { reportId: 5, toGroup: 'Bank', toIndex: 1 });
    expect(moved.map((group) => group.reportIds)).toEqual([[1, 5, 2], [3], [4]]);
    expect(ordersForLayout(reports, moved)).toEqual([
      { Id: 5, Order: 1, Category: 'Bank' },
      { Id: 2, Order: 2 },
      { Id: 3, Order: 3 },
      { Id: 4, Order: 4 },
    ]);
  });

  it('moves into an empty local group and clamps the index', () => {
    const withLocal = layoutOf(dashboardMenu(reports, ['New Menu Group 1']).groups);
    const moved = moveReport(withLocal, { reportId: 3, toGroup: 'New Menu Group 1', toIndex: 99 });
    expect(moved.map((group) => [group.name, group.reportIds])).toEqual([
      ['Bank', [1, 2]],
      ['Menu Group', []],
      ['Retail', [4, 5]],
      ['New Menu Group 1', [3]],
    ]);
    expect(ordersForLayout(reports, moved)).toEqual([
      { Id: 4, Order: 2 },
      { Id: 5, Order: 3 },
      { Id: 3, Order: 4, Category: 'New Menu Group 1' },
    ]);
  });

  it('sends nothing when a report is dropped where it was, and ignores unknown reports or groups', () => {
    expect(
      ordersForLayout(reports, moveReport(layout, { reportId: 1, toGroup: 'Bank', toIndex: 0 })),
    ).toEqual([]);
    expect(moveReport(layout, { reportId: 42, toGroup: 'Bank', toIndex: 0 })).toBe(layout);
    expect(moveReport(layout, { reportId: 1, toGroup: 'Nowhere', toIndex: 0 })).toBe(layout);
  });

  it('counts on from the lowest Order in the groups, so the pinned dashboard report does not shift them', () => {
    const menu = [
      report(9, 'Home', 'Dashboard', 0),
      report(1, 'A', 'Menu Group', 1),
      report(2, 'B', 'Menu Group', 2),
      report(3, 'C', 'Menu Group', 3),
    ];
    const moved = moveReport(layoutOf(dashboardMenu(menu).groups), {
      reportId: 3,
      toGroup: 'Menu Group',
      toIndex: 1,
    });
    expect(ordersForLayout(menu, moved)).toEqual([
      { Id: 3, Order: 2 },
      { Id: 2, Order: 3 },
    ]);
  });

  it('applies a payload locally as the server will list it', () => {
    const orders = ordersForLayout(reports, moveReport(layout, { reportId: 5, toGroup: 'Bank', toIndex: 0 }));
    const after = applyReportOrders(reports, orders);
    expect(slugs(dashboardMenu(after))).toEqual([
      ['Bank', ['web', 'nps', 'csat']],
      ['Menu Group', ['alerts']],
      ['Retail', ['stores']],
    ]);
    // Applying it changes nothing more to send.
    expect(ordersForLayout(after, layoutOf(dashboardMenu(after).groups))).toEqual([]);
  });
});

describe('placeWhenOver: the place a keyboard or pointer drag announces (issue 24)', () => {
  const layout = [
    { name: 'Bank', reportIds: [1, 2, 7] },
    { name: 'Retail', reportIds: [4, 5] },
  ];

  it('within its group, the place of the report it is over, not the place it left', () => {
    expect(placeWhenOver(layout, 1, 2)).toEqual({ group: 'Bank', position: 2, count: 3 });
    expect(placeWhenOver(layout, 1, 7)).toEqual({ group: 'Bank', position: 3, count: 3 });
    expect(placeWhenOver(layout, 7, 1)).toEqual({ group: 'Bank', position: 1, count: 3 });
  });

  it("over itself, a group or another group's report (already moved in the draft): where it is", () => {
    expect(placeWhenOver(layout, 2, 2)).toEqual({ group: 'Bank', position: 2, count: 3 });
    expect(placeWhenOver(layout, 2, undefined)).toEqual({ group: 'Bank', position: 2, count: 3 });
    expect(placeWhenOver(layout, 2, 5)).toEqual({ group: 'Bank', position: 2, count: 3 });
    expect(placeWhenOver(layout, 99, 1)).toBeUndefined();
  });
});

describe('group names', () => {
  const format = (number: number) => `New Menu Group ${number}`;

  it('numbers a new group with the first free number', () => {
    expect(nextGroupName(['Bank', 'Menu Group'], format)).toBe('New Menu Group 1');
    expect(nextGroupName(['new menu group 1', 'New Menu Group 3'], format)).toBe('New Menu Group 2');
    expect(nextGroupName(['New Menu Group 1', 'New Menu Group 2'], format)).toBe('New Menu Group 3');
  });

  it('refuses an empty, too long, duplicate or reserved name', () => {
    const rules = { taken: ['Bank', 'Menu Group', 'Menü Grubu'], reserved: ['Dashboard'] };
    expect(groupNameProblem('   ', rules)).toBe('required');
    expect(groupNameProblem('x'.repeat(31), rules)).toBe('tooLong');
    expect(groupNameProblem(' bank ', rules)).toBe('taken');
    expect(groupNameProblem('menü grubu', rules)).toBe('taken');
    expect(groupNameProblem('DASHBOARD', rules)).toBe('reserved');
    expect(groupNameProblem('x'.repeat(30), rules)).toBeNull();
  });

  it('renaming sends the new Category, trimmed, for every report of the group with its Order', () => {
    const bank = dashboardMenu(reports).groups[0]!;
    expect(renameOrders(bank, ' Banking ')).toEqual([
      { Id: 1, Order: 0, Category: 'Banking' },
      { Id: 2, Order: 1, Category: 'Banking' },
    ]);
  });
});

describe('the "new" badge', () => {
  it('starts from what the menu shows the first time, then marks reports until they are opened', () => {
    const first = nextSeenReports(undefined, { reportIds: [1, 2], openedId: undefined });
    expect(first).toEqual([1, 2]);
    expect([...newReportIds([1, 2], undefined)]).toEqual([]);
    expect([...newReportIds([1, 2, 3], first)]).toEqual([3]);
    // Showing it again does not mark it; opening it does.
    expect(nextSeenReports(first, { reportIds: [1, 2, 3], openedId: undefined })).toBeUndefined();
    const opened = nextSeenReports(first, { reportIds: [1, 2, 3], openedId: 3 });
    expect(opened).toEqual([1, 2, 3]);
    expect([...newReportIds([1, 2, 3], opened)]).toEqual([]);
    expect(nextSeenReports(opened, { reportIds: [1, 2, 3], openedId: 3 })).toBeUndefined();
  });

  it('keeps no record while the menu is empty (a failed load shows no reports)', () => {
    expect(nextSeenReports(undefined, { reportIds: [], openedId: undefined })).toBeUndefined();
  });
});

describe('shownTitle', () => {
  it('translates a title in triple braces and shows any other as written', () => {
    const translate = (key: string) => `<${key}>`;
    expect(shownTitle('{{{ reports.npsOverview }}}', translate)).toBe('<reports.npsOverview>');
    expect(shownTitle('NPS {{{x}}}', translate)).toBe('NPS {{{x}}}');
  });
});
