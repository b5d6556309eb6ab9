import { z } from 'zod';
import { int32Id, int32IdParam } from '../input-bounds.js';
import type { Scope } from '../scopes.js';

/*
 * Experiences, weighted experience groups and journey stages (shell spec §3, §5, §7, §8): what a question
 * measures, weighted blends of calculable experiences, and the stages of the customer journey surveys belong to.
 */

/** Who manages experiences and journey stages (the menu's scopes; there is no separate read scope). */
export const EXPERIENCE_SCOPES = ['metadata:manage'] as const satisfies readonly Scope[];
/** Weighted experience groups also open to custom-KPI builders. */
export const WEIGHTED_EXPERIENCE_GROUP_SCOPES = [
  'metadata:manage',
  'customKpi',
] as const satisfies readonly Scope[];
export const JOURNEY_STAGE_SCOPES = ['metadata:manage'] as const satisfies readonly Scope[];

/** What an experience measures: 0 NPS, 1 custom metric, 2 average score, 3 other questions. */
export const MeasurementType = { Nps: 0, CustomMetric: 1, AverageScore: 2, Other: 3 } as const;
export type MeasurementType = (typeof MeasurementType)[keyof typeof MeasurementType];
export const MEASUREMENT_TYPES = [0, 1, 2, 3] as const satisfies readonly MeasurementType[];
/** The measurement types a score can be calculated from; only these may be weighted. */
export const CALCULABLE_MEASUREMENT_TYPES = [0, 1, 2] as const satisfies readonly MeasurementType[];

export function isCalculable(measurementType: number): boolean {
  return (CALCULABLE_MEASUREMENT_TYPES as readonly number[]).includes(measurementType);
}

/** The system experiences every tenant shares; they cannot be changed or removed. */
export const PRESERVED_EXPERIENCE_IDS = [101, 102, 201, 601, 1601, 1602, 1610] as const;

/** Names of experiences, experience groups, weighted groups and journey stages. */
const METADATA_NAME_MAX = 100;
const nameSchema = z.string().trim().min(1).max(METADATA_NAME_MAX);
const idSchema = int32Id;

/** `{id}` of the item routes. */
export const metadataIdParamsSchema = z.object({ id: int32IdParam });

// ---------------------------------------------------------------------------------------------- experiences

export const measurementTypeSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/** A row of `GET /api/experiences` (the grid): the system experiences and the tenant's own. */
export const experienceRowSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  GroupId: z.number().int().nullable(),
  GroupName: z.string().nullable(),
  MeasurementType: measurementTypeSchema,
  /** A system experience (no tenant, or a preserved id): read-only. */
  IsPreserved: z.boolean(),
  /** The caller's questions (also removed ones) that measure this experience. */
  QuestionCount: z.number().int(),
});
export type ExperienceRow = z.infer<typeof experienceRowSchema>;

/** `GET /api/experiences/{id}` and the answer of a save: the record plus what keeps it from changing. */
export const experienceDetailSchema = experienceRowSchema.extend({
  /** Weighted experience groups of the caller's tenant that weigh this experience. */
  WeightedGroupCount: z.number().int(),
});
export type ExperienceDetail = z.infer<typeof experienceDetailSchema>;

/**
 * `POST /api/experiences`, `PUT /api/experiences/{id}`. The group is `GroupId` (an existing group the tenant
 * sees) or, without it, `GroupName`: the visible group of that name, created for the tenant when there is none.
 * Neither: no group.
 */
export const experienceSaveSchema = z.object({
  Name: nameSchema,
  GroupId: idSchema.nullish(),
  GroupName: z.string().trim().max(METADATA_NAME_MAX).nullish(),
  MeasurementType: measurementTypeSchema,
});
export type ExperienceSave = z.infer<typeof experienceSaveSchema>;

/** `GET /api/experience-groups`: the groups an experience may join (system ones and the tenant's). */
export const experienceGroupOptionSchema = z.object({ Id: z.number().int(), Name: z.string() });
export type ExperienceGroupOption = z.infer<typeof experienceGroupOptionSchema>;

/** `GET /api/experiences/calculable`: what a weighted group may weigh (measurement type 0, 1 or 2). */
export const calculableExperienceSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  MeasurementType: measurementTypeSchema,
  GroupName: z.string().nullable(),
});
export type CalculableExperience = z.infer<typeof calculableExperienceSchema>;

// ------------------------------------------------------------------------------ weighted experience groups

/** The most experiences one weighted group may weigh. */
export const WEIGHTED_GROUP_MAX_ITEMS = 50;
/** Weights are positive and finite, any step; this bound keeps sums far from overflow. */
export const WEIGHT_MAX = 1_000_000;

/** One weight of a group: both the experience and the weight are required (shell spec §5). */
const weightedExperienceItemSaveSchema = z.object({
  ExperienceId: idSchema,
  Weight: z.number().gt(0).max(WEIGHT_MAX),
});

/** `POST /api/weighted-experience-groups`, `PUT /api/weighted-experience-groups/{id}`. */
export const weightedExperienceGroupSaveSchema = z.object({
  Name: nameSchema,
  Items: z
    .array(weightedExperienceItemSaveSchema)
    .min(1)
    .max(WEIGHTED_GROUP_MAX_ITEMS)
    .superRefine((items, context) => {
      const seen = new Set<number>();
      items.forEach((item, index) => {
        if (seen.has(item.ExperienceId)) {
          context.addIssue({
            code: 'custom',
            path: [index, 'ExperienceId'],
            message: 'experiences:weightedGroups.duplicateExperience',
          });
        }
        seen.add(item.ExperienceId);
      });
    }),
});
export type WeightedExperienceGroupSave = z.infer<typeof weightedExperienceGroupSaveSchema>;

/** A row of `GET /api/weighted-experience-groups` (the grid). */
export const weightedExperienceGroupRowSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  ItemCount: z.number().int(),
});
export type WeightedExperienceGroupRow = z.infer<typeof weightedExperienceGroupRowSchema>;

/** `GET /api/weighted-experience-groups/{id}` and the answer of a save. */
export const weightedExperienceGroupDetailSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Items: z.array(
    z.object({ ExperienceId: z.number().int(), ExperienceName: z.string(), Weight: z.number() }),
  ),
});
export type WeightedExperienceGroupDetail = z.infer<typeof weightedExperienceGroupDetailSchema>;

// ---------------------------------------------------------------------------------------- journey stages

export const JOURNEY_STAGE_ORDER_MAX = 100_000;

/** `POST /api/journey-stages`, `PUT /api/journey-stages/{id}`; a new stage without `Order` goes last. */
export const journeyStageSaveSchema = z.object({
  Name: nameSchema,
  Order: z.number().int().min(0).max(JOURNEY_STAGE_ORDER_MAX).optional(),
});
export type JourneyStageSave = z.infer<typeof journeyStageSaveSchema>;

/** A row of `GET /api/journey-stages`, also `GET /api/journey-stages/{id}` and the answer of a save. */
export const journeyStageRowSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Order: z.number().int(),
  /** Surveys of the tenant in this stage; a used stage cannot be changed or removed. */
  SurveyCount: z.number().int(),
});
export type JourneyStageRow = z.infer<typeof journeyStageRowSchema>;
