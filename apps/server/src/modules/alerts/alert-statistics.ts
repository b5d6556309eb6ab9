import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  alertRuleParamsSchema,
  alertRuleStatisticsQuerySchema,
  alertRuleStatisticsSchema,
  alertRulesStatisticsSchema,
  type Scope,
} from '@loupe/contracts';
import { requireTenant } from '../../core/actor.js';
import { found, invalidField } from '../../core/refusals.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows-of.js';

/*
 * Alert rule statistics (docs/alerts.md "Alerts, states, mails and statistics"): per rule and period (day, ISO
 * week, month; tenant-local), the alerts created in the period and, of those, how many are open, closed and
 * overdue now, and the median hours to the first response and to close. Aggregates of the whole tenant: for
 * alert:manage and alert:readall (alert:read sees only its own alerts, so not these figures).
 */

const ACCESS: [Scope, ...Scope[]] = ['alert:manage', 'alert:readall'];
/** The most periods one answer covers (a year and a month of days). */
const MAX_PERIODS = 400;

type Period = 'day' | 'week' | 'month';
const LABEL: Record<Period, string> = { day: 'YYYY-MM-DD', week: 'IYYY-"W"IW', month: 'YYYY-MM' };

type Figures = {
  Created: number;
  Open: number;
  Closed: number;
  Overdue: number;
  MedianHoursToFirstResponse: number | null;
  MedianHoursToClose: number | null;
};

const FIGURES = sql`
  count(a.id)::integer AS "Created",
  (count(a.id) FILTER (WHERE a.status <> 6))::integer AS "Open",
  (count(a.id) FILTER (WHERE a.status = 6))::integer AS "Closed",
  (count(a.id) FILTER (WHERE a.status <> 6 AND a.due_at < now()))::integer AS "Overdue",
  percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM a.first_response_at - a.created_at) / 3600)
    FILTER (WHERE a.first_response_at IS NOT NULL) AS "MedianHoursToFirstResponse",
  percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM a.closed_at - a.created_at) / 3600)
    FILTER (WHERE a.status = 6 AND a.closed_at IS NOT NULL) AS "MedianHoursToClose"`;

const figuresOf = <T extends Figures>(row: T): T => ({
  ...row,
  MedianHoursToFirstResponse: roundOf(row.MedianHoursToFirstResponse),
  MedianHoursToClose: roundOf(row.MedianHoursToClose),
});
const roundOf = (value: number | string | null) =>
  value === null ? null : Math.round(Number(value) * 100) / 100;

type Range = { period: Period; from: string; to: string; zone: string };

/** The range asked for, or the last 12 periods up to today (tenant-local); From is moved to its period's start. */
async function rangeOf(
  db: Db,
  tenantId: number,
  query: { period: Period; from?: string | undefined; to?: string | undefined },
): Promise<Range> {
  const { period } = query;
  const [row] = await rowsOf<{ zone: string; from: string; to: string; periods: number }>(
    db,
    sql`WITH t AS (SELECT time_zone AS zone, (now() AT TIME ZONE time_zone)::date AS today FROM tenants WHERE id = ${tenantId}),
        r AS (SELECT zone,
          coalesce(${query.to ?? null}::date, today) AS to_day,
          date_trunc(${period}, coalesce(${query.from ?? null}::date,
            (date_trunc(${period}, coalesce(${query.to ?? null}::date, today)) - ${`11 ${period}`}::interval)::date))::date AS from_day
          FROM t)
        SELECT zone, to_char(from_day, 'YYYY-MM-DD') AS "from", to_char(to_day, 'YYYY-MM-DD') AS "to",
          (SELECT count(*) FROM generate_series(from_day, to_day, ${`1 ${period}`}::interval))::integer AS periods
        FROM r`,
  );
  const range = found(row);
  if (range.from > range.to) throw invalidField('querystring/from', 'Must not be after to');
  if (range.periods > MAX_PERIODS) throw invalidField('querystring/from', `At most ${MAX_PERIODS} periods`);
  return { period, from: range.from, to: range.to, zone: range.zone };
}

/** Alerts of the tenant created in the range (tenant-local days, both ends included), of one rule or all. */
const inRange = (tenantId: number, range: Range, ruleId: number | null): SQL => sql`
  a.tenant_id = ${tenantId}
  AND a.created_at >= (${range.from}::date::timestamp AT TIME ZONE ${range.zone})
  AND a.created_at < ((${range.to}::date + 1)::timestamp AT TIME ZONE ${range.zone})
  ${ruleId === null ? sql`` : sql`AND a.rule_id = ${ruleId}`}`;

/** One point per period of the range, periods without alerts included (zeros). */
async function trendOf(db: Db, tenantId: number, range: Range, ruleId: number | null) {
  const rows = await rowsOf<Figures & { Period: string }>(
    db,
    sql`WITH p AS (SELECT generate_series(${range.from}::date::timestamp, ${range.to}::date::timestamp,
                     ${`1 ${range.period}`}::interval) AS start)
        SELECT to_char(p.start, ${LABEL[range.period]}) AS "Period", ${FIGURES}
        FROM p LEFT JOIN alerts a ON date_trunc(${range.period}, a.created_at AT TIME ZONE ${range.zone}) = p.start
          AND ${inRange(tenantId, range, ruleId)}
        GROUP BY p.start ORDER BY p.start`,
  );
  return rows.map(figuresOf);
}

async function totalsOf(db: Db, tenantId: number, range: Range, ruleId: number | null) {
  const rows = await rowsOf<Figures & { RuleId: number; Title: string }>(
    db,
    sql`SELECT r.id AS "RuleId", r.title AS "Title", ${FIGURES}
        FROM alert_rules r LEFT JOIN alerts a ON a.rule_id = r.id AND ${inRange(tenantId, range, ruleId)}
        WHERE r.tenant_id = ${tenantId} ${ruleId === null ? sql`` : sql`AND r.id = ${ruleId}`}
        GROUP BY r.id, r.title ORDER BY r.title, r.id`,
  );
  return rows.map(figuresOf);
}

export function alertStatisticsRoutes(app: FastifyInstance, db: Db): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/alert-rules/:id/statistics',
    {
      config: { access: ACCESS },
      schema: {
        params: alertRuleParamsSchema,
        querystring: alertRuleStatisticsQuerySchema,
        response: { 200: alertRuleStatisticsSchema },
      },
    },
    async (request) => {
      const tenantId = requireTenant(request.actor);
      const ruleId = request.params.id;
      const range = await rangeOf(db, tenantId, request.query);
      const [totals] = await totalsOf(db, tenantId, range, ruleId);
      const { RuleId, Title, ...figures } = found(totals);
      return {
        RuleId,
        Title,
        Period: range.period,
        From: range.from,
        To: range.to,
        Totals: figures,
        Trend: await trendOf(db, tenantId, range, ruleId),
      };
    },
  );
  routes.get(
    '/api/alert-rule-statistics',
    {
      config: { access: ACCESS },
      schema: { querystring: alertRuleStatisticsQuerySchema, response: { 200: alertRulesStatisticsSchema } },
    },
    async (request) => {
      const tenantId = requireTenant(request.actor);
      const range = await rangeOf(db, tenantId, request.query);
      return {
        Period: range.period,
        From: range.from,
        To: range.to,
        Rules: await totalsOf(db, tenantId, range, null),
        Trend: await trendOf(db, tenantId, range, null),
      };
    },
  );
}
