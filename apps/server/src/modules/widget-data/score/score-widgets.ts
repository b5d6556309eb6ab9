import { and, asc, eq } from 'drizzle-orm';
import {
  ErrorCode,
  npsOf,
  type CardData,
  type GaugeData,
  type NpsGaugeData,
  type SegmentedGaugeData,
} from '@loupe/contracts';
import type { CompiledFilter } from '../../../analytics/filter-compiler.js';
import type { AnalyticsReplica } from '../../../analytics/replica.js';
import { segments, transactionChannels } from '../../../db/schema/index.js';
import { badRequest } from '../../../errors.js';
import type { ModuleDeps } from '../../../core/deps.js';
import type { Db } from '../../../db/client.js';
import {
  both,
  measuredFacts,
  measuredWhere,
  npsAggregates,
  npsCounts,
  sameClause,
  whereOf,
  type NpsCounts,
  type Period,
  type WidgetQuery,
} from '../shared/widget-query.js';
import { scoreHistogramGroups, type MeasureRow } from '../shared/score-histogram.js';
import {
  confidenceOf,
  minimumSampleSize,
  showsConfidence,
  type ConfidenceFields,
} from '../shared/confidence.js';
import { anyOf } from '../../../db/any-of.js';

/*
 * The score widgets' figures (docs/widgets-score.md): NPS gauge, score gauge, card and ranking card, NPS per
 * segment, weighted experience index. Every figure comes from the replica's `facts` through `whereOf` (the one
 * filter compiler: tenant, scoped data, report filter, TimeColumn); names come from PostgreSQL by id. A previous
 * period is read only when dataFilters.Deviate is on and the report has a TimeRange; otherwise the deviation
 * fields are null.
 */

type Replica = Pick<AnalyticsReplica, 'query'>;
/** A row of `npsAggregates`. */
type AggregateRow = Partial<Record<keyof NpsCounts, unknown>>;
/** A period's counts and the histogram row they come from (its sum of squares gives an average's interval). */
type Figures = NpsCounts & { row: MeasureRow | undefined };

