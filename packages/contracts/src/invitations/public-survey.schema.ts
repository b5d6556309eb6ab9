import { z } from 'zod';
import { LANGUAGES } from '../enums.js';
import { int32, int32Id, safeText } from '../input-bounds.js';
import { QUESTION_TYPE_NAMES } from '../surveys/question.schema.js';
import { displayLogicSchema } from '../surveys/survey.schema.js';

/*
 * The respondent page `/s/{guid}` and its token-free API `/api/public/surveys/{guid}` (issue 17; surveys spec §3
 * Survey and Invitee; ARCHITECTURE §3 "Respondents"; docs/invitations.md). `{guid}` is an invitation's token or a
 * survey link's guid. Every answered session, whatever its path, is stored by the one storage service.
 */

export const PUBLIC_SURVEY_LIMITS = {
  /** Answers in one POST: a page, or the whole survey. Matrix rows and multiple choices count one each. */
  answersPerPostMax: 500,
  valuesPerAnswerMax: 100,
  textAnswerMax: 4_000,
  sessionKeyMax: 64,
} as const;

/** `{guid}` of every public route: a uuid (an invitation token or a survey link guid). */
export const publicGuidParamsSchema = z.object({ guid: z.uuid() });

/**
 * What the page shows: `Open` the flow; the others a plain message in the survey's language. `NotFound` is a
 * 404 rather than a state, so a guessed guid learns nothing.
 */
const PUBLIC_SURVEY_STATES = ['Open', 'Expired', 'Completed', 'OptedOut', 'Closed'] as const;
export type PublicSurveyState = (typeof PUBLIC_SURVEY_STATES)[number];

const publicChoiceSchema = z.object({
  Value: z.number().int(),
  Label: z.string(),
  /** An Image choice's picture: `/api/public/surveys/{guid}/choice-images/{choiceId}`. */
  ImageUrl: z.string().nullable(),
});

const publicQuestionSchema = z.object({
  Id: z.number().int(),
  Text: z.string(),
  QuestionTypeName: z.enum(QUESTION_TYPE_NAMES),
  /** 11 (0-10) or 5 (1-5) for scored questions. */
  Scale: z.number().int().nullable(),
  /** 0 Standard, 1 Dropdown, 2 Range Slider, 3 Rating Star, 4 Image. */
  ChoiceType: z.number().int(),
  FormatType: z.string().nullable(),
  Multiline: z.boolean(),
  Required: z.boolean(),
  AllowComment: z.boolean(),
  Choices: z.array(publicChoiceSchema),
  /** A matrix group's rows; each row is answered with its own QuestionId on the group's choices. */
  SubQuestions: z.array(z.object({ Id: z.number().int(), Text: z.string() })),
  DisplayLogic: displayLogicSchema.nullable(),
});
export type PublicQuestion = z.infer<typeof publicQuestionSchema>;

/** One saved answer, as the page sends it and as a resumed session gives it back. */
const publicAnswerSchema = z.object({
  QuestionId: int32Id,
  /** A single choice (MCSS, a matrix row of MXSS/MXGD), a slider or star value. */
  Value: int32.optional(),
  /** Several choices (MCMS, MXMD rows), or a ranking in order (MXRO rows). */
  Values: z.array(int32).max(PUBLIC_SURVEY_LIMITS.valuesPerAnswerMax).optional(),
  /** An open-ended answer (OETX). */
  Text: safeText(PUBLIC_SURVEY_LIMITS.textAnswerMax, { multiline: true }).optional(),
  /** The comment of a question with AllowComment. */
  Comment: safeText(PUBLIC_SURVEY_LIMITS.textAnswerMax, { multiline: true }).optional(),
});
export type PublicAnswer = z.infer<typeof publicAnswerSchema>;

/** `GET /api/public/surveys/{guid}` 200. */
export const publicSurveySchema = z.object({
  State: z.enum(PUBLIC_SURVEY_STATES),
  /** The survey's language (one of the 12): the page's own texts and its direction follow it. */
  Language: z.enum(LANGUAGES.map((language) => language.code) as [string, ...string[]]),
  Title: z.string(),
  /** Rich text (HTML, sanitised by the server) with the placeholders already filled for this invitee. */
  OpeningMessage: z.string().nullable(),
  ClosingMessage: z.string().nullable(),
  RedirectUrl: z.string().nullable(),
  RedirectSeconds: z.number().int().nullable(),
  /** Pages in order; a page ends at a question with a page break. Empty unless State is Open. */
  Pages: z.array(z.array(publicQuestionSchema)),
  /** The answers saved so far (a reload resumes); empty for a fresh session. */
  Answers: z.array(publicAnswerSchema),
  /** The page to resume on (0-based). */
  ResumePage: z.number().int(),
  /** False for a survey link (anonymous): no unsubscribe link. */
  CanOptOut: z.boolean(),
  /**
   * A survey link's presentation frequency (1 until interaction, 2 once per visitor, 3 once per visit), which the
   * page honours with the browser's storage (docs/respondent-page.md "Presentation frequency"); null for an
   * invitation, whose own state says whether it is answered.
   */
  PresentationFrequency: z.union([z.literal(1), z.literal(2), z.literal(3)]).nullable(),
});
export type PublicSurvey = z.infer<typeof publicSurveySchema>;

/** `POST /api/public/surveys/{guid}/answers`: the answers of one page (they replace earlier ones). */
export const publicAnswersSaveSchema = z.object({
  Answers: z.array(publicAnswerSchema).max(PUBLIC_SURVEY_LIMITS.answersPerPostMax),
  /** True on the last page: the session becomes completed and goes to the replica, alerts and integrations. */
  Complete: z.boolean(),
  /** The page the respondent is on next (resumes there after a reload). */
  Page: z.number().int().min(0).max(1_000).optional(),
  /**
   * A survey link's (or an anonymised survey's) session is found again by the key the first save answered, kept
   * by the browser: the server keeps only its hash, so no stored link leads from the answers to a person.
   */
  SessionKey: z
    .string()
    .min(16)
    .max(PUBLIC_SURVEY_LIMITS.sessionKeyMax)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
});
export type PublicAnswersSave = z.infer<typeof publicAnswersSaveSchema>;

/** `POST /api/public/surveys/{guid}/answers` 200. */
export const publicAnswersResultSchema = z.object({
  SessionKey: z.string(),
  Completed: z.boolean(),
});
export type PublicAnswersResult = z.infer<typeof publicAnswersResultSchema>;

/** `POST /api/public/surveys/{guid}/optout`: the unsubscribe link's confirmation (body optional). */
export const publicOptOutSchema = z.object({
  Reason: safeText(500).optional(),
});
export type PublicOptOut = z.infer<typeof publicOptOutSchema>;
