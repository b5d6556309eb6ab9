import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { surveyGridFilterSchema, type SurveyRow } from '@loupe/contracts';
import type { Db } from '../../db/client.js';
import { invitees, journeyStages, sessions, surveyFlows, surveys } from '../../db/schema/index.js';
import { invalidValue } from '../../errors.js';
import { requireTenant } from '../../core/actor.js';
import { countOf } from '../../core/queries.js';
import type { GridFields } from '../../grid/grid-fields.js';
import type { GridListSource } from '../../grid/grid-routes.js';
import { pageOf, selectionOf } from '../../grid/grid-queries.js';
import { surveyListedIn } from './survey.repository.js';

/*
 * The outer survey's columns, qualified: drizzle writes a single-table select's columns unqualified, and inside a
 * sub-select an unqualified "id" or "tenant_id" would be the sub-select's own.
 */
const outer = { id: sql.raw('"surveys"."id"'), tenantId: sql.raw('"surveys"."tenant_id"') };
const outerStage = sql.raw('"surveys"."journey_stage_id"');

const answered = sql`${sessions.tenantId} = ${outer.tenantId} and ${sessions.surveyId} = ${outer.id} and ${sessions.answeredAt} is not null`;

/** The surveys grid's whitelist, which is also its select list (docs/surveys-wizard.md). */
const fields = {
  Id: { sql: surveys.id, type: 'number' },
  Title: { sql: surveys.title, type: 'string' },
  Type: { sql: surveys.type, type: 'number' },
  IsActive: { sql: surveys.isActive, type: 'boolean' },
  WizardStep: { sql: surveys.wizardStep, type: 'number' },
  FlowCount: {
    sql: sql<number>`(select count(*)::int from ${surveyFlows} where ${surveyFlows.surveyId} = ${outer.id})`,
    type: 'number',
  },
  JourneyStageId: { sql: surveys.journeyStageId, type: 'number' },
  JourneyStageName: {
    sql: sql<
      string | null
    >`(select ${journeyStages.name} from ${journeyStages} where ${journeyStages.id} = ${outerStage})`,
    type: 'string',
  },
  InvitedCount: {
    sql: sql<number>`(select count(*)::int from ${invitees} where ${invitees.tenantId} = ${outer.tenantId} and ${invitees.surveyId} = ${outer.id})`,
    type: 'number',
  },
  AnsweredCount: {
    sql: sql<number>`(select count(*)::int from ${sessions} where ${answered})`,
    type: 'number',
  },
  LastAnswerAt: {
    sql: sql<Date | string | null>`(select max(${sessions.answeredAt}) from ${sessions} where ${answered})`,
    type: 'date',
  },
  CreatedAt: { sql: surveys.createdAt, type: 'date' },
} satisfies GridFields;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The filter body's conditions: IsActive, Type, JourneyStageId, and Search in the title. */
function bodyConditions(body: unknown): SQL | undefined {
  const parsed = surveyGridFilterSchema.safeParse(body);
  if (!parsed.success) throw invalidValue('body', parsed.error.issues[0]);
  const { Search, IsActive, Type, JourneyStageId } = parsed.data;
  return and(
    Search ? sql`position(lower(${Search}) in lower(${surveys.title})) > 0` : undefined,
    IsActive === undefined ? undefined : eq(surveys.isActive, IsActive),
    Type === undefined ? undefined : eq(surveys.type, Type),
    JourneyStageId === undefined ? undefined : eq(surveys.journeyStageId, JourneyStageId),
  );
}

/** The surveys grid (`/api/surveys` with grid parameters, `POST /api/surveys/query`): never type 7. */
export function createSurveyGridSource(db: Db): GridListSource<SurveyRow> {
  return {
    fields,
    defaultOrder: 'CreatedAt desc, Id desc',
    scope: (request, body) => and(surveyListedIn(requireTenant(request.actor)), bodyConditions(body)),
    async rows(page) {
      const query = db
        .select({ ...selectionOf(fields), Channels: surveys.channels })
        .from(surveys)
        .$dynamic();
      const rows = await pageOf(query, page);
      return rows.map((row) => ({
        ...row,
        LastAnswerAt: iso(row.LastAnswerAt),
        CreatedAt: row.CreatedAt.toISOString(),
      }));
    },
    count: (where) => countOf(db.select({ n: count() }).from(surveys).where(where)),
  };
}
