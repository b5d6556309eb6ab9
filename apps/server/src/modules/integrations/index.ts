import { and, count, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  actionIntegrationConfigurationParamsSchema,
  actionIntegrationConfigurationSchema,
  ErrorCode,
  INTEGRATION_ACTION_DEFINITIONS,
  INTEGRATION_ACTIONS,
  INTEGRATION_CONFIGURATION_KINDS,
  INTEGRATION_KIND_FIELDS,
  INTEGRATION_LIMITS,
  INTEGRATION_MANAGE_SCOPES,
  INTEGRATION_READ_SCOPES,
  integrationActionListSchema,
  integrationDeliveryAttemptListSchema,
  integrationDeliveryParamsSchema,
  integrationDeliverySchema,
  integrationReplayRangeSchema,
  integrationReplayResultSchema,
  integrationSourceListSchema,
  integrationSourceParamsSchema,
  integrationSourceSaveSchema,
  integrationSourceSchema,
  integrationSourcesForWorkflowSchema,
  integrationWorkflowListSchema,
  integrationWorkflowParamsSchema,
  integrationWorkflowSaveSchema,
  integrationWorkflowSchema,
  type IntegrationConfigurationType,
  type IntegrationDelivery,
  type IntegrationDeliveryStatus,
  type IntegrationAction,
  type IntegrationEvent,
} from '@loupe/contracts';
import { requireTenant, type Actor } from '../../core/actor.js';
import type { Mailer } from '../../core/mailer.js';
import { countOf } from '../../core/queries.js';
import { registerRecordRoutes } from '../../core/record-routes.js';
import { found } from '../../core/refusals.js';
import { createSecretBox } from '../../core/secret-box.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { integrationDeliveries, integrationDeliveryAttempts } from '../../db/schema/index.js';
import { badRequest, conflict } from '../../errors.js';
import type { GridFields } from '../../grid/grid-fields.js';
import { pageOf } from '../../grid/grid-queries.js';
import { registerGridRoutes } from '../../grid/grid-routes.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Scheduler } from '../../jobs/scheduler.js';
import {
  deliver,
  DELIVERY_QUEUE,
  DELIVERY_SETTINGS,
  drainOutbox,
  outboxHasWork,
  OUTBOX_QUEUE,
  OUTBOX_SETTINGS,
  queueAttempt,
  requeueStuck,
  type DeliveryJob,
} from './integration-delivery.js';
import {
  DEFAULT_INTEGRATION_SETTINGS,
  LOGGED_BODY_MAX,
  type IntegrationSettings,
} from './integration-sender.js';
import { createIntegrationSourceService } from './integration-sources.service.js';
import { createIntegrationWorkflowService } from './integration-workflows.service.js';

export {
  alertEventData,
  alertsCreatedOutbox,
  emitAlertStatusChanged,
  emitCommentsScored,
  emitImportProcessed,
  emitIntegrationEvent,
  emitInvitationFailed,
  emitSessionsCompleted,
} from './integration-events.js';
export { getOutbound } from './outbound-http.js';

/*
 * Integrations (issue 22 items 1–6, docs/integrations.md): sources, workflows, the delivery log with replay, the
 * workflow form's lookups; the outbox fan-out (`integration-outbox`) and the attempts (`integration-delivery`) on
 * pg-boss. Scopes integration:read (reads) and integration:manage (writes, replays).
 */

const READ = [...INTEGRATION_READ_SCOPES] as const;
const MANAGE = [...INTEGRATION_MANAGE_SCOPES] as const;
const SOURCES = '/api/integration-sources';
const WORKFLOWS = '/api/integration-workflows';
const DELIVERIES = '/api/integration-deliveries';
/**
 * The safety-net schedule: every minute one node fans out what the nodes' polls have not, and queues again the
 * deliveries whose job was lost.
 */
const OUTBOX_SCHEDULE = 'integration-outbox-sweep';

