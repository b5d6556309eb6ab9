import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AI_JOB_STATUSES,
  AI_JOB_TYPES,
  aiLogSchema,
  TEXT_ANALYTICS_LANGUAGES,
  textAnalyticsBootstrapSchema,
  textAnalyticsLanguageListSchema,
  type AiLog,
  type Scope,
} from '@loupe/contracts';
import { requireTenant } from '../../core/actor.js';
import { countOf } from '../../core/queries.js';
import type { Db } from '../../db/client.js';
import { aiLogs, roles, userRoles } from '../../db/schema/index.js';
import type { GridFields } from '../../grid/grid-fields.js';
import { pageOf } from '../../grid/grid-queries.js';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import { isoOf } from './job-dates.js';

/*
 * AI logs `/api/ai-logs` and the text-analytics bootstrap (issue 21 item 6, docs/ai-scheduled-jobs.md). The logs are
 * what the module's workers did (runs started, finished, failed, skipped models): log:monitor (the spec's
 * monitoring scope) or job:read (who reads the jobs reads what they did) opens them.
 */

const LOG_ACCESS: [Scope, ...Scope[]] = ['log:monitor', 'aisystem:manage', 'job:read', 'job:manage'];

/** The AI scopes: any of them opens the bootstrap and the languages. */
const AI_SCOPES = [
  'aisystem:manage',
  'job:read',
  'job:manage',
  'topic:read',
  'topic:manage',
  'dataset:read',
  'dataset:manage',
  'sentiment:read',
  'sentiment:manage',
  'annotation:read',
  'annotation:manage',
  'modelLabelMappings:manage',
] as const satisfies readonly Scope[];

const l = aiLogs;
const selection = {
  Id: l.id,
  Level: l.level,
  Source: l.source,
  Message: l.message,
  CreatedDate: l.createdAt,
};

const fields = {
  Id: { sql: l.id, type: 'number' },
  Level: { sql: l.level, type: 'string' },
  Source: { sql: l.source, type: 'string' },
  Message: { sql: l.message, type: 'string' },
  CreatedDate: { sql: l.createdAt, type: 'date' },
} satisfies GridFields;

const logOf = (row: { [K in keyof typeof selection]: unknown }): AiLog =>
  ({ ...row, Id: Number(row.Id), CreatedDate: isoOf(row.CreatedDate) }) as AiLog;

const identity = (values: readonly string[]) => Object.fromEntries(values.map((value) => [value, value]));

export function aiLogRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  registerGridRoutes(app, {
    path: '/api/ai-logs',
    access: LOG_ACCESS,
    item: aiLogSchema,
    source: {
      fields,
      defaultOrder: 'CreatedDate desc, Id desc',
      scope: (request) => eq(l.tenantId, requireTenant(request.actor)),
      async rows(page) {
        const rows = await pageOf(db.select(selection).from(l).$dynamic(), page);
        return rows.map(logOf);
      },
      count: (where) => countOf(db.select({ n: count() }).from(l).where(where)),
    },
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();
  const access = { access: AI_SCOPES };
  routes.get(
    '/api/text-analytics/bootstrap',
    { config: access, schema: { response: { 200: textAnalyticsBootstrapSchema } } },
    async (request) => {
      const tenantId = requireTenant(request.actor);
      const held = await db
        .select({ id: roles.id, name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.roleId))
        .where(and(eq(userRoles.userId, request.actor.userId), eq(userRoles.tenantId, tenantId)))
        .orderBy(asc(userRoles.position));
      const scopes = AI_SCOPES.filter((scope) => request.actor.scopes.includes(scope));
      return {
        version: '1.9.5',
        job_types: identity(AI_JOB_TYPES),
        job_status: identity(AI_JOB_STATUSES),
        supported_languages: { ...TEXT_ANALYTICS_LANGUAGES },
        annotation_status: identity(['Processing', 'Ready', 'Failed']),
        topic_model_types: { 0: 'Seed words and exact matches', 1: 'Blended with a trained classifier' },
        auth_scopes: identity(scopes),
        roles: Object.fromEntries(held.map((role) => [String(role.id), role.name])),
        solr_core_names: [],
      };
    },
  );
  routes.get(
    '/api/text-analytics/languages',
    { config: access, schema: { response: { 200: textAnalyticsLanguageListSchema } } },
    async () => Object.entries(TEXT_ANALYTICS_LANGUAGES).map(([Code, Name]) => ({ Code, Name })),
  );
}
