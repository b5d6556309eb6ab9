import { and, asc, eq, ne } from 'drizzle-orm';
import {
  HIDDEN_FROM_FILTERS_SURVEY_TYPE,
  isMatrixQuestionType,
  type SurveyStatistics,
  type SurveysStatistics,
} from '@loupe/contracts';
import type { TreeLevels } from '../../analytics/filter-compiler.js';
import type { Actor } from '../../core/actor.js';
import type { ModuleDeps } from '../../core/deps.js';
import { anyOf } from '../../db/any-of.js';
import { products, questionChoices, questions, surveys, transactionChannels } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../errors.js';
import { loadDataRestrictions } from '../reports/index.js';
import {
  EMPTY_FUNNEL,
  funnelCounts,
  medianCompletionSeconds,
  questionCounts,
  type StatisticsPeriod,
  type StatisticsScope,
} from './survey-statistics.queries.js';

/** What the statistics read of a question, placed or a matrix group's sub-question. */
const QUESTION_COLUMNS = {
  id: questions.id,
  parentId: questions.parentId,
  text: questions.text,
  type: questions.type,
  position: questions.position,
  flowId: questions.flowId,
};

/** The query of both routes (contracts `surveyStatisticsQuerySchema`, parsed). */
type StatisticsQuery = {
  from: string;
  to: string;
  timezoneOffset: number;
  period: StatisticsPeriod;
  surveyIds?: string;
};

const INT32_MAX = 2_147_483_647;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * The survey statistics (docs/surveys-statistics.md): surveys, questions and choices from PostgreSQL, every figure
 * from the analytics replica, within the caller's tenant and data restrictions. Type 7 surveys are never shown.
 */
