import { z } from 'zod';
import { int32, int32Id, int32IdParam, safeText } from '../input-bounds.js';
import { httpUrl, requiredText } from '../validators.js';

/*
 * Review sources `/api/review-sources` (issue 22 item 1; surveys spec §3 "Review sources: resource names, review
 * URL or place ids, result limit", §5; docs/review-sources.md). A source names a review site (`ResourceName`, e.g.
 * "Google") and where its reviews are read: a page or JSON feed at `ReviewUrl`, or a place of the Places API by
 * `PlaceId`. Each run imports at most `ResultLimit` new reviews as answers of the external survey `SurveyId`
 * (type 4) through the REST data path. Scopes: integration:read reads, integration:manage writes and runs.
 */

/** How often a source runs: 1 once, 2 daily (every 24 h), 3 twice a day (12 h), 4 three times a day (8 h). */
export const REVIEW_FREQUENCIES = [1, 2, 3, 4] as const;
export type ReviewFrequency = (typeof REVIEW_FREQUENCIES)[number];

/** Hours between two runs of a frequency; null for the one-time run. */
export const REVIEW_FREQUENCY_HOURS: Record<ReviewFrequency, number | null> = { 1: null, 2: 24, 3: 12, 4: 8 };

export const REVIEW_SOURCE_LIMITS = {
  nameMax: 200,
  resourceNameMax: 100,
  urlMax: 2000,
  placeIdMax: 300,
  /** The largest result limit: reviews one run imports at most (19220 above it or below 1). */
  resultLimitMax: 1000,
  /** Sources one tenant's list answers at most. */
  listMax: 1000,
} as const;

/** The last run's outcome. */
const REVIEW_RUN_STATUSES = ['ok', 'failed'] as const;
export type ReviewRunStatus = (typeof REVIEW_RUN_STATUSES)[number];

const optionalText = (max: number) =>
  safeText(max)
    .trim()
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * `POST /api/review-sources` and `PUT /api/review-sources/{id}`. At least one of `ReviewUrl` and `PlaceId`
 * (19219 with the field when neither); both may be given, and then the place is read from the Places API and the
 * URL is kept for the people who read the list (the run reads the place). A review URL (compared without case)
 * and a place id are each unique within the tenant (19216, 19217), and so is the name (19218). `ResultLimit` is
 * 1 … 1000 (19220). `SurveyId` is an external survey (type 4) of the tenant (19219 for another type; another
 * tenant's survey is not found: 404).
 */
export const reviewSourceSaveSchema = z.strictObject({
  Name: requiredText().pipe(safeText(REVIEW_SOURCE_LIMITS.nameMax)),
  ResourceName: requiredText().pipe(safeText(REVIEW_SOURCE_LIMITS.resourceNameMax)),
  ReviewUrl: z
    .string()
    .trim()
    .max(REVIEW_SOURCE_LIMITS.urlMax)
    .pipe(httpUrl())
    .nullish()
    .or(z.literal(''))
    .transform((value) => (value ? value : null)),
  PlaceId: optionalText(REVIEW_SOURCE_LIMITS.placeIdMax),
  /** Checked by the server (19220), so the form shows the spec's message rather than a generic one. */
  ResultLimit: int32,
  Frequency: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  SurveyId: int32Id,
  IsActive: z.boolean().default(true),
});
export type ReviewSourceSave = z.input<typeof reviewSourceSaveSchema>;

export const reviewSourceParamsSchema = z.object({ id: int32IdParam });

/** One source as the list and the form read it. */
export const reviewSourceSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  ResourceName: z.string(),
  ReviewUrl: z.string().nullable(),
  PlaceId: z.string().nullable(),
  ResultLimit: z.number().int(),
  Frequency: z.number().int(),
  SurveyId: z.number().int(),
  SurveyTitle: z.string(),
  IsActive: z.boolean(),
  LastRunAt: z.string().nullable(),
  LastStatus: z.enum(REVIEW_RUN_STATUSES).nullable(),
  LastError: z.string().nullable(),
  /** Reviews imported over all runs. */
  ImportedCount: z.number().int(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type ReviewSource = z.infer<typeof reviewSourceSchema>;

/** `GET /api/review-sources`: the tenant's sources by name (at most 1000). */
export const reviewSourceListSchema = z.array(reviewSourceSchema);

/** `POST /api/review-sources/{id}/run`: what the run did, and the source as it is after it. */
export const reviewRunResultSchema = z.object({
  Status: z.enum(REVIEW_RUN_STATUSES),
  /** Reviews the feed answered. */
  Fetched: z.number().int(),
  /** New reviews stored as sessions in this run. */
  Imported: z.number().int(),
  /** New reviews the REST data checks refused (see the data validation log). */
  Rejected: z.number().int(),
  Error: z.string().nullable(),
  Source: reviewSourceSchema,
});
export type ReviewRunResult = z.infer<typeof reviewRunResultSchema>;

/** `GET /api/review-sources-surveys`: the tenant's external surveys a source may import into. */
export const reviewSurveyOptionListSchema = z.array(z.object({ Id: z.number().int(), Title: z.string() }));
