import type { Funnel } from '@loupe/contracts';
import {
  compileFilter,
  type CompiledFilter,
  type DataRestrictions,
  type TreeLevels,
} from '../../analytics/filter-compiler.js';
import type { AnalyticsReplica } from '../../analytics/replica.js';
import type { ReplicaParam } from '../../analytics/replica-types.js';

/*
 * The survey statistics' queries on the analytics replica (docs/surveys-statistics.md). Who counts:
 * - the invitations invited in the range (caller's calendar days at its offset), with their sent, delivered and
 *   opened times set or not;
 * - the sessions started from those invitations, wherever their own start falls (a cohort: an invitation of the
 *   31st answered on the 1st counts with the 31st), plus the sessions without an invitation (link, touchpoint,
 *   API, import) created in the range, under channel 0;
 * - every row within the caller's tenant and data restrictions (channels, products, employees), applied by the one
 *   filter compiler to both tables.
 */

/** The channel of the sessions that did not start from an invitation. */
const NO_INVITATION_CHANNEL = 0;

export type StatisticsPeriod = 'day' | 'week' | 'month';

export type StatisticsScope = {
  tenantId: number;
  restrictions: DataRestrictions;
  levels: TreeLevels;
  surveyIds: readonly number[];
  /** The range's first instant (inclusive) and the instant after its last day (exclusive). */
  start: Date;
  end: Date;
  /** The caller's offset as `Date#getTimezoneOffset()` gives it: UTC minus local time, in minutes. */
  offset: number;
  period: StatisticsPeriod;
};

type Query = { sql: string; params: ReplicaParam[] };

// The caller's restriction on a replica table aliased `alias`: tenant, channels, products, employees.
function restriction(scope: StatisticsScope, alias: string): CompiledFilter {
  return compileFilter({
    tenantId: scope.tenantId,
    table: 'sessions',
    restrictions: scope.restrictions,
    levels: scope.levels,
    alias,
  });
}

// A period's first day of an instant at the caller's offset (ISO weeks start on Monday), as a timestamp: the
// local day comes from epoch arithmetic, and the `YYYY-MM-DD` key is formatted once per group (funnelCounts).
// Casting every row's TIMESTAMPTZ to a local TIMESTAMP and formatting it took about 0.75 s of the 1.1 s the
// statistics of 1.7M invitations took at 1M answered sessions (issue 25, bench/RESULTS.md "New screens").
const periodOf = (column: string, period: StatisticsPeriod) =>
  `date_trunc('${period}', DATE '1970-01-01' + CAST((epoch_ms(${column}) - ?::INTEGER * 60000) // 86400000 AS INTEGER))`;

/** The surveys and the range's instants, as the cohort's CTEs bind them. */
const rangeOf = (scope: StatisticsScope): ReplicaParam[] => [[...scope.surveyIds], scope.start, scope.end];

/** The cohort's invitations as the CTE `inv`, with the funnel flags, survey_id, channel and period. */
function cohortInvitations(scope: StatisticsScope): Query {
  const v = restriction(scope, 'v');
  const sql = `inv AS (
  SELECT v.invitation_id, v.survey_id, v.invitation_channel AS channel, ${periodOf('v.invited_at', scope.period)} AS period,
    (v.sent_at IS NOT NULL)::INTEGER AS sent, (v.delivered_at IS NOT NULL)::INTEGER AS delivered,
    (v.opened_at IS NOT NULL)::INTEGER AS opened
  FROM invitations v
  WHERE ${v.where} AND v.survey_id = ANY(?::INTEGER[]) AND v.invited_at >= ? AND v.invited_at < ?
)`;
  return { sql, params: [scope.offset, ...(v.params as ReplicaParam[]), ...rangeOf(scope)] };
}

/**
 * The cohort's sessions as the CTE `ses`: those of the invitations (by their invitation's invited time) and the
 * uninvited ones created in the range, with survey_id, channel and period. A session carries its invitation's
 * invited time and channel (and the same invitee, so the same restriction applies to both), so `ses` reads the
 * sessions alone instead of joining them to `inv`: the median and the per-question counts never read the
 * invitations, and the funnel no longer joins 1.7M invitations to 1M sessions at 1M answered sessions
 * (bench/RESULTS.md).
 */
