import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows-of.js';
import { aiScheduledJobs, aiSentimentModels, topicModels } from '../db/schema/index.js';

/*
 * The Demo Bank's scoring job (docs/ai-scheduled-jobs.md): "Score new comments", Active, every minute, so a new
 * comment gets its sentiment, topics and emotions within a minute of its arrival. It starts after the comments the
 * generator wrote (already analysed), names the demo's first topic model and, when one exists, its first sentiment
 * model; without one its runs skip sentiment and say so in the AI logs. Written once for a tenant that has none.
 */

const DEMO_JOB_NAME = 'Score new comments';

export async function ensureDemoAiJobs(db: Db, tenantId: number): Promise<void> {
  const [existing] = await db
    .select({ id: aiScheduledJobs.id })
    .from(aiScheduledJobs)
    .where(and(eq(aiScheduledJobs.tenantId, tenantId), eq(aiScheduledJobs.name, DEMO_JOB_NAME)));
  if (existing) return;
  const [topicModel] = await db
    .select({ id: topicModels.id })
    .from(topicModels)
    .where(and(eq(topicModels.tenantId, tenantId), eq(topicModels.isEmotionModel, false)))
    .orderBy(asc(topicModels.id))
    .limit(1);
  const [sentimentModel] = await db
    .select({ id: aiSentimentModels.id })
    .from(aiSentimentModels)
    .where(eq(aiSentimentModels.tenantId, tenantId))
    .orderBy(asc(aiSentimentModels.id))
    .limit(1);
  if (!topicModel && !sentimentModel) return;
  const [last] = await rowsOf<{ id: number | null }>(
    db,
    sql`SELECT max(id) AS id FROM answers WHERE tenant_id = ${tenantId}`,
  );
  await db.insert(aiScheduledJobs).values({
    tenantId,
    name: DEMO_JOB_NAME,
    jobType: 'scoring',
    topicModelId: topicModel?.id ?? null,
    sentimentModelId: sentimentModel?.id ?? null,
    isRecurrent: true,
    cronText: '* * * * *',
    status: 'Active',
    scoredThroughAnswerId: Number(last?.id ?? 0),
    nextRunAt: new Date(Date.now() + 60_000),
  });
}