export function createScoreWidgets({ db, replica }: ModuleDeps) {
  /** The measured facts' counts and average in one period; null when that period does not exist. */
  const measure = async (query: WidgetQuery, period: Period): Promise<Figures | null> => {
    const filter = measuredWhere(query, 'f', period);
    if (!filter) return null;
    const [row] = await scoreHistogramGroups(replica, {}, filter);
    return { ...npsCounts(row), row };
  };
  /** This period and, when Deviate is on, the previous one of equal length. */
  const periods = (query: WidgetQuery) =>
    Promise.all([
      measure(query, 'current') as Promise<Figures>,
      query.dataFilters.Deviate ? measure(query, 'previous') : Promise.resolve(null),
    ]);

  /** The small-sample minimum when the widget shows confidence (ShowConfidence), else null. */
  const confidenceMinimum = (query: WidgetQuery): Promise<number | null> =>
    showsConfidence(query.dataFilters) ? minimumSampleSize(db, query) : Promise.resolve(null);
  /** The confidence fields of this period's figure, or none without ShowConfidence. */
  const confidence = (
    query: WidgetQuery,
    current: Figures,
    mode: 'nps' | 'average',
    minimum: number | null,
  ): ConfidenceFields | Record<string, never> =>
    minimum === null ? {} : confidenceOf(current.row, mode, query.dataFilters, minimum);

  return {
    /** NpsGaugeChart: NPS and its counts, and the previous period's when Deviate is on. */
    async nps(query: WidgetQuery): Promise<NpsGaugeData> {
      const [[current, previous], minimum] = await Promise.all([periods(query), confidenceMinimum(query)]);
      return {
        Value: npsValue(current),
        Promoters: current.promoters,
        Neutrals: current.neutrals,
        Detractors: current.detractors,
        Responses: current.responses,
        DeviationValue: previous ? npsValue(previous) : null,
        DeviationPromoters: previous?.promoters ?? null,
        DeviationNeutrals: previous?.neutrals ?? null,
        DeviationDetractors: previous?.detractors ?? null,
        DeviationResponses: previous?.responses ?? null,
        ...confidence(query, current, 'nps', minimum),
      };
    },

    /** GaugeChart: the average score of the measured facts (on dataFilters.Scale when given). */
    async score(query: WidgetQuery): Promise<GaugeData> {
      const [[current, previous], minimum] = await Promise.all([periods(query), confidenceMinimum(query)]);
      const previousValue = previous?.average ?? null;
      return {
        Value: current.average,
        Responses: current.responses,
        Deviation: difference(current.average, previousValue),
        DeviationValue: previousValue,
        ...confidence(query, current, 'average', minimum),
      };
    },

    /**
     * Card and RankingCard: NPS, or the average score for measurement types 1 and 2; with ChannelColumnLevel, the
     * caller's channel's rank among the tenant's channels of that level.
     */
    async card(query: WidgetQuery): Promise<CardData> {
      const valueOf = cardValue(query);
      const level = query.dataFilters.ChannelColumnLevel;
      const minimum = await confidenceMinimum(query);
      const [figures, ranking] = await Promise.all([
        periods(query),
        level ? channelRanking(db, replica, query, level, valueOf, minimum) : Promise.resolve(null),
      ]);
      // Without a channel of the caller's own, the card is about the channel it ranks: that channel's figures.
      const [current, previous] = ranking?.figuresQuery ? await periods(ranking.figuresQuery) : figures;
      const value = valueOf(current);
      const origin = previous ? valueOf(previous) : null;
      return {
        Value: value,
        ValueOrigin: origin,
        Responses: current.responses,
        ResponsesOrigin: previous ? previous.responses : null,
        Deviation: difference(value, origin),
        Ranking: ranking?.ranking ?? null,
        TotalCount: ranking?.totalCount ?? null,
        RankedChannel: ranking?.channelName ?? null,
        ...confidence(query, current, cardMode(query), minimum),
      };
    },

    /** SegmentedGaugeChart: NPS per segment of dataFilters.SegmentGroupId, every segment of the group in id order. */
    async segments(query: WidgetQuery): Promise<SegmentedGaugeData> {
      const group = await segmentGroup(db, query);
      if (group.length === 0) return { SegmentData: [] };
      const { where, params } = measuredWhere(query, 'f')!;
      // Each fact counts once for each of the group's segments it has: the group's ids joined to the facts with
      // list_contains (about four times faster at 10M facts than unnesting every fact's segment list).
      const rows = await replica.query<{ segment_id: number } & AggregateRow>(
        `SELECT g.segment_id, ${npsAggregates('f')}
           FROM facts f, (SELECT unnest(?::INTEGER[]) AS segment_id) g
          WHERE ${where} AND ${inSegment('g.segment_id')}
          GROUP BY g.segment_id`,
        [group.map((segment) => segment.id), ...params],
      );
      const bySegment = new Map(rows.map((row) => [row.segment_id, npsCounts(row)]));
      return {
        SegmentData: group.map((segment) => {
          const counts = npsCounts(bySegment.get(segment.id));
          return {
            SegmentId: segment.id,
            SegmentName: segment.name,
            SegmentValue: npsValue(counts),
            SegmentResponseCount: counts.responses,
          };
        }),
      };
    },

    /**
     * GaugeChart of a weighted experience index on 0-10: Σ weight × average score of each experience of
     * ExperienceWeights ÷ Σ weight of those with answers; 1-5 answers are mapped onto 0-10 first.
     */
    async weightedExperience(query: WidgetQuery): Promise<GaugeData> {
      const weights = experienceWeights(query);
      const [current, previous] = await Promise.all([
        weightedIndex(replica, query, weights, 'current') as Promise<WeightedIndex>,
        query.dataFilters.Deviate
          ? weightedIndex(replica, query, weights, 'previous')
          : Promise.resolve(null),
      ]);
      const previousValue = previous?.value ?? null;
      return {
        Value: current.value,
        Responses: current.sessions,
        Deviation: difference(current.value, previousValue),
        DeviationValue: previousValue,
      };
    },
  };
}

function npsValue(counts: NpsCounts): number | null {
  return npsOf(counts.promoters, counts.detractors, counts.responses);
}

function difference(value: number | null, previous: number | null): number | null {
  return value === null || previous === null ? null : value - previous;
}

