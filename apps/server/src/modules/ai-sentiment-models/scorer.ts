import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { aiSentimentModels, aiSentimentModelVersions } from '../../db/schema/index.js';
import {
  parseSentimentModel,
  sentimentScorer,
  type SentimentModel,
} from '../../text-models/sentiment-classifier.js';

/*
 * The current version of a tenant's sentiment model, for try, export and the scoring job (issue 21 item 5, built by
 * the scheduled-jobs slice): `loadSentimentScorer(db, tenantId, modelId)` answers its scorer, or null when the
 * model is not the tenant's or has no accepted version.
 */

export type SentimentScorer = ReturnType<typeof sentimentScorer>;

/** The stored JSON of the model's current (accepted) version and its number, or null. */
export async function currentSentimentVersion(
  db: Executor,
  tenantId: number,
  modelId: number,
): Promise<{ version: number; model: SentimentModel } | null> {
  const [row] = await db
    .select({ version: aiSentimentModelVersions.version, model: aiSentimentModelVersions.model })
    .from(aiSentimentModels)
    .innerJoin(aiSentimentModelVersions, eq(aiSentimentModelVersions.id, aiSentimentModels.currentVersionId))
    .where(and(eq(aiSentimentModels.tenantId, tenantId), eq(aiSentimentModels.id, modelId)));
  return row ? { version: row.version, model: parseSentimentModel(row.model) } : null;
}

/** The scorer of the model's current version (`predict(text)` → Label, SentimentScore, Probability), or null. */
export async function loadSentimentScorer(
  db: Executor,
  tenantId: number,
  modelId: number,
): Promise<SentimentScorer | null> {
  const current = await currentSentimentVersion(db, tenantId, modelId);
  return current ? sentimentScorer(current.model) : null;
}
