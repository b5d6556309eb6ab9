import { and, asc, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import { HIDDEN_FROM_FILTERS_SURVEY_TYPE } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import {
  alertRules,
  employees,
  experienceGroups,
  experiences,
  journeyStages,
  locations,
  products,
  questionChoices,
  questions,
  segmentGroups,
  segments,
  surveyFlows,
  surveys,
  topicModels,
  topics,
  transactionChannels,
  transactionTypes,
  users,
  weightedExperienceGroupItems,
  weightedExperienceGroups,
} from '../../db/schema/index.js';
import { anyOf } from '../../db/any-of.js';
import { unauthorized } from '../../errors.js';

/** Reads of the tenant's reference data for lookups; every query is limited to `tenantId`. */
export function createLookupRepository(db: Db) {
  return {
    /** The caller's channel, product and employee restrictions (empty lists: unrestricted). */
    async restrictions(tenantId: number, userId: number) {
      const [row] = await db
        .select({
          channelIds: users.transactionChannelIds,
          productIds: users.productIds,
          employeeIds: users.employeeIds,
          tenantId: users.tenantId,
        })
        .from(users)
        .where(eq(users.id, userId));
      // Fail closed: a caller whose row cannot be read, or who belongs to another tenant, is refused, never read
      // as unrestricted. A tenantless installation operator's own lists apply wherever it acts.
      if (!row || (row.tenantId !== null && row.tenantId !== tenantId)) throw unauthorized();
      return { channelIds: row.channelIds, productIds: row.productIds, employeeIds: row.employeeIds };
    },

    channels: (tenantId: number) =>
      db
        .select({
          id: transactionChannels.id,
          parentId: transactionChannels.parentId,
          name: transactionChannels.name,
          code: transactionChannels.code,
          level: transactionChannels.level,
          path: transactionChannels.path,
          locationId: transactionChannels.locationId,
        })
        .from(transactionChannels)
        .where(eq(transactionChannels.tenantId, tenantId)),

    products: (tenantId: number) =>
      db
        .select({
          id: products.id,
          parentId: products.parentId,
          name: products.name,
          code: products.code,
          level: products.level,
          path: products.path,
        })
        .from(products)
        .where(eq(products.tenantId, tenantId)),

    locations: (tenantId: number) =>
      db
        .select({
          id: locations.id,
          parentId: locations.parentId,
          name: locations.name,
          code: locations.code,
          level: locations.level,
          path: locations.path,
          mapCode: locations.mapCode,
        })
        .from(locations)
        .where(eq(locations.tenantId, tenantId)),

    segments: (tenantId: number) =>
      db
        .select({
          groupId: segmentGroups.id,
          groupName: segmentGroups.name,
          groupCode: segmentGroups.code,
          id: segments.id,
          name: segments.name,
          code: segments.code,
        })
        .from(segmentGroups)
        .leftJoin(segments, and(eq(segments.groupId, segmentGroups.id), eq(segments.tenantId, tenantId)))
        .where(eq(segmentGroups.tenantId, tenantId))
        .orderBy(asc(segmentGroups.name), asc(segments.name)),

    transactionTypes: (tenantId: number) =>
      db
        .select({ Id: transactionTypes.id, Name: transactionTypes.name, Code: transactionTypes.code })
        .from(transactionTypes)
        .where(eq(transactionTypes.tenantId, tenantId))
        .orderBy(asc(transactionTypes.name)),

    /** The system experiences (no tenant) and the tenant's own. */
    experiences: (tenantId: number) =>
      db
        .select({
          Id: experiences.id,
          Name: experiences.name,
          MeasurementType: experiences.measurementType,
          GroupId: experiences.groupId,
          GroupName: experienceGroups.name,
          IsPreserved: experiences.isPreserved,
        })
        .from(experiences)
        .leftJoin(experienceGroups, eq(experienceGroups.id, experiences.groupId))
        .where(or(isNull(experiences.tenantId), eq(experiences.tenantId, tenantId)))
        .orderBy(asc(experiences.id)),

    experienceGroups: (tenantId: number) =>
      db
        .select({ Id: experienceGroups.id, Name: experienceGroups.name })
        .from(experienceGroups)
        .where(or(isNull(experienceGroups.tenantId), eq(experienceGroups.tenantId, tenantId)))
        .orderBy(asc(experienceGroups.id)),

    weightedExperienceGroups: (tenantId: number) =>
      db
        .select({
          id: weightedExperienceGroups.id,
          name: weightedExperienceGroups.name,
          experienceId: weightedExperienceGroupItems.experienceId,
          experienceName: experiences.name,
          weight: weightedExperienceGroupItems.weight,
        })
        .from(weightedExperienceGroups)
        .leftJoin(
          weightedExperienceGroupItems,
          and(
            eq(weightedExperienceGroupItems.groupId, weightedExperienceGroups.id),
            eq(weightedExperienceGroupItems.tenantId, tenantId),
          ),
        )
        .leftJoin(experiences, eq(experiences.id, weightedExperienceGroupItems.experienceId))
        .where(eq(weightedExperienceGroups.tenantId, tenantId))
        .orderBy(asc(weightedExperienceGroups.name), asc(weightedExperienceGroupItems.id)),

    employees: (tenantId: number) =>
      db
        .select({
          id: employees.id,
          fullName: employees.fullName,
          code: employees.code,
          channelId: employees.channelId,
        })
        .from(employees)
        .where(eq(employees.tenantId, tenantId))
        .orderBy(asc(employees.fullName), asc(employees.id)),

    async topicModels(tenantId: number, withEmotion: boolean) {
      const models = await db
        .select({
          id: topicModels.id,
          name: topicModels.name,
          language: topicModels.language,
          isEmotionModel: topicModels.isEmotionModel,
          isIntentModel: topicModels.isIntentModel,
        })
        .from(topicModels)
        .where(
          and(
            eq(topicModels.tenantId, tenantId),
            withEmotion ? undefined : eq(topicModels.isEmotionModel, false),
          ),
        )
        .orderBy(asc(topicModels.name));
      const topicRows =
        models.length === 0
          ? []
          : await db
              .select({
                id: topics.id,
                modelId: topics.modelId,
                parentId: topics.parentId,
                name: topics.name,
              })
              .from(topics)
              .where(
                and(
                  eq(topics.tenantId, tenantId),
                  anyOf(
                    topics.modelId,
                    models.map((model) => model.id),
                  ),
                ),
              )
              .orderBy(asc(topics.name));
      return { models, topics: topicRows };
    },

    async surveys(tenantId: number, forFilter: boolean) {
      const surveyRows = await db
        .select({
          id: surveys.id,
          title: surveys.title,
          type: surveys.type,
          isActive: surveys.isActive,
          sourceName: surveys.sourceName,
          journeyStageId: surveys.journeyStageId,
        })
        .from(surveys)
        .where(
          and(
            eq(surveys.tenantId, tenantId),
            forFilter ? ne(surveys.type, HIDDEN_FROM_FILTERS_SURVEY_TYPE) : undefined,
          ),
        )
        .orderBy(asc(surveys.title), asc(surveys.id));
      const flows = await db
        .select({
          id: surveyFlows.id,
          surveyId: surveyFlows.surveyId,
          name: surveyFlows.name,
          isActive: surveyFlows.isActive,
        })
        .from(surveyFlows)
        .where(eq(surveyFlows.tenantId, tenantId))
        .orderBy(asc(surveyFlows.id));
      return { surveys: surveyRows, flows };
    },

    journeyStages: (tenantId: number) =>
      db
        .select({ Id: journeyStages.id, Name: journeyStages.name, Order: journeyStages.order })
        .from(journeyStages)
        .where(eq(journeyStages.tenantId, tenantId))
        .orderBy(asc(journeyStages.order), asc(journeyStages.name)),

    /**
     * Live questions placed in a survey and their live choices, of one survey or of all the tenant's (library
     * questions not yet placed have no answers to report on).
     */
    async questions(tenantId: number, surveyId: number | undefined) {
      const bySurvey =
        surveyId === undefined ? isNotNull(questions.surveyId) : eq(questions.surveyId, surveyId);
      const questionRows = await db
        .select({
          id: questions.id,
          text: questions.text,
          surveyId: sql<number>`${questions.surveyId}`,
          flowId: questions.flowId,
          parentId: questions.parentId,
          type: questions.type,
          experienceId: questions.experienceId,
          scale: questions.scale,
          code: questions.integrationCode,
          required: questions.required,
        })
        .from(questions)
        .where(and(eq(questions.tenantId, tenantId), eq(questions.isDeleted, false), bySurvey))
        .orderBy(asc(questions.surveyId), asc(questions.position), asc(questions.id));
      const choiceRows = await db
        .select({
          questionId: questionChoices.questionId,
          label: questionChoices.label,
          value: questionChoices.value,
        })
        .from(questionChoices)
        .innerJoin(questions, eq(questions.id, questionChoices.questionId))
        .where(
          and(
            eq(questionChoices.tenantId, tenantId),
            eq(questionChoices.isDeleted, false),
            eq(questions.isDeleted, false),
            bySurvey,
          ),
        )
        .orderBy(asc(questionChoices.position), asc(questionChoices.value));
      return { questions: questionRows, choices: choiceRows };
    },

    alertRules: (tenantId: number) =>
      db
        .select({ Id: alertRules.id, Title: alertRules.title })
        .from(alertRules)
        .where(eq(alertRules.tenantId, tenantId))
        .orderBy(asc(alertRules.title), asc(alertRules.id)),
  };
}

export type LookupRepository = ReturnType<typeof createLookupRepository>;
