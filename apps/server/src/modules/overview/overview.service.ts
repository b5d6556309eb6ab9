import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  AlertStatus,
  HIDDEN_FROM_FILTERS_SURVEY_TYPE,
  OVERVIEW_COUNTER_KEYS,
  OVERVIEW_COUNTER_SCOPES,
  RESPONSES_ANALYZER_SCOPES,
  WIZARD_STEPS,
  hasAnyScope,
  type Overview,
  type OverviewCounter,
  type OverviewCounterKey,
} from '@loupe/contracts';
import type { Actor } from '../../core/actor.js';
import type { ModuleDeps } from '../../core/deps.js';
import { alerts, importDataLogs, surveys, tenants } from '../../db/schema/index.js';
import { forbidden } from '../../errors.js';
import { alertsVisibleTo } from '../alerts/index.js';
import { loadWidgetQuery, whereOf } from '../widget-data/index.js';

/*
 * The home overview's counters (docs/overview.md). The period is the last `days` whole days of the tenant's time
 * zone, today included; the previous period the same number of days just before it.
 * - imports: import_data_logs created in the period (previous: in the previous period);
 * - answers: answered sessions of the analytics replica whose answered day falls in the period, within the
 *   caller's data restrictions, test users' sessions left out (as a report's figures);
 * - activeSurveys: the tenant's surveys that are active and past the wizard's last step (never type 7), now; no
 *   history of activation is kept, so there is no previous figure;
 * - openAlerts: the alerts the caller may see that are not Completed, now; previous: those created before the
 *   period and not closed by its start (an alert reopened since counts as open all along).
 */

const DAY_MS = 86_400_000;
const ACTIVE_STEP = WIZARD_STEPS.length;
const CLOSED = AlertStatus.Completed;

type Period = { from: string; to: string; previousFrom: string; previousTo: string; zone: string };
type Figure = { value: number; previous?: number };

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The change in percent, one decimal; null without a previous figure to compare with. */
function changeOf(value: number, previous: number | undefined): number | null {
  if (previous === undefined || previous === 0) return null;
  return Math.round(((value - previous) / previous) * 1000) / 10;
}