/** The segments of the widget's SegmentGroupId, in id order (400 / 3333 without one, as the widget's call). */
async function segmentGroup(db: Db, query: WidgetQuery): Promise<{ id: number; name: string }[]> {
  const groupId = query.dataFilters.SegmentGroupId;
  if (!groupId) throw missingFilter('SegmentGroupId');
  return db
    .select({ id: segments.id, name: segments.name })
    .from(segments)
    .where(and(eq(segments.tenantId, query.tenantId), eq(segments.groupId, groupId)))
    .orderBy(asc(segments.id));
}

/** A fact of the segment `segment` (an SQL expression): its segment list holds that id. */
const inSegment = (segment: string) => `list_contains(f.segment_ids, ${segment})`;

/**
 * Lineage of one segment of the per-segment gauge (docs/responses-analyzer.md "Lineage"): the facts the gauge
 * counts in the segment whose row's SegmentId is `segmentId` — the gauge's own measured facts (`measuredWhere`)
 * AND the segment in their segment list, as the rows join them — so their count is the segment's
 * SegmentResponseCount (a fact in several segments counts once in each). A segment outside the widget's group has
 * no row: no facts.
 */
export async function segmentFacts(db: Db, query: WidgetQuery, segmentId: number): Promise<CompiledFilter> {
  const group = await segmentGroup(db, query);
  if (!group.some((segment) => segment.id === segmentId)) return { where: 'FALSE', params: [] };
  return both(measuredWhere(query, 'f')!, { where: inSegment('?'), params: [segmentId] });
}

function missingFilter(field: string) {
  return badRequest(ErrorCode.ModelNotValid, [
    { Path: `DataFilters.${field}`, Message: `${field} is required` },
  ]);
}

/** Whether a card's value is an NPS or an average (custom metrics, 1, and average scores, 2). */
function cardMode(query: WidgetQuery): 'nps' | 'average' {
  const type = query.dataFilters.MeasurementType;
  return type === 1 || type === 2 ? 'average' : 'nps';
}

/** A card shows NPS, or the average score when it measures custom metrics (1) or average scores (2). */
function cardValue(query: WidgetQuery): (counts: NpsCounts) => number | null {
  const type = query.dataFilters.MeasurementType;
  return type === 1 || type === 2 ? (counts) => counts.average : npsValue;
}

type Ranking = {
  ranking: number | null;
  totalCount: number;
  channelName: string | null;
  /** Set when the ranked channel is not the caller's own: the query of that channel's figures. */
  figuresQuery: WidgetQuery | null;
};

/**
 * A channel at `level` ranked among every channel of the tenant at that level with answers, by the card's value
 * (best first; ties share the better rank: 1, 1, 3). The ranked channel is the caller's own (`ownChannel`); without
 * one, the best channel of the caller's selection that the caller sees whole (every channel for an unrestricted
 * caller; within a channel restriction, the channels at or below it), whose figures the card then shows. The
 * ranking ignores every channel filter and the caller's channel restriction, so only the rank and the count of
 * other channels leave the server; the other filters and restrictions apply. Ranking null when the own channel has
 * no answers or no channel qualifies; TotalCount the number of channels with answers. With confidence on
 * (`minimum` not null), a channel of fewer answers than the minimum is a small sample and is not ranked: it is left
 * out of the ranking and of TotalCount, and as the own channel it gets no rank (the card says small sample).
 */
