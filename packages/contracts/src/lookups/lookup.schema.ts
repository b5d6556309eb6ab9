import { z } from 'zod';
import { int32IdParam } from '../input-bounds.js';
import type { Scope } from '../scopes.js';

/**
 * Scopes that open the lookup and filter lists. Filters are used across reports, surveys and alerts, so any
 * scope that reads or manages one of them opens them.
 */
export const LOOKUP_SCOPES = [
  'report:read',
  'report:manage',
  'survey:read',
  'survey:manage',
  'alert:read',
  'alert:manage',
  'alert:readall',
  // The invitee pool's filter, create invitee and the import screens choose surveys, channels, products …
  'invitation:read',
  'invitation:manage',
  // The FTP export of answers chooses surveys and a report filter.
  'surveyanswers',
  // Topic discovery and the topic explorer choose a topic model and carry the report filter panel.
  'topicDiscovery',
  'topicExplorer',
] as const satisfies readonly [Scope, ...Scope[]];

/** Survey type 7 is hidden from filters (`?isForFilter=true`); 1 is the product's own, 4 an external source. */
export const HIDDEN_FROM_FILTERS_SURVEY_TYPE = 7;

export const surveyLookupQuerySchema = z.object({ isForFilter: z.stringbool().optional().default(false) });

export const surveyLookupItemSchema = z.object({
  Id: z.number().int(),
  Title: z.string(),
  Type: z.number().int(),
  IsActive: z.boolean(),
  SourceName: z.string().nullable(),
  JourneyStageId: z.number().int().nullable(),
  Flows: z.array(z.object({ Id: z.number().int(), Name: z.string(), IsActive: z.boolean() })),
});
export type SurveyLookupItem = z.infer<typeof surveyLookupItemSchema>;

export const journeyStageItemSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Order: z.number().int(),
});
export type JourneyStageItem = z.infer<typeof journeyStageItemSchema>;

export const questionLookupQuerySchema = z.object({
  surveyId: int32IdParam.optional(),
});

/**
 * A question for widget forms and filters. `Code` is its integration code (what the REST data API accepts);
 * `Scale` is 11 for 0-10, 5 for 1-5, null without a score; `ParentId` names the matrix group of a sub-question.
 */
export const questionLookupItemSchema = z.object({
  Id: z.number().int(),
  Text: z.string(),
  SurveyId: z.number().int(),
  SurveyFlowId: z.number().int().nullable(),
  ParentId: z.number().int().nullable(),
  QuestionTypeName: z.string(),
  ExperienceId: z.number().int().nullable(),
  Scale: z.number().int().nullable(),
  Code: z.string().nullable(),
  Required: z.boolean(),
  Choices: z.array(z.object({ Label: z.string(), Value: z.number().int() })),
});
export type QuestionLookupItem = z.infer<typeof questionLookupItemSchema>;

/**
 * The question types. A type starting with MX is a matrix group, whose sub-questions carry the answers:
 * MXSS matrix, MXRO rank order, MXMD max-diff, MXGD multi-question group.
 */
export const QUESTION_TYPES = [
  { Name: 'MCMS', en: 'Multiple choice, multiple answers', tr: 'Çoktan seçmeli, çok cevaplı' },
  { Name: 'MCSS', en: 'Multiple choice, single answer', tr: 'Çoktan seçmeli, tek cevaplı' },
  { Name: 'OETX', en: 'Open-ended text', tr: 'Açık uçlu metin' },
  { Name: 'MXMD', en: 'Max-diff', tr: 'Max-diff' },
  { Name: 'MXRO', en: 'Rank order', tr: 'Sıralama' },
  { Name: 'MXSS', en: 'Matrix', tr: 'Matris' },
  { Name: 'MXGD', en: 'Multi-question group', tr: 'Çoklu soru grubu' },
] as const;

export function isMatrixQuestionType(name: string): boolean {
  return name.startsWith('MX');
}

/** `Name` is the type code questions carry in `QuestionTypeName`; `Description` is in the caller's language. */
export const questionTypeItemSchema = z.object({
  Name: z.string(),
  Description: z.string(),
  IsMatrix: z.boolean(),
});
export type QuestionTypeItem = z.infer<typeof questionTypeItemSchema>;

export const alertRuleLookupItemSchema = z.object({ Id: z.number().int(), Title: z.string() });
export type AlertRuleLookupItem = z.infer<typeof alertRuleLookupItemSchema>;
