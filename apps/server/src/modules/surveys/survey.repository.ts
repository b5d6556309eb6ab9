import { and, asc, count, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { SurveyType } from '@loupe/contracts';
import type { Executor } from '../../db/executor.js';
import {
  answers,
  experiences,
  invitees,
  journeyStages,
  locations,
  products,
  questionChoices,
  questions,
  segments,
  sessions,
  surveyFlows,
  surveyQuotas,
  surveyTestInvitations,
  surveys,
  transactionChannels,
  transactionTypes,
  users,
} from '../../db/schema/index.js';
import { countOf, insertedId } from '../../core/queries.js';

/*
 * The SQL of the surveys wizard (docs/surveys-wizard.md). Every function takes the executor of the request (the
 * transaction of a write) and the tenant, so no query reads or writes another tenant's rows. Questions are read
 * and written here with their own small SQL: the question library module is another's (the brief's boundary).
 */

export type SurveyRecord = typeof surveys.$inferSelect;
export type QuestionRecord = typeof questions.$inferSelect;
export type QuotaRecord = typeof surveyQuotas.$inferSelect;
export type FlowRecord = typeof surveyFlows.$inferSelect;

/** Surveys the wizard shows and changes: the tenant's, never the hidden type 7. */
export const surveyListedIn = (tenantId: number): SQL =>
  and(eq(surveys.tenantId, tenantId), ne(surveys.type, SurveyType.Hidden))!;

/** Ids a query may bind to an integer column (others exist nowhere). */
const int32Ids = (ids: number[]) => ids.filter((id) => Number.isInteger(id) && id > 0 && id <= 2_147_483_647);

/** The tables a tree-set or id condition names, by the filter registry row's lookup. */
const CONDITION_TABLES = {
  channels: transactionChannels,
  products,
  locations,
  transactionTypes,
} as const;
export type ConditionTable = keyof typeof CONDITION_TABLES;

export function createSurveyRepository() {
  return {
    async find(db: Executor, tenantId: number, id: number): Promise<SurveyRecord | undefined> {
      const [row] = await db
        .select()
        .from(surveys)
        .where(and(surveyListedIn(tenantId), eq(surveys.id, id)));
      return row;
    },

    async integrationCodeTaken(db: Executor, tenantId: number, code: string, exceptId?: number) {
      const [row] = await db
        .select({ id: surveys.id })
        .from(surveys)
        .where(
          and(
            eq(surveys.tenantId, tenantId),
            eq(surveys.integrationCode, code),
            exceptId === undefined ? undefined : ne(surveys.id, exceptId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async journeyStageExists(db: Executor, tenantId: number, id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: journeyStages.id })
        .from(journeyStages)
        .where(and(eq(journeyStages.tenantId, tenantId), eq(journeyStages.id, id)));
      return row !== undefined;
    },

    insert: (db: Executor, values: typeof surveys.$inferInsert) =>
      insertedId(db.insert(surveys).values(values).returning({ id: surveys.id }), 'survey'),

    async update(db: Executor, id: number, values: Partial<typeof surveys.$inferInsert>): Promise<void> {
      await db
        .update(surveys)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(surveys.id, id));
    },

    async remove(db: Executor, id: number): Promise<void> {
      await db.delete(surveyQuotas).where(eq(surveyQuotas.surveyId, id));
      await db.delete(surveys).where(eq(surveys.id, id));
    },

    flows: (db: Executor, surveyId: number): Promise<FlowRecord[]> =>
      db.select().from(surveyFlows).where(eq(surveyFlows.surveyId, surveyId)).orderBy(asc(surveyFlows.id)),

    insertFlow: (db: Executor, values: typeof surveyFlows.$inferInsert) =>
      insertedId(db.insert(surveyFlows).values(values).returning({ id: surveyFlows.id }), 'flow'),

    async updateFlow(db: Executor, id: number, values: { name: string; isActive: boolean }): Promise<void> {
      await db.update(surveyFlows).set(values).where(eq(surveyFlows.id, id));
    },

    async flowsWithSessions(db: Executor, ids: number[]): Promise<boolean> {
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(inArray(sessions.flowId, ids))
        .limit(1);
      return row !== undefined;
    },

    async removeFlows(db: Executor, ids: number[]): Promise<void> {
      if (ids.length > 0) await db.delete(surveyFlows).where(inArray(surveyFlows.id, ids));
    },

    /** The survey's questions (groups and sub-questions, removed ones too), in flow order. */
    questionsOf: (db: Executor, surveyId: number): Promise<QuestionRecord[]> =>
      db
        .select()
        .from(questions)
        .where(eq(questions.surveyId, surveyId))
        .orderBy(asc(questions.flowId), asc(questions.position), asc(questions.id)),

    /** The tenant's questions of these ids that may be placed: live, not a matrix sub-question. */
    placeable: (db: Executor, tenantId: number, ids: number[]): Promise<QuestionRecord[]> =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(questions)
            .where(
              and(eq(questions.tenantId, tenantId), inArray(questions.id, ids), isNull(questions.parentId)),
            ),

    subQuestions: (db: Executor, groupIds: number[]): Promise<QuestionRecord[]> =>
      groupIds.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(questions)
            .where(inArray(questions.parentId, groupIds))
            .orderBy(asc(questions.position), asc(questions.id)),

    /** Live choice values of each question. */
    async choiceValues(db: Executor, questionIds: number[]): Promise<Map<number, Set<number>>> {
      const values = new Map<number, Set<number>>();
      if (questionIds.length === 0) return values;
      const rows = await db
        .select({ questionId: questionChoices.questionId, value: questionChoices.value })
        .from(questionChoices)
        .where(and(inArray(questionChoices.questionId, questionIds), eq(questionChoices.isDeleted, false)));
      for (const row of rows) {
        const set = values.get(row.questionId) ?? new Set<number>();
        set.add(row.value);
        values.set(row.questionId, set);
      }
      return values;
    },

    /** Measurement type of each experience the questions measure. */
    async measurementTypes(db: Executor, experienceIds: number[]): Promise<Map<number, number>> {
      if (experienceIds.length === 0) return new Map();
      const rows = await db
        .select({ id: experiences.id, type: experiences.measurementType })
        .from(experiences)
        .where(inArray(experiences.id, experienceIds));
      return new Map(rows.map((row) => [row.id, row.type]));
    },

    /** Of these questions (or their sub-questions), the ones with answers. */
    async answered(db: Executor, questionIds: number[]): Promise<Set<number>> {
      if (questionIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ id: sql<number>`coalesce(${questions.parentId}, ${questions.id})` })
        .from(answers)
        .innerJoin(questions, eq(questions.id, answers.questionId))
        .where(or(inArray(questions.id, questionIds), inArray(questions.parentId, questionIds)));
      return new Set(rows.map((row) => Number(row.id)));
    },

    /** Places (or moves) a question and its sub-questions in a survey's flow. */
    async place(
      db: Executor,
      id: number,
      values: {
        surveyId: number;
        flowId: number;
        position: number;
        pageBreakAfter: boolean;
        displayLogic: unknown;
      },
    ): Promise<void> {
      await db
        .update(questions)
        .set({ ...values, isDeleted: false, updatedAt: sql`now()` })
        .where(eq(questions.id, id));
      await db
        .update(questions)
        .set({ surveyId: values.surveyId, flowId: values.flowId })
        .where(eq(questions.parentId, id));
    },

    /** Back to the library: no survey, no flow, no flow settings (with its sub-questions). */
    async unplace(db: Executor, ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      const back = {
        surveyId: null,
        flowId: null,
        position: 0,
        pageBreakAfter: false,
        displayLogic: null,
        updatedAt: sql`now()`,
      };
      await db.update(questions).set(back).where(inArray(questions.id, ids));
      await db
        .update(questions)
        .set({ surveyId: null, flowId: null })
        .where(inArray(questions.parentId, ids));
    },

    /** Answered questions removed from the flow: kept with the survey, out of every flow, marked deleted. */
    async retire(db: Executor, ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(questions)
        .set({ flowId: null, isDeleted: true, updatedAt: sql`now()` })
        .where(or(inArray(questions.id, ids), inArray(questions.parentId, ids)));
    },

    /**
     * A copy of a question (with its choices and sub-questions) in this survey's flow, without integration codes:
     * for a question another survey uses (docs/surveys-wizard.md, "Placing questions").
     */
    async copyQuestion(
      db: Executor,
      source: QuestionRecord,
      placed: {
        surveyId: number;
        flowId: number | null;
        position: number;
        parentId?: number | null;
      } & Partial<Pick<QuestionRecord, 'pageBreakAfter' | 'displayLogic'>>,
    ): Promise<number> {
      const { id: sourceId, createdAt: _c, updatedAt: _u, ...fields } = source;
      const id = await insertedId(
        db
          .insert(questions)
          .values({
            ...fields,
            integrationCode: null,
            isDeleted: false,
            surveyId: placed.surveyId,
            flowId: placed.flowId,
            position: placed.position,
            parentId: placed.parentId ?? null,
            pageBreakAfter: placed.pageBreakAfter ?? source.pageBreakAfter,
            displayLogic: placed.displayLogic === undefined ? source.displayLogic : placed.displayLogic,
          })
          .returning({ id: questions.id }),
        'question',
      );
      const choices = await db
        .select()
        .from(questionChoices)
        .where(eq(questionChoices.questionId, sourceId))
        .orderBy(asc(questionChoices.position), asc(questionChoices.id));
      if (choices.length > 0) {
        await db
          .insert(questionChoices)
          .values(choices.map(({ id: _id, questionId: _q, ...choice }) => ({ ...choice, questionId: id })));
      }
      const children = await db
        .select()
        .from(questions)
        .where(and(eq(questions.parentId, sourceId), eq(questions.isDeleted, false)))
        .orderBy(asc(questions.position), asc(questions.id));
      for (const child of children) {
        await this.copyQuestion(db, child, {
          surveyId: placed.surveyId,
          flowId: placed.flowId,
          position: child.position,
          parentId: id,
        });
      }
      return id;
    },

    async setDisplayLogic(db: Executor, id: number, displayLogic: unknown): Promise<void> {
      await db.update(questions).set({ displayLogic }).where(eq(questions.id, id));
    },

    quotas: (db: Executor, surveyId: number): Promise<QuotaRecord[]> =>
      db
        .select()
        .from(surveyQuotas)
        .where(eq(surveyQuotas.surveyId, surveyId))
        .orderBy(asc(surveyQuotas.position), asc(surveyQuotas.id)),

    insertQuota: (db: Executor, values: typeof surveyQuotas.$inferInsert) =>
      insertedId(db.insert(surveyQuotas).values(values).returning({ id: surveyQuotas.id }), 'quota'),

    async updateQuota(db: Executor, id: number, values: Partial<typeof surveyQuotas.$inferInsert>) {
      await db.update(surveyQuotas).set(values).where(eq(surveyQuotas.id, id));
    },

    async removeQuotas(db: Executor, ids: number[]): Promise<void> {
      if (ids.length > 0) await db.delete(surveyQuotas).where(inArray(surveyQuotas.id, ids));
    },

    inviteeCount: (db: Executor, surveyId: number) =>
      countOf(db.select({ n: count() }).from(invitees).where(eq(invitees.surveyId, surveyId))),

    answerCount: (db: Executor, surveyId: number) =>
      countOf(
        db
          .select({ n: count() })
          .from(sessions)
          .where(and(eq(sessions.surveyId, surveyId), sql`${sessions.answeredAt} is not null`)),
      ),

    sessionCount: (db: Executor, surveyId: number) =>
      countOf(db.select({ n: count() }).from(sessions).where(eq(sessions.surveyId, surveyId))),

    /** Of these ids, the ones the tenant holds in the table a condition names. */
    async existingIds(db: Executor, tenantId: number, table: ConditionTable, ids: number[]) {
      const bound = int32Ids(ids);
      if (bound.length === 0) return new Set<number>();
      const source = CONDITION_TABLES[table];
      const rows = await db
        .select({ id: source.id })
        .from(source)
        .where(and(eq(source.tenantId, tenantId), inArray(source.id, bound)));
      return new Set(rows.map((row) => row.id));
    },

    /** Of these 'groupId;id' segment keys, the ones the tenant holds. */
    async existingSegments(db: Executor, tenantId: number, ids: number[]) {
      const bound = int32Ids(ids);
      if (bound.length === 0) return new Set<string>();
      const rows = await db
        .select({ id: segments.id, groupId: segments.groupId })
        .from(segments)
        .where(and(eq(segments.tenantId, tenantId), inArray(segments.id, bound)));
      return new Set(rows.map((row) => `${row.groupId};${row.id}`));
    },

    testUsers: (db: Executor, tenantId: number) =>
      db
        .select({ Id: users.id, FullName: users.fullName, Email: users.email, MSISDN: users.msisdn })
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.isTestUser, true)))
        .orderBy(asc(users.fullName), asc(users.id)),

    async insertTestInvitation(db: Executor, values: typeof surveyTestInvitations.$inferInsert) {
      return insertedId(
        db.insert(surveyTestInvitations).values(values).returning({ id: surveyTestInvitations.id }),
        'test invitation',
      );
    },

    /** Every survey the prioritisation screen lists: the tenant's, not type 7. */
    prioritisable: (db: Executor, tenantId: number, ids?: number[]) =>
      db
        .select()
        .from(surveys)
        .where(and(surveyListedIn(tenantId), ids ? inArray(surveys.id, ids) : undefined))
        .orderBy(asc(surveys.title), asc(surveys.id)),
  };
}

export type SurveyRepository = ReturnType<typeof createSurveyRepository>;