function cohortSessions(scope: StatisticsScope): Query {
  const s = restriction(scope, 's');
  const u = restriction(scope, 'u');
  const sql = `ses AS (
  SELECT s.session_id, s.survey_id, s.invitation_channel AS channel, ${periodOf('s.invited_at', scope.period)} AS period,
    s.completion, s.created_at, s.answered_at
  FROM sessions s
  WHERE ${s.where} AND s.invitation_id IS NOT NULL AND s.survey_id = ANY(?::INTEGER[])
    AND s.invited_at >= ? AND s.invited_at < ?
  UNION ALL
  SELECT u.session_id, u.survey_id, ${NO_INVITATION_CHANNEL} AS channel, ${periodOf('u.created_at', scope.period)} AS period,
    u.completion, u.created_at, u.answered_at
  FROM sessions u
  WHERE ${u.where} AND u.invitation_id IS NULL AND u.survey_id = ANY(?::INTEGER[])
    AND u.created_at >= ? AND u.created_at < ?
)`;
  return {
    sql,
    params: [
      scope.offset,
      ...(s.params as ReplicaParam[]),
      ...rangeOf(scope),
      scope.offset,
      ...(u.params as ReplicaParam[]),
      ...rangeOf(scope),
    ],
  };
}

/** One row of the funnel's counts by survey, by channel, by period and in total (GROUPING SETS). */
type FunnelRow = {
  survey_id: number | null;
  channel: number | null;
  period: string | null;
  by_survey: number;
  by_channel: number;
  by_period: number;
  invited: number;
  sent: number;
  delivered: number;
  opened: number;
  invited_started: number;
  started: number;
  completed: number;
};

type FunnelCounts = {
  total: Funnel;
  bySurvey: Map<number, Funnel>;
  byChannel: (Funnel & { Channel: number })[];
  overTime: (Funnel & { Period: string })[];
};

export const EMPTY_FUNNEL: Funnel = funnelOf(undefined);

function funnelOf(row: FunnelRow | undefined): Funnel {
  const n = (value: number | undefined) => Number(value ?? 0);
  const invited = n(row?.invited);
  const started = n(row?.started);
  const completed = n(row?.completed);
  return {
    Invited: invited,
    Sent: n(row?.sent),
    Delivered: n(row?.delivered),
    Opened: n(row?.opened),
    Started: started,
    Completed: completed,
    // The invitations' own response: the sessions of the invitations ÷ the invitations (uninvited sessions have
    // no invitation to respond to).
    ResponseRate: invited > 0 ? n(row?.invited_started) / invited : null,
    CompletionRate: started > 0 ? completed / started : null,
  };
}

/** The funnel in total, per survey, per interaction channel and per period. */
export async function funnelCounts(replica: AnalyticsReplica, scope: StatisticsScope): Promise<FunnelCounts> {
  const invitations = cohortInvitations(scope);
  const sessions = cohortSessions(scope);
  const sql = `${invitations.sql},\n${sessions.sql}`;
  const params = [...invitations.params, ...sessions.params];
  const rows = await replica.query<FunnelRow>(
    `WITH ${sql},
rows AS (
  SELECT survey_id, channel, period AS period_start, 1 AS invited, sent, delivered, opened, 0 AS invited_started, 0 AS started,
    0 AS completed
  FROM inv
  UNION ALL
  SELECT survey_id, channel, period, 0, 0, 0, 0, (channel <> ${NO_INVITATION_CHANNEL})::INTEGER, 1,
    (completion = 1)::INTEGER
  FROM ses
)
SELECT survey_id, channel, strftime(period_start, '%Y-%m-%d') AS period,
  grouping(survey_id) = 0 AS by_survey, grouping(channel) = 0 AS by_channel,
  grouping(period_start) = 0 AS by_period,
  sum(invited)::INTEGER AS invited, sum(sent)::INTEGER AS sent, sum(delivered)::INTEGER AS delivered,
  sum(opened)::INTEGER AS opened, sum(invited_started)::INTEGER AS invited_started,
  sum(started)::INTEGER AS started, sum(completed)::INTEGER AS completed
FROM rows
GROUP BY GROUPING SETS ((survey_id), (channel), (period_start), ())`,
    params,
  );
  const bySurvey = new Map<number, Funnel>();
  const byChannel: FunnelCounts['byChannel'] = [];
  const overTime: FunnelCounts['overTime'] = [];
  let total = EMPTY_FUNNEL;
  for (const row of rows) {
    if (row.by_survey) bySurvey.set(Number(row.survey_id), funnelOf(row));
    else if (row.by_channel) byChannel.push({ Channel: Number(row.channel), ...funnelOf(row) });
    else if (row.by_period) overTime.push({ Period: String(row.period), ...funnelOf(row) });
    else total = funnelOf(row);
  }
  byChannel.sort((a, b) => a.Channel - b.Channel);
  overTime.sort((a, b) => a.Period.localeCompare(b.Period));
  return { total, bySurvey, byChannel, overTime };
}

