import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  CATI_LIMITS,
  CatiOutcome,
  ErrorCode,
  type CatiStatistics,
  type catiStatisticsQuerySchema,
} from '@loupe/contracts';
import { requireTenant, type Actor } from '../../core/actor.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows-of.js';
import { badRequest } from '../../errors.js';

/*
 * The call statistics (issue 22 item 8, docs/cati.md "Statistics"): the calls STARTED in [From, To), per agent and
 * in total — ended calls, completes, completion rate, mean duration, outcomes — and the callbacks each agent set
 * whose time fell in [From, To) and has passed (due), with those called back at most `callbackGraceMinutes` after
 * their time by anyone (kept); calls and completes per UTC day.
 */

const DAY_MS = 86_400_000;
type Query = z.output<typeof catiStatisticsQuerySchema>;

type Sums = {
  calls: number;
  completes: number;
  seconds: number;
  outcomes: Record<number, number>;
  callbacksDue: number;
  callbacksKept: number;
};

const emptySums = (): Sums => ({
  calls: 0,
  completes: 0,
  seconds: 0,
  outcomes: {},
  callbacksDue: 0,
  callbacksKept: 0,
});

function figuresOf(sums: Sums) {
  const count = (outcome: number) => sums.outcomes[outcome] ?? 0;
  return {
    Calls: sums.calls,
    Completes: sums.completes,
    CompletionRate: sums.calls === 0 ? null : sums.completes / sums.calls,
    MeanDurationSeconds: sums.calls === 0 ? null : sums.seconds / sums.calls,
    Outcomes: {
      Completed: count(CatiOutcome.Completed),
      Callback: count(CatiOutcome.Callback),
      NoAnswer: count(CatiOutcome.NoAnswer),
      Busy: count(CatiOutcome.Busy),
      WrongNumber: count(CatiOutcome.WrongNumber),
      Refused: count(CatiOutcome.Refused),
    },
    CallbacksDue: sums.callbacksDue,
    CallbacksKept: sums.callbacksKept,
  };
}

/** [From, To): To defaults to now, From to 7 days before To; 400 19308 unless From < To and ≤ 366 days apart. */
function periodOf(query: Query, now: Date): { from: Date; to: Date } {
  const to = query.To ? new Date(query.To) : now;
  const from = query.From ? new Date(query.From) : new Date(to.getTime() - 7 * DAY_MS);
  if (
    from.getTime() >= to.getTime() ||
    to.getTime() - from.getTime() > CATI_LIMITS.statisticsDaysMax * DAY_MS
  )
    throw badRequest(ErrorCode.CatiStatisticsRange);
  return { from, to };
}

export async function catiStatistics(
  db: Db,
  actor: Actor,
  query: Query,
  now: Date = new Date(),
): Promise<CatiStatistics> {
  const tenantId = requireTenant(actor);
  const { from, to } = periodOf(query, now);
  const t = (value: Date) => sql`${value.toISOString()}::timestamptz`;
  const agent =
    query.AgentUserId === undefined ? sql`` : sql`AND k.agent_user_id = ${query.AgentUserId}::integer`;
  const graceMinutes = CATI_LIMITS.callbackGraceMinutes;

  const calls = await rowsOf<{
    agent_user_id: number;
    outcome: number;
    calls: number;
    seconds: number;
  }>(
    db,
    sql`SELECT k.agent_user_id, k.outcome, count(*)::int AS calls,
          coalesce(sum(extract(epoch FROM k.ended_at - k.started_at)), 0)::float8 AS seconds
        FROM cati_calls k
        WHERE k.tenant_id = ${tenantId}::integer AND k.ended_at IS NOT NULL
          AND k.started_at >= ${t(from)} AND k.started_at < ${t(to)} ${agent}
        GROUP BY k.agent_user_id, k.outcome`,
  );
  const callbacks = await rowsOf<{ agent_user_id: number; due: number; kept: number }>(
    db,
    sql`SELECT k.agent_user_id, count(*)::int AS due,
          count(*) FILTER (WHERE EXISTS (SELECT 1 FROM cati_calls b WHERE b.tenant_id = k.tenant_id
            AND b.invitation_id = k.invitation_id AND b.id <> k.id AND b.started_at >= k.ended_at
            AND b.started_at <= k.callback_at + make_interval(mins => ${graceMinutes}::integer)))::int AS kept
        FROM cati_calls k
        WHERE k.tenant_id = ${tenantId}::integer AND k.outcome = ${CatiOutcome.Callback}
          AND k.callback_at >= ${t(from)} AND k.callback_at < ${t(to)} AND k.callback_at <= ${t(now)} ${agent}
        GROUP BY k.agent_user_id`,
  );
  const days = await rowsOf<{ day: string; calls: number; completes: number }>(
    db,
    sql`SELECT to_char(k.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS calls,
          count(*) FILTER (WHERE k.outcome = ${CatiOutcome.Completed})::int AS completes
        FROM cati_calls k
        WHERE k.tenant_id = ${tenantId}::integer AND k.ended_at IS NOT NULL
          AND k.started_at >= ${t(from)} AND k.started_at < ${t(to)} ${agent}
        GROUP BY 1`,
  );

  const perAgent = new Map<number, Sums>();
  const sumsOf = (agentId: number) => {
    let sums = perAgent.get(agentId);
    if (!sums) perAgent.set(agentId, (sums = emptySums()));
    return sums;
  };
  const totals = emptySums();
  for (const row of calls) {
    for (const sums of [sumsOf(row.agent_user_id), totals]) {
      sums.calls += row.calls;
      sums.seconds += Number(row.seconds);
      sums.outcomes[row.outcome] = (sums.outcomes[row.outcome] ?? 0) + row.calls;
      if (row.outcome === CatiOutcome.Completed) sums.completes += row.calls;
    }
  }
  for (const row of callbacks) {
    for (const sums of [sumsOf(row.agent_user_id), totals]) {
      sums.callbacksDue += row.due;
      sums.callbacksKept += row.kept;
    }
  }

  const ids = [...perAgent.keys()];
  const names =
    ids.length === 0
      ? []
      : await rowsOf<{ id: number; full_name: string }>(
          db,
          sql`SELECT id, full_name FROM users WHERE id = ANY(${sql.param(ids)}::integer[])`,
        );
  const nameOf = new Map(names.map((row) => [row.id, row.full_name]));
  const Agents = ids
    .map((id) => ({
      AgentUserId: id,
      AgentName: nameOf.get(id) ?? String(id),
      ...figuresOf(perAgent.get(id)!),
    }))
    .sort((a, b) => a.AgentName.localeCompare(b.AgentName) || a.AgentUserId - b.AgentUserId);

  const byDay = new Map(days.map((row) => [row.day, row]));
  const Days: CatiStatistics['Days'] = [];
  for (let day = Math.floor(from.getTime() / DAY_MS) * DAY_MS; day < to.getTime(); day += DAY_MS) {
    const key = new Date(day).toISOString().slice(0, 10);
    const row = byDay.get(key);
    Days.push({ Day: key, Calls: row?.calls ?? 0, Completes: row?.completes ?? 0 });
  }

  return { From: from.toISOString(), To: to.toISOString(), Agents, Totals: figuresOf(totals), Days };
}
