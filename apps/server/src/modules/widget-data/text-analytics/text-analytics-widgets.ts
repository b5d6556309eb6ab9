import { and, asc, eq } from 'drizzle-orm';
import type { WidgetDataFilters } from '@loupe/contracts';
import type { CompiledFilter } from '../../../analytics/filter-compiler.js';
import type { Db } from '../../../db/client.js';
import { topicModels, topics } from '../../../db/schema/index.js';
import { whereOf, type WidgetQuery } from '../shared/widget-query.js';
import { anyOf } from '../../../db/any-of.js';
import { topicDisplayName } from '../../../core/topic-display-name.js';

/*
 * What the text-analytics widgets share (docs/metrics.md): their dataFilters keys that the filter compiler
 * does not type (TopicModelId, TopicCount, OnlyMainTopics, TrendTypeField), the comments of the selection, and
 * topic, emotion and model names read from PostgreSQL by id within the tenant. Figures come from the replica's
 * `comments` table: `topic_labels` (model, topic, the mention's sentiment), `emotion_labels`, and the comment's own
 * sentiment `comment_sentiment_score` (4 positive, 2 neutral, 0 negative, -1 unclassified, NULL not analysed).
 */

/** A positive integer from a loose dataFilters value (a number or a numeric string), else null. */
function positiveInteger(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : null;
}

/** dataFilters.TopicModelId: the topic model a widget reads (null when none is chosen). */
export function topicModelIdOf(filters: WidgetDataFilters): number | null {
  return positiveInteger(filters.TopicModelId);
}

/** dataFilters.TopicCount: how many of the most mentioned topics a bubble chart keeps (null: all). */
export function topicCountOf(filters: WidgetDataFilters): number | null {
  return positiveInteger(filters.TopicCount);
}

/** dataFilters.OnlyMainTopics: keep the topics without a parent only. */
export function onlyMainTopics(filters: WidgetDataFilters): boolean {
  return filters.OnlyMainTopics === true || filters.OnlyMainTopics === 'true';
}

const TREND_TYPE_FIELDS = ['topics', 'sentimentScore', 'emotions'] as const;
export type TrendTypeField = (typeof TREND_TYPE_FIELDS)[number];

/** dataFilters.TrendTypeField: what a topic trend's series are (default topics). */
export function trendTypeFieldOf(filters: WidgetDataFilters): TrendTypeField {
  const value = filters.TrendTypeField;
  return TREND_TYPE_FIELDS.find((field) => field === value) ?? 'topics';
}

/** The WHERE clause of the selection's comments (`whereOf(query, 'comments')`, the current period). */
export function commentsWhere(query: WidgetQuery, alias = 'c'): CompiledFilter {
  const where = whereOf(query, 'comments', { alias });
  if (!where) throw new Error('the current period always has a WHERE clause');
  return where;
}

export type TopicModel = { id: number; isEmotionModel: boolean };

/** The tenant's topic model of that id, or null (another tenant's model is none). */
export async function loadTopicModel(
  db: Db,
  tenantId: number,
  id: number | null,
): Promise<TopicModel | null> {
  if (id === null) return null;
  const [row] = await db
    .select({ id: topicModels.id, isEmotionModel: topicModels.isEmotionModel })
    .from(topicModels)
    .where(and(eq(topicModels.tenantId, tenantId), eq(topicModels.id, id)));
  return row ?? null;
}

/**
 * The emotion models an emotion widget reads: dataFilters.TopicModelId when it names an emotion model of the
 * tenant, else every emotion model of the tenant.
 */
export async function emotionModelIds(db: Db, query: WidgetQuery): Promise<number[]> {
  const chosen = await loadTopicModel(db, query.tenantId, topicModelIdOf(query.dataFilters));
  if (chosen?.isEmotionModel) return [chosen.id];
  const rows = await db
    .select({ id: topicModels.id })
    .from(topicModels)
    .where(and(eq(topicModels.tenantId, query.tenantId), eq(topicModels.isEmotionModel, true)))
    .orderBy(asc(topicModels.id));
  return rows.map((row) => row.id);
}

export type TopicName = { id: number; modelId: number; name: string; parentId: number | null };

/** Topics (or emotions) of the tenant by id. */
export async function topicsById(
  db: Db,
  tenantId: number,
  ids: readonly number[],
): Promise<Map<number, TopicName>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: topics.id, modelId: topics.modelId, name: topicDisplayName, parentId: topics.parentId })
    .from(topics)
    .where(and(eq(topics.tenantId, tenantId), anyOf(topics.id, unique)));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Every topic (or emotion) of the tenant's models, in the models' order and then as they were created. */
export async function topicsOfModels(
  db: Db,
  tenantId: number,
  modelIds: readonly number[],
): Promise<TopicName[]> {
  if (modelIds.length === 0) return [];
  return db
    .select({ id: topics.id, modelId: topics.modelId, name: topicDisplayName, parentId: topics.parentId })
    .from(topics)
    .where(and(eq(topics.tenantId, tenantId), anyOf(topics.modelId, [...modelIds])))
    .orderBy(asc(topics.modelId), asc(topics.id));
}

/** A replica count (BIGINT or HUGEINT as number) or 0. */
export const countOf = (value: unknown): number =>
  value === null || value === undefined ? 0 : Number(value);

/** 100 × part / whole, null for an empty whole. */
export const percentOf = (part: number, whole: number): number | null =>
  whole > 0 ? (100 * part) / whole : null;