/** Seconds from start to completion, the median over the cohort's completed sessions; null without one. */
export async function medianCompletionSeconds(
  replica: AnalyticsReplica,
  scope: StatisticsScope,
): Promise<number | null> {
  const { sql, params } = cohortSessions(scope);
  const [row] = await replica.query<{ median: number | null }>(
    `WITH ${sql}
SELECT median(epoch(answered_at) - epoch(created_at)) AS median
FROM ses WHERE completion = 1 AND answered_at IS NOT NULL`,
    params,
  );
  return row?.median === null || row?.median === undefined ? null : Number(row.median);
}

type QuestionCounts = {
  answered: Map<number, number>;
  dropOff: Map<number, number>;
  /** Per question, per choice value: how often it was chosen. */
  distribution: Map<number, Map<number, number>>;
};

/**
 * Per question of the cohort's sessions: the sessions that answered it, the choices' counts, and the drop-off
 * (started-not-completed sessions whose last answered question, in the survey's order `questionIds`, is it).
 */
export async function questionCounts(
  replica: AnalyticsReplica,
  scope: StatisticsScope,
  questionIds: readonly number[],
): Promise<QuestionCounts> {
  const { sql, params } = cohortSessions(scope);
  const rows = await replica.query<{
    kind: 'answered' | 'choice' | 'drop';
    question_id: number;
    choice_value: number | null;
    count: number;
  }>(
    `WITH ${sql},
q AS (SELECT unnest(?::INTEGER[]) AS question_id, generate_subscripts(?::INTEGER[], 1) AS ord),
a AS (
  SELECT a.session_id, a.question_id, a.choice_value, a.first_of_question, ses.completion
  FROM answers a JOIN ses ON ses.session_id = a.session_id
  WHERE a.tenant_id = ? AND a.survey_id = ANY(?::INTEGER[]) AND a.question_id = ANY(?::INTEGER[])
)
SELECT 'answered' AS kind, question_id, NULL::INTEGER AS choice_value,
  count(*) FILTER (WHERE first_of_question)::INTEGER AS count
FROM a GROUP BY question_id
UNION ALL
SELECT 'choice', question_id, choice_value, count(*)::INTEGER FROM a
WHERE choice_value IS NOT NULL GROUP BY question_id, choice_value
UNION ALL
SELECT 'drop', question_id, NULL, count(*)::INTEGER FROM (
  SELECT arg_max(a.question_id, q.ord) AS question_id
  FROM a JOIN q ON q.question_id = a.question_id
  WHERE a.completion <> 1
  GROUP BY a.session_id
) GROUP BY question_id`,
    [...params, [...questionIds], [...questionIds], scope.tenantId, [...scope.surveyIds], [...questionIds]],
  );
  const counts: QuestionCounts = { answered: new Map(), dropOff: new Map(), distribution: new Map() };
  for (const row of rows) {
    const id = Number(row.question_id);
    if (row.kind === 'answered') counts.answered.set(id, Number(row.count));
    else if (row.kind === 'drop') counts.dropOff.set(id, Number(row.count));
    else {
      const values = counts.distribution.get(id) ?? new Map<number, number>();
      values.set(Number(row.choice_value), Number(row.count));
      counts.distribution.set(id, values);
    }
  }
  return counts;
}