export function createOverviewService({ db, replica }: ModuleDeps) {
  async function periodOf(tenantId: number, days: number): Promise<Period> {
    const [row] = await db
      .select({
        today: sql<string>`to_char((now() AT TIME ZONE ${tenants.timeZone})::date, 'YYYY-MM-DD')`,
        zone: tenants.timeZone,
      })
      .from(tenants)
      .where(eq(tenants.id, tenantId));
    if (!row) throw forbidden();
    const today = Date.parse(`${row.today}T00:00:00Z`);
    return {
      from: isoDay(today - (days - 1) * DAY_MS),
      to: row.today,
      previousFrom: isoDay(today - (2 * days - 1) * DAY_MS),
      previousTo: isoDay(today - days * DAY_MS),
      zone: row.zone,
    };
  }

  /** The instant a tenant-local day starts (`plusDays` later). */
  const dayStart = (period: Period, day: string, plusDays = 0): SQL =>
    sql`((${day}::date + ${plusDays}::integer)::timestamp AT TIME ZONE ${period.zone})`;

  async function imports(tenantId: number, period: Period): Promise<Figure> {
    const created = importDataLogs.createdAt;
    const [start, end, previousStart] = [
      dayStart(period, period.from),
      dayStart(period, period.to, 1),
      dayStart(period, period.previousFrom),
    ];
    const [row] = await db
      .select({
        value: sql<number>`count(*) FILTER (WHERE ${created} >= ${start} AND ${created} < ${end})`,
        previous: sql<number>`count(*) FILTER (WHERE ${created} >= ${previousStart} AND ${created} < ${start})`,
      })
      .from(importDataLogs)
      .where(eq(importDataLogs.tenantId, tenantId));
    return { value: Number(row?.value ?? 0), previous: Number(row?.previous ?? 0) };
  }

  async function answers(actor: Actor, period: Period): Promise<Figure> {
    const query = await loadWidgetQuery(db, actor, {
      TimeRange: [period.from, period.to],
      DataFilters: { TimeColumn: 'AnsweredDateId' },
    });
    const countIn = async (which: 'current' | 'previous') => {
      const where = whereOf(query, 'sessions', { period: which })!;
      const [row] = await replica.query<{ n: number | bigint }>(
        `SELECT count(*) AS n FROM sessions WHERE ${where.where}`,
        where.params,
      );
      return Number(row?.n ?? 0);
    };
    const [value, previous] = await Promise.all([countIn('current'), countIn('previous')]);
    return { value, previous };
  }

  async function activeSurveys(tenantId: number): Promise<Figure> {
    const [row] = await db
      .select({ value: sql<number>`count(*)` })
      .from(surveys)
      .where(
        and(
          eq(surveys.tenantId, tenantId),
          eq(surveys.isActive, true),
          sql`${surveys.wizardStep} >= ${ACTIVE_STEP}`,
          ne(surveys.type, HIDDEN_FROM_FILTERS_SURVEY_TYPE),
        ),
      );
    return { value: Number(row?.value ?? 0) };
  }

  async function openAlerts(actor: Actor, period: Period): Promise<Figure> {
    const start = dayStart(period, period.from);
    const [row] = await db
      .select({
        value: sql<number>`count(*) FILTER (WHERE ${alerts.status} <> ${CLOSED})`,
        previous: sql<number>`count(*) FILTER (WHERE ${alerts.createdAt} < ${start}
          AND (${alerts.status} <> ${CLOSED} OR ${alerts.closedAt} IS NULL OR ${alerts.closedAt} >= ${start}))`,
      })
      .from(alerts)
      .where(alertsVisibleTo(actor));
    return { value: Number(row?.value ?? 0), previous: Number(row?.previous ?? 0) };
  }

  return {
    async read(actor: Actor, days: number): Promise<Overview> {
      // The overview is one tenant's figures: a tenantless operator has none.
      const tenantId = actor.tenantId;
      if (tenantId === null) throw forbidden();
      const period = await periodOf(tenantId, days);
      const shown = OVERVIEW_COUNTER_KEYS.filter((key) =>
        hasAnyScope(actor.scopes, OVERVIEW_COUNTER_SCOPES[key]),
      );
      const figureOf: Record<OverviewCounterKey, () => Promise<Figure>> = {
        imports: () => imports(tenantId, period),
        answers: () => answers(actor, period),
        activeSurveys: () => activeSurveys(tenantId),
        openAlerts: () => openAlerts(actor, period),
      };
      const figures = await Promise.all(shown.map((key) => figureOf[key]()));
      const Counters = shown.map((Key, i): OverviewCounter => {
        const { value, previous } = figures[i]!;
        return {
          Key,
          Value: value,
          ...(previous === undefined ? {} : { Previous: previous }),
          Change: changeOf(value, previous),
          Path: pathOf(Key, actor, period),
        };
      });
      return { Days: days, Counters };
    },
  };
}

/**
 * The screen each counter opens. answers: the responses analyzer on the counter's own sessions (its period on the
 * answered date) for a caller with an analyzer scope, else the dashboard, else the survey statistics.
 */
function pathOf(key: OverviewCounterKey, actor: Actor, period: Period): string {
  switch (key) {
    case 'imports':
      return 'import-data-logs';
    case 'answers':
      if (hasAnyScope(actor.scopes, RESPONSES_ANALYZER_SCOPES))
        return `responses-analyzer?from=${period.from}&to=${period.to}&timeColumn=AnsweredDateId`;
      return hasAnyScope(actor.scopes, ['report:read', 'report:manage']) ? 'dashboard' : 'surveys/statistics';
    case 'activeSurveys':
      return 'surveys';
    case 'openAlerts':
      return 'alerts';
  }
}
