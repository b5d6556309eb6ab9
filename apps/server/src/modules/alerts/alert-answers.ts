import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import { rowsOf } from '../../db/rows-of.js';
import { MASK } from './alert-list.js';

type AlertAnswer = {
  QuestionId: number;
  Question: string;
  Answer: string | null;
  Score: number | null;
};

/**
 * A session's answers in the survey's order, each with its question's text: the text answer, else the chosen
 * choice's label, else the value. For mask:invitee, answers that carry contact data (Email and Phone format
 * questions) read '***'.
 */
export async function answersOf(db: Executor, sessionId: number, masked: boolean): Promise<AlertAnswer[]> {
  const rows = await rowsOf<AlertAnswer & { contact: boolean }>(
    db,
    sql`SELECT q.id AS "QuestionId", q.text AS "Question",
          coalesce(a.text, (SELECT c.label FROM question_choices c
                            WHERE c.question_id = a.question_id AND c.value = a.choice_value LIMIT 1),
                   a.choice_value::text) AS "Answer",
          a.score AS "Score", coalesce(q.format_type IN ('Email', 'Phone'), false) AS contact
        FROM answers a JOIN questions q ON q.id = a.question_id
        WHERE a.session_id = ${sessionId} ORDER BY q.position, q.id, a.id`,
  );
  return rows.map(({ contact, ...row }) => ({
    ...row,
    QuestionId: Number(row.QuestionId),
    Answer: masked && contact && row.Answer !== null ? MASK : row.Answer,
    Score: row.Score === null ? null : Number(row.Score),
  }));
}
