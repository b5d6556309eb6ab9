import { and, eq, sql } from 'drizzle-orm';
import { DASHBOARD_CATEGORY, DEFAULT_MENU_GROUP, WIDGET_HEIGHT, reportSlug } from '@loupe/contracts';
import type { Db } from '../db/client.js';
import { reportWidgets, reports, roleReports, roles, topicModels } from '../db/schema/index.js';
import { SYSTEM_WIDGETS } from '../modules/widgets/widget-catalogue.data.js';
import { DEMO_USERS } from './demo-users.js';
import { anyOf } from '../db/any-of.js';
import { DEMO_TOPIC_MODEL_NAMES } from './demo-catalog.js';

/*
 * The Demo Bank's report pages (docs/reports.md "Demo reports"): a dashboard, two reports in the default menu
 * group and a scoped one in a named group, assigned to every demo role so that admin, manager, viewer and scoped
 * all see them. Widget ids are the demo's catalogue ids, which the widget catalogue (issue 7) defines. Every widget
 * gets what its kind requires (the text-analytics widgets the Turkish topic model: the demo's report pages are
 * Turkish, and so are the comments of the Turkish branches), so no demo widget asks for a setting.
 */

/** Demo catalogue widget ids and the widget kind each one stands for (reports spec §2, "widget kinds"). */
const DEMO_WIDGETS = {
  npsGauge: { id: 1, type: 'NpsGaugeChart' },
  npsTrend: { id: 2, type: 'TrendChart' },
  responseCard: { id: 3, type: 'Card' },
  channelPerformance: { id: 4, type: 'ChannelPerformanceChart' },
  commentsHighlight: { id: 5, type: 'CommentsHighlightChart' },
  sentimentBubble: { id: 6, type: 'TextAnalyticsBubbleChart2' },
  npsMap: { id: 7, type: 'NpsMap' },
  daysOfWeek: { id: 8, type: 'DaysOfWeekBubbleChart' },
} as const;
type DemoWidgetKey = keyof typeof DEMO_WIDGETS;

type DemoWidget = { widget: DemoWidgetKey; title: string; w: 2 | 3 | 4 | 6; dataFilters?: object };
type DemoReport = {
  title: string;
  category: string;
  config?: { scopedData?: boolean; hasAdvancedFilter?: boolean };
  widgets: DemoWidget[];
};

const BY_TRANSACTION = { TimeColumn: 'TransactionDateId' };
const BY_ANSWER = { TimeColumn: 'AnsweredDateId' };
/** The sessions with a comment: every comment is analysed, so its sentiment is one of the four. */
const COMMENTERS = { ...BY_TRANSACTION, SentimentFilter: [4, 2, 0, -1] };

export const DEMO_REPORTS: readonly DemoReport[] = [
  {
    title: 'Genel Bakış',
    category: DASHBOARD_CATEGORY,
    widgets: [
      { widget: 'npsGauge', title: 'NPS', w: 2 },
      { widget: 'responseCard', title: 'Yanıt Sayısı', w: 2 },
      { widget: 'sentimentBubble', title: 'Konu Duygu Dağılımı', w: 2, dataFilters: BY_ANSWER },
      {
        widget: 'npsTrend',
        title: 'Aylık NPS Trendi',
        w: 6,
        dataFilters: { ...BY_TRANSACTION, CategoryType: 'MM' },
      },
      { widget: 'npsMap', title: 'İllere Göre NPS', w: 6 },
    ],
  },
  {
    title: 'NPS Trendleri',
    category: DEFAULT_MENU_GROUP,
    config: { hasAdvancedFilter: true },
    widgets: [
      {
        widget: 'npsTrend',
        title: 'Haftalık NPS',
        w: 6,
        dataFilters: { ...BY_TRANSACTION, CategoryType: 'WW' },
      },
      { widget: 'npsGauge', title: 'Dönem NPS', w: 3 },
      { widget: 'responseCard', title: 'Yanıt Sayısı', w: 3 },
      { widget: 'daysOfWeek', title: 'Gün ve Saate Göre NPS', w: 6 },
    ],
  },
  {
    title: 'Müşteri Yorumları',
    category: DEFAULT_MENU_GROUP,
    widgets: [
      { widget: 'commentsHighlight', title: 'Öne Çıkan Yorumlar', w: 6, dataFilters: BY_ANSWER },
      { widget: 'sentimentBubble', title: 'Konular', w: 3, dataFilters: BY_ANSWER },
      { widget: 'npsGauge', title: 'Yorum Bırakanların NPS Değeri', w: 3, dataFilters: COMMENTERS },
    ],
  },
  {
    title: 'Bölge Karnesi',
    category: 'Şube Performansı',
    config: { scopedData: true },
    widgets: [
      { widget: 'npsGauge', title: 'Bölge NPS', w: 2 },
      { widget: 'responseCard', title: 'Yanıt Sayısı', w: 2 },
      {
        widget: 'npsTrend',
        title: 'Bölge NPS Trendi',
        w: 2,
        dataFilters: { ...BY_TRANSACTION, CategoryType: 'MM' },
      },
      {
        widget: 'channelPerformance',
        title: 'Şube Performansı',
        w: 6,
        dataFilters: { ...BY_TRANSACTION, ParentChannelLevel: 1, ChannelColumnLevel: 2 },
      },
    ],
  },
];

