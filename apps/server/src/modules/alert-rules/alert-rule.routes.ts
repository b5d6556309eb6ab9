import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ALERT_MANAGE_SCOPES,
  ALERT_RULE_READ_SCOPES,
  ErrorCode,
  INTEGRATION_ACTION_BEHAVIOURS,
  VALIDATION_MESSAGES,
  alertRuleActionsSaveSchema,
  alertRuleParamsSchema,
  alertRuleSaveSchema,
  alertRuleSchema,
  type AlertRule,
  type IntegrationBehaviourType,
  type Scope,
} from '@loupe/contracts';
import { requireTenant, type Actor } from '../../core/actor.js';
import { countOf, isNameTaken } from '../../core/queries.js';
import { fieldRefusal, found, invalidField } from '../../core/refusals.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { alertRules, integrationSources } from '../../db/schema/index.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/pg-errors.js';
import { conflict } from '../../errors.js';
import type { GridFields } from '../../grid/grid-fields.js';
import { pageOf } from '../../grid/grid-queries.js';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import { checkAlertRule, type AlertRuleBody } from './alert-rule-checks.js';

/*
 * Alert rules (issue 19, docs/alerts.md "Rules and evaluation"): the grid, read, create, replace, delete and the
 * per-status actions of a tenant's rules. alert:manage writes; alert:read, alert:readall and alert:manage read.
 * A rule that has raised alerts is not deleted (409 2401): its alerts and their history name it, so the screen
 * suggests deactivating it, which stops evaluation and keeps the alerts' trail whole.
 */

const READ: [Scope, ...Scope[]] = [...ALERT_RULE_READ_SCOPES];
const MANAGE: [Scope, ...Scope[]] = [...ALERT_MANAGE_SCOPES];
const r = alertRules;

// Written out with aliases: inside a subquery Drizzle names a column without its table, which would bind
// "id" to the subquery's own table.
const ownerName = sql<string | null>`CASE "alert_rules"."owner_type"
  WHEN 'user' THEN (SELECT u.full_name FROM users u WHERE u.id = "alert_rules"."owner_id")
  WHEN 'role' THEN (SELECT g.name FROM roles g WHERE g.id = "alert_rules"."owner_id") END`;
const alertCount = sql<number>`(SELECT count(*)::integer FROM alerts a WHERE a.rule_id = "alert_rules"."id")`;

const fields = {
  Id: { sql: r.id, type: 'number' },
  Title: { sql: r.title, type: 'string' },
  IsActive: { sql: r.isActive, type: 'boolean' },
  Logic: { sql: r.logic, type: 'string' },
  DueHours: { sql: r.dueHours, type: 'number' },
  OwnerName: { sql: ownerName, type: 'string' },
  AlertCount: { sql: alertCount, type: 'number' },
  CreatedAt: { sql: r.createdAt, type: 'date' },
  UpdatedAt: { sql: r.updatedAt, type: 'date' },
} satisfies GridFields;

const selection = {
  Id: r.id,
  Title: r.title,
  SurveyIds: r.surveyIds,
  ProductIds: r.productIds,
  TransactionChannelIds: r.channelIds,
  Logic: r.logic,
  Conditions: r.conditions,
  OwnerType: r.ownerType,
  OwnerId: r.ownerId,
  OwnerName: ownerName,
  DueHours: r.dueHours,
  EmailSubject: r.emailSubject,
  EmailBody: r.emailBody,
  IsActive: r.isActive,
  Actions: r.actions,
  AlertCount: alertCount,
  CreatedAt: r.createdAt,
  UpdatedAt: r.updatedAt,
};

type Row = Awaited<ReturnType<typeof selectRules>>[number];
const selectRules = (db: Executor) => db.select(selection).from(r);

const itemOf = (row: Row): AlertRule => ({
  ...row,
  Logic: row.Logic === 'or' ? 'or' : 'and',
  OwnerType: row.OwnerType === 'user' || row.OwnerType === 'role' ? row.OwnerType : null,
  Conditions: row.Conditions.map((c) => ({
    Kind: c.Kind,
    QuestionId: c.QuestionId,
    CustomDataNo: (c as { CustomDataNo?: number | null }).CustomDataNo ?? null,
    Operator: c.Operator,
    Value: c.Value,
  })) as AlertRule['Conditions'],
  Actions: row.Actions as AlertRule['Actions'],
  AlertCount: Number(row.AlertCount),
  CreatedAt: new Date(row.CreatedAt).toISOString(),
  UpdatedAt: new Date(row.UpdatedAt).toISOString(),
});

const mine = (actor: Actor) => eq(r.tenantId, requireTenant(actor));

async function ruleOf(db: Executor, actor: Actor, id: number): Promise<AlertRule> {
  const [row] = await selectRules(db).where(and(mine(actor), eq(r.id, id)));
  return itemOf(found(row));
}

/** The columns a save writes, after its checks: 2400 for a title the tenant already uses. */
async function columnsOf(db: Executor, tenantId: number, body: AlertRuleBody, exceptId?: number) {
  if (await isNameTaken(db, { id: r.id, name: r.title }, body.Title, eq(r.tenantId, tenantId), exceptId))
    throw conflict(ErrorCode.AlertRuleNameExists);
  await checkAlertRule(db, tenantId, body);
  return {
    title: body.Title,
    surveyIds: body.SurveyIds,
    productIds: body.ProductIds,
    channelIds: body.TransactionChannelIds,
    logic: body.Logic,
    conditions: body.Conditions.map((c) => ({
      Kind: c.Kind,
      QuestionId: c.Kind === 'customData' ? null : c.QuestionId,
      ...(c.Kind === 'customData' ? { CustomDataNo: c.CustomDataNo } : {}),
      Operator: c.Operator,
      Value: c.Value,
    })),
    ownerType: body.OwnerType,
    ownerId: body.OwnerId,
    dueHours: body.DueHours,
    emailSubject: body.EmailSubject,
    emailBody: body.EmailBody,
    isActive: body.IsActive,
  };
}

