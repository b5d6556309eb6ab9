import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  aiAnnotationWorks,
  aiAnnotators,
  aiDatasets,
  surveys,
  textAnalyses,
  users,
} from '../../db/schema/index.js';
import { buildDataset } from '../text-analytics-data/index.js';
import { recomputeGold } from './gold.js';
import { createTask } from './tasks.js';
import { buildWork } from './works.js';

/*
 * The demo's annotation (issue 21 item 2, docs/ai-annotation.md "Demo"): for a tenant with comments, a Turkish and
 * an English dataset of every survey's open-ended answers, and per language a sentiment annotation work (type 0,
 * agreement level 2) of DEMO_WORK_TARGET comments with a task for two demo annotators, who have labelled the first
 * DEMO_LABELLED comments already: the first as the generator's sentiment says, the second the same but for every
 * seventh comment (so the kappas are high, not 1, and those comments have no gold label). Built directly, not as
 * jobs, and deterministic: the same comments give the same works and labels. Written once per tenant.
 */

const DEMO_WORK_TARGET = 400;
const DEMO_LABELLED = 300;

/** The works the seed creates, by language: the sentiment models' demo trains on their gold labels. */
const DEMO_ANNOTATION_WORKS = [
  { language: 'tr', dataset: 'Demo comments (Turkish)', work: 'Demo sentiment (Turkish)' },
  { language: 'en', dataset: 'Demo comments (English)', work: 'Demo sentiment (English)' },
] as const;

const DEMO_ANNOTATORS = [
  { firstName: 'Ayşe', lastName: 'Etiket', email: 'ayse.etiket@annotators.example', userName: 'admin' },
  { firstName: 'Daniel', lastName: 'Label', email: 'daniel.label@annotators.example', userName: null },
] as const;

/** The sentiment label of a demo comment's score (text_analyses.sentiment_score 4, 2, 0). */
const SCORE_LABEL = sql<string>`(case ta.sentiment_score when 4 then 'positive' when 2 then 'neutral' else 'negative' end)`;

/** The demo annotators' ids, created when missing; the first is linked to the tenant's `admin` user if free. */
async function ensureAnnotators(db: Db, tenantId: number): Promise<number[]> {
  const ids: number[] = [];
  for (const annotator of DEMO_ANNOTATORS) {
    const [found] = await db
      .select({ id: aiAnnotators.id })
      .from(aiAnnotators)
      .where(and(eq(aiAnnotators.tenantId, tenantId), eq(aiAnnotators.email, annotator.email)));
    if (found) {
      ids.push(found.id);
      continue;
    }
    const [user] = annotator.userName
      ? await db
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              eq(users.tenantId, tenantId),
              eq(users.userName, annotator.userName),
              sql`not exists (select 1 from ai_annotators x where x.user_id = ${users.id})`,
            ),
          )
      : [];
    const [row] = await db
      .insert(aiAnnotators)
      .values({
        tenantId,
        firstName: annotator.firstName,
        lastName: annotator.lastName,
        email: annotator.email,
        userId: user?.id ?? null,
      })
      .returning({ id: aiAnnotators.id });
    ids.push(row!.id);
  }
  return ids;
}

/** The demo dataset of a language, created and built when missing. */
async function ensureDataset(db: Db, tenantId: number, name: string, language: string): Promise<number> {
  const [found] = await db
    .select({ id: aiDatasets.id })
    .from(aiDatasets)
    .where(and(eq(aiDatasets.tenantId, tenantId), eq(aiDatasets.name, name)));
  if (found) return found.id;
  const surveyIds = (
    await db
      .select({ id: surveys.id })
      .from(surveys)
      .where(eq(surveys.tenantId, tenantId))
      .orderBy(surveys.id)
  ).map((row) => row.id);
  const [row] = await db
    .insert(aiDatasets)
    .values({ tenantId, name, language, surveyIds, questionIds: [], sources: [] })
    .returning({ id: aiDatasets.id });
  await buildDataset(db, { tenantId, id: row!.id, generation: 1 });
  return row!.id;
}

/**
 * Seeds the tenant's demo annotation (see above) and answers the ids of the works it created (none when they exist
 * already or the tenant has no analysed comment).
 */
export async function seedDemoAnnotationWorks(db: Db, tenantId: number): Promise<number[]> {
  const [comment] = await db
    .select({ id: textAnalyses.answerId })
    .from(textAnalyses)
    .where(eq(textAnalyses.tenantId, tenantId))
    .limit(1);
  if (!comment) return [];
  const annotatorIds = await ensureAnnotators(db, tenantId);
  const created: number[] = [];
  for (const demo of DEMO_ANNOTATION_WORKS) {
    const [exists] = await db
      .select({ id: aiAnnotationWorks.id })
      .from(aiAnnotationWorks)
      .where(and(eq(aiAnnotationWorks.tenantId, tenantId), eq(aiAnnotationWorks.name, demo.work)));
    if (exists) continue;
    const datasetId = await ensureDataset(db, tenantId, demo.dataset, demo.language);
    const [work] = await db
      .insert(aiAnnotationWorks)
      .values({
        tenantId,
        name: demo.work,
        annotationType: 0,
        datasetId,
        targetCount: DEMO_WORK_TARGET,
        agreementLevel: 2,
      })
      .returning({ id: aiAnnotationWorks.id });
    const workId = work!.id;
    await buildWork(db, { tenantId, id: workId, generation: 1 });
    const taskId = await createTask(db, tenantId, workId, {
      Name: 'Demo labelling',
      AnnotatorIds: annotatorIds,
      TargetCount: DEMO_WORK_TARGET,
      ExpireDate: null,
    });
    const [first, second] = annotatorIds as [number, number];
    // The first annotator follows the generator's sentiment; the second too, but one step round the labels on
    // every seventh comment.
    await db.execute(sql`
      insert into ai_annotations (tenant_id, work_id, task_id, annotator_id, answer_id, labels, source)
      select ${tenantId}, ${workId}, ${taskId}, v.annotator_id, wi.answer_id, array[v.label], 'annotator'
      from ai_annotation_work_instances wi
      join text_analyses ta on ta.answer_id = wi.answer_id and ta.sentiment_score in (0, 2, 4)
      cross join lateral (values
        (${first}::int, ${SCORE_LABEL}),
        (${second}::int, case when wi.position % 7 = 0
          then (case ${SCORE_LABEL} when 'positive' then 'neutral' when 'neutral' then 'negative' else 'positive' end)
          else ${SCORE_LABEL} end)
      ) as v(annotator_id, label)
      where wi.work_id = ${workId} and wi.position <= ${DEMO_LABELLED}`);
    await recomputeGold(db, workId);
    created.push(workId);
  }
  return created;
}
