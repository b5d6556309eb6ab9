import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DASHBOARD_CATEGORY,
  DEFAULT_MENU_GROUP,
  reportSlug,
  type ReportDetail,
  type ReportListItem,
} from '@loupe/contracts';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { loadDemoData } from './demo-data.js';
import { DEMO_REPORTS, ensureDemoReports } from './demo-reports.js';

let t: TestApp;

// Enough answers over the demo's two years that the scoped user (one region, one product) has some too.
const RESPONSES = 6_000;

beforeAll(async () => {
  t = await createTestApp();
  await loadDemoData(t.database, { tenantId: t.tenantId, responses: RESPONSES, seed: 11 });
  await t.replica.rebuild();
});
afterAll(async () => {
  await t?.close();
});

async function listAs(userName: string) {
  const token = (await t.signIn(userName)).access_token;
  const response = await t.call('GET', '/api/reports', { token });
  expect(response.statusCode).toBe(200);
  return { token, reports: response.json<ReportListItem[]>() };
}

async function detailOf(token: string, reportId: number): Promise<ReportDetail> {
  const response = await t.call('GET', `/api/reporteditor/${reportId}`, { token });
  expect(response.statusCode).toBe(200);
  return response.json<ReportDetail>();
}

type WidgetConfig = {
  type: string;
  title: string;
  dataEndpoint: string;
  dataFilters: Record<string, unknown>;
  requiredFilters: string[];
};

/** The widget's data as the report page asks for it (first page of a comment list), over the whole demo range. */
async function widgetData(token: string, reportId: number, config: WidgetConfig) {
  const paging = config.type === 'CommentsHighlightChart' ? '?$top=10&$skip=0' : '';
  const response = await t.call('POST', `/${config.dataEndpoint}${paging}`, {
    token,
    body: { ReportId: reportId, DataFilters: config.dataFilters },
  });
  expect(response.statusCode, `${config.title}: ${response.body}`).toBe(200);
  return response.json<unknown>();
}

/** Whether an answer has something to draw (the web's hasWidgetData, by shape). */
function hasData(data: unknown): boolean {
  if (Array.isArray(data)) return data.length > 0;
  if (typeof data !== 'object' || data === null) return false;
  const record = data as Record<string, unknown>;
  if (Array.isArray(record.CategorySummaryDataResults)) return record.CategorySummaryDataResults.length > 0;
  if (Array.isArray(record.Items)) return record.Items.length > 0;
  if (typeof record.Count === 'number') return record.Count > 0;
  if (typeof record.Responses === 'number') return record.Responses > 0;
  return false;
}

describe('demo reports', () => {
  it('creates the demo reports once, for every demo user to see', async () => {
    // loadDemoData created them; a second call leaves an administrator's changes alone.
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
      const detail = await detailOf(token, report.Id);
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

  it('gives every demo widget what it requires, and data for admin, manager, viewer and scoped', async () => {
    const models = await t.database.raw<{ id: number }>(
      'SELECT id FROM topic_models WHERE tenant_id = $1 AND NOT is_emotion_model',
      [t.tenantId],
    );
    for (const userName of ['admin', 'manager', 'viewer', 'scoped']) {
      const { token, reports } = await listAs(userName);
      for (const report of reports) {
        for (const widget of (await detailOf(token, report.Id)).ReportWidgets) {
          const config = JSON.parse(widget.Config) as WidgetConfig;
          const where = `${userName}: ${report.Title} / ${config.title}`;
          for (const required of config.requiredFilters) {
            expect(config.dataFilters[required], `${where} requires ${required}`).toBeDefined();
          }
          if (config.requiredFilters.includes('TopicModelId')) {
            expect(
              models.map((model) => model.id),
              where,
            ).toContain(config.dataFilters.TopicModelId);
          }
          expect(hasData(await widgetData(token, report.Id, config)), where).toBe(true);
        }
      }
    }
  });

  it("measures the commenters' NPS on the sessions with a comment only", async () => {
    const { token, reports } = await listAs('admin');
    const comments = reports.find((report) => report.Title === 'Müşteri Yorumları')!;
    const overview = reports.find((report) => report.Title === 'Genel Bakış')!;
    const gauge = async (reportId: number, title: string) => {
      const widget = (await detailOf(token, reportId)).ReportWidgets.find(
        (candidate) => (JSON.parse(candidate.Config) as WidgetConfig).title === title,
      )!;
      return (await widgetData(token, reportId, JSON.parse(widget.Config) as WidgetConfig)) as {
        Value: number;
        Responses: number;
      };
    };
    const commenters = await gauge(comments.Id, 'Yorum Bırakanların NPS Değeri');
    const everyone = await gauge(overview.Id, 'NPS');
    const [sessions] = await t.database.raw<{ n: string | number }>(
      `SELECT count(DISTINCT a.session_id) AS n FROM answers a JOIN text_analyses ta ON ta.answer_id = a.id
       JOIN answers nps ON nps.session_id = a.session_id JOIN questions q ON q.id = nps.question_id
       WHERE a.tenant_id = $1 AND q.experience_id = 101`,
      [t.tenantId],
    );
    expect(commenters.Responses).toBe(Number(sessions?.n));
    expect(commenters.Responses).toBeLessThan(everyone.Responses);
    expect(commenters.Value).not.toBe(everyone.Value);
  });
});
