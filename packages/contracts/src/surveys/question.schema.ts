import { z } from 'zod';
import { int32, int32Id, int32IdParam, safeText } from '../input-bounds.js';
import type { Scope } from '../scopes.js';

/*
 * The question library (surveys spec §2, §3, §5; issue 16). A question belongs to the tenant; placed in a survey
 * it also names the survey, its flow and its position there (docs/surveys.md). A matrix group (type MX…) holds
 * 2-10 sub-questions, which carry the answers and share the group's 2-11 choices.
 */

export const SURVEY_READ_SCOPES = ['survey:read', 'survey:manage'] as const satisfies readonly Scope[];
export const SURVEY_MANAGE_SCOPES = ['survey:manage'] as const satisfies readonly Scope[];

export const QUESTION_TYPE_NAMES = ['MCMS', 'MCSS', 'OETX', 'MXMD', 'MXRO', 'MXSS', 'MXGD'] as const;
export type QuestionTypeName = (typeof QUESTION_TYPE_NAMES)[number];

/** How an open-ended answer is checked: free text, a number, an e-mail address, a phone number, a date. */
export const FORMAT_TYPES = ['Text', 'Number', 'Email', 'Phone', 'Date'] as const;
export type FormatType = (typeof FORMAT_TYPES)[number];

/** How choices are shown on the respondent page. */
export const ChoiceType = { Standard: 0, Dropdown: 1, RangeSlider: 2, RatingStar: 3, Image: 4 } as const;
export type ChoiceType = (typeof ChoiceType)[keyof typeof ChoiceType];
const CHOICE_TYPES = [0, 1, 2, 3, 4] as const satisfies readonly ChoiceType[];

/** The library's bounds (surveys spec §5 and §9; the values the spec leaves open are decided here). */
export const QUESTION_LIMITS = {
  textMax: 1_000,
  codeMax: 50,
  choiceLabelMax: 200,
  /** Choices of a single question (a 0-10 scale has 11). */
  choicesMax: 50,
  /** Sub-questions of a matrix group: 2 to 10. */
  subQuestionsMin: 2,
  subQuestionsMax: 10,
  /** Choices of a matrix group: 2 to 11. */
  matrixChoicesMin: 2,
  matrixChoicesMax: 11,
  /** An Image choice's picture: PNG, JPEG, GIF or WebP of at most 512 KB. */
  imageBytesMax: 512 * 1024,
} as const;
export const CHOICE_IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** `{id}` of the question routes. */
export const questionIdParamsSchema = z.object({ id: int32IdParam });
export const questionChoiceImageParamsSchema = z.object({ id: int32IdParam, choiceId: int32IdParam });

const choiceSaveSchema = z.object({
  /** An existing choice's id; absent for a new one. */
  Id: int32Id.optional(),
  Label: safeText(QUESTION_LIMITS.choiceLabelMax).trim().min(1),
  /** Unique within the question; the score a 0-10 or 1-5 scale reads. */
  Value: int32,
  Order: z.number().int().min(0).max(1_000),
  IsDeleted: z.boolean().default(false),
  /** An Image choice's picture as a data URL (`data:image/png;base64,…`); absent keeps the stored one. */
  Image: z
    .string()
    .max(Math.ceil((QUESTION_LIMITS.imageBytesMax * 4) / 3) + 64)
    .optional(),
});

const subQuestionSaveSchema = z.object({
  Id: int32Id.optional(),
  Text: safeText(QUESTION_LIMITS.textMax).trim().min(1),
  IntegrationCode: safeText(QUESTION_LIMITS.codeMax).trim().min(1).nullish(),
});

/** `POST /api/questions`, `PUT /api/questions/{id}`. */
export const questionSaveSchema = z.object({
  Text: safeText(QUESTION_LIMITS.textMax, { multiline: true }).trim().min(1),
  QuestionTypeName: z.enum(QUESTION_TYPE_NAMES),
  /** The experience the question measures (101 NPS, …); null for none. */
  ExperienceId: int32Id.nullable(),
  /** 11 for a 0-10 scale, 5 for 1-5; null for questions without a score. */
  Scale: z.union([z.literal(11), z.literal(5)]).nullable(),
  FormatType: z.enum(FORMAT_TYPES).nullable().default(null),
  ChoiceType: z
    .union(CHOICE_TYPES.map((t) => z.literal(t)) as [z.ZodLiteral<0>, ...z.ZodLiteral<ChoiceType>[]])
    .default(0),
  Multiline: z.boolean().default(false),
  Required: z.boolean().default(false),
  AllowComment: z.boolean().default(false),
  IsMeasurement: z.boolean().default(false),
  IntegrationCode: safeText(QUESTION_LIMITS.codeMax).trim().min(1).nullish(),
  Choices: z.array(choiceSaveSchema).max(QUESTION_LIMITS.choicesMax).default([]),
  /** Matrix groups only: 2 to 10, refused otherwise with 4009 by the server (so the bound here is looser). */
  SubQuestions: z.array(subQuestionSaveSchema).max(QUESTION_LIMITS.choicesMax).default([]),
});
export type QuestionSave = z.infer<typeof questionSaveSchema>;

/** A row of the library grid `GET /api/questions` (grid query; `?surveyId=` stays the lookup of docs/api.md). */
export const questionRowSchema = z.object({
  Id: z.number().int(),
  Text: z.string(),
  QuestionTypeName: z.string(),
  ExperienceId: z.number().int().nullable(),
  ExperienceName: z.string().nullable(),
  IntegrationCode: z.string().nullable(),
  SurveyId: z.number().int().nullable(),
  SurveyTitle: z.string().nullable(),
  ChoiceCount: z.number().int(),
  AnswerCount: z.number().int(),
  CreatedAt: z.string(),
});
export type QuestionRow = z.infer<typeof questionRowSchema>;

const choiceDetailSchema = z.object({
  Id: z.number().int(),
  Label: z.string(),
  Value: z.number().int(),
  Order: z.number().int(),
  IsDeleted: z.boolean(),
  /** `/api/questions/{id}/choices/{choiceId}/image` when the choice has a picture. */
  ImageUrl: z.string().nullable(),
  /** Answers that chose this value: a used value cannot change. */
  AnswerCount: z.number().int(),
});

/** `GET /api/questions/{id}` and the answer of a save. */
export const questionDetailSchema = z.object({
  Id: z.number().int(),
  Text: z.string(),
  QuestionTypeName: z.enum(QUESTION_TYPE_NAMES),
  ExperienceId: z.number().int().nullable(),
  Scale: z.number().int().nullable(),
  FormatType: z.enum(FORMAT_TYPES).nullable(),
  ChoiceType: z.number().int(),
  Multiline: z.boolean(),
  Required: z.boolean(),
  AllowComment: z.boolean(),
  IsMeasurement: z.boolean(),
  IntegrationCode: z.string().nullable(),
  SurveyId: z.number().int().nullable(),
  SurveyTitle: z.string().nullable(),
  Choices: z.array(choiceDetailSchema),
  SubQuestions: z.array(
    z.object({
      Id: z.number().int(),
      Text: z.string(),
      IntegrationCode: z.string().nullable(),
      AnswerCount: z.number().int(),
    }),
  ),
  /** Answers given to the question (its sub-questions' for a group): its type, scale and used values are fixed. */
  AnswerCount: z.number().int(),
  /** Placed in a survey, counted by a quota or named by an alert rule: it cannot be deleted (4007). */
  InUse: z.boolean(),
});
export type QuestionDetail = z.infer<typeof questionDetailSchema>;