const d = integrationDeliveries;
const deliveryFields = {
  Id: { sql: d.id, type: 'number' },
  WorkflowId: { sql: d.workflowId, type: 'number' },
  WorkflowName: { sql: d.workflowName, type: 'string' },
  SourceId: { sql: d.sourceId, type: 'number' },
  SourceName: { sql: d.sourceName, type: 'string' },
  Event: { sql: d.event, type: 'string' },
  Action: { sql: d.action, type: 'string' },
  Status: { sql: d.status, type: 'string' },
  Attempt: { sql: d.attempt, type: 'number' },
  ResponseStatus: { sql: d.responseStatus, type: 'number' },
  DurationMs: { sql: d.durationMs, type: 'number' },
  CreatedAt: { sql: d.createdAt, type: 'date' },
  NextAttemptAt: { sql: d.nextAttemptAt, type: 'date' },
  IdempotencyKey: { sql: d.idempotencyKey, type: 'string' },
} satisfies GridFields;

const deliverySelection = {
  Id: d.id,
  WorkflowId: d.workflowId,
  WorkflowName: d.workflowName,
  SourceId: d.sourceId,
  SourceName: d.sourceName,
  Event: d.event,
  Action: d.action,
  Status: d.status,
  Attempt: d.attempt,
  ResponseStatus: d.responseStatus,
  DurationMs: d.durationMs,
  CreatedAt: d.createdAt,
  NextAttemptAt: d.nextAttemptAt,
  IdempotencyKey: d.idempotencyKey,
  RequestBody: sql<string>`left(${d.requestBody}, ${LOGGED_BODY_MAX})`,
  ResponseBody: sql<string | null>`left(${d.responseBody}, ${LOGGED_BODY_MAX})`,
  Error: d.error,
};

type DeliveryRow = { [K in keyof typeof deliverySelection]: unknown };

const isoOf = (value: unknown) => new Date(value as Date | string).toISOString();
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

function deliveryOf(row: DeliveryRow): IntegrationDelivery {
  return {
    Id: Number(row.Id),
    WorkflowId: numberOrNull(row.WorkflowId),
    WorkflowName: row.WorkflowName as string,
    SourceId: numberOrNull(row.SourceId),
    SourceName: row.SourceName as string,
    Event: row.Event as IntegrationEvent,
    Action: row.Action as IntegrationAction,
    Status: row.Status as IntegrationDeliveryStatus,
    Attempt: Number(row.Attempt),
    ResponseStatus: numberOrNull(row.ResponseStatus),
    DurationMs: numberOrNull(row.DurationMs),
    CreatedAt: isoOf(row.CreatedAt),
    NextAttemptAt: row.NextAttemptAt === null ? null : isoOf(row.NextAttemptAt),
    IdempotencyKey: row.IdempotencyKey as string,
    RequestBody: (row.RequestBody as string | null) ?? '',
    ResponseBody: (row.ResponseBody as string | null) ?? null,
    Error: (row.Error as string | null) ?? null,
  };
}

async function deliveryFor(db: Executor, actor: Actor, id: number) {
  const [row] = await db
    .select({ id: d.id, status: d.status })
    .from(d)
    .where(and(eq(d.tenantId, requireTenant(actor)), eq(d.id, id)));
  return found(row);
}

export type IntegrationsModuleDeps = {
  db: Db;
  jobs: JobQueue;
  scheduler: Scheduler;
  mailer: Mailer;
  publicUrl: string;
  /** The 32-byte key the sources' secrets are sealed with (the signer's `deriveKey('integration-secret')`). */
  secretKey: Uint8Array;
  settings?: Partial<IntegrationSettings>;
  logger: FastifyBaseLogger;
};