async function channelRanking(
  db: Db,
  replica: Replica,
  query: WidgetQuery,
  level: number,
  valueOf: (counts: NpsCounts) => number | null,
  minimum: number | null,
): Promise<Ranking> {
  const unchanneled: WidgetQuery = {
    ...query,
    report: { ...query.report, ChannelSet: null },
    dataFilters: { ...query.dataFilters, ChannelSet: null },
    restrictions: { ...query.restrictions, transactionChannelIds: [] },
  };
  // `level` is a validated integer 1-10 (widgetDataFiltersSchema), not user text.
  const column = `f.channel_l${Math.trunc(level)}`;
  const valuesOf = async (of: WidgetQuery) => {
    const rows = await scoreHistogramGroups<'channel_id', number>(
      replica,
      { channel_id: column },
      both(both(whereOf(of, 'facts', { alias: 'f' })!, measuredFacts(of.dataFilters, 'f')), {
        where: `${column} IS NOT NULL`,
        params: [],
      }),
    );
    return rows
      .map((row) => npsCounts(row))
      .map((counts, index) => ({
        channelId: Number(rows[index]!.channel_id),
        value: valueOf(counts),
        responses: counts.responses,
      }))
      .filter((row) => minimum === null || row.responses >= minimum)
      .map(({ channelId, value }) => ({ channelId, value }))
      .filter((row): row is { channelId: number; value: number } => row.value !== null);
  };
  const [values, own] = await Promise.all([valuesOf(unchanneled), ownChannel(db, query, level)]);
  const rankOf = (value: number) => 1 + values.filter((row) => row.value > value).length;
  const ranked =
    own === null
      ? await bestVisibleChannel(db, query, values, await valuesOf(query))
      : values.find((row) => row.channelId === own);
  if (!ranked) return { ranking: null, totalCount: values.length, channelName: null, figuresQuery: null };
  const [channel] = await db
    .select({ name: transactionChannels.name })
    .from(transactionChannels)
    .where(
      and(eq(transactionChannels.tenantId, query.tenantId), eq(transactionChannels.id, ranked.channelId)),
    );
  return {
    ranking: rankOf(ranked.value),
    totalCount: values.length,
    channelName: channel?.name ?? null,
    figuresQuery:
      own === null
        ? {
            ...query,
            report: { ...query.report, ChannelSet: null },
            dataFilters: { ...query.dataFilters, ChannelSet: { Ids: [ranked.channelId] } },
          }
        : null,
  };
}

/**
 * The best of the channels the caller's own selection has answers in (`selected`), by their ranking value
 * (`values`), among those the caller sees whole: all for an unrestricted caller, else those at or below a node
 * of the channel restriction. Ties go to the channel with the lower id, so the choice is stable.
 */
async function bestVisibleChannel(
  db: Db,
  query: WidgetQuery,
  values: readonly { channelId: number; value: number }[],
  selected: readonly { channelId: number }[],
): Promise<{ channelId: number; value: number } | undefined> {
  const inSelection = new Set(selected.map((row) => row.channelId));
  let candidates = values.filter((row) => inSelection.has(row.channelId));
  const restriction = new Set(query.restrictions.transactionChannelIds);
  if (restriction.size > 0 && candidates.length > 0) {
    const rows = await db
      .select({ id: transactionChannels.id, path: transactionChannels.path })
      .from(transactionChannels)
      .where(
        and(
          eq(transactionChannels.tenantId, query.tenantId),
          anyOf(
            transactionChannels.id,
            candidates.map((row) => row.channelId),
          ),
        ),
      );
    const whole = new Set(
      rows.filter((row) => row.path.some((id) => restriction.has(id))).map((row) => row.id),
    );
    candidates = candidates.filter((row) => whole.has(row.channelId));
  }
  return candidates.reduce<{ channelId: number; value: number } | undefined>(
    (best, row) =>
      best === undefined ||
      row.value > best.value ||
      (row.value === best.value && row.channelId < best.channelId)
        ? row
        : best,
    undefined,
  );
}

/**
 * The caller's channel at `level`: from the first of the widget's ChannelSet, the report's ChannelSet (which
 * holds a scoped report's pre-filter and a master widget's drill-down) and the caller's channel restriction that
 * names a node at or below `level` (within the restriction, for a restricted caller), the ancestor at `level` of
 * those nodes — when they all share one; several channels at that level are no own channel.
 */
async function ownChannel(db: Db, query: WidgetQuery, level: number): Promise<number | null> {
  const sources = [
    query.dataFilters.ChannelSet?.Ids ?? [],
    query.report.ChannelSet?.Ids ?? [],
    [...query.restrictions.transactionChannelIds],
  ];
  const ids = [...new Set(sources.flat())];
  if (ids.length === 0) return null;
  const rows = await db
    .select({ id: transactionChannels.id, path: transactionChannels.path })
    .from(transactionChannels)
    .where(and(eq(transactionChannels.tenantId, query.tenantId), anyOf(transactionChannels.id, ids)));
  // A restricted caller's own channel lies within the restriction: naming another channel ranks nothing.
  const restriction = new Set(query.restrictions.transactionChannelIds);
  const allowed = (path: readonly number[]) =>
    restriction.size === 0 || path.some((id) => restriction.has(id));
  const atLevel = new Map(
    rows.filter((row) => allowed(row.path)).map((row) => [row.id, row.path[level - 1]]),
  );
  for (const source of sources) {
    const nodes = new Set(source.map((id) => atLevel.get(id)).filter((id) => id !== undefined));
    if (nodes.size === 1) return [...nodes][0]!;
    if (nodes.size > 1) return null;
  }
  return null;
}

