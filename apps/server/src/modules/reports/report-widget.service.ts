import { and, count, eq } from 'drizzle-orm';
import { ErrorCode, REPORT_MAX_WIDGETS, type ReportWidget, type ReportWidgetSave } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { reportWidgets, reports } from '../../db/schema/index.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import type { GridListSource } from '../../grid/grid-routes.js';
import { requireTenant, type Actor } from '../../core/actor.js';
import { countOf } from '../../core/queries.js';
import { pageOf } from '../../grid/grid-queries.js';
import {
  catalogueWidget,
  checkedWidgetConfig,
  storedPosition,
  toReportWidgets,
  widgetConfigToStore,
} from '../widgets/index.js';
import { reportVisibleTo, visibleReportIds } from './report-visibility.js';
import { anyOf } from '../../db/any-of.js';

type Deps = { db: Db };

const widgetColumns = {
  id: reportWidgets.id,
  reportId: reportWidgets.reportId,
  widgetId: reportWidgets.widgetId,
  config: reportWidgets.config,
};

/**
 * `GET /api/reportWidgets?$filter=Id eq 5` (the widget dialog's edit load): widgets of the reports the caller
 * sees, sizes clamped on load.
 */
export function createReportWidgetGridSource(db: Db): GridListSource<ReportWidget> {
  return {
    fields: {
      Id: { sql: reportWidgets.id, type: 'number' },
      ReportId: { sql: reportWidgets.reportId, type: 'number' },
      WidgetId: { sql: reportWidgets.widgetId, type: 'number' },
    },
    defaultOrder: 'Id asc',
    scope: (request) => anyOf(reportWidgets.reportId, visibleReportIds(request.actor)),
    async rows(page) {
      const rows = await pageOf(db.select(widgetColumns).from(reportWidgets).$dynamic(), page);
      // Keep the grid's order ($orderby), only clamp each Config.
      return rows.map((row) => toReportWidgets([row])[0]!);
    },
    count: (where) => countOf(db.select({ n: count() }).from(reportWidgets).where(where)),
  };
}

/**
 * Widgets on a report (reports spec §4, §5, §7, §9): at most 10 per report (2501), width clamped to 2..6 and
 * height 2 on every save, a new widget placed after the last one. A widget is reached only through a report the
 * caller sees (else 404); every write runs in one transaction.
 */
export function createReportWidgetService({ db }: Deps) {
  /** The report, locked for the transaction: two adds at once cannot both take the 10th place. */
  async function lockVisibleReport(tx: Executor, actor: Actor, reportId: number): Promise<void> {
    const [row] = await tx
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.id, reportId), reportVisibleTo(actor)))
      .for('update');
    if (!row) throw notFound();
  }

  async function visibleWidget(tx: Executor, actor: Actor, id: number) {
    const [row] = await tx
      .select(widgetColumns)
      .from(reportWidgets)
      .where(and(eq(reportWidgets.id, id), anyOf(reportWidgets.reportId, visibleReportIds(actor))));
    if (!row) throw notFound();
    return row;
  }

  const toWidget = (row: { id: number; reportId: number; widgetId: number; config: string }) =>
    toReportWidgets([row])[0]!;

  /**
   * The catalogue widget a report widget names must be in the caller's catalogue (400, 2506); a new one must not
   * be locked (403, 2507: disabled, or an AI widget while the AI module is off). A placed widget stays editable
   * after its entry is locked.
   */
  async function checkCatalogueWidget(tx: Executor, actor: Actor, widgetId: number, adding: boolean) {
    const widget = await catalogueWidget(tx, actor, widgetId);
    if (!widget) {
      throw badRequest(ErrorCode.WidgetNotInCatalogue, [
        { Path: 'WidgetId', Message: 'The widget is not in the catalogue' },
      ]);
    }
    if (adding && widget.IsLocked) {
      throw new AppError(403, ErrorCode.WidgetLocked, [
        { Path: 'WidgetId', Message: 'The widget is locked' },
      ]);
    }
  }

  return {
    /**
     * `POST /api/reportWidgets`: the 11th widget of a report is refused (400, 2501), so is a widget outside the
     * caller's catalogue (400, 2506) or a locked one (403, 2507), and a Config that is not a valid widget Config
     * (400, 2505 naming the field, e.g. `Config.dataFilters.TimeColumn`).
     */
    async add(actor: Actor, input: ReportWidgetSave): Promise<ReportWidget> {
      const tenantId = requireTenant(actor);
      const config = checkedWidgetConfig(input.Config, 'Config');
      return db.transaction(async (tx) => {
        await lockVisibleReport(tx, actor, input.ReportId);
        await checkCatalogueWidget(tx, actor, input.WidgetId, true);
        const siblings = await tx
          .select({ config: reportWidgets.config })
          .from(reportWidgets)
          .where(eq(reportWidgets.reportId, input.ReportId));
        if (siblings.length >= REPORT_MAX_WIDGETS) {
          throw badRequest(ErrorCode.ReportWidgetLimit, [
            { Path: 'ReportId', Message: `A report holds at most ${REPORT_MAX_WIDGETS} widgets` },
          ]);
        }
        const nextPosition = () => Math.max(0, ...siblings.map((row) => storedPosition(row.config) ?? 0)) + 1;
        const [row] = await tx
          .insert(reportWidgets)
          .values({
            tenantId,
            reportId: input.ReportId,
            widgetId: input.WidgetId,
            config: JSON.stringify(widgetConfigToStore(config, nextPosition)),
          })
          .returning(widgetColumns);
        if (!row) throw new Error('report widget insert returned nothing');
        return toWidget(row);
      });
    },

    /**
     * `PUT /api/reportWidgets/{id}`: a new Config; the widget stays on its report and keeps its catalogue widget
     * (the dialog locks both when editing), so another ReportId or WidgetId is refused (3333), and one no longer
     * in the caller's catalogue too (2506). Without a position in the Config the widget keeps its place.
     */
    async update(actor: Actor, id: number, input: ReportWidgetSave): Promise<ReportWidget> {
      requireTenant(actor);
      const config = checkedWidgetConfig(input.Config, 'Config');
      return db.transaction(async (tx) => {
        const widget = await visibleWidget(tx, actor, id);
        if (input.ReportId !== widget.reportId) {
          throw badRequest(ErrorCode.ModelNotValid, [
            { Path: 'ReportId', Message: 'A widget cannot move to another report' },
          ]);
        }
        if (input.WidgetId !== widget.widgetId) {
          throw badRequest(ErrorCode.ModelNotValid, [
            { Path: 'WidgetId', Message: 'The widget of a placed widget cannot change' },
          ]);
        }
        await checkCatalogueWidget(tx, actor, input.WidgetId, false);
        const kept = () => storedPosition(widget.config) ?? 0;
        const [row] = await tx
          .update(reportWidgets)
          .set({ config: JSON.stringify(widgetConfigToStore(config, kept)) })
          .where(eq(reportWidgets.id, id))
          .returning(widgetColumns);
        if (!row) throw notFound();
        return toWidget(row);
      });
    },

    /** `DELETE /api/reportWidgets/{id}`. */
    async remove(actor: Actor, id: number): Promise<void> {
      requireTenant(actor);
      await db.transaction(async (tx) => {
        await visibleWidget(tx, actor, id);
        await tx.delete(reportWidgets).where(eq(reportWidgets.id, id));
      });
    },
  };
}
