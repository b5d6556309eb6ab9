import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor.js';
import {
  analyticsChanges,
  answers,
  experiences,
  questionChoices,
  questions,
  surveys,
} from '../../db/schema/index.js';
import { insertedId } from '../../core/queries.js';

/** A library question of the tenant: top level (not a matrix group's sub-question) and not deleted. */
export const libraryQuestionOf = (tenantId: number): SQL =>
  and(eq(questions.tenantId, tenantId), isNull(questions.parentId), eq(questions.isDeleted, false))!;

/** The question and its sub-questions (a matrix group's answers are its sub-questions'). */
const questionAndSubs = (id: SQL | number) =>
  sql`(${answers.questionId} = ${id} or ${answers.questionId} in (select s.id from ${questions} s where s.parent_id = ${id}))`;

/*
 * Correlated sub-selects of a `questions` row, named with the table written out: drizzle writes a column of a
 * one-table select without its table, which inside a sub-select would name the sub-select's own column.
 */
const questionRowId = sql.raw('"questions"."id"');

/** Answers given to the question or its sub-questions. */
export const answerCountOf = sql<number>`(select count(*)::int from ${answers} where ${questionAndSubs(questionRowId)})`;
export const choiceCountOf = sql<number>`(select count(*)::int from ${questionChoices} c where c.question_id = ${questionRowId} and not c.is_deleted)`;
export const experienceNameOf = sql<
  string | null
>`(select e.name from ${experiences} e where e.id = "questions"."experience_id")`;
export const surveyTitleOf = sql<
  string | null
>`(select s.title from ${surveys} s where s.id = "questions"."survey_id")`;

export type QuestionValues = {
  text: string;
  type: string;
  experienceId: number | null;
  scale: number | null;
  formatType: string | null;
  choiceType: number;
  multiline: boolean;
  required: boolean;
  allowComment: boolean;
  isMeasurement: boolean;
  integrationCode: string | null;
};

export type ChoiceValues = {
  label: string;
  value: number;
  position: number;
  isDeleted: boolean;
  /** Undefined keeps the stored picture. */
  image?: { bytes: Buffer; mime: string };
};

const questionColumns = {
  id: questions.id,
  tenantId: questions.tenantId,
  surveyId: questions.surveyId,
  flowId: questions.flowId,
  text: questions.text,
  type: questions.type,
  experienceId: questions.experienceId,
  scale: questions.scale,
  formatType: questions.formatType,
  choiceType: questions.choiceType,
  multiline: questions.multiline,
  required: questions.required,
  allowComment: questions.allowComment,
  isMeasurement: questions.isMeasurement,
  integrationCode: questions.integrationCode,
  surveyTitle: surveyTitleOf,
  answerCount: answerCountOf,
};