export function createSurveyStatisticsService({ db, replica }: ModuleDeps) {
  const visibleSurvey = (tenantId: number) =>
    and(eq(surveys.tenantId, tenantId), ne(surveys.type, HIDDEN_FROM_FILTERS_SURVEY_TYPE));

  // The caller's scope on the replica for these surveys and the query's days.
  async function scopeOf(
    actor: Actor & { tenantId: number },
    query: StatisticsQuery,
    surveyIds: number[],
  ): Promise<StatisticsScope> {
    const restrictions = await loadDataRestrictions(db, actor);
    const levelsOf = async (table: typeof transactionChannels | typeof products, ids: readonly number[]) => {
      if (ids.length === 0) return new Map<number, number>();
      const rows = await db
        .select({ id: table.id, level: table.level })
        .from(table)
        .where(and(eq(table.tenantId, actor.tenantId), anyOf(table.id, [...ids])));
      return new Map(rows.map((row) => [row.id, row.level]));
    };
    const levels: TreeLevels = {
      channels: await levelsOf(transactionChannels, restrictions.transactionChannelIds),
      products: await levelsOf(products, restrictions.productIds),
    };
    // The caller's local midnight of `from` and of the day after `to`, as instants (offset: UTC minus local).
    const midnight = (day: string) => Date.parse(`${day}T00:00:00Z`) + query.timezoneOffset * MINUTE_MS;
    return {
      tenantId: actor.tenantId,
      restrictions,
      levels,
      surveyIds,
      start: new Date(midnight(query.from)),
      end: new Date(midnight(query.to) + DAY_MS),
      offset: query.timezoneOffset,
      period: query.period,
    };
  }

  function tenantOf(actor: Actor): Actor & { tenantId: number } {
    // Statistics are one tenant's data: a tenantless operator has none to read.
    if (actor.tenantId === null) throw forbidden();
    return actor as Actor & { tenantId: number };
  }

  return {
    /** `GET /api/survey-statistics`: every survey the caller reads (or those of `surveyIds`). */
    async all(caller: Actor, query: StatisticsQuery): Promise<SurveysStatistics> {
      const actor = tenantOf(caller);
      // An id beyond int32 names no survey (and must not reach PostgreSQL's int4[]).
      const wanted = query.surveyIds
        ?.split(',')
        .map(Number)
        .filter((id) => id <= INT32_MAX);
      const rows = await db
        .select({ id: surveys.id, title: surveys.title })
        .from(surveys)
        .where(and(visibleSurvey(actor.tenantId), wanted ? anyOf(surveys.id, wanted) : undefined))
        .orderBy(asc(surveys.title), asc(surveys.id));
      const scope = await scopeOf(
        actor,
        query,
        rows.map((row) => row.id),
      );
      const counts = await funnelCounts(replica, scope);
      return {
        Total: counts.total,
        Surveys: rows.map((row) => ({
          SurveyId: row.id,
          Title: row.title,
          ...(counts.bySurvey.get(row.id) ?? EMPTY_FUNNEL),
        })),
        ByChannel: counts.byChannel,
        OverTime: counts.overTime,
      };
    },

    /** `GET /api/surveys/{id}/statistics`: one survey's funnel, questions and median completion time. */
    async one(caller: Actor, surveyId: number, query: StatisticsQuery): Promise<SurveyStatistics> {
      const actor = tenantOf(caller);
      const [survey] = await db
        .select({ id: surveys.id, title: surveys.title })
        .from(surveys)
        .where(and(eq(surveys.id, surveyId), visibleSurvey(actor.tenantId)));
      if (!survey) throw notFound();
      const listed = await surveyQuestions(actor.tenantId, surveyId);
      const scope = await scopeOf(actor, query, [surveyId]);
      const [counts, median, perQuestion] = await Promise.all([
        funnelCounts(replica, scope),
        medianCompletionSeconds(replica, scope),
        questionCounts(
          replica,
          scope,
          listed.map((q) => q.id),
        ),
      ]);
      return {
        SurveyId: survey.id,
        Title: survey.title,
        Funnel: counts.total,
        ByChannel: counts.byChannel,
        OverTime: counts.overTime,
        MedianCompletionSeconds: median,
        Questions: listed.map((q) => {
          const chosen = perQuestion.distribution.get(q.id) ?? new Map<number, number>();
          // The question's choices (a sub-question's are its group's), and any other value answered.
          const labels = new Map(q.choices.map((c) => [c.value, c.label]));
          const others = [...chosen.keys()].filter((value) => !labels.has(value)).sort((x, y) => x - y);
          for (const value of others) labels.set(value, String(value));
          return {
            QuestionId: q.id,
            Text: q.text,
            QuestionTypeName: q.type,
            Answered: perQuestion.answered.get(q.id) ?? 0,
            DropOff: perQuestion.dropOff.get(q.id) ?? 0,
            Distribution: q.closed
              ? [...labels].map(([value, label]) => ({
                  Value: value,
                  Label: label,
                  Count: chosen.get(value) ?? 0,
                }))
              : [],
          };
        }),
      };
    },
  };

  /**
   * The survey's questions that carry answers, in the order a respondent meets them: a matrix group stands for its
   * sub-questions (which share its choices), in the group's place.
   */
  async function surveyQuestions(tenantId: number, surveyId: number) {
    const placed = await db
      .select(QUESTION_COLUMNS)
      .from(questions)
      .where(
        and(
          eq(questions.tenantId, tenantId),
          eq(questions.surveyId, surveyId),
          eq(questions.isDeleted, false),
        ),
      )
      .orderBy(asc(questions.flowId), asc(questions.position), asc(questions.id));
    const groupIds = placed
      .filter((q) => isMatrixQuestionType(q.type) && q.parentId === null)
      .map((q) => q.id);
    const subQuestions =
      groupIds.length === 0
        ? []
        : await db
            .select(QUESTION_COLUMNS)
            .from(questions)
            .where(
              and(
                eq(questions.tenantId, tenantId),
                anyOf(questions.parentId, groupIds),
                eq(questions.isDeleted, false),
              ),
            )
            .orderBy(asc(questions.position), asc(questions.id));
    const choiceOwners = [...new Set([...placed.map((q) => q.id), ...groupIds])];
    const choices =
      choiceOwners.length === 0
        ? []
        : await db
            .select({
              questionId: questionChoices.questionId,
              value: questionChoices.value,
              label: questionChoices.label,
              isDeleted: questionChoices.isDeleted,
            })
            .from(questionChoices)
            .where(
              and(eq(questionChoices.tenantId, tenantId), anyOf(questionChoices.questionId, choiceOwners)),
            )
            .orderBy(asc(questionChoices.position), asc(questionChoices.value));
    const choicesOf = (questionId: number) =>
      choices
        .filter((c) => c.questionId === questionId && !c.isDeleted)
        .map(({ value, label }) => ({ value, label }));
    const listed: {
      id: number;
      text: string;
      type: string;
      closed: boolean;
      choices: { value: number; label: string }[];
    }[] = [];
    for (const q of placed) {
      if (q.parentId !== null && groupIds.includes(q.parentId)) continue; // listed under its group
      if (groupIds.includes(q.id)) {
        const shared = choicesOf(q.id);
        for (const sub of subQuestions.filter((s) => s.parentId === q.id)) {
          listed.push({
            id: sub.id,
            text: `${q.text} — ${sub.text}`,
            type: q.type,
            closed: true,
            choices: shared,
          });
        }
        continue;
      }
      const closed = q.type !== 'OETX';
      listed.push({ id: q.id, text: q.text, type: q.type, closed, choices: closed ? choicesOf(q.id) : [] });
    }
    return listed;
  }
}
