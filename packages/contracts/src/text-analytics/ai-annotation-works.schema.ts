import { z } from 'zod';
import { idList, int32Id, int32IdParam, safeText } from '../input-bounds.js';
import { requiredText } from '../validators.js';

/*
 * Annotation works and tasks `/api/ai-annotation-works` (issue 21 item 2; surveys spec §3 "Annotation work",
 * "Annotation task", §5, §9; docs/ai-annotation.md). Scopes annotation:read / annotation:manage. A work copies up to
 * TargetCount instances of a Ready dataset (a job: Processing, then Ready); annotators label them in tasks, and an
 * instance gets its gold label once AgreementLevel annotators gave the same labels (or an uploaded file gives it).
 */

export const ANNOTATION_LIMITS = {
  nameMax: 200,
  targetMax: 1_000_000,
  annotatorsMax: 50,
  labelsMax: 100,
  labelMax: 200,
  uploadRowsMax: 20_000,
} as const;

/** The labels of a sentiment work, in the order of its keyboard shortcuts 1, 2, 3. */
export const SENTIMENT_LABELS = ['negative', 'neutral', 'positive'] as const;

const WORK_STATUSES = ['Processing', 'Ready', 'Failed'] as const;

/** `POST /api/ai-annotation-works` and `PUT /api/ai-annotation-works/{id}`. */
export const aiAnnotationWorkSaveSchema = z
  .strictObject({
    Name: requiredText().pipe(safeText(ANNOTATION_LIMITS.nameMax)),
    /** 0 sentiment, 1 topic, 2 emotion (surveys spec §9). */
    AnnotationType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    DatasetId: int32Id,
    /** The topic (type 1) or emotion (type 2) model whose topics are the labels; null for sentiment. */
    TopicModelId: int32Id.nullish().transform((value) => value ?? null),
    TargetCount: z.number().int().min(1).max(ANNOTATION_LIMITS.targetMax),
    AgreementLevel: z.number().int().min(1).max(4),
  })
  .refine((body) => (body.AnnotationType === 0) === (body.TopicModelId === null), {
    path: ['TopicModelId'],
    message: 'required for topic and emotion works, none for sentiment',
  });
export type AiAnnotationWorkSave = z.input<typeof aiAnnotationWorkSaveSchema>;

export const aiAnnotationWorkParamsSchema = z.object({ id: int32IdParam });

/** One annotation work; Progress is GoldCount / InstanceCount (0 when it has none). */
export const aiAnnotationWorkSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  AnnotationType: z.number().int(),
  DatasetId: z.number().int(),
  DatasetName: z.string(),
  Language: z.string(),
  TopicModelId: z.number().int().nullable(),
  TopicModelName: z.string().nullable(),
  TargetCount: z.number().int(),
  AgreementLevel: z.number().int(),
  Status: z.enum(WORK_STATUSES),
  InstanceCount: z.number().int(),
  GoldCount: z.number().int(),
  Progress: z.number(),
  BuildError: z.string().nullable(),
  CreatedDate: z.string(),
});
export type AiAnnotationWork = z.infer<typeof aiAnnotationWorkSchema>;

/** `POST /api/ai-annotation-works/{workId}/annotation-tasks` and `PUT …/{id}`. */
export const aiAnnotationTaskSaveSchema = z.strictObject({
  Name: requiredText().pipe(safeText(ANNOTATION_LIMITS.nameMax)),
  AnnotatorIds: idList(ANNOTATION_LIMITS.annotatorsMax).min(1),
  /** How many comments each annotator of the task labels. */
  TargetCount: z.number().int().min(1).max(ANNOTATION_LIMITS.targetMax),
  ExpireDate: z.iso
    .datetime({ offset: true })
    .nullish()
    .transform((value) => value ?? null),
});
export type AiAnnotationTaskSave = z.input<typeof aiAnnotationTaskSaveSchema>;

export const aiAnnotationTaskListParamsSchema = z.object({ workId: int32IdParam });
export const aiAnnotationTaskParamsSchema = z.object({ workId: int32IdParam, id: int32IdParam });

/** One annotator of a task and how many comments they labelled in it. */
const taskAnnotatorSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  IsLocked: z.boolean(),
  /** The user the annotator signs in as (null: none), so the console knows the caller's tasks. */
  UserId: z.number().int().nullable(),
  LabelledCount: z.number().int(),
});

