import {
  QUESTION_TYPES,
  isMatrixQuestionType,
  type AlertRuleLookupItem,
  type CodedItem,
  type EmployeeItem,
  type ExperienceGroupItem,
  type ExperienceItem,
  type JourneyStageItem,
  type LookupNode,
  type LookupTreeNode,
  type QuestionLookupItem,
  type QuestionTypeItem,
  type SegmentGroupItem,
  type SurveyLookupItem,
  type TopicModelItem,
  type WeightedExperienceGroupItem,
} from '@loupe/contracts';
import { requireTenant, type Actor } from '../../core/actor.js';
import { buildTree, flattenTree, selectableIds, trimTree, type TreeRow } from './lookup-tree.js';
import type { LookupRepository } from './lookup.repository.js';

/** Groups rows by a key, keeping their order. */
function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** A trimmed tree as the caller asked for it: nested, or flat in tree order. */
function shapeTree<T extends TreeRow>(
  trimmed: { row: T; selectable: boolean }[],
  asTree: boolean,
  extra: (row: T) => Partial<LookupNode> = () => ({}),
): LookupNode[] | LookupTreeNode[] {
  const nodes: LookupNode[] = trimmed.map(({ row, selectable }) => ({
    Id: row.id,
    Name: row.name,
    Code: row.code,
    Level: row.level,
    ParentId: row.parentId,
    Selectable: selectable,
    ...extra(row),
  }));
  const tree = buildTree(nodes);
  return asTree ? tree : flattenTree(tree);
}

/**
 * The lists report filters and widget forms choose from, for the caller's tenant, trimmed by the caller's
 * channel, product and employee restrictions.
 */
