import { count } from 'drizzle-orm';
import type { QuestionRow } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { questions } from '../../db/schema/index.js';
import { requireTenant } from '../../core/actor.js';
import { countOf } from '../../core/queries.js';
import type { GridFields } from '../../grid/grid-fields.js';
import { pageOf, selectionOf } from '../../grid/grid-queries.js';
import type { GridListSource } from '../../grid/grid-routes.js';
import {
  answerCountOf,
  choiceCountOf,
  experienceNameOf,
  libraryQuestionOf,
  surveyTitleOf,
} from './question.repository.js';

/** The library grid's whitelist, which is also its select list. */
const fields = {
  Id: { sql: questions.id, type: 'number' },
  Text: { sql: questions.text, type: 'string' },
  QuestionTypeName: { sql: questions.type, type: 'string' },
  ExperienceId: { sql: questions.experienceId, type: 'number' },
  ExperienceName: { sql: experienceNameOf, type: 'string' },
  IntegrationCode: { sql: questions.integrationCode, type: 'string' },
  SurveyId: { sql: questions.surveyId, type: 'number' },
  SurveyTitle: { sql: surveyTitleOf, type: 'string' },
  ChoiceCount: { sql: choiceCountOf, type: 'number' },
  AnswerCount: { sql: answerCountOf, type: 'number' },
  CreatedAt: { sql: questions.createdAt, type: 'date' },
} satisfies GridFields;

/** The question library (`GET /api/questions` with grid parameters): the tenant's top-level, live questions. */
export function createQuestionGridSource(db: Db): GridListSource<QuestionRow> {
  return {
    fields,
    defaultOrder: 'CreatedAt desc, Id desc',
    scope: (request) => libraryQuestionOf(requireTenant(request.actor)),
    async rows(page) {
      const rows = await pageOf(db.select(selectionOf(fields)).from(questions).$dynamic(), page);
      return rows.map((row) => ({ ...row, CreatedAt: row.CreatedAt.toISOString() }));
    },
    count: (where) => countOf(db.select({ n: count() }).from(questions).where(where)),
  };
}
