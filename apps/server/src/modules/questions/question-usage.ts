import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { alertRules, answers, questions, surveyQuotas } from '../../db/schema/index.js';

/** Quota condition properties (the filter registry's) whose value names questions: an id, ids or 'id:value'. */
const QUESTION_PROPERTIES = ['QuestionId', 'Questions', 'OetxQuestions', 'QuestionChoices'];

/** Where a question is used: any of these keeps it from being deleted (4007). */
export type QuestionUsage = {
  /** Placed in a survey's flow. */
  placed: boolean;
  /** Quotas that count it (`survey_quotas.question_id`) or name it in a condition. */
  quotas: number;
  /** Alert rules (active or not) whose conditions name it (docs/alerts.md, "Rules and evaluation"). */
  alertRules: number;
  /** Answers given to it or its sub-questions (the answers keep it, as past data). */
  answers: number;
};

export const isInUse = (usage: QuestionUsage): boolean =>
  usage.placed || usage.quotas > 0 || usage.alertRules > 0 || usage.answers > 0;

/** Where the tenant's question `id` is used (survey, quotas, alert rules, answers). */
export async function questionUsage(
  executor: Executor,
  tenantId: number,
  id: number,
): Promise<QuestionUsage> {
  const names = sql`jsonb_build_object('n', ${id}::int, 's', ${String(id)}::text, 'p', ${`${id}:`}::text)`;
  const [row] = await executor
    .select({
      placed: sql<boolean>`${questions.surveyId} is not null`,
      quotas: sql<number>`(
        select count(*)::int from ${surveyQuotas} q
        where q.tenant_id = ${tenantId} and (
          q.question_id = ${id}
          or exists (
            select 1 from jsonb_array_elements(q.conditions) c
            where c->>'Property' in (${sql.join(
              QUESTION_PROPERTIES.map((property) => sql`${property}`),
              sql`, `,
            )})
              and jsonb_path_exists(c->'Value', '$.** ? (@ == $n || @ == $s || @ starts with $p)', ${names})
          )
        ))`,
      alertRules: sql<number>`(
        select count(*)::int from ${alertRules} r
        where r.tenant_id = ${tenantId}
          and r.conditions @> jsonb_build_array(jsonb_build_object('QuestionId', ${id}::int)))`,
      answers: sql<number>`(select count(*)::int from ${answers} a
        where a.question_id = ${id} or a.question_id in (select s.id from ${questions} s where s.parent_id = ${id}))`,
    })
    .from(questions)
    .where(sql`${questions.id} = ${id} and ${questions.tenantId} = ${tenantId}`);
  return {
    placed: row?.placed ?? false,
    quotas: row?.quotas ?? 0,
    alertRules: row?.alertRules ?? 0,
    answers: row?.answers ?? 0,
  };
}