export function createLookupService({ repository }: { repository: LookupRepository }) {
  return {
    async channels(actor: Actor, asTree: boolean) {
      const tenantId = requireTenant(actor);
      const [rows, restriction] = await Promise.all([
        repository.channels(tenantId),
        repository.restrictions(tenantId, actor.userId),
      ]);
      return shapeTree(trimTree(rows, restriction.channelIds), asTree, (row) => ({
        LocationId: row.locationId,
      }));
    },

    async products(actor: Actor, asTree: boolean) {
      const tenantId = requireTenant(actor);
      const [rows, restriction] = await Promise.all([
        repository.products(tenantId),
        repository.restrictions(tenantId, actor.userId),
      ]);
      return shapeTree(trimTree(rows, restriction.productIds), asTree);
    },

    async locations(actor: Actor, asTree: boolean) {
      const rows = await repository.locations(requireTenant(actor));
      return shapeTree(trimTree(rows, []), asTree, (row) => ({ MapCode: row.mapCode }));
    },

    async segments(actor: Actor): Promise<SegmentGroupItem[]> {
      const rows = await repository.segments(requireTenant(actor));
      return [...groupBy(rows, (row) => row.groupId).values()].map((groupRows) => {
        const group = groupRows[0]!;
        return {
          Id: group.groupId,
          Name: group.groupName,
          Code: group.groupCode,
          Children: groupRows.flatMap((row) =>
            row.id === null || row.name === null || row.code === null
              ? []
              : [
                  {
                    Id: row.id,
                    GroupId: group.groupId,
                    Name: row.name,
                    Code: row.code,
                    Value: `${group.groupId};${row.id}`,
                    NameWithGroup: `${group.groupName} - ${row.name}`,
                  },
                ],
          ),
        };
      });
    },

    transactionTypes: (actor: Actor): Promise<CodedItem[]> =>
      repository.transactionTypes(requireTenant(actor)),

    experiences: (actor: Actor): Promise<ExperienceItem[]> => repository.experiences(requireTenant(actor)),

    experienceGroups: (actor: Actor): Promise<ExperienceGroupItem[]> =>
      repository.experienceGroups(requireTenant(actor)),

    async weightedExperienceGroups(actor: Actor): Promise<WeightedExperienceGroupItem[]> {
      const rows = await repository.weightedExperienceGroups(requireTenant(actor));
      return [...groupBy(rows, (row) => row.id).values()].map((groupRows) => ({
        Id: groupRows[0]!.id,
        Name: groupRows[0]!.name,
        Items: groupRows.flatMap((row) =>
          row.experienceId === null || row.weight === null
            ? []
            : [
                {
                  ExperienceId: row.experienceId,
                  ExperienceName: row.experienceName ?? '',
                  Weight: row.weight,
                },
              ],
        ),
      }));
    },

    /**
     * Employees the caller may see: those listed in the caller's employee restriction, otherwise those working
     * in the channels the caller may see.
     */
    async employees(actor: Actor): Promise<EmployeeItem[]> {
      const tenantId = requireTenant(actor);
      const [rows, restriction] = await Promise.all([
        repository.employees(tenantId),
        repository.restrictions(tenantId, actor.userId),
      ]);
      let visible = rows;
      if (restriction.employeeIds.length > 0) {
        const allowed = new Set(restriction.employeeIds);
        visible = rows.filter((row) => allowed.has(row.id));
      } else if (restriction.channelIds.length > 0) {
        const allowed = selectableIds(await repository.channels(tenantId), restriction.channelIds);
        visible = rows.filter((row) => row.channelId !== null && allowed.has(row.channelId));
      }
      return visible.map((row) => ({
        Id: row.id,
        Name: row.fullName,
        FullName: row.fullName,
        Code: row.code,
        ChannelId: row.channelId,
      }));
    },

    async topicModels(actor: Actor, withEmotion: boolean): Promise<TopicModelItem[]> {
      const { models, topics } = await repository.topicModels(requireTenant(actor), withEmotion);
      const topicsByModel = groupBy(topics, (topic) => topic.modelId);
      return models.map((model) => ({
        Id: model.id,
        Name: model.name,
        Language: model.language,
        IsEmotionModel: model.isEmotionModel,
        IsIntentModel: model.isIntentModel,
        Topics: (topicsByModel.get(model.id) ?? []).map((topic) => ({
          Id: topic.id,
          Name: topic.name,
          ParentId: topic.parentId,
        })),
      }));
    },

    /** The tenant's surveys with their flows; for filters, without the hidden ones (type 7). */
    async surveys(actor: Actor, forFilter: boolean): Promise<SurveyLookupItem[]> {
      const { surveys, flows } = await repository.surveys(requireTenant(actor), forFilter);
      const flowsBySurvey = groupBy(flows, (flow) => flow.surveyId);
      return surveys.map((survey) => ({
        Id: survey.id,
        Title: survey.title,
        Type: survey.type,
        IsActive: survey.isActive,
        SourceName: survey.sourceName,
        JourneyStageId: survey.journeyStageId,
        Flows: (flowsBySurvey.get(survey.id) ?? []).map((flow) => ({
          Id: flow.id,
          Name: flow.name,
          IsActive: flow.isActive,
        })),
      }));
    },

    journeyStages: (actor: Actor): Promise<JourneyStageItem[]> =>
      repository.journeyStages(requireTenant(actor)),

    async questions(actor: Actor, surveyId: number | undefined): Promise<QuestionLookupItem[]> {
      const { questions, choices } = await repository.questions(requireTenant(actor), surveyId);
      const choicesByQuestion = groupBy(choices, (choice) => choice.questionId);
      return questions.map((question) => ({
        Id: question.id,
        Text: question.text,
        SurveyId: question.surveyId,
        SurveyFlowId: question.flowId,
        ParentId: question.parentId,
        QuestionTypeName: question.type,
        ExperienceId: question.experienceId,
        Scale: question.scale,
        Code: question.code,
        Required: question.required,
        Choices: (choicesByQuestion.get(question.id) ?? []).map((choice) => ({
          Label: choice.label,
          Value: choice.value,
        })),
      }));
    },

    questionTypes(language: string, matrixOnly: boolean): QuestionTypeItem[] {
      return QUESTION_TYPES.filter((type) => !matrixOnly || isMatrixQuestionType(type.Name)).map((type) => ({
        Name: type.Name,
        Description: language === 'tr' ? type.tr : type.en,
        IsMatrix: isMatrixQuestionType(type.Name),
      }));
    },

    /** The tenant's alert rules, by title. */
    alertRules: (actor: Actor): Promise<AlertRuleLookupItem[]> => repository.alertRules(requireTenant(actor)),
  };
}
