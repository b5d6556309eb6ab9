import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ErrorCode,
  parseJsonObject,
  reportConfigSchema,
  reportSlug,
  type ReportDetail,
  type ReportListItem,
  type ReportOrders,
  type reportCreateSchema,
  type reportUpdateSchema,
} from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { isUniqueViolation } from '../../db/pg-errors.js';
import { reportWidgets, reports, roleReports } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../errors.js';
import { requireTenant, type Actor } from '../../core/actor.js';
import { firstRoleOf, reportVisibleTo } from './report-visibility.js';
import {
  checkedWidgetConfig,
  requireJsonObject,
  storedPosition,
  toReportWidgets,
  widgetConfigToStore,
} from '../widgets/index.js';
import { anyOf } from '../../db/any-of.js';

type ReportInput = z.output<typeof reportCreateSchema>;
type ReportUpdateInput = z.output<typeof reportUpdateSchema>;

type Deps = { db: Db };

const reportNameExists = (message = 'exists') =>
  badRequest(ErrorCode.ReportNameExists, [{ Path: 'Title', Message: message }]);

const invalid = (path: string, message: string) =>
  badRequest(ErrorCode.ModelNotValid, [{ Path: path, Message: message }]);

/** The slug a report is reached at: the one stored in its Config, else its title's. */
export function slugOf(title: string, configText: string): string {
  const slug = parseJsonObject(configText)?.slug;
  return typeof slug === 'string' && slug !== '' ? slug : reportSlug(title);
}

/**
 * The report's Config as stored: a JSON object valid for the report config keys (reports spec §3), with `slug`
 * always the title's (`reportSlug`) — a slug typed in the JSON tab is replaced, so the address the web derives
 * from the title after a save is the one the report answers to.
 */
function configToStore(title: string, configText: string): { config: string; slug: string } {
  const config = requireJsonObject(configText, 'Config');
  const checked = reportConfigSchema.safeParse(config);
  if (!checked.success) {
    throw badRequest(
      ErrorCode.ModelNotValid,
      checked.error.issues.map((issue) => ({
        Path: ['Config', ...issue.path.map(String)].join('.'),
        Message: issue.message,
      })),
    );
  }
  const slug = reportSlug(title);
  if (slug === '') throw invalid('Title', 'The title needs at least one letter or digit');
  return { config: JSON.stringify({ ...config, slug }), slug };
}

/**
 * Reports (reports spec §3, §5, §7): the caller's list, the editor's calls and the menu's order. Every read and
 * write sees only the reports of the caller's roles (404 otherwise); every write runs in one transaction, so a
 * refused one changes nothing.
 */
