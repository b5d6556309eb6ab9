import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';

/*
 * The gold-label rule (docs/ai-annotation.md): an instance's gold labels are the labels of its latest uploaded row
 * (annotator null) if it has one; else the label set that at least AgreementLevel annotators gave (labels are
 * stored sorted and without duplicates, so the same set is the same array) — when several sets reach the level,
 * the one most annotators gave, then the one given first; else none. `gold_at` keeps when the gold labels last
 * changed.
 */

/** Sorted, without duplicates: the stored form of a label set, so equal sets compare equal. */
export const labelSetOf = (labels: readonly string[]): string[] =>
  [...new Set(labels.map((label) => label.trim()))].sort();

/** Recomputes the gold labels of the work's instances (of one answer's instance when `answerId` is given). */
export async function recomputeGold(db: Executor, workId: number, answerId?: number): Promise<void> {
  const oneAnswer = answerId === undefined ? sql`` : sql`and wi2.answer_id = ${answerId}`;
  await db.execute(sql`
    update ai_annotation_work_instances wi
    set gold_labels = g.labels,
        gold_at = case when g.labels is null then null
                       when wi.gold_labels is not distinct from g.labels then wi.gold_at
                       else now() end
    from (
      select wi2.answer_id, coalesce(
        (select u.labels from ai_annotations u
          where u.work_id = wi2.work_id and u.answer_id = wi2.answer_id and u.annotator_id is null
          order by u.updated_at desc, u.id desc limit 1),
        (select v.labels from (
            select a.labels, count(*) as n, min(a.updated_at) as first_at
            from ai_annotations a
            where a.work_id = wi2.work_id and a.answer_id = wi2.answer_id and a.annotator_id is not null
            group by a.labels) v
          where v.n >= w.agreement_level
          order by v.n desc, v.first_at asc limit 1)
      ) as labels
      from ai_annotation_work_instances wi2
      join ai_annotation_works w on w.id = wi2.work_id
      where wi2.work_id = ${workId} ${oneAnswer}
    ) g
    where wi.work_id = ${workId} and wi.answer_id = g.answer_id
      and wi.gold_labels is distinct from g.labels`);
}
