import { ALL_SCOPES } from '@loupe/contracts';
import { describe, expect, it } from 'vitest';
import enShell from '@/locales/en/shell.json';
import trShell from '@/locales/tr/shell.json';
import {
  allScreenPaths,
  canOpen,
  isBuiltPath,
  MENU_SECTIONS,
  SCREENS,
  screenOfPath,
  visibleMenu,
} from './menu-registry';

const admin = { scopes: [...ALL_SCOPES], aiModuleActive: true };
const viewer = { scopes: ['report:read'], aiModuleActive: false };

describe('the menu registry', () => {
  it('lists every route of the spec once', () => {
    const paths = allScreenPaths();
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      '',
      'responses-analyzer/:id',
      'surveys/:id/stats',
      'alert-rule-action/:id',
      'invitee/create',
      'optouts/:id/edit',
      'audit-logs/:id',
      'integration-workflows/create',
      'ai-scheduled-jobs/:id/logs/:logId/experiment-logs',
      'ai-topic-models/:topicModelId/topics/create',
      'ai-annotation-works/:annotationWorkId/annotation-tasks/upload',
      'reports/:slug',
      'profile',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('names every screen and section in Turkish and English', () => {
    for (const screen of SCREENS) {
      expect(trShell.screens).toHaveProperty(screen.name);
      expect(enShell.screens).toHaveProperty(screen.name);
    }
    for (const section of MENU_SECTIONS) {
      expect(trShell.menu.sections).toHaveProperty(section);
      expect(enShell.menu.sections).toHaveProperty(section);
    }
  });

  it('guards every screen with known scopes', () => {
    const known = new Set<string>(ALL_SCOPES);
    for (const screen of SCREENS) {
      if (screen.scopes === 'signed-in') continue;
      expect(screen.scopes.length, screen.name).toBeGreaterThan(0);
      for (const scope of screen.scopes) expect(known.has(scope), `${screen.name}: ${scope}`).toBe(true);
    }
  });

  it('shows the admin every section but the dashboard, whose items come from the reports call', () => {
    expect(visibleMenu(admin).map((group) => group.section)).toEqual(
      MENU_SECTIONS.filter((section) => section !== 'dashboard'),
    );
  });

  it('shows a viewer only the overview (their reports come from the reports call)', () => {
    expect(visibleMenu(viewer).map((group) => group.screens.map((screen) => screen.name))).toEqual([
      ['overview'],
    ]);
  });

  it('hides AI items while the AI module is off, even from the admin', () => {
    const names = visibleMenu({ ...admin, aiModuleActive: false }).flatMap((group) =>
      group.screens.map((screen) => screen.name),
    );
    expect(names).not.toContain('topicDiscovery');
    expect(names).not.toContain('simulation');
    expect(names).not.toContain('aiDatasets');
    expect(names).toContain('users');
    expect(visibleMenu({ ...admin, aiModuleActive: false }).map((group) => group.section)).not.toContain(
      'ai',
    );
  });

  it('opens a screen for any one of its scopes', () => {
    const users = SCREENS.find((screen) => screen.name === 'users')!;
    expect(canOpen(users, { scopes: ['user:read'], aiModuleActive: false })).toBe(true);
    expect(canOpen(users, { scopes: ['user:manage'], aiModuleActive: false })).toBe(true);
    expect(canOpen(users, { scopes: ['role:read'], aiModuleActive: false })).toBe(false);
  });

  it('finds the screen of a location, literal segments first', () => {
    expect(screenOfPath('/')?.name).toBe('overview');
    expect(screenOfPath('/profile')?.name).toBe('profile');
    expect(screenOfPath('/users/42')?.name).toBe('users');
    expect(screenOfPath('/surveys/statistics')?.name).toBe('surveyStatistics');
    expect(screenOfPath('/surveys/7')?.name).toBe('surveys');
    expect(screenOfPath('/alert-rule-action/3')?.name).toBe('alertRules');
    expect(screenOfPath('/reports/nps-overview')?.name).toBe('report');
    expect(screenOfPath('/nowhere')).toBeUndefined();
  });
});

describe('isBuiltPath: whether a link into another screen opens it (issue 24, dead ends)', () => {
  it('is false for a screen of a later release, with its query and parameters', () => {
    // Since issue 23 item 2 every menu item is built; a registry with one that is not still answers false.
    const later = SCREENS.map((screen) =>
      screen.name === 'emailReportNotifications' ? { ...screen, built: false } : screen,
    );
    expect(isBuiltPath('/email-report-notifications/create', later)).toBe(false);
    expect(isBuiltPath('/email-report-notifications/12?tab=runs', later)).toBe(false);
    expect(isBuiltPath('/users', later)).toBe(true);
  });

  it('finds every menu item built', () => {
    expect(SCREENS.filter((screen) => !screen.built).map((screen) => screen.name)).toEqual([]);
    expect(isBuiltPath('/email-report-notifications/create')).toBe(true);
    expect(isBuiltPath('/email-report-notifications/7')).toBe(true);
  });

  it('is true for built screens and unknown for nothing', () => {
    expect(isBuiltPath('/users')).toBe(true);
    expect(isBuiltPath('/integration-sources?type=1')).toBe(true);
    expect(isBuiltPath('/integration-workflows/create')).toBe(true);
    expect(isBuiltPath('/integration-deliveries')).toBe(true);
    expect(isBuiltPath('/cati')).toBe(true);
    expect(isBuiltPath('/translations?language=ar')).toBe(true);
    expect(isBuiltPath('/cati-statistics?period=month')).toBe(true);
    expect(isBuiltPath('/logs')).toBe(true);
    expect(isBuiltPath('/health-check')).toBe(true);
    expect(isBuiltPath('/alerts?AlertReadStatus=0')).toBe(true);
    expect(isBuiltPath('/responses-analyzer/42')).toBe(true);
    expect(isBuiltPath('/responses-analyzer?from=2026-11-23&to=2026-11-29')).toBe(true);
    expect(isBuiltPath('/reports/nps-trendleri')).toBe(true);
    expect(isBuiltPath('/')).toBe(true);
    expect(isBuiltPath('/simulation?topicModelId=3&from=2026-01-01&to=2026-01-31')).toBe(true);
    expect(isBuiltPath('/satisfaction-profiler')).toBe(true);
    expect(isBuiltPath('/topic-discovery?topicModelId=3')).toBe(true);
    expect(isBuiltPath('/topic-explorer')).toBe(true);
    expect(isBuiltPath('/ai-datasets')).toBe(true);
    expect(isBuiltPath('/ai-datasets/create')).toBe(true);
    expect(isBuiltPath('/ai-annotators/7')).toBe(true);
    expect(isBuiltPath('/ai-topic-models/3/topics/7?language=tr')).toBe(true);
    expect(isBuiltPath('/no-such-screen')).toBe(false);
  });

  it('wires the link once its screen is marked built', () => {
    const unbuilt = SCREENS.map((screen) =>
      screen.name === 'simulation' ? { ...screen, built: false } : screen,
    );
    expect(isBuiltPath('/simulation?topicModelId=3', unbuilt)).toBe(false);
    expect(isBuiltPath('/simulation?topicModelId=3', SCREENS)).toBe(true);
  });
});