export function createReportService({ db }: Deps) {
  async function writing<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      // A title saved meanwhile by someone else: the unique index (tenant, lower(title)) refused it.
      if (isUniqueViolation(error)) throw reportNameExists();
      throw error;
    }
  }

  async function visibleReport(executor: Executor, actor: Actor, id: number, lock = false) {
    const query = executor
      .select({
        id: reports.id,
        title: reports.title,
        category: reports.category,
        config: reports.config,
        order: reports.order,
      })
      .from(reports)
      .where(and(eq(reports.id, id), reportVisibleTo(actor)));
    const [row] = await (lock ? query.for('update') : query);
    if (!row) throw notFound();
    return row;
  }

  /**
   * Titles are unique per tenant regardless of case (2500), and so are their slugs: 'NPS & Şube' and 'NPS y
   * Sube' would share an address. Reports the caller cannot see count too (the rule is the tenant's).
   */
  async function assertTitleFree(
    executor: Executor,
    tenantId: number,
    title: string,
    slug: string,
    exceptId?: number,
  ) {
    const others = await executor
      .select({ title: reports.title, config: reports.config })
      .from(reports)
      .where(
        and(eq(reports.tenantId, tenantId), exceptId === undefined ? undefined : ne(reports.id, exceptId)),
      );
    const lower = title.toLowerCase();
    if (others.some((other) => other.title.toLowerCase() === lower)) throw reportNameExists();
    if (others.some((other) => slugOf(other.title, other.config) === slug)) {
      throw reportNameExists(`Another report has the address "${slug}"`);
    }
  }

  async function detail(executor: Executor, actor: Actor, id: number): Promise<ReportDetail> {
    // Both reads at once (one round trip of waiting, not two); the widgets are returned only with a visible report.
    const [report, widgets] = await Promise.all([
      visibleReport(executor, actor, id),
      executor
        .select({
          id: reportWidgets.id,
          reportId: reportWidgets.reportId,
          widgetId: reportWidgets.widgetId,
          config: reportWidgets.config,
        })
        .from(reportWidgets)
        .where(eq(reportWidgets.reportId, id)),
    ]);
    return {
      Id: report.id,
      Title: report.title,
      Category: report.category,
      Config: report.config,
      Order: report.order,
      ReportWidgets: toReportWidgets(widgets),
    };
  }

  return {
    /** `GET /api/reports`: the caller's reports by Order, then title. */
    async list(actor: Actor): Promise<ReportListItem[]> {
      const rows = await db
        .select({
          id: reports.id,
          title: reports.title,
          category: reports.category,
          config: reports.config,
          order: reports.order,
          // Select fields are written unqualified by Drizzle: name the outer table in the subquery explicitly.
          widgetCount: sql<number>`(select count(*)::int from ${reportWidgets} w where w.report_id = ${reports}.id)`,
        })
        .from(reports)
        .where(reportVisibleTo(actor))
        .orderBy(asc(reports.order), sql`lower(${reports.title})`, asc(reports.id));
      return rows.map((row) => ({
        Id: row.id,
        Title: row.title,
        Category: row.category,
        Order: row.order,
        Slug: slugOf(row.title, row.config),
        ScopedData: parseJsonObject(row.config)?.scopedData === true,
        WidgetCount: row.widgetCount,
      }));
    },

    get: (actor: Actor, id: number) => detail(db, actor, id),

    /**
     * `POST /api/reporteditor`: the report goes last in the menu and is assigned to the saver's first role in
     * the same transaction (a saver without any role is refused, 3113: nobody could open the report).
     */
    async create(actor: Actor, input: ReportInput) {
      const tenantId = requireTenant(actor);
      const { config, slug } = configToStore(input.Title, input.Config);
      return writing(async (tx) => {
        await assertTitleFree(tx, tenantId, input.Title, slug);
        const roleId = await firstRoleOf(tx, actor);
        if (roleId === undefined) throw badRequest(ErrorCode.RestValidRoleRequired);
        const [last] = await tx
          .select({ order: sql<number | null>`max(${reports.order})` })
          .from(reports)
          .where(eq(reports.tenantId, tenantId));
        const [row] = await tx
          .insert(reports)
          .values({
            tenantId,
            title: input.Title,
            category: input.Category,
            config,
            order: (last?.order ?? -1) + 1,
            createdBy: actor.userId,
          })
          .returning({ id: reports.id, title: reports.title, config: reports.config });
        if (!row) throw new Error('report insert returned nothing');
        await tx.insert(roleReports).values({ tenantId, reportId: row.id, roleId, config: '{}' });
        return { Id: row.id, Title: row.title, Config: row.config };
      });
    },

    /**
     * `PUT /api/reporteditor/{id}`: title, category, config and — for a drag on the page — the Config of some of
     * its widgets (positions inside it). Answers the whole report.
     */
    async update(actor: Actor, id: number, input: ReportUpdateInput): Promise<ReportDetail> {
      const tenantId = requireTenant(actor);
      if (input.Id !== id) throw invalid('Id', 'The body Id must match the address');
      const { config, slug } = configToStore(input.Title, input.Config);
      const widgetInputs = input.ReportWidgets ?? [];
      const ids = widgetInputs.map((widget) => widget.Id);
      if (new Set(ids).size !== ids.length) throw invalid('ReportWidgets', 'A widget is listed twice');
      const widgetConfigs = widgetInputs.map((widget, index) => ({
        id: widget.Id,
        config: checkedWidgetConfig(widget.Config, `ReportWidgets.${index}.Config`),
      }));

      await writing(async (tx) => {
        await visibleReport(tx, actor, id, true);
        await assertTitleFree(tx, tenantId, input.Title, slug, id);
        await tx
          .update(reports)
          .set({ title: input.Title, category: input.Category, config, updatedAt: new Date() })
          .where(eq(reports.id, id));
        if (widgetConfigs.length === 0) return;
        const stored = await tx
          .select({ id: reportWidgets.id, config: reportWidgets.config })
          .from(reportWidgets)
          .where(and(eq(reportWidgets.reportId, id), anyOf(reportWidgets.id, ids)));
        const storedById = new Map(stored.map((row) => [row.id, row.config]));
        for (const widget of widgetConfigs) {
          const before = storedById.get(widget.id);
          if (before === undefined) {
            throw invalid('ReportWidgets', `Widget ${widget.id} is not on this report`);
          }
          const kept = () => storedPosition(before) ?? 0;
          await tx
            .update(reportWidgets)
            .set({ config: JSON.stringify(widgetConfigToStore(widget.config, kept)) })
            .where(eq(reportWidgets.id, widget.id));
        }
      });
      return detail(db, actor, id);
    },

    /** `DELETE /api/reporteditor/{id}`: its widgets and role assignments go with it. */
    async remove(actor: Actor, id: number): Promise<void> {
      requireTenant(actor);
      await writing(async (tx) => {
        await visibleReport(tx, actor, id, true);
        await tx.delete(reports).where(eq(reports.id, id));
      });
    },

    /**
     * `PUT /api/reporteditor/changeReportOrders`: the menu's order after a drag, a report possibly moved to
     * another group (Category). Every report named must be one the caller sees (else 404, nothing changes).
     */
    async changeOrders(actor: Actor, orders: ReportOrders): Promise<void> {
      requireTenant(actor);
      const ids = orders.map((order) => order.Id);
      if (new Set(ids).size !== ids.length) throw invalid('', 'A report is listed twice');
      await writing(async (tx) => {
        const visible = await tx
          .select({ id: reports.id })
          .from(reports)
          .where(and(anyOf(reports.id, ids), reportVisibleTo(actor)))
          .for('update');
        if (visible.length !== ids.length) throw notFound();
        for (const order of orders) {
          await tx
            .update(reports)
            .set({
              order: order.Order,
              ...(order.Category === undefined ? {} : { category: order.Category }),
              updatedAt: new Date(),
            })
            .where(eq(reports.id, order.Id));
        }
      });
    },
  };
}