export const aiAnnotationTaskSchema = z.object({
  Id: z.number().int(),
  WorkId: z.number().int(),
  Name: z.string(),
  AnnotatorIds: z.array(z.number().int()),
  Annotators: z.array(taskAnnotatorSchema),
  TargetCount: z.number().int(),
  ExpireDate: z.string().nullable(),
  IsExpired: z.boolean(),
  /** Labels given in the task / (annotators × target). */
  Progress: z.number(),
  CreatedDate: z.string(),
});
export type AiAnnotationTask = z.infer<typeof aiAnnotationTaskSchema>;

/** `GET …/annotation-tasks/{id}/next?after=` — `after` skips up to a position (the S shortcut). */
export const aiAnnotationNextQuerySchema = z.strictObject({
  after: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
});

/** Why no comment is offered. */
const NEXT_REASONS = ['done', 'target', 'expired', 'processing'] as const;

export const aiAnnotationNextSchema = z.object({
  Item: z
    .object({
      AnswerId: z.number().int(),
      Position: z.number().int(),
      Text: z.string(),
      Language: z.string(),
    })
    .nullable(),
  Reason: z.enum(NEXT_REASONS).nullable(),
  AnnotationType: z.number().int(),
  /** The labels to choose from: the sentiment labels, or the topic model's topic names. */
  LabelOptions: z.array(z.string()),
  /** How many comments the caller has labelled in the task, and the task's target. */
  Done: z.number().int(),
  Target: z.number().int(),
});
export type AiAnnotationNext = z.infer<typeof aiAnnotationNextSchema>;

/** `POST …/annotation-tasks/{id}/annotations`: the caller's labels of one comment (replacing earlier ones). */
export const aiAnnotationSaveSchema = z.strictObject({
  AnswerId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  Labels: z
    .array(safeText(ANNOTATION_LIMITS.labelMax, { multiline: false }))
    .max(ANNOTATION_LIMITS.labelsMax),
});
export type AiAnnotationSave = z.input<typeof aiAnnotationSaveSchema>;

export const aiAnnotationSavedSchema = z.object({
  AnswerId: z.number().int(),
  Labels: z.array(z.string()),
  GoldLabels: z.array(z.string()).nullable(),
  Done: z.number().int(),
  Target: z.number().int(),
});
export type AiAnnotationSaved = z.infer<typeof aiAnnotationSavedSchema>;

/** The answer of an accepted upload. */
export const aiAnnotationUploadSchema = z.object({ RowCount: z.number().int(), GoldCount: z.number().int() });
export type AiAnnotationUpload = z.infer<typeof aiAnnotationUploadSchema>;

/** Landis & Koch's (1977) bands of agreement. */
const KAPPA_BANDS = ['poor', 'slight', 'fair', 'moderate', 'substantial', 'almostPerfect'] as const;
type KappaBand = (typeof KAPPA_BANDS)[number];

const kappaSchema = z.object({ Kappa: z.number(), Band: z.enum(KAPPA_BANDS), Items: z.number().int() });

/** `GET /api/ai-annotation-works/{id}/statistics`. */
export const aiAnnotationStatisticsSchema = z.object({
  InstanceCount: z.number().int(),
  GoldCount: z.number().int(),
  Tasks: z.array(
    z.object({
      Id: z.number().int(),
      Name: z.string(),
      TargetCount: z.number().int(),
      LabelledCount: z.number().int(),
      Progress: z.number(),
    }),
  ),
  Annotators: z.array(z.object({ Id: z.number().int(), Name: z.string(), LabelledCount: z.number().int() })),
  LabelDistribution: z.array(z.object({ Label: z.string(), Count: z.number().int() })),
  /** Cohen's kappa of each annotator pair on the comments both labelled (pairs with none are left out). */
  Cohen: z.array(
    kappaSchema.extend({
      FirstAnnotatorId: z.number().int(),
      FirstName: z.string(),
      SecondAnnotatorId: z.number().int(),
      SecondName: z.string(),
    }),
  ),
  /** Fleiss' kappa over the comments labelled by Raters annotators (the most common count ≥ 2); null if none. */
  Fleiss: kappaSchema.extend({ Raters: z.number().int() }).nullable(),
});
export type AiAnnotationStatistics = z.infer<typeof aiAnnotationStatisticsSchema>;

/** Landis & Koch's (1977) band of a kappa. */
export function kappaBand(kappa: number): KappaBand {
  if (kappa < 0) return 'poor';
  if (kappa <= 0.2) return 'slight';
  if (kappa <= 0.4) return 'fair';
  if (kappa <= 0.6) return 'moderate';
  if (kappa <= 0.8) return 'substantial';
  return 'almostPerfect';
}