/** A title saved meanwhile by another request (the unique index), as the check would have answered: 2400. */
function titleRace(error: unknown): never {
  if (isUniqueViolation(error)) throw conflict(ErrorCode.AlertRuleNameExists);
  throw error;
}

export function alertRuleRoutes(app: FastifyInstance, { db }: { db: Db }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  registerGridRoutes(app, {
    path: '/api/alert-rules',
    access: READ,
    item: alertRuleSchema,
    source: {
      fields,
      defaultOrder: 'Title asc, Id asc',
      scope: (request) => mine(request.actor),
      async rows(page) {
        return (await pageOf(selectRules(db).$dynamic(), page)).map(itemOf);
      },
      count: (where) => countOf(db.select({ n: count() }).from(r).where(where)),
    },
  });

  routes.get(
    '/api/alert-rules/:id',
    {
      config: { access: READ },
      schema: { params: alertRuleParamsSchema, response: { 200: alertRuleSchema } },
    },
    async (request) => ruleOf(db, request.actor, request.params.id),
  );

  routes.post(
    '/api/alert-rules',
    { config: { access: MANAGE }, schema: { body: alertRuleSaveSchema, response: { 201: alertRuleSchema } } },
    async (request, reply) => {
      const tenantId = requireTenant(request.actor);
      const rule = await db
        .transaction(async (tx) => {
          const columns = await columnsOf(tx, tenantId, request.body);
          const [row] = await tx
            .insert(r)
            .values({ tenantId, createdByUserId: request.actor.userId, ...columns })
            .returning({ id: r.id });
          return ruleOf(tx, request.actor, row!.id);
        })
        .catch(titleRace);
      return reply.status(201).send(rule);
    },
  );

  routes.put(
    '/api/alert-rules/:id',
    {
      config: { access: MANAGE },
      schema: {
        params: alertRuleParamsSchema,
        body: alertRuleSaveSchema,
        response: { 200: alertRuleSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const tenantId = requireTenant(request.actor);
      return db
        .transaction(async (tx) => {
          await ruleOf(tx, request.actor, id);
          const columns = await columnsOf(tx, tenantId, request.body, id);
          await tx
            .update(r)
            .set({ ...columns, updatedAt: new Date() })
            .where(and(mine(request.actor), eq(r.id, id)));
          return ruleOf(tx, request.actor, id);
        })
        .catch(titleRace);
    },
  );

  routes.delete(
    '/api/alert-rules/:id',
    { config: { access: MANAGE }, schema: { params: alertRuleParamsSchema } },
    async (request, reply) => {
      const { id } = request.params;
      await db
        .transaction(async (tx) => {
          const rule = await ruleOf(tx, request.actor, id);
          if (rule.AlertCount > 0) throw conflict(ErrorCode.AlertRuleHasAlerts);
          await tx.delete(r).where(and(mine(request.actor), eq(r.id, id)));
        })
        .catch((error: unknown) => {
          // An alert raised between the count and the delete: the same answer.
          if (isForeignKeyViolation(error)) throw conflict(ErrorCode.AlertRuleHasAlerts);
          throw error;
        });
      return reply.status(204).send();
    },
  );

  routes.get(
    '/api/alert-rules/:id/actions',
    {
      config: { access: READ },
      schema: { params: alertRuleParamsSchema, response: { 200: alertRuleActionsSaveSchema } },
    },
    async (request) => ({ Actions: (await ruleOf(db, request.actor, request.params.id)).Actions }),
  );

  routes.put(
    '/api/alert-rules/:id/actions',
    {
      config: { access: MANAGE },
      schema: {
        params: alertRuleParamsSchema,
        body: alertRuleActionsSaveSchema,
        response: { 200: alertRuleActionsSaveSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const tenantId = requireTenant(request.actor);
      return db.transaction(async (tx) => {
        await ruleOf(tx, request.actor, id);
        // An integration action names one of the tenant's integration sources that run actions (a listener-only
        // source gets 19205, as a workflow's does; docs/integrations.md); the other actions name none.
        for (const [index, action] of request.body.Actions.entries()) {
          if (action.Action !== 'integration') {
            if (action.IntegrationId !== null)
              throw invalidField(`body/Actions/${index}/IntegrationId`, VALIDATION_MESSAGES.excluded);
            continue;
          }
          if (action.IntegrationId === null)
            throw invalidField(`body/Actions/${index}/IntegrationId`, VALIDATION_MESSAGES.required);
          const [source] = await tx
            .select({ behaviourType: integrationSources.behaviourType })
            .from(integrationSources)
            .where(
              and(eq(integrationSources.tenantId, tenantId), eq(integrationSources.id, action.IntegrationId)),
            );
          if (!source)
            throw invalidField(`body/Actions/${index}/IntegrationId`, VALIDATION_MESSAGES.excluded);
          if (!INTEGRATION_ACTION_BEHAVIOURS.includes(source.behaviourType as IntegrationBehaviourType))
            throw fieldRefusal(
              ErrorCode.IntegrationSourceNotAction,
              `body/Actions/${index}/IntegrationId`,
              'invalid',
            );
        }
        await tx
          .update(r)
          .set({ actions: request.body.Actions, updatedAt: new Date() })
          .where(and(mine(request.actor), eq(r.id, id)));
        return { Actions: (await ruleOf(tx, request.actor, id)).Actions };
      });
    },
  );
}
