import { z } from 'zod';
import { idList, int32Id, int32IdParam, safeText } from '../input-bounds.js';
import { isTopicNotation, requiredText, VALIDATION_MESSAGES } from '../validators.js';

/*
 * Topic models `/api/ai-topic-models` and their topics, topic model groups `/api/ai-topic-model-groups` (issue 21
 * item 4; surveys spec §3 "Topic model", "Topic", "Topic model group", §5; docs/ai-topic-models.md). Scopes
 * topic:read / topic:manage. A model is an emotion model, an intent model or neither (19131); a group holds
 * emotion models only or none (19132).
 */

export const TOPIC_MODEL_LIMITS = {
  nameMax: 200,
  topicNameMax: 200,
  /** Seed words and exact matches per list, and the characters of each. */
  ruleItems: 200,
  ruleItemMax: 200,
  groupModels: 50,
  tryTextMax: 5_000,
  exportMax: 100_000,
} as const;

const TOPIC_MODEL_LANGUAGES = ['tr', 'en'] as const;

/** `POST /api/ai-topic-models` and `PUT /api/ai-topic-models/{id}`. */
export const aiTopicModelSaveSchema = z.strictObject({
  Name: requiredText().pipe(safeText(TOPIC_MODEL_LIMITS.nameMax)),
  Language: z.enum(TOPIC_MODEL_LANGUAGES),
  DatasetId: int32Id.nullish().transform((value) => value ?? null),
  ModelType: z.union([z.literal(0), z.literal(1)]).default(0),
  AnnotationWorkId: int32Id.nullish().transform((value) => value ?? null),
  IsEmotionModel: z.boolean().default(false),
  IsIntentModel: z.boolean().default(false),
});
export type AiTopicModelSave = z.input<typeof aiTopicModelSaveSchema>;

export const aiTopicModelParamsSchema = z.object({ id: int32IdParam });

/** One topic model as the grid and the form read it. */
export const aiTopicModelSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Language: z.string(),
  DatasetId: z.number().int().nullable(),
  ModelType: z.number().int(),
  AnnotationWorkId: z.number().int().nullable(),
  IsEmotionModel: z.boolean(),
  IsIntentModel: z.boolean(),
  TopicCount: z.number().int(),
  HasClassifier: z.boolean(),
  ClassifierTrainedDate: z.string().nullable(),
  CreatedDate: z.string(),
});
export type AiTopicModel = z.infer<typeof aiTopicModelSchema>;

const ruleList = () =>
  z
    .array(requiredText().pipe(safeText(TOPIC_MODEL_LIMITS.ruleItemMax)))
    .max(TOPIC_MODEL_LIMITS.ruleItems)
    .default([]);

/** `POST /api/ai-topic-models/{id}/topics` and `PUT …/topics/{id}`. */
export const aiTopicSaveSchema = z.strictObject({
  Name: requiredText()
    .pipe(safeText(TOPIC_MODEL_LIMITS.topicNameMax))
    .refine(isTopicNotation, { message: VALIDATION_MESSAGES.topicNotation }),
  ParentId: int32Id.nullish().transform((value) => value ?? null),
  Threshold: z.number().min(0).max(1).default(0.5),
  Stemming: z.boolean().default(true),
  PositiveSeedWords: ruleList(),
  NegativeSeedWords: ruleList(),
  PositiveExactMatches: ruleList(),
  NegativeExactMatches: ruleList(),
});
export type AiTopicSave = z.input<typeof aiTopicSaveSchema>;

export const aiTopicListParamsSchema = z.object({ id: int32IdParam });
export const aiTopicParamsSchema = z.object({ topicModelId: int32IdParam, id: int32IdParam });

export const aiTopicSchema = z.object({
  Id: z.number().int(),
  ModelId: z.number().int(),
  ParentId: z.number().int().nullable(),
  Name: z.string(),
  Threshold: z.number(),
  Stemming: z.boolean(),
  PositiveSeedWords: z.array(z.string()),
  NegativeSeedWords: z.array(z.string()),
  PositiveExactMatches: z.array(z.string()),
  NegativeExactMatches: z.array(z.string()),
});
export type AiTopic = z.infer<typeof aiTopicSchema>;

/** `POST /api/ai-topic-models/{id}/try`: the topics a text is labelled with, best first. */
export const aiTopicTrySchema = z.strictObject({
  Text: requiredText().pipe(safeText(TOPIC_MODEL_LIMITS.tryTextMax, { multiline: true })),
});

export const aiTopicTryResultSchema = z.object({
  Items: z.array(
    z.object({
      TopicId: z.number().int(),
      Name: z.string(),
      Score: z.number(),
      RuleScore: z.number(),
      ClassifierProbability: z.number().nullable(),
    }),
  ),
});
export type AiTopicTryResult = z.infer<typeof aiTopicTryResultSchema>;

/** `GET /api/ai-topic-models/{id}/export?count=N`: N random dataset instances scored. */
export const aiTopicExportQuerySchema = z.object({
  count: z.coerce.number().int().min(1).max(TOPIC_MODEL_LIMITS.exportMax),
});

/** `GET /api/ai-topic-models/{id}/statistics`. */
export const aiTopicStatisticsSchema = z.object({
  AnnotatedCount: z.number().int(),
  MicroPrecision: z.number(),
  MicroRecall: z.number(),
  MicroF1: z.number(),
  Items: z.array(
    z.object({
      TopicId: z.number().int(),
      Name: z.string(),
      Precision: z.number(),
      Recall: z.number(),
      F1: z.number(),
      Support: z.number().int(),
      Volume: z.number().int(),
    }),
  ),
});
export type AiTopicStatistics = z.infer<typeof aiTopicStatisticsSchema>;

/** `POST /api/ai-topic-model-groups` and `PUT …/{id}`; IsEmotion follows the models. */
export const aiTopicModelGroupSaveSchema = z.strictObject({
  Name: requiredText().pipe(safeText(TOPIC_MODEL_LIMITS.nameMax)),
  ModelIds: idList(TOPIC_MODEL_LIMITS.groupModels).min(1),
});
export type AiTopicModelGroupSave = z.input<typeof aiTopicModelGroupSaveSchema>;

export const aiTopicModelGroupSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  IsEmotion: z.boolean(),
  ModelIds: z.array(z.number().int()),
  CreatedDate: z.string(),
});
export type AiTopicModelGroup = z.infer<typeof aiTopicModelGroupSchema>;

/*
 * Model label management `/api/model-label-mappings` (shell spec "model-label-management"; codes 19001–19004):
 * the label shown instead of a model's topic name. Scope modelLabelMappings:manage.
 */

export const modelLabelMappingSaveSchema = z.strictObject({
  ModelId: int32Id,
  TopicName: requiredText().pipe(safeText(TOPIC_MODEL_LIMITS.topicNameMax)),
  Label: requiredText().pipe(safeText(TOPIC_MODEL_LIMITS.topicNameMax)),
});
export type ModelLabelMappingSave = z.input<typeof modelLabelMappingSaveSchema>;

export const modelLabelMappingParamsSchema = z.object({ id: int32IdParam });

/** `GET /api/model-label-mappings?modelId=` narrows the grid to one model. */
export const modelLabelMappingQuerySchema = z.object({ modelId: int32IdParam.optional() });

export const modelLabelMappingSchema = z.object({
  Id: z.number().int(),
  ModelId: z.number().int(),
  ModelName: z.string(),
  TopicName: z.string(),
  Label: z.string(),
  UpdatedDate: z.string(),
});
export type ModelLabelMapping = z.infer<typeof modelLabelMappingSchema>;
