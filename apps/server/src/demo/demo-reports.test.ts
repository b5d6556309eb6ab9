import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DASHBOARD_CATEGORY,
  DEFAULT_MENU_GROUP,
  reportSlug,
  type ReportDetail,
  type ReportListItem,
} from '@loupe/contracts';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { DEMO_REPORTS, ensureDemoReports } from './demo-reports.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function listAs(userName: string) {
  const token = (await t.signIn(userName)).access_token;
  const response = await t.app.inject({ method: 'GET', url: '/api/reports', headers: t.authHeader(token) });
  expect(response.statusCode).toBe(200);
  return { token, reports: response.json<ReportListItem[]>() };
}

describe('demo reports', () => {
  it('creates the demo reports once, for every demo user to see', async () => {
    expect(await ensureDemoReports(t.database.db, t.tenantId)).toBe(DEMO_REPORTS.length);
    expect(await ensureDemoReports(t.database.db, t.tenantId)).toBe(0);

    const titles = DEMO_REPORTS.map((report) => report.title);
    for (const userName of ['admin', 'manager', 'viewer', 'scoped']) {
      const { reports } = await listAs(userName);
      expect(
        reports.map((report) => report.Title),
        userName,
      ).toEqual(titles);
    }

    const { token, reports } = await listAs('manager');
    const categories = reports.map((report) => report.Category);
    expect(categories.filter((category) => category === DASHBOARD_CATEGORY)).toHaveLength(1);
    expect(categories.filter((category) => category === DEFAULT_MENU_GROUP).length).toBeGreaterThanOrEqual(2);
    expect(categories).toContain('Şube Performansı');
    expect(reports.filter((report) => report.ScopedData).map((report) => report.Title)).toEqual([
      'Bölge Karnesi',
    ]);

    for (const report of reports) {
      expect(report.Slug).toBe(reportSlug(report.Title));
      expect(report.WidgetCount).toBeGreaterThanOrEqual(3);
      expect(report.WidgetCount).toBeLessThanOrEqual(5);
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/reporteditor/${report.Id}`,
        headers: t.authHeader(token),
      });
      const detail = response.json<ReportDetail>();
      expect(
        detail.ReportWidgets.map((widget) => (JSON.parse(widget.Config) as { position: number }).position),
      ).toEqual(detail.ReportWidgets.map((_, index) => index + 1));
      for (const widget of detail.ReportWidgets) {
        const config = JSON.parse(widget.Config) as Record<string, unknown>;
        expect(widget.WidgetId).toBeGreaterThanOrEqual(1);
        expect(config).toMatchObject({
          widgetTitle: expect.any(String),
          title: expect.any(String),
          showTitle: true,
          size: { w: expect.any(Number), h: 2 },
          dataFilters: { TimeColumn: expect.any(String) },
        });
      }
    }
  });
});
