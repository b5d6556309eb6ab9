import { and, eq } from 'drizzle-orm';
import type { PerformanceRow } from '@loupe/contracts';
import type { AnalyticsReplica } from '../../../analytics/replica.js';
import type { Db } from '../../../db/client.js';
import { journeyStages, surveys } from '../../../db/schema/index.js';
import { both, type WidgetQuery } from '../shared/widget-query.js';
import { factsWhere, scoreHistogramGroups, measureOf, pooledMeasure } from '../shared/score-histogram.js';
import { anyOf } from '../../../db/any-of.js';

/*
 * The journey widget (`journey`, an NpsPerformanceChart) — docs/widgets-performance.md "Journey". One row per
 * dataFilters.JourneyConfigs entry in JourneyOrder: Category = JourneyName, CategoryId = JourneyId, Value = the NPS
 * of that survey's measured facts within the filter (null without answers). TotalNps is the weighted mean of the
 * rows' values when JourneyStageWeights are given (a survey's weight is that of its journey stage's name, else 1),
 * else the NPS of all the configured surveys' facts together.
 */

export async function journeyRows(
  db: Db,
  replica: AnalyticsReplica,
  query: WidgetQuery,
): Promise<PerformanceRow[]> {
  const filters = query.dataFilters;
  const configs = [...(filters.JourneyConfigs ?? [])].sort(
    (a, b) => a.JourneyOrder - b.JourneyOrder || a.JourneyId - b.JourneyId,
  );
  if (configs.length === 0) return [];
  const surveyIds = [...new Set(configs.map((config) => config.SurveyId))];
  const surveyClause = {
    where: 'f.survey_id = ANY(?)',
    params: [surveyIds],
  };
  const where = both(factsWhere(query, 'f'), surveyClause);
  const figures = await scoreHistogramGroups<'survey_id', number>(
    replica,
    { survey_id: 'f.survey_id' },
    where,
  );
  const bySurvey = new Map(figures.map((row) => [Number(row.survey_id), row]));
  const measures = configs.map((config) => measureOf(bySurvey.get(config.SurveyId), filters));

  let totalNps: number | null;
  const stageWeights = filters.JourneyStageWeights ?? [];
  if (stageWeights.length > 0) {
    const stageOf = await surveyStageNames(db, query.tenantId, surveyIds);
    const weightOf = (surveyId: number) => {
      const stage = stageOf.get(surveyId);
      const match = stageWeights.find(
        (item) => stage !== undefined && item.JourneyStageName.trim() === stage.trim(),
      );
      return match ? match.Weight : 1;
    };
    let weighted = 0;
    let weights = 0;
    configs.forEach((config, index) => {
      const value = measures[index]!.value;
      if (value === null) return;
      const weight = weightOf(config.SurveyId);
      weighted += weight * value;
      weights += weight;
    });
    totalNps = weights > 0 ? weighted / weights : null;
  } else {
    totalNps = pooledMeasure(figures, filters).value;
  }

  return configs.map((config, index) => {
    const measure = measures[index]!;
    return {
      Category: config.JourneyName,
      CategoryId: config.JourneyId,
      Level: null,
      Value: measure.value,
      Promoters: measure.promoters,
      Neutrals: measure.neutrals,
      Detractors: measure.detractors,
      Responses: measure.responses,
      FillColor: measure.color,
      TotalNps: totalNps,
      Location: null,
    };
  });
}

/** The journey stage name of each survey of the tenant (surveys without a stage are left out). */
async function surveyStageNames(db: Db, tenantId: number, surveyIds: number[]): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: surveys.id, stage: journeyStages.name })
    .from(surveys)
    .innerJoin(journeyStages, eq(journeyStages.id, surveys.journeyStageId))
    .where(and(eq(surveys.tenantId, tenantId), anyOf(surveys.id, surveyIds)));
  return new Map(rows.map((row) => [row.id, row.stage]));
}
