import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  aiAnnotationStatisticsSchema,
  aiAnnotationWorkParamsSchema,
  kappaBand,
  type AiAnnotationStatistics,
} from '@loupe/contracts';
import { requireTenant } from '../../core/actor.js';
import type { Db } from '../../db/client.js';
import { aiAnnotations, aiAnnotationWorkInstances, aiAnnotators } from '../../db/schema/index.js';
import { cohensKappa, fleissKappa } from '../../text-models/metrics.js';
import { tasksOfWork } from './tasks.js';
import { ANNOTATION_READ, WORKS_PATH, workFor } from './works.js';

/*
 * A work's statistics (issue 21 item 2, docs/ai-annotation.md): progress, the gold labels' distribution and the
 * annotators' agreement. A label set is one category for the kappas: a topic or emotion annotation's sorted topic
 * names joined by ' | ' (so two annotators agree on a comment only when they gave exactly the same topics).
 */

/** One category per label set (labels are stored sorted). */
const categoryOf = (labels: readonly string[]) => labels.join(' | ');

type Label = { annotatorId: number; name: string; answerId: number; category: string };

/** Cohen's kappa of every annotator pair that labelled at least one comment both. */
function cohenPairs(
  labels: readonly Label[],
  categories: readonly string[],
): AiAnnotationStatistics['Cohen'] {
  const byAnnotator = new Map<number, { name: string; answers: Map<number, string> }>();
  for (const label of labels) {
    const entry = byAnnotator.get(label.annotatorId) ?? { name: label.name, answers: new Map() };
    entry.answers.set(label.answerId, label.category);
    byAnnotator.set(label.annotatorId, entry);
  }
  const annotators = [...byAnnotator].sort(([a], [b]) => a - b);
  const pairs: AiAnnotationStatistics['Cohen'] = [];
  annotators.forEach(([firstId, first], i) => {
    for (const [secondId, second] of annotators.slice(i + 1)) {
      const shared = [...first.answers.keys()].filter((answerId) => second.answers.has(answerId));
      if (shared.length === 0) continue;
      const kappa = cohensKappa(
        shared.map((answerId) => first.answers.get(answerId)!),
        shared.map((answerId) => second.answers.get(answerId)!),
        categories,
      );
      pairs.push({
        FirstAnnotatorId: firstId,
        FirstName: first.name,
        SecondAnnotatorId: secondId,
        SecondName: second.name,
        Kappa: kappa,
        Band: kappaBand(kappa),
        Items: shared.length,
      });
    }
  });
  return pairs;
}

/** Fleiss' kappa over the comments labelled by the most common number (≥ 2) of annotators (ties: the larger). */
function fleiss(labels: readonly Label[], categories: readonly string[]): AiAnnotationStatistics['Fleiss'] {
  const byAnswer = new Map<number, string[]>();
  for (const label of labels)
    byAnswer.set(label.answerId, [...(byAnswer.get(label.answerId) ?? []), label.category]);
  const byRaters = new Map<number, string[][]>();
  for (const item of byAnswer.values())
    if (item.length >= 2) byRaters.set(item.length, [...(byRaters.get(item.length) ?? []), item]);
  const [best] = [...byRaters].sort(([a, x], [b, y]) => y.length - x.length || b - a);
  if (!best) return null;
  const [raters, items] = best;
  const kappa = fleissKappa(items, categories);
  return { Raters: raters, Items: items.length, Kappa: kappa, Band: kappaBand(kappa) };
}

export function statisticsRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    `${WORKS_PATH}/:id/statistics`,
    {
      config: { access: ANNOTATION_READ },
      schema: { params: aiAnnotationWorkParamsSchema, response: { 200: aiAnnotationStatisticsSchema } },
    },
    async (request): Promise<AiAnnotationStatistics> => {
      const work = await workFor(db, request.actor, request.params.id);
      const tenantId = requireTenant(request.actor);
      const tasks = await tasksOfWork(db, tenantId, work.Id);
      const rows = await db
        .select({
          annotatorId: aiAnnotations.annotatorId,
          name: sql<string>`${aiAnnotators.firstName} || ' ' || ${aiAnnotators.lastName}`,
          answerId: aiAnnotations.answerId,
          labels: aiAnnotations.labels,
        })
        .from(aiAnnotations)
        .innerJoin(aiAnnotators, eq(aiAnnotators.id, aiAnnotations.annotatorId))
        .where(and(eq(aiAnnotations.workId, work.Id), isNotNull(aiAnnotations.annotatorId)))
        .orderBy(asc(aiAnnotations.annotatorId), asc(aiAnnotations.answerId));
      const labels: Label[] = rows.map((row) => ({
        annotatorId: row.annotatorId!,
        name: row.name,
        answerId: Number(row.answerId),
        category: categoryOf(row.labels),
      }));
      const categories = [...new Set(labels.map((label) => label.category))].sort();
      const annotators = new Map<number, { Id: number; Name: string; LabelledCount: number }>();
      for (const label of labels) {
        const entry = annotators.get(label.annotatorId) ?? {
          Id: label.annotatorId,
          Name: label.name,
          LabelledCount: 0,
        };
        entry.LabelledCount += 1;
        annotators.set(label.annotatorId, entry);
      }
      const gold = await db
        .select({ labels: aiAnnotationWorkInstances.goldLabels })
        .from(aiAnnotationWorkInstances)
        .where(
          and(eq(aiAnnotationWorkInstances.workId, work.Id), isNotNull(aiAnnotationWorkInstances.goldLabels)),
        );
      const counts = new Map<string, number>();
      // Each label of a gold set counts once; an empty set (no topic) counts as ''.
      for (const { labels } of gold)
        for (const label of labels!.length === 0 ? [''] : labels!)
          counts.set(label, (counts.get(label) ?? 0) + 1);
      const distribution = [...counts]
        .map(([Label, Count]) => ({ Label, Count }))
        .sort((a, b) => b.Count - a.Count || a.Label.localeCompare(b.Label));
      return {
        InstanceCount: work.InstanceCount,
        GoldCount: work.GoldCount,
        Tasks: tasks.map((task) => ({
          Id: task.Id,
          Name: task.Name,
          TargetCount: task.TargetCount,
          LabelledCount: task.Annotators.reduce((sum, a) => sum + a.LabelledCount, 0),
          Progress: task.Progress,
        })),
        Annotators: [...annotators.values()],
        LabelDistribution: distribution,
        Cohen: cohenPairs(labels, categories),
        Fleiss: fleiss(labels, categories),
      };
    },
  );
}
