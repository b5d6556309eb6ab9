import { and, asc, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows-of.js';
import { aiScheduledJobs, aiSentimentModels, topicModels } from '../db/schema/index.js';

/*
 * The Demo Bank's scoring jobs (docs/ai-scheduled-jobs.md): "Score new comments (…)", Active, every minute, so a new
 * comment gets its sentiment, topics and emotions within a minute of its arrival. A job scores the comments of one
 * language (a sentiment model reads one), so there is one per demo sentiment model — with the topic model of its
 * language — and one for the emotion model; with no sentiment model, one job names the first topic model. They
 * start after the comments the generator wrote (already analysed). Written once for a tenant that has none.
 */

const DEMO_JOB_PREFIX = 'Score new comments';

type DemoJob = {
  name: string;
  sentimentModelId: number | null;
  topicModelId: number | null;
  isEmotionModel: boolean;
};

export async function ensureDemoAiJobs(db: Db, tenantId: number): Promise<void> {
  const [existing] = await db
    .select({ id: aiScheduledJobs.id })
    .from(aiScheduledJobs)
    .where(and(eq(aiScheduledJobs.tenantId, tenantId), like(aiScheduledJobs.name, `${DEMO_JOB_PREFIX}%`)));
  if (existing) return;
  const models = await db
    .select({ id: topicModels.id, language: topicModels.language, isEmotion: topicModels.isEmotionModel })
    .from(topicModels)
    .where(eq(topicModels.tenantId, tenantId))
    .orderBy(asc(topicModels.id));
  const sentimentModels = await db
    .select({ id: aiSentimentModels.id, language: aiSentimentModels.language })
    .from(aiSentimentModels)
    .where(eq(aiSentimentModels.tenantId, tenantId))
    .orderBy(asc(aiSentimentModels.id));
  const topicModelOf = (language: string | null) =>
    models.find((model) => !model.isEmotion && (language === null || model.language === language))?.id ??
    null;
  const jobs: DemoJob[] = sentimentModels.map((model) => ({
    name: `${DEMO_JOB_PREFIX} (${model.language.toUpperCase()})`,
    sentimentModelId: model.id,
    topicModelId: topicModelOf(model.language),
    isEmotionModel: false,
  }));
  if (jobs.length === 0 && topicModelOf(null) !== null)
    jobs.push({
      name: DEMO_JOB_PREFIX,
      sentimentModelId: null,
      topicModelId: topicModelOf(null),
      isEmotionModel: false,
    });
  const emotions = models.find((model) => model.isEmotion);
  if (emotions)
    jobs.push({
      name: `${DEMO_JOB_PREFIX} (emotions)`,
      sentimentModelId: null,
      topicModelId: emotions.id,
      isEmotionModel: true,
    });
  if (jobs.length === 0) return;
  const [last] = await rowsOf<{ id: number | null }>(
    db,
    sql`SELECT max(id) AS id FROM answers WHERE tenant_id = ${tenantId}`,
  );
  await db.insert(aiScheduledJobs).values(
    jobs.map((job) => ({
      tenantId,
      jobType: 'scoring',
      ...job,
      isRecurrent: true,
      cronText: '* * * * *',
      status: 'Active',
      scoredThroughAnswerId: Number(last?.id ?? 0),
      nextRunAt: new Date(Date.now() + 60_000),
    })),
  );
}