export function integrationsModule(app: FastifyInstance, deps: IntegrationsModuleDeps): void {
  const { db, jobs, logger } = deps;
  const settings: IntegrationSettings = { ...DEFAULT_INTEGRATION_SETTINGS, ...deps.settings };
  const box = createSecretBox(deps.secretKey);
  const sources = createIntegrationSourceService({ db, box });
  const workflows = createIntegrationWorkflowService({ db });
  const drain = () => drainOutbox({ db, jobs, publicUrl: deps.publicUrl }).then(() => undefined);

  jobs.work(OUTBOX_QUEUE, OUTBOX_SETTINGS, drain);
  jobs.work<DeliveryJob>(DELIVERY_QUEUE, DELIVERY_SETTINGS, (job) =>
    deliver({ db, jobs, box, mailer: deps.mailer, settings, logger }, job),
  );
  deps.scheduler.add({
    name: OUTBOX_SCHEDULE,
    cron: '* * * * *',
    settings: OUTBOX_SETTINGS,
    handler: async () => {
      await drain();
      await requeueStuck(db, jobs);
    },
  });

  // Each node looks for undispatched outbox rows every outboxPollMs and asks for one fan-out across the nodes.
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | undefined;
  const poll = async () => {
    try {
      if (await outboxHasWork(db))
        await jobs.send(OUTBOX_QUEUE, {}, { singleton: { key: OUTBOX_QUEUE, seconds: 1 } });
    } catch (error) {
      logger.warn({ err: error }, 'integration outbox poll failed');
    }
  };
  if (settings.outboxPollMs > 0) {
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        if (!polling) polling = poll().finally(() => (polling = undefined));
      }, settings.outboxPollMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await polling;
    });
  }

  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Sources.
  routes.get(
    SOURCES,
    { config: { access: READ }, schema: { response: { 200: integrationSourceListSchema } } },
    async (request) => sources.list(request.actor),
  );
  registerRecordRoutes(app, {
    path: SOURCES,
    params: integrationSourceParamsSchema,
    body: integrationSourceSaveSchema,
    item: integrationSourceSchema,
    read: READ,
    write: MANAGE,
    service: sources,
  });

  // Workflows.
  routes.get(
    WORKFLOWS,
    { config: { access: READ }, schema: { response: { 200: integrationWorkflowListSchema } } },
    async (request) => workflows.list(request.actor),
  );
  registerRecordRoutes(app, {
    path: WORKFLOWS,
    params: integrationWorkflowParamsSchema,
    body: integrationWorkflowSaveSchema,
    item: integrationWorkflowSchema,
    read: READ,
    write: MANAGE,
    service: workflows,
  });

  // Lookups of the workflow and source forms.
  routes.get(
    '/api/integration-sources-for-workflow',
    { config: { access: READ }, schema: { response: { 200: integrationSourcesForWorkflowSchema } } },
    async (request) => sources.forWorkflow(request.actor),
  );
  routes.get(
    '/api/integration-actions',
    { config: { access: READ }, schema: { response: { 200: integrationActionListSchema } } },
    async () =>
      INTEGRATION_ACTIONS.map((action) => {
        const definition = INTEGRATION_ACTION_DEFINITIONS[action];
        return {
          Action: action,
          SourceKinds: [...definition.SourceKinds],
          AnyField: definition.AnyField,
          Fields: definition.Fields.map((field) => ({ ...field })),
        };
      }),
  );
  routes.get(
    '/api/action-integration-configuration/:type',
    {
      config: { access: READ },
      schema: {
        params: actionIntegrationConfigurationParamsSchema,
        response: { 200: actionIntegrationConfigurationSchema },
      },
    },
    async (request) => {
      const { type } = request.params;
      const configurationType = type === 'webhook' ? null : (Number(type) as IntegrationConfigurationType);
      const kind =
        configurationType === null ? 'webhook' : INTEGRATION_CONFIGURATION_KINDS[configurationType];
      return {
        Type: type,
        Kind: kind,
        ConfigurationType: configurationType,
        Fields: INTEGRATION_KIND_FIELDS[kind].map((field) => ({ ...field })),
      };
    },
  );

  // The delivery log.
  registerGridRoutes(app, {
    path: DELIVERIES,
    access: [...READ],
    item: integrationDeliverySchema,
    source: {
      fields: deliveryFields,
      defaultOrder: 'CreatedAt desc, Id desc',
      scope: (request) => eq(d.tenantId, requireTenant(request.actor)),
      async rows(page) {
        const rows = await pageOf(db.select(deliverySelection).from(d).$dynamic(), page);
        return rows.map((row) => deliveryOf(row));
      },
      count: (where) => countOf(db.select({ n: count() }).from(d).where(where)),
    },
  });
  routes.get(
    `${DELIVERIES}/:id`,
    {
      config: { access: READ },
      schema: { params: integrationDeliveryParamsSchema, response: { 200: integrationDeliverySchema } },
    },
    async (request) => {
      const { id } = await deliveryFor(db, request.actor, request.params.id);
      const [row] = await db.select(deliverySelection).from(d).where(eq(d.id, id));
      return deliveryOf(row!);
    },
  );
  routes.get(
    `${DELIVERIES}/:id/attempts`,
    {
      config: { access: READ },
      schema: {
        params: integrationDeliveryParamsSchema,
        response: { 200: integrationDeliveryAttemptListSchema },
      },
    },
    async (request) => {
      const { id } = await deliveryFor(db, request.actor, request.params.id);
      const a = integrationDeliveryAttempts;
      const rows = await db
        .select({
          Id: a.id,
          Attempt: a.attempt,
          IsReplay: a.isReplay,
          RequestBody: sql<string>`left(${a.requestBody}, ${LOGGED_BODY_MAX})`,
          ResponseStatus: a.responseStatus,
          ResponseBody: sql<string | null>`left(${a.responseBody}, ${LOGGED_BODY_MAX})`,
          Error: a.error,
          DurationMs: a.durationMs,
          Succeeded: a.succeeded,
          CreatedAt: a.createdAt,
        })
        .from(a)
        .where(eq(a.deliveryId, id))
        .orderBy(a.id)
        .limit(1000);
      return rows.map((row) => ({
        ...row,
        Id: Number(row.Id),
        ResponseStatus: numberOrNull(row.ResponseStatus),
        CreatedAt: isoOf(row.CreatedAt),
      }));
    },
  );

  /** Queues one replay attempt of each delivery (same idempotency key), in one transaction. */
  async function replay(ids: number[]) {
    await db.transaction(async (tx) => {
      for (const id of ids) await queueAttempt(tx, jobs, id, { replay: true });
    });
    jobs.wake(DELIVERY_QUEUE);
    return { Replayed: ids.length, DeliveryIds: ids };
  }

  routes.post(
    `${DELIVERIES}/replay`,
    {
      config: { access: MANAGE },
      schema: { body: integrationReplayRangeSchema, response: { 200: integrationReplayResultSchema } },
    },
    async (request) => {
      const tenantId = requireTenant(request.actor);
      const { From, To, WorkflowId, Statuses } = request.body;
      const from = new Date(From);
      const to = new Date(To);
      if (!(from < to) || to.getTime() - from.getTime() > INTEGRATION_LIMITS.replayRangeDaysMax * 86_400_000)
        throw badRequest(ErrorCode.IntegrationReplayRangeInvalid);
      const rows = await db
        .select({ id: d.id })
        .from(d)
        .where(
          and(
            eq(d.tenantId, tenantId),
            gte(d.createdAt, from),
            lt(d.createdAt, to),
            inArray(d.status, Statuses),
            WorkflowId === null ? undefined : eq(d.workflowId, WorkflowId),
          ),
        )
        .orderBy(d.id)
        .limit(INTEGRATION_LIMITS.replayMax + 1);
      if (rows.length > INTEGRATION_LIMITS.replayMax) throw badRequest(ErrorCode.IntegrationReplayTooMany);
      return replay(rows.map((row) => row.id));
    },
  );
  routes.post(
    `${DELIVERIES}/:id/replay`,
    {
      config: { access: MANAGE },
      // No body is expected; one that is sent must be empty.
      schema: {
        params: integrationDeliveryParamsSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: integrationReplayResultSchema },
      },
    },
    async (request) => {
      const delivery = await deliveryFor(db, request.actor, request.params.id);
      if (delivery.status === 'pending') throw conflict(ErrorCode.IntegrationDeliveryPending);
      return replay([delivery.id]);
    },
  );
}
