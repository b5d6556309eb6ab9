import { z } from 'zod';
import { int32Id } from '../input-bounds.js';
import { CATEGORY_TYPES } from '../reports/filter-values.js';
import { reportFilterSchema } from '../reports/report-filter.schema.js';
import { impactRowSchema } from '../reports/text-analytics-data.schema.js';

/*
 * The satisfaction profiler and the driver simulation (issue 20 items 5 and 6, docs/profiler-simulation.md):
 * `POST /api/insight/satisfaction-profiler` (scope satisfactionProfiler) and `POST /api/insight/simulation`
 * (driverSimulation). Both bodies are the report filter the widgets take (compiled by the one filter compiler on
 * the analytics replica) plus the screen's own options.
 */

/** Spec §9: the profiler's scales, ten (the 0-10 questions) or five (the 1-5 questions). */
export const PROFILER_SCALES = [10, 5] as const;
export type ProfilerScale = (typeof PROFILER_SCALES)[number];
export const PROFILER_GROUPS = ['experience', 'question'] as const;
export type ProfilerGroup = (typeof PROFILER_GROUPS)[number];
/** At most this many table rows (the most answered first). */
export const PROFILER_MAX_ROWS = 200;

export const profilerRequestSchema = z.strictObject({
  ...reportFilterSchema.shape,
  /** Rows per experience (default) or per question. */
  GroupBy: z.enum(PROFILER_GROUPS).default('experience'),
  Scale: z.union([z.literal(10), z.literal(5)]).default(10),
  /** The trend's period: daily, weekly, monthly (default), quarterly. */
  Period: z.enum(CATEGORY_TYPES).default('MM'),
  /** The row (experience or question id) whose trend is drawn; absent: all rows together. */
  TrendId: int32Id.nullish(),
});
export type ProfilerRequest = z.input<typeof profilerRequestSchema>;

const figure = z.number().nullable();

const profilerRowSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  /** The mean score of the period on the scale. */
  Score: figure,
  Responses: z.number().int(),
  /** The previous period's (equal length, just before) mean score; null without a TimeRange or answers. */
  PreviousScore: figure,
  PreviousResponses: z.number().int().nullable(),
  /** Score - PreviousScore. */
  Deviation: figure,
  /** The score's band colour on the scale (the score gauges' bands). */
  Color: z.string(),
});
export type ProfilerRow = z.infer<typeof profilerRowSchema>;

const profilerPointSchema = z.object({
  /** The bucket label: 2026-03-05, 2026-W09, 2026-03, 2026-Q1. */
  Category: z.string(),
  Value: figure,
  Responses: z.number().int(),
});

export const profilerSchema = z.object({
  GroupBy: z.enum(PROFILER_GROUPS),
  Scale: z.union([z.literal(10), z.literal(5)]),
  Period: z.enum(CATEGORY_TYPES),
  Rows: z.array(profilerRowSchema),
  /** The whole selection on the scale (all rows together). */
  Total: profilerRowSchema.omit({ Id: true, Name: true }),
  TrendId: z.number().int().nullable(),
  /** The last TREND_MAX_POINTS periods with answers, oldest first. */
  Trend: z.array(profilerPointSchema),
});
export type Profiler = z.infer<typeof profilerSchema>;

/** Spec §4: the simulation's status codes. */
export const SimulationStatus = { Ok: 0, NoData: 1, NotEnoughData: 2, SelectModelAndRange: 3 } as const;
/** Spec §8: the simulation needs at least this many open-ended comments in the selection. */
export const SIMULATION_MIN_COMMENTS = 50;

export const simulationRequestSchema = z.strictObject({
  ...reportFilterSchema.shape,
  TopicModelId: int32Id.nullish(),
  /** The what-if's topic; absent: the topic with the most negative NegativeImpact. */
  TopicId: int32Id.nullish(),
  /** By how many percent the topic's negative mentions fall (default 20). */
  Reduction: z.number().int().min(1).max(100).default(20),
});
export type SimulationRequest = z.input<typeof simulationRequestSchema>;

const simulationTopicSchema = impactRowSchema.extend({
  TopicId: z.number().int(),
  /** |M-|: the sessions with a negative mention of the topic. */
  NegativeMentions: z.number().int(),
});
export type SimulationTopic = z.infer<typeof simulationTopicSchema>;

const whatIfSchema = z.object({
  TopicId: z.number().int(),
  Topic: z.string(),
  Reduction: z.number().int(),
  /** The sessions moved: Reduction % of |M-|. */
  Moved: z.number(),
  CurrentNps: figure,
  ProjectedNps: figure,
  Change: figure,
  /** The projected NPS's standard error and its 95 % interval (ProjectedNps ± 1.96 SE, within -100..100). */
  StandardError: figure,
  Low: figure,
  High: figure,
});

export const simulationSchema = z.object({
  StatusCode: z.number().int(),
  /** NPS(S) and |S|: the selection's sessions with an NPS answer. */
  Nps: figure,
  Responses: z.number().int(),
  /** The selection's open-ended comments (spec §8's threshold). */
  Comments: z.number().int(),
  Topics: z.array(simulationTopicSchema),
  WhatIf: whatIfSchema.nullable(),
});
export type Simulation = z.infer<typeof simulationSchema>;