/** What the demo widgets take from the tenant's catalogue: the topic model of the text-analytics widgets. */
type DemoSettings = { topicModelId: number | null };

/**
 * A demo widget's Config JSON: the catalogue entry's default Config with the demo's title, size and filters, and
 * the topic model when the kind requires one.
 */
function widgetConfig(widget: DemoWidget, position: number, settings: DemoSettings): string {
  const { id, type } = DEMO_WIDGETS[widget.widget];
  const entry = SYSTEM_WIDGETS.find((candidate) => candidate.id === id);
  if (entry?.kind !== type) throw new Error(`catalogue widget ${id} is not a ${type}`);
  const defaults = entry.config as { dataFilters?: object; requiredFilters?: string[] };
  const needsModel = defaults.requiredFilters?.includes('TopicModelId') && settings.topicModelId !== null;
  return JSON.stringify({
    ...defaults,
    widgetTitle: widget.title,
    title: widget.title,
    size: { w: widget.w, h: WIDGET_HEIGHT },
    position,
    dataFilters: {
      ...defaults.dataFilters,
      ...(widget.dataFilters ?? BY_TRANSACTION),
      ...(needsModel ? { TopicModelId: settings.topicModelId } : {}),
    },
  });
}

/**
 * Creates the demo reports of a tenant that has no report yet, in one transaction, assigned to each demo role.
 * Returns how many reports it created (0 when the tenant already has reports: an administrator's changes stay).
 */
export async function ensureDemoReports(db: Db, tenantId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(reports)
      .where(eq(reports.tenantId, tenantId));
    if ((existing?.count ?? 0) > 0) return 0;
    const demoRoles = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(
        and(
          eq(roles.tenantId, tenantId),
          anyOf(
            roles.name,
            DEMO_USERS.map((user) => user.role),
          ),
        ),
      )
      .orderBy(roles.id);
    if (demoRoles.length === 0) return 0;
    // The demo catalogue's Turkish topic model (ensureDemoCatalog creates it before the reports).
    const [model] = await tx
      .select({ id: topicModels.id })
      .from(topicModels)
      .where(and(eq(topicModels.tenantId, tenantId), eq(topicModels.name, DEMO_TOPIC_MODEL_NAMES.tr)));
    const settings: DemoSettings = { topicModelId: model?.id ?? null };

    for (const [order, report] of DEMO_REPORTS.entries()) {
      const slug = reportSlug(report.title);
      const [row] = await tx
        .insert(reports)
        .values({
          tenantId,
          title: report.title,
          category: report.category,
          config: JSON.stringify({ ...report.config, slug }),
          order,
        })
        .returning({ id: reports.id });
      if (!row) throw new Error('demo report insert returned nothing');
      await tx.insert(reportWidgets).values(
        report.widgets.map((widget, index) => ({
          tenantId,
          reportId: row.id,
          widgetId: DEMO_WIDGETS[widget.widget].id,
          config: widgetConfig(widget, index + 1, settings),
        })),
      );
      await tx
        .insert(roleReports)
        .values(demoRoles.map((role) => ({ tenantId, reportId: row.id, roleId: role.id, config: '{}' })));
    }
    return DEMO_REPORTS.length;
  });
}