type Weight = { experienceId: number; weight: number };
type WeightedIndex = { value: number | null; sessions: number };

/** ExperienceWeights with a positive weight, an experience named twice counting with both weights. */
function experienceWeights(query: WidgetQuery): Weight[] {
  const weights = (query.dataFilters.ExperienceWeights ?? []).filter((item) => item.Weight > 0);
  if (weights.length === 0) throw missingFilter('ExperienceWeights');
  const byExperience = new Map<number, number>();
  for (const item of weights) {
    byExperience.set(item.ExperienceId, (byExperience.get(item.ExperienceId) ?? 0) + item.Weight);
  }
  return [...byExperience].map(([experienceId, weight]) => ({ experienceId, weight }));
}

/** A 1-5 answer on 0-10: 1 -> 0, 3 -> 5, 5 -> 10; 0-10 answers as they are. */
const SCORE_ON_TEN = `CASE WHEN f.scale = 5 THEN (f.score - 1) * 2.5 ELSE f.score END`;

async function weightedIndex(
  replica: Replica,
  query: WidgetQuery,
  weights: readonly Weight[],
  period: Period,
): Promise<WeightedIndex | null> {
  const facts = whereOf(query, 'facts', { alias: 'f', period });
  if (!facts) return null;
  const experiences = weights.map((item) => item.experienceId);
  const [rows, sessions] = await Promise.all([
    replica.query<{ experience_id: number | null; average: number | null }>(
      `SELECT f.experience_id, avg(${SCORE_ON_TEN}) AS average FROM facts f
        WHERE ${facts.where} AND f.experience_id = ANY(?) GROUP BY f.experience_id`,
      [...facts.params, experiences],
    ),
    experienceSessions(replica, query, facts, experiences, period),
  ]);
  const averages = new Map(rows.map((row) => [row.experience_id, row.average]));
  let weighted = 0;
  let total = 0;
  for (const { experienceId, weight } of weights) {
    const average = averages.get(experienceId);
    if (average === null || average === undefined) continue;
    weighted += weight * Number(average);
    total += weight;
  }
  return { value: total > 0 ? weighted / total : null, sessions };
}

/**
 * The sessions with a fact of one of the experiences among `facts`. When the filter is the same clause on
 * `sessions` as on `facts` — no QuestionId and no widget ExperienceId, which pick facts within a session — every
 * fact of a session passes it or none does, so the count is the sessions' rows whose experience_ids meet the list:
 * one row per session instead of count(DISTINCT session_id) over every fact (945 ms at 10M, bench/RESULTS.md).
 */
async function experienceSessions(
  replica: Replica,
  query: WidgetQuery,
  facts: CompiledFilter,
  experiences: readonly number[],
  period: Period,
): Promise<number> {
  const sessions = whereOf(query, 'sessions', { alias: 'f', period })!;
  // One list_contains per experience: about 7 times faster than list_has_any(f.experience_ids, ?) here.
  const anyExperience = experiences.map(() => 'list_contains(f.experience_ids, ?)').join(' OR ');
  const [row] = sameClause(sessions, facts)
    ? await replica.query<{ sessions: number }>(
        `SELECT count(*)::INTEGER AS sessions FROM sessions f WHERE ${sessions.where} AND (${anyExperience})`,
        [...sessions.params, ...experiences],
      )
    : await replica.query<{ sessions: number }>(
        `SELECT count(DISTINCT f.session_id)::INTEGER AS sessions FROM facts f
          WHERE ${facts.where} AND f.experience_id = ANY(?)`,
        [...facts.params, experiences],
      );
  return Number(row?.sessions ?? 0);
}
