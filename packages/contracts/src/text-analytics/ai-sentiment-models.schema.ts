import { z } from 'zod';
import { int32Id, int32IdParam, safeText } from '../input-bounds.js';
import { requiredText } from '../validators.js';

/*
 * Sentiment models `/api/ai-sentiment-models` (issue 21 item 3; surveys spec §3 "Sentiment model", §5, §6;
 * docs/ai-sentiment-models.md). Scopes sentiment:read / sentiment:manage. A model is trained as a job on its
 * annotation work's gold labels; each training writes a version, accepted as current when every class's F1 rises
 * by the model's required increase over the current (or the base model's) version.
 */

export const SENTIMENT_MODEL_LIMITS = {
  nameMax: 200,
  minLabelsMax: 1_000_000,
  learningRateMax: 10,
  epochSizeMax: 1_000,
  tryTextMax: 5_000,
  exportCountMax: 100_000,
} as const;

const SENTIMENT_LANGUAGES = ['tr', 'en'] as const;
const SENTIMENT_MODEL_STATUSES = ['New', 'Training', 'Ready', 'Failed'] as const;
const SENTIMENT_CLASSES = ['negative', 'neutral', 'positive'] as const;

const increase = z.number().min(0).max(1);

/** `POST /api/ai-sentiment-models` and `PUT /api/ai-sentiment-models/{id}`. */
export const aiSentimentModelSaveSchema = z
  .strictObject({
    Name: requiredText().pipe(safeText(SENTIMENT_MODEL_LIMITS.nameMax)),
    Language: z.enum(SENTIMENT_LANGUAGES),
    BaseModelId: int32Id.nullish().transform((value) => value ?? null),
    AnnotationWorkId: int32Id,
    GoldenAnnotationWorkId: int32Id.nullish().transform((value) => value ?? null),
    PositiveF1Increase: increase.default(0),
    NeutralF1Increase: increase.default(0),
    NegativeF1Increase: increase.default(0),
    MinLabels: z.number().int().min(1).max(SENTIMENT_MODEL_LIMITS.minLabelsMax).default(20),
    LearningRate: z.number().gt(0).max(SENTIMENT_MODEL_LIMITS.learningRateMax).default(0.5),
    EpochSize: z.number().int().min(1).max(SENTIMENT_MODEL_LIMITS.epochSizeMax).default(30),
    TrainAll: z.boolean().default(false),
  })
  .refine((body) => body.GoldenAnnotationWorkId !== body.AnnotationWorkId, {
    path: ['GoldenAnnotationWorkId'],
    message: 'The golden annotation work must differ from the annotation work',
  });
export type AiSentimentModelSave = z.input<typeof aiSentimentModelSaveSchema>;

export const aiSentimentModelParamsSchema = z.object({ id: int32IdParam });

/** One model as the grid and the form read it, with its current version's figures. */
export const aiSentimentModelSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Language: z.enum(SENTIMENT_LANGUAGES),
  BaseModelId: z.number().int().nullable(),
  AnnotationWorkId: z.number().int().nullable(),
  GoldenAnnotationWorkId: z.number().int().nullable(),
  PositiveF1Increase: z.number(),
  NeutralF1Increase: z.number(),
  NegativeF1Increase: z.number(),
  MinLabels: z.number().int(),
  LearningRate: z.number(),
  EpochSize: z.number().int(),
  TrainAll: z.boolean(),
  Status: z.enum(SENTIMENT_MODEL_STATUSES),
  TrainingError: z.string().nullable(),
  CurrentVersion: z.number().int().nullable(),
  MacroF1: z.number().nullable(),
  LabelCount: z.number().int().nullable(),
  TrainedDate: z.string().nullable(),
  CreatedDate: z.string(),
});
export type AiSentimentModel = z.infer<typeof aiSentimentModelSchema>;

/** `POST /api/ai-sentiment-models/{id}/train`: from scratch, or warm-started from the current (or base) version. */
export const aiSentimentTrainSchema = z.strictObject({ FromScratch: z.boolean().default(false) });

/** `POST /api/ai-sentiment-models/{id}/try`. */
export const aiSentimentTrySchema = z.strictObject({
  Text: requiredText().pipe(safeText(SENTIMENT_MODEL_LIMITS.tryTextMax, { multiline: true })),
  Language: z.enum(SENTIMENT_LANGUAGES),
});
export type AiSentimentTry = z.input<typeof aiSentimentTrySchema>;

export const aiSentimentPredictionSchema = z.object({
  Label: z.enum(SENTIMENT_CLASSES),
  SentimentScore: z.union([z.literal(4), z.literal(2), z.literal(0)]),
  Probability: z.number(),
});

/** `GET /api/ai-sentiment-models/{id}/export?count=N`: N random scored instances (N > 0, 19125 otherwise). */
export const aiSentimentExportQuerySchema = z.object({
  count: z.coerce.number().int().min(-2_147_483_648).max(2_147_483_647),
});

/** `GET /api/ai-sentiment-models/{id}/statistics?version=V` (V: a version number; default the current one). */
export const aiSentimentStatisticsQuerySchema = z.object({
  version: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});

const classFigures = z.object({
  Label: z.enum(SENTIMENT_CLASSES),
  Precision: z.number(),
  Recall: z.number(),
  F1: z.number(),
  Support: z.number().int(),
});

export const aiSentimentStatisticsSchema = z.object({
  Versions: z.array(
    z.object({
      Version: z.number().int(),
      TrainedDate: z.string(),
      LabelCount: z.number().int(),
      Accepted: z.boolean(),
      RejectedReason: z.string().nullable(),
      MacroF1: z.number(),
      TrainingMs: z.number().int(),
      IsCurrent: z.boolean(),
    }),
  ),
  /** The version the figures below describe (the current one unless `?version=` chose another); null: none. */
  Version: z.number().int().nullable(),
  Evaluation: z.enum(['golden', 'held-out']).nullable(),
  Classes: z.array(classFigures),
  /** Rows actual, columns predicted, in the order negative, neutral, positive. */
  Confusion: z.array(z.array(z.number().int())),
  MacroF1: z.number().nullable(),
});
export type AiSentimentStatistics = z.infer<typeof aiSentimentStatisticsSchema>;

/**
 * `GET /api/ai-sentiment-models/choices`: what the form's selects offer — the tenant's sentiment (type 0)
 * annotation works with their dataset's language and gold label count, and its sentiment models (base models).
 */
export const aiSentimentChoicesSchema = z.object({
  Works: z.array(
    z.object({
      Id: z.number().int(),
      Name: z.string(),
      Language: z.string(),
      GoldLabelCount: z.number().int(),
    }),
  ),
  Models: z.array(z.object({ Id: z.number().int(), Name: z.string(), Language: z.string() })),
});
export type AiSentimentChoices = z.infer<typeof aiSentimentChoicesSchema>;
