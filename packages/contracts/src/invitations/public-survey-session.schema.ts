import { z } from 'zod';
import { int32IdParam } from '../input-bounds.js';
import { PUBLIC_SURVEY_LIMITS, publicGuidParamsSchema } from './public-survey.schema.js';

/*
 * The respondent API's query and path parts beside public-survey.schema.ts (issue 17, docs/respondent-api.md).
 */

/**
 * `GET /api/public/surveys/{guid}?SessionKey=`: a survey link's (or an anonymised survey's) page sends the key its
 * first save answered, so a reload resumes that session; an invitation's session needs none.
 */
export const publicSurveyQuerySchema = z.object({
  SessionKey: z
    .string()
    .min(16)
    .max(PUBLIC_SURVEY_LIMITS.sessionKeyMax)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
});

/** `GET /api/public/surveys/{guid}/choice-images/{choiceId}`: an Image choice's picture. */
export const publicChoiceImageParamsSchema = publicGuidParamsSchema.extend({ choiceId: int32IdParam });
