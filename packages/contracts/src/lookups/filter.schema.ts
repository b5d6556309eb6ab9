import { z } from 'zod';

/** `?isTreeBuilt=true` answers a tree (`Children`); absent or false answers a flat list with `ParentId`. */
export const treeQuerySchema = z.object({ isTreeBuilt: z.stringbool().optional().default(false) });

/**
 * A node of the channel, product or location tree. `Code` is the integration code the REST data API accepts.
 * `Selectable` is false for an ancestor shown only so that a restricted user can reach the nodes they may see.
 */
const lookupNodeSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Code: z.string(),
  Level: z.number().int(),
  ParentId: z.number().int().nullable(),
  Selectable: z.boolean(),
  /** Channels: where the branch is. */
  LocationId: z.number().int().nullable().optional(),
  /** Locations: the map geometry's code (TR-34, IN-MH, US-CA). */
  MapCode: z.string().nullable().optional(),
});
export type LookupNode = z.infer<typeof lookupNodeSchema>;

export type LookupTreeNode = LookupNode & { Children: LookupTreeNode[] };

export const lookupTreeNodeSchema: z.ZodType<LookupTreeNode> = lookupNodeSchema.extend({
  Children: z.lazy(() => z.array(lookupTreeNodeSchema)),
});

/** The answer of a tree lookup: nested when `isTreeBuilt=true`, flat otherwise. */
export const lookupTreeResponseSchema = z.union([z.array(lookupTreeNodeSchema), z.array(lookupNodeSchema)]);

/** A flat lookup item with an integration code (transaction types). */
export const codedItemSchema = z.object({ Id: z.number().int(), Name: z.string(), Code: z.string() });
export type CodedItem = z.infer<typeof codedItemSchema>;

/** A segment; `Value` is how filters address it ('groupId;id'), `Code` how the REST data API does (with its group's). */
const segmentItemSchema = z.object({
  Id: z.number().int(),
  GroupId: z.number().int(),
  Name: z.string(),
  Code: z.string(),
  Value: z.string(),
  NameWithGroup: z.string(),
});
export const segmentGroupItemSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Code: z.string(),
  Children: z.array(segmentItemSchema),
});
export type SegmentGroupItem = z.infer<typeof segmentGroupItemSchema>;

/** Measurement types: 0 NPS, 1 custom metric, 2 average score, 3 other. System experiences have `IsPreserved`. */
export const experienceItemSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  MeasurementType: z.number().int(),
  GroupId: z.number().int().nullable(),
  GroupName: z.string().nullable(),
  IsPreserved: z.boolean(),
});
export type ExperienceItem = z.infer<typeof experienceItemSchema>;

export const experienceGroupItemSchema = z.object({ Id: z.number().int(), Name: z.string() });
export type ExperienceGroupItem = z.infer<typeof experienceGroupItemSchema>;

export const weightedExperienceGroupItemSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Items: z.array(
    z.object({ ExperienceId: z.number().int(), ExperienceName: z.string(), Weight: z.number() }),
  ),
});
export type WeightedExperienceGroupItem = z.infer<typeof weightedExperienceGroupItemSchema>;

/** An employee; `Name` repeats `FullName` so that every flat lookup has a `Name`. */
export const employeeItemSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  FullName: z.string(),
  Code: z.string(),
  ChannelId: z.number().int().nullable(),
});
export type EmployeeItem = z.infer<typeof employeeItemSchema>;

/** A topic (or, in an emotion model, an emotion); sub-topics name their main topic in `ParentId`. */
export const topicModelItemSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Language: z.string(),
  IsEmotionModel: z.boolean(),
  IsIntentModel: z.boolean(),
  Topics: z.array(
    z.object({ Id: z.number().int(), Name: z.string(), ParentId: z.number().int().nullable() }),
  ),
});
export type TopicModelItem = z.infer<typeof topicModelItemSchema>;
