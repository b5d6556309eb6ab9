import { and, eq } from 'drizzle-orm';
import {
  NEUTRAL_MIN_SCORE,
  npsOf,
  PROMOTER_MIN_SCORE,
  type EmotionCurveRow,
  type WidgetDataFilters,
} from '@loupe/contracts';
import type { CompiledFilter } from '../../../analytics/filter-compiler.js';
import type { AnalyticsReplica } from '../../../analytics/replica.js';
import type { Db } from '../../../db/client.js';
import { journeyStages } from '../../../db/schema/index.js';
import {
  commentsWhere,
  countOf,
  emotionModelIds,
  topicsOfModels,
} from '../text-analytics/text-analytics-widgets.js';
import type { WidgetQuery } from '../shared/widget-query.js';
import { anyOf } from '../../../db/any-of.js';

/*
 * EmotionCurveChart (`emotion-curve`) — docs/metrics.md "Emotion curve". For every emotion of the emotion
 * model(s) and every journey stage the selection has comments at: Value = the NPS of the sessions whose comments
 * at that stage carry the emotion (each session once, by its NPS answer; null when none of them answered the NPS
 * question). Emotions in their models' order; stages in journey_stages.order.
 *
 * With dataFilters.JourneyConfigs the stages are the configs instead, in JourneyOrder (Stage = JourneyName,
 * StageId = JourneyId): a stage holds the comments of its config's survey, and surveys not configured are left out.
 */

type JourneyConfig = NonNullable<WidgetDataFilters['JourneyConfigs']>[number];

type CarrierRow = {
  stage_id: number;
  emotion_id: number;
  responses: unknown;
  promoters: unknown;
  detractors: unknown;
};

export async function emotionCurveRows(
  db: Db,
  replica: AnalyticsReplica,
  query: WidgetQuery,
): Promise<EmotionCurveRow[]> {
  const modelIds = await emotionModelIds(db, query);
  if (modelIds.length === 0) return [];
  const configs = [...(query.dataFilters.JourneyConfigs ?? [])].sort(
    (a, b) => a.JourneyOrder - b.JourneyOrder || a.JourneyId - b.JourneyId,
  );
  if (configs.length > 0) return journeyCurveRows(db, replica, query, modelIds, configs);
  const where = commentsWhere(query);
  const [stageRows, figures] = await Promise.all([
    replica.query<{ stage_id: number }>(
      `SELECT DISTINCT c.journey_stage_id AS stage_id FROM comments c
       WHERE ${where.where} AND c.journey_stage_id IS NOT NULL`,
      where.params,
    ),
    // Each (stage, emotion, session) once: a session counts once however many of its comments carry the emotion.
    carriers(replica, 'c.journey_stage_id', modelIds, where),
  ]);
  if (stageRows.length === 0) return [];
  const [emotions, stages] = await Promise.all([
    topicsOfModels(db, query.tenantId, modelIds),
    db
      .select({ id: journeyStages.id, name: journeyStages.name, order: journeyStages.order })
      .from(journeyStages)
      .where(
        and(
          eq(journeyStages.tenantId, query.tenantId),
          anyOf(
            journeyStages.id,
            stageRows.map((row) => Number(row.stage_id)),
          ),
        ),
      ),
  ]);
  stages.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name) || a.id - b.id);
  const byKey = new Map(figures.map((row) => [`${Number(row.stage_id)}:${Number(row.emotion_id)}`, row]));
  return emotions.flatMap((emotion) =>
    stages.map((stage) => {
      const row = byKey.get(`${stage.id}:${emotion.id}`);
      return {
        Category: emotion.name,
        Stage: stage.name,
        StageId: stage.id,
        Value: npsOf(countOf(row?.promoters), countOf(row?.detractors), countOf(row?.responses)),
      };
    }),
  );
}

/**
 * Per (stage, emotion) the NPS counts of the sessions whose comments carry the emotion, the stage being `stage`
 * (a column of `comments c`), each (stage, emotion, session) once.
 */
function carriers(
  replica: AnalyticsReplica,
  stage: string,
  modelIds: readonly number[],
  where: CompiledFilter,
): Promise<CarrierRow[]> {
  return replica.query<CarrierRow>(
    `SELECT stage_id, emotion_id,
       count(nps_score) AS responses,
       count(*) FILTER (WHERE nps_score >= ${PROMOTER_MIN_SCORE}) AS promoters,
       count(*) FILTER (WHERE nps_score < ${NEUTRAL_MIN_SCORE}) AS detractors
     FROM (
       SELECT DISTINCT stage_id, label.topic_id AS emotion_id, session_id, nps_score
       FROM (
         SELECT ${stage} AS stage_id, c.session_id, c.nps_score,
           unnest(list_filter(c.emotion_labels, lambda label: list_contains(?, label.model_id))) AS label
         FROM comments c WHERE ${where.where} AND ${stage} IS NOT NULL
       )
     )
     GROUP BY stage_id, emotion_id`,
    [modelIds, ...where.params],
  );
}

/** The curve over JourneyConfigs: one stage per config (its survey's comments), in JourneyOrder. */
async function journeyCurveRows(
  db: Db,
  replica: AnalyticsReplica,
  query: WidgetQuery,
  modelIds: readonly number[],
  configs: readonly JourneyConfig[],
): Promise<EmotionCurveRow[]> {
  const surveyIds = [...new Set(configs.map((config) => config.SurveyId))];
  const selected = commentsWhere(query);
  const where = {
    where: `${selected.where} AND c.survey_id = ANY(?)`,
    params: [...selected.params, surveyIds],
  };
  const [figures, emotions] = await Promise.all([
    carriers(replica, 'c.survey_id', modelIds, where),
    topicsOfModels(db, query.tenantId, modelIds),
  ]);
  if (figures.length === 0) return [];
  const byKey = new Map(figures.map((row) => [`${Number(row.stage_id)}:${Number(row.emotion_id)}`, row]));
  return emotions.flatMap((emotion) =>
    configs.map((config) => {
      const row = byKey.get(`${config.SurveyId}:${emotion.id}`);
      return {
        Category: emotion.name,
        Stage: config.JourneyName,
        StageId: config.JourneyId,
        Value: npsOf(countOf(row?.promoters), countOf(row?.detractors), countOf(row?.responses)),
      };
    }),
  );
}
