import { and, eq, isNull, or } from 'drizzle-orm';
import {
  PROFILER_MAX_ROWS,
  TREND_MAX_POINTS,
  type Profiler,
  type ProfilerRow,
  type WidgetDataFilters,
  type profilerRequestSchema,
} from '@loupe/contracts';
import type { z } from 'zod';
import type { CompiledFilter } from '../../analytics/filter-compiler.js';
import type { Actor } from '../../core/actor.js';
import type { ModuleDeps } from '../../core/deps.js';
import { anyOf } from '../../db/any-of.js';
import { experiences, questions } from '../../db/schema/index.js';
import {
  BUCKET_KEYS,
  bucketLabel,
  foldScoreHistogram,
  loadWidgetQuery,
  measureOf,
  pooledMeasure,
  scoreHistogram,
  scoreHistogramGroups,
  timePrefix,
  whereOf,
} from '../widget-data/index.js';

/*
 * The satisfaction profiler (docs/profiler-simulation.md): the selection's measured answers on the ten scale (the
 * 0-10 questions, facts of scale 11) or the five scale (the 1-5 questions, scale 5), per experience or per
 * question: Score = the mean score (docs/metrics.md "an average is the mean of the scores on the question's
 * scale", the score widgets' `measureOf` in average mode), Responses, Deviation = Score - the previous period's
 * (equal length, just before). The trend: the mean score per day / ISO week / month / quarter of the transaction
 * time (the replica's precomputed keys, as the trend widgets), the last TREND_MAX_POINTS periods with answers.
 */

type Body = z.output<typeof profilerRequestSchema>;
type Measure = ReturnType<typeof measureOf>;

/** Average mode on the scale's facts: measureOf's mean and the scale's gauge colour. */
const averageOn = (factScale: 11 | 5): WidgetDataFilters => ({ MeasurementType: 2, Scale: factScale });

export function createSatisfactionProfiler({ db, replica }: ModuleDeps) {
  async function names(tenantId: number, body: Body, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows =
      body.GroupBy === 'experience'
        ? await db
            .select({ id: experiences.id, name: experiences.name })
            .from(experiences)
            .where(
              and(
                or(eq(experiences.tenantId, tenantId), isNull(experiences.tenantId)),
                anyOf(experiences.id, ids),
              ),
            )
        : await db
            .select({ id: questions.id, name: questions.text })
            .from(questions)
            .where(and(eq(questions.tenantId, tenantId), anyOf(questions.id, ids)));
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  return {
    async read(actor: Actor, body: Body): Promise<Profiler> {
      const { GroupBy, Scale, Period, TrendId, ...filter } = body;
      const query = await loadWidgetQuery(db, actor, { ...filter, DataFilters: {} });
      const factScale = Scale === 10 ? 11 : 5;
      const measured = averageOn(factScale);
      const column = GroupBy === 'experience' ? 'f.experience_id' : 'f.question_id';
      const onScale = (where: CompiledFilter | null): CompiledFilter | null =>
        where && {
          where: `(${where.where}) AND f.scale = ? AND ${column} IS NOT NULL`,
          params: [...where.params, factScale],
        };
      const current = onScale(whereOf(query, 'facts', { alias: 'f' }))!;
      const previous = onScale(whereOf(query, 'facts', { alias: 'f', period: 'previous' }));
      const bucketKey = `f.${timePrefix(query.dataFilters)}_${BUCKET_KEYS[Period]}`;
      // The rows and the trend read the same facts: one histogram by (row, period) folded both ways, one scan
      // of the facts fewer (docs/profiler-simulation.md).
      const [histogram, before] = await Promise.all([
        scoreHistogram(replica, { id: column, bucket: bucketKey }, current),
        previous ? scoreHistogramGroups(replica, { id: column }, previous) : Promise.resolve(null),
      ]);
      const now = foldScoreHistogram(histogram, ['id']);
      const buckets = foldScoreHistogram(
        histogram.filter((row) => row.bucket !== null && (!TrendId || Number(row.id) === TrendId)),
        ['bucket'],
      );
      const previousById = new Map((before ?? []).map((group) => [Number(group.id), group]));
      const figures = (score: Measure, origin: Measure | null) => ({
        Score: score.value,
        Responses: score.responses,
        PreviousScore: origin?.value ?? null,
        PreviousResponses: origin ? origin.responses : null,
        Deviation:
          score.value !== null && origin && origin.value !== null ? score.value - origin.value : null,
        Color: score.color,
      });
      const sorted = [...now]
        .sort((a, b) => Number(b.responses) - Number(a.responses) || Number(a.id) - Number(b.id))
        .slice(0, PROFILER_MAX_ROWS);
      const nameOf = await names(
        query.tenantId,
        body,
        sorted.map((group) => Number(group.id)),
      );
      const rows: ProfilerRow[] = sorted.map((group) => {
        const id = Number(group.id);
        const origin = before === null ? null : measureOf(previousById.get(id), measured);
        return { Id: id, Name: nameOf.get(id) ?? String(id), ...figures(measureOf(group, measured), origin) };
      });
      const total = figures(
        pooledMeasure(now, measured),
        before === null ? null : pooledMeasure(before, measured),
      );
      const trend = [...buckets]
        .sort((a, b) => Number(b.bucket) - Number(a.bucket))
        .slice(0, TREND_MAX_POINTS)
        .reverse()
        .map((group) => {
          const measure = measureOf(group, measured);
          return {
            Category: bucketLabel(Period, Number(group.bucket)),
            Value: measure.value,
            Responses: measure.responses,
          };
        });
      return { GroupBy, Scale, Period, Rows: rows, Total: total, TrendId: TrendId ?? null, Trend: trend };
    },
  };
}
