import { z } from 'zod';
import { idList, int32IdParam, safeText } from '../input-bounds.js';
import { requiredText } from '../validators.js';

/*
 * Text-analytics datasets `/api/ai-datasets` (issue 21 item 1; surveys spec §3 "Dataset", §4; docs/text-analytics-
 * data.md). Scopes dataset:read / dataset:manage. A dataset is built by a job: Processing until its instances are
 * copied, then Ready (or Failed); one in Processing cannot be deleted (19102).
 */

const DATASET_LIMITS = { nameMax: 200, surveys: 100, questions: 500 } as const;

/** The languages a dataset (and the text models) work in. */
const DATASET_LANGUAGES = ['tr', 'en'] as const;

/** The sessions' sources a dataset may take its answers from (sessions.source). */
const DATASET_SOURCES = ['survey', 'rest-api', 'import'] as const;

const DATASET_STATUSES = ['Processing', 'Ready', 'Failed'] as const;

const isoDate = z.iso.datetime({ offset: true });

/** `POST /api/ai-datasets` and `PUT /api/ai-datasets/{id}`. Empty QuestionIds or Sources: all of them. */
export const aiDatasetSaveSchema = z
  .strictObject({
    Name: requiredText().pipe(safeText(DATASET_LIMITS.nameMax)),
    Language: z.enum(DATASET_LANGUAGES),
    SurveyIds: idList(DATASET_LIMITS.surveys).min(1),
    QuestionIds: idList(DATASET_LIMITS.questions).default([]),
    DateFrom: isoDate.nullish().transform((value) => value ?? null),
    DateTo: isoDate.nullish().transform((value) => value ?? null),
    Sources: z.array(z.enum(DATASET_SOURCES)).max(DATASET_SOURCES.length).default([]),
  })
  .refine((body) => !body.DateFrom || !body.DateTo || Date.parse(body.DateFrom) <= Date.parse(body.DateTo), {
    path: ['DateTo'],
    message: 'DateTo must not be before DateFrom',
  });
export type AiDatasetSave = z.input<typeof aiDatasetSaveSchema>;

export const aiDatasetParamsSchema = z.object({ id: int32IdParam });

/** One dataset as the grid and the form read it. */
export const aiDatasetSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Language: z.enum(DATASET_LANGUAGES),
  SurveyIds: z.array(z.number().int()),
  QuestionIds: z.array(z.number().int()),
  DateFrom: z.string().nullable(),
  DateTo: z.string().nullable(),
  Sources: z.array(z.enum(DATASET_SOURCES)),
  Status: z.enum(DATASET_STATUSES),
  InstanceCount: z.number().int(),
  BuildError: z.string().nullable(),
  CreatedDate: z.string(),
  BuiltDate: z.string().nullable(),
});
export type AiDataset = z.infer<typeof aiDatasetSchema>;
