import { and, asc, eq } from 'drizzle-orm';
import { ErrorCode, type ReportFilter } from '@loupe/contracts';
import type { Actor } from '../../core/actor.js';
import type { Db } from '../../db/client.js';
import { topicModels, topics } from '../../db/schema/index.js';
import { AppError, forbidden, invalidValue } from '../../errors.js';
import { loadWidgetQuery, whereOf } from '../widget-data/index.js';
import { aiModuleActive } from '../widgets/index.js';
import { topicDisplayName } from '../../core/topic-display-name.js';

/*
 * What topic discovery and the topic explorer start from (docs/topic-insight.md): the AI module guard (403, code
 * 2507, as the text-analytics widgets), the caller's tenant and scoped data with the report filter (the widgets'
 * WidgetQuery, so the one filter compiler selects the comments), and the chosen topic model with its topics.
 */

type WidgetQuery = Awaited<ReturnType<typeof loadWidgetQuery>>;

type TopicRow = { id: number; name: string; parentId: number | null };

export type TopicInsightQuery = {
  query: WidgetQuery;
  modelId: number;
  /** The model's language ('tr', 'en', …): the language its topic names are in. */
  language: string;
  /** The model's topics, main topics and sub-topics, as they were created. */
  topics: TopicRow[];
};

type Body = ReportFilter & { ReportId?: number | null; TopicModelId: number };

/** The guard, the widget query of the body's report filter and the model; another tenant's model is 400 3333. */
export async function loadTopicInsightQuery(db: Db, actor: Actor, body: Body): Promise<TopicInsightQuery> {
  if (actor.tenantId === null) throw forbidden();
  if (!(await aiModuleActive(db, actor.tenantId))) throw new AppError(403, ErrorCode.WidgetLocked);
  const tenantId = actor.tenantId;
  const [model] = await db
    .select({ id: topicModels.id, language: topicModels.language })
    .from(topicModels)
    .where(
      and(
        eq(topicModels.tenantId, tenantId),
        eq(topicModels.id, body.TopicModelId),
        eq(topicModels.isEmotionModel, false),
      ),
    );
  if (!model) throw invalidValue('TopicModelId');
  const { ReportId, TopicModelId: _model, ...filter } = body;
  const [query, rows] = await Promise.all([
    loadWidgetQuery(db, actor, { ...filter, ReportId: ReportId ?? null }),
    db
      .select({ id: topics.id, name: topicDisplayName, parentId: topics.parentId })
      .from(topics)
      .where(and(eq(topics.tenantId, tenantId), eq(topics.modelId, model.id)))
      .orderBy(asc(topics.id)),
  ]);
  return { query, modelId: model.id, language: model.language, topics: rows };
}

/** The WHERE clause of the selection's comments (`alias.` columns). */
export function commentsOf(query: WidgetQuery, alias: string) {
  return whereOf(query, 'comments', { alias })!;
}

/** The WHERE clause of the selection's sessions (`alias.` columns). */
export function sessionsOf(query: WidgetQuery, alias: string) {
  return whereOf(query, 'sessions', { alias })!;
}

/** A replica count or figure as a number (0 for none). */
export const numberOf = (value: unknown): number =>
  value === null || value === undefined ? 0 : Number(value);

/** NPS = 100 × (promoters − detractors) / answers; null without answers. */
export function npsOf(answers: number, promoters: number, detractors: number): number | null {
  return answers > 0 ? (100 * (promoters - detractors)) / answers : null;
}