/** The question tables, each call inside the caller's transaction or on the database. */
export const questionRepository = {
  async find(executor: Executor, tenantId: number, id: number) {
    const [row] = await executor
      .select(questionColumns)
      .from(questions)
      .where(and(libraryQuestionOf(tenantId), eq(questions.id, id)));
    return row;
  },

  /** The group's live sub-questions, in order, each with its answer count. */
  subQuestions(executor: Executor, parentId: number) {
    return executor
      .select({
        id: questions.id,
        text: questions.text,
        integrationCode: questions.integrationCode,
        answerCount: sql<number>`(select count(*)::int from ${answers} a where a.question_id = ${questionRowId})`,
      })
      .from(questions)
      .where(and(eq(questions.parentId, parentId), eq(questions.isDeleted, false)))
      .orderBy(asc(questions.position), asc(questions.id));
  },

  /** The question's choices in order, with whether each has a picture and how often its value was answered. */
  choices(executor: Executor, questionId: number) {
    return executor
      .select({
        id: questionChoices.id,
        label: questionChoices.label,
        value: questionChoices.value,
        position: questionChoices.position,
        isDeleted: questionChoices.isDeleted,
        hasImage: sql<boolean>`${questionChoices.image} is not null`,
        answerCount: sql<number>`(select count(*)::int from ${answers} where ${questionAndSubs(questionId)} and ${answers.choiceValue} = "question_choices"."value")`,
      })
      .from(questionChoices)
      .where(eq(questionChoices.questionId, questionId))
      .orderBy(asc(questionChoices.position), asc(questionChoices.id));
  },

  /** The stored picture of one choice of one of the tenant's questions. */
  async choiceImage(executor: Executor, tenantId: number, questionId: number, choiceId: number) {
    const [row] = await executor
      .select({ image: questionChoices.image, mime: questionChoices.imageMime })
      .from(questionChoices)
      .where(
        and(
          eq(questionChoices.tenantId, tenantId),
          eq(questionChoices.questionId, questionId),
          eq(questionChoices.id, choiceId),
        ),
      );
    return row?.image && row.mime ? { bytes: row.image, mime: row.mime } : undefined;
  },

  /** Integration codes among `codes` held by a question of the tenant other than `except` (ids). */
  async codesTaken(
    executor: Executor,
    tenantId: number,
    codes: string[],
    except: number[],
  ): Promise<string[]> {
    if (codes.length === 0) return [];
    const rows = await executor
      .select({ code: questions.integrationCode })
      .from(questions)
      .where(
        and(
          eq(questions.tenantId, tenantId),
          inArray(questions.integrationCode, codes),
          except.length > 0 ? sql`${questions.id} not in ${except}` : undefined,
        ),
      );
    return rows.map((row) => row.code ?? '');
  },

  async experienceVisible(executor: Executor, tenantId: number, experienceId: number): Promise<boolean> {
    const [row] = await executor
      .select({ id: experiences.id })
      .from(experiences)
      .where(
        and(
          eq(experiences.id, experienceId),
          or(isNull(experiences.tenantId), eq(experiences.tenantId, tenantId)),
        ),
      );
    return row !== undefined;
  },

  insertQuestion: (
    executor: Executor,
    tenantId: number,
    values: QuestionValues & {
      parentId?: number;
      position?: number;
      surveyId?: number | null;
      flowId?: number | null;
    },
  ): Promise<number> =>
    insertedId(
      executor
        .insert(questions)
        .values({ tenantId, ...values })
        .returning({ id: questions.id }),
      'question',
    ),

  async updateQuestion(
    executor: Executor,
    id: number,
    values: Partial<QuestionValues> & { position?: number },
  ): Promise<void> {
    await executor
      .update(questions)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(questions.id, id));
  },

  /** The group's sub-questions follow it: type, experience and scale are the group's (and `integrationCode` all). */
  async updateSubQuestions(
    executor: Executor,
    parentId: number,
    values: Pick<QuestionValues, 'type' | 'experienceId' | 'scale' | 'integrationCode'>,
  ): Promise<void> {
    await executor
      .update(questions)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(questions.parentId, parentId));
  },

  async deleteQuestions(executor: Executor, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await executor.delete(questions).where(inArray(questions.id, ids));
  },

  insertChoice: (executor: Executor, tenantId: number, questionId: number, choice: ChoiceValues) =>
    insertedId(
      executor
        .insert(questionChoices)
        .values({
          tenantId,
          questionId,
          label: choice.label,
          value: choice.value,
          position: choice.position,
          isDeleted: choice.isDeleted,
          image: choice.image?.bytes ?? null,
          imageMime: choice.image?.mime ?? null,
        })
        .returning({ id: questionChoices.id }),
      'choice',
    ),

  async updateChoice(executor: Executor, id: number, choice: Partial<ChoiceValues>): Promise<void> {
    const { image, ...rest } = choice;
    await executor
      .update(questionChoices)
      .set({ ...rest, ...(image ? { image: image.bytes, imageMime: image.mime } : {}) })
      .where(eq(questionChoices.id, id));
  },

  async deleteChoices(executor: Executor, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await executor.delete(questionChoices).where(inArray(questionChoices.id, ids));
  },

  /** Every stored column of the question's choices (the clone copies pictures too). */
  storedChoices(executor: Executor, questionId: number) {
    return executor
      .select()
      .from(questionChoices)
      .where(eq(questionChoices.questionId, questionId))
      .orderBy(asc(questionChoices.position), asc(questionChoices.id));
  },

  /**
   * Marks every session with an answer to the question (or its sub-questions) changed, so that the analytics
   * replica reads them again: their facts carry the question's experience (ARCHITECTURE §2).
   */
  async resyncAnsweredSessions(executor: Executor, tenantId: number, questionId: number): Promise<void> {
    await executor.execute(sql`
      insert into ${analyticsChanges} (tenant_id, session_id, op)
      select distinct ${answers.tenantId}, ${answers.sessionId}, 'U' from ${answers}
      where ${answers.tenantId} = ${tenantId} and ${questionAndSubs(questionId)}
      order by ${answers.sessionId}`);
  },
};
