import { sql } from 'drizzle-orm';
import { aiModelLabels, topics } from '../db/schema/index.js';

/**
 * The name a widget shows for a topic: its model's label for the topic when model label management
 * (`ai_model_labels`, docs/ai-topic-models.md) maps one, else the topic's own name. One label per model and topic
 * name (a unique index), so the subquery answers one row at most.
 */
export const topicDisplayName = sql<string>`coalesce((select ${aiModelLabels.label} from ${aiModelLabels} where ${aiModelLabels.modelId} = ${topics.modelId} and lower(${aiModelLabels.topicName}) = lower(${topics.name})), ${topics.name})`;
