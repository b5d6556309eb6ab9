import { and, asc, eq } from 'drizzle-orm';
import {
  ImpactStatus,
  NEUTRAL_MIN_SCORE,
  PROMOTER_MIN_SCORE,
  type ImpactRow,
  type WidgetDataFilters,
} from '@loupe/contracts';
import type { AnalyticsReplica } from '../../../analytics/replica.js';
import type { Db } from '../../../db/client.js';
import { experiences, questionChoices, questions } from '../../../db/schema/index.js';
import { invalidValue } from '../../../errors.js';
import {
  impactOptions,
  impactRows,
  impactStatusRow,
  selectionSql,
  selectionTally,
  tallyColumns,
  tallyOf,
} from './impact-widgets.js';
import type { WidgetQuery } from '../shared/widget-query.js';
import { anyOf } from '../../../db/any-of.js';

/*
 * Closed-ended-question impact (`closed-end-impact`, docs/metrics.md): one row per choice of the closed-ended
 * questions of dataFilters.ClosedEndSurveyId (only OrderedQuestionIds when given), Category "question: choice",
 * ShortCategory "choice (question)" cut to IMPACT_LABEL_MAX characters.
 * S = the selection's sessions of that survey with an NPS answer; M = those that chose the choice; M+ / M- its
 * promoters / detractors (a choice has no sentiment). Answers are the replica's facts (choice_value), so a
 * question counts when its answers are measured (its experience has measurement type 1 or 2); the NPS questions
 * themselves (measurement type 0) are left out, their choices would only restate the NPS.
 */

const NPS_MEASUREMENT_TYPE = 0;

function positiveId(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 ? number : null;
}

/** dataFilters.ClosedEndSurveyId: one survey id (a number, a numeric string or a one-item list); null when absent. */
function closedEndSurveyIdOf(filters: WidgetDataFilters): number | null {
  const raw: unknown = filters.ClosedEndSurveyId;
  if (raw === null || raw === undefined || raw === '') return null;
  const value: unknown = Array.isArray(raw) && raw.length === 1 ? (raw as unknown[])[0] : raw;
  const id = positiveId(value);
  if (id === null) throw invalidValue('DataFilters.ClosedEndSurveyId');
  return id;
}

/** dataFilters.OrderedQuestionIds: question ids, comma-joined (reports spec §3) or a list; null when absent. */
function orderedQuestionIdsOf(filters: WidgetDataFilters): number[] | null {
  const raw = filters.OrderedQuestionIds;
  if (raw === null || raw === undefined) return null;
  const items: unknown[] =
    typeof raw === 'string'
      ? raw.split(',').filter((item) => item.trim() !== '')
      : Array.isArray(raw)
        ? raw
        : [raw];
  const ids = items.map(positiveId);
  if (ids.some((id) => id === null)) {
    throw invalidValue('DataFilters.OrderedQuestionIds');
  }
  return ids.length === 0 ? null : [...new Set(ids as number[])];
}

type Question = { id: number; text: string };

/** The survey's closed-ended questions (not open-ended, not a matrix group, not an NPS question), in order. */
async function closedEndedQuestions(
  db: Db,
  tenantId: number,
  surveyId: number,
  only: readonly number[] | null,
): Promise<Question[]> {
  const rows = await db
    .select({
      id: questions.id,
      text: questions.text,
      type: questions.type,
      measurementType: experiences.measurementType,
    })
    .from(questions)
    .leftJoin(experiences, eq(experiences.id, questions.experienceId))
    .where(
      and(eq(questions.tenantId, tenantId), eq(questions.surveyId, surveyId), eq(questions.isDeleted, false)),
    )
    .orderBy(asc(questions.position), asc(questions.id));
  const closed = rows.filter(
    (row) =>
      row.type !== 'OETX' && !row.type.startsWith('MX') && row.measurementType !== NPS_MEASUREMENT_TYPE,
  );
  if (!only) return closed;
  const byId = new Map(closed.map((row) => [row.id, row]));
  return only.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

type ChoiceRow = Record<string, unknown> & { question_id: number; choice_value: number };

export async function closedEndImpactRows(
  db: Db,
  replica: AnalyticsReplica,
  query: WidgetQuery,
): Promise<ImpactRow[]> {
  const options = impactOptions(query.dataFilters);
  const surveyId = closedEndSurveyIdOf(query.dataFilters);
  const only = orderedQuestionIdsOf(query.dataFilters);
  if (surveyId === null) return [impactStatusRow(ImpactStatus.NoData)];
  const asked = await closedEndedQuestions(db, query.tenantId, surveyId, only);
  // No closed-ended question to measure: nothing to show.
  if (asked.length === 0) return [impactStatusRow(ImpactStatus.NoData)];
  const selection = selectionSql(query, { where: 's.survey_id = ?', params: [surveyId] });
  const questionIds = asked.map((question) => question.id);
  const [total, rows, choices] = await Promise.all([
    selectionTally(replica, selection),
    replica.query<ChoiceRow>(
      `WITH s AS (${selection.where}),
       answers AS (
         SELECT DISTINCT f.session_id, f.question_id, f.choice_value FROM facts f
         WHERE f.tenant_id = ? AND f.survey_id = ? AND list_contains(?, f.question_id)
           AND f.choice_value IS NOT NULL
       )
       SELECT a.question_id, a.choice_value, ${tallyColumns('s.nps_score')},
         ${tallyColumns('s.nps_score', 'positive_', `s.nps_score >= ${PROMOTER_MIN_SCORE}`)},
         ${tallyColumns('s.nps_score', 'negative_', `s.nps_score < ${NEUTRAL_MIN_SCORE}`)}
       FROM answers a JOIN s ON s.session_id = a.session_id
       GROUP BY a.question_id, a.choice_value`,
      [...selection.params, query.tenantId, surveyId, questionIds],
    ),
    db
      .select({
        questionId: questionChoices.questionId,
        value: questionChoices.value,
        label: questionChoices.label,
        position: questionChoices.position,
      })
      .from(questionChoices)
      .where(
        and(
          eq(questionChoices.tenantId, query.tenantId),
          anyOf(questionChoices.questionId, questionIds),
          eq(questionChoices.isDeleted, false),
        ),
      ),
  ]);
  const choiceKey = (questionId: number, value: number) => `${questionId}:${value}`;
  const labels = new Map(choices.map((choice) => [choiceKey(choice.questionId, choice.value), choice]));
  const questionOrder = new Map(asked.map((question, index) => [question.id, index]));
  const texts = new Map(asked.map((question) => [question.id, question.text]));
  const ordered = rows
    .map((row) => {
      const questionId = Number(row.question_id);
      const value = Number(row.choice_value);
      const choice = labels.get(choiceKey(questionId, value));
      return {
        row,
        questionId,
        label: choice?.label ?? String(value),
        position: choice?.position ?? value,
      };
    })
    .sort(
      (a, b) =>
        (questionOrder.get(a.questionId) ?? 0) - (questionOrder.get(b.questionId) ?? 0) ||
        a.position - b.position,
    );
  const mentions = ordered.map(({ row, questionId, label }, order) => ({
    category: `${texts.get(questionId) ?? ''}: ${label}`,
    // The choice leads the short label, so the bars of one question stay apart.
    label: `${label} (${texts.get(questionId) ?? ''})`,
    order,
    all: tallyOf(row),
    positive: tallyOf(row, 'positive_'),
    negative: tallyOf(row, 'negative_'),
    sentiment: null,
  }));
  return impactRows(total, mentions, options);
}
