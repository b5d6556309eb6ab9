import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type {
  IntegrationAction,
  IntegrationEvent,
  IntegrationMapping,
  IntegrationSourceKind,
  IntegrationWebhookPayload,
} from '@loupe/contracts';
import type { Mailer } from '../../core/mailer.js';
import type { SecretBox } from '../../core/secret-box.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/executor.js';
import { rowsOf } from '../../db/rows-of.js';
import {
  integrationDeliveries,
  integrationDeliveryAttempts,
  integrationSources,
  integrationWorkflows,
} from '../../db/schema/index.js';
import type { JobQueue, QueueSettings } from '../../jobs/job-queue.js';
import {
  ALERT_ACTION_DEFAULTS,
  mappedData,
  openSecret,
  retryDelayMs,
  sendAttempt,
  type IntegrationSettings,
} from './integration-sender.js';

/*
 * The outbox's fan-out and the deliveries' attempts on pg-boss (docs/integrations.md "Delivery"). At least once:
 * a job that dies is tried again by pg-boss and may send again; every attempt carries the delivery's idempotency
 * key. A job sends only while the delivery's `job_token` is its own: queuing a retry or a replay sets a new one,
 * so a job superseded by a replay sends nothing.
 */

/** The queue that turns outbox rows into deliveries. */
export const OUTBOX_QUEUE = 'integration-outbox';
/** The queue of single attempts (first sends, retries, replays). */
export const DELIVERY_QUEUE = 'integration-delivery';

// pg-boss's own retries cover a job whose node died or whose database call failed; failed sends are retried by
// the worker itself (a new delayed job) so each attempt is logged.
export const OUTBOX_SETTINGS: QueueSettings = { retryLimit: 5, retryDelaySeconds: 5, expireInSeconds: 300 };
export const DELIVERY_SETTINGS: QueueSettings = { retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: 300 };

/** Outbox rows one transaction of the fan-out claims. */
const OUTBOX_BATCH = 100;
/** Dispatched outbox rows are kept this long, then deleted by the fan-out. */
const OUTBOX_KEEP_DAYS = 7;

export type DeliveryJob = { deliveryId: number; token: string };

type OutboxRow = {
  id: number | string;
  tenant_id: number;
  event: IntegrationEvent;
  data: Record<string, unknown> | string;
  source_id: number | null;
  occurred_at: Date | string;
};

type Target = {
  workflowId: number | null;
  workflowName: string;
  sourceId: number;
  sourceName: string;
  action: IntegrationAction;
  mapping: IntegrationMapping[];
  key: string;
};

const isoOf = (value: Date | string) => new Date(value).toISOString();

/** Queues a job for the delivery with a new token (in `db`'s transaction when it is one). */
export async function queueAttempt(
  db: Executor,
  jobs: JobQueue,
  deliveryId: number,
  options: { replay: boolean; delayMs?: number },
): Promise<void> {
  const token = randomUUID();
  const delayMs = options.delayMs ?? 0;
  await db
    .update(integrationDeliveries)
    .set({
      jobToken: token,
      replayQueued: options.replay,
      status: options.replay ? 'pending' : sql`${integrationDeliveries.status}`,
      nextAttemptAt: delayMs > 0 ? new Date(Date.now() + delayMs) : null,
      updatedAt: new Date(),
    })
    .where(eq(integrationDeliveries.id, deliveryId));
  const job: DeliveryJob = { deliveryId, token };
  await jobs.send(DELIVERY_QUEUE, job, {
    within: db,
    ...(delayMs > 0 ? { startAfterSeconds: delayMs / 1000 } : {}),
  });
}

type ListeningWorkflow = {
  id: number;
  name: string;
  action: string;
  mapping: unknown;
  sourceId: number;
  sourceName: string;
};

/** The tenant's active workflows of an event, by Order: what one outbox row of that event fans out to. */
function listeningWorkflows(tx: Executor, tenantId: number, event: string): Promise<ListeningWorkflow[]> {
  return tx
    .select({
      id: integrationWorkflows.id,
      name: integrationWorkflows.name,
      action: integrationWorkflows.action,
      mapping: integrationWorkflows.mapping,
      sourceId: integrationSources.id,
      sourceName: integrationSources.name,
    })
    .from(integrationWorkflows)
    .innerJoin(integrationSources, eq(integrationSources.id, integrationWorkflows.sourceId))
    .where(
      and(
        eq(integrationWorkflows.tenantId, tenantId),
        eq(integrationWorkflows.event, event),
        eq(integrationWorkflows.isActive, true),
      ),
    )
    .orderBy(asc(integrationWorkflows.order), asc(integrationWorkflows.id));
}

/**
 * The targets of one outbox row: the tenant's active workflows of its event, or the alert action's source. A batch
 * asks for each tenant's workflows of an event once (`workflowsOf`), not once per row.
 */
async function targetsOf(
  tx: Executor,
  row: OutboxRow,
  workflowsOf: (tenantId: number, event: string) => Promise<ListeningWorkflow[]>,
): Promise<Target[]> {
  const outboxId = Number(row.id);
  if (row.source_id !== null) {
    const [source] = await tx
      .select({ id: integrationSources.id, name: integrationSources.name, kind: integrationSources.kind })
      .from(integrationSources)
      .where(and(eq(integrationSources.tenantId, row.tenant_id), eq(integrationSources.id, row.source_id)));
    if (!source) return [];
    const defaults = ALERT_ACTION_DEFAULTS[source.kind as IntegrationSourceKind];
    return [
      {
        workflowId: null,
        workflowName: 'Alert rule action',
        sourceId: source.id,
        sourceName: source.name,
        action: defaults.action,
        mapping: defaults.mapping,
        key: `${outboxId}-s${source.id}`,
      },
    ];
  }
  const workflows = await workflowsOf(row.tenant_id, row.event);
  return workflows.map((workflow) => ({
    workflowId: workflow.id,
    workflowName: workflow.name,
    sourceId: workflow.sourceId,
    sourceName: workflow.sourceName,
    action: workflow.action as IntegrationAction,
    mapping: workflow.mapping as IntegrationMapping[],
    key: `${outboxId}-${workflow.id}`,
  }));
}

/**
 * Turns undispatched outbox rows into deliveries, a batch per transaction, until none is left: one delivery per
 * target (none twice: the idempotency key is unique), each with its first attempt queued in the same transaction.
 */
export async function drainOutbox(deps: { db: Db; jobs: JobQueue; publicUrl: string }): Promise<number> {
  const { db, jobs, publicUrl } = deps;
  let delivered = 0;
  for (;;) {
    const { rows, created } = await db.transaction(async (tx) => {
      const rows = await rowsOf<OutboxRow>(
        tx,
        sql`SELECT id, tenant_id, event, data, source_id, occurred_at FROM integration_outbox
          WHERE dispatched_at IS NULL ORDER BY id LIMIT ${OUTBOX_BATCH} FOR UPDATE SKIP LOCKED`,
      );
      let created = 0;
      const listening = new Map<string, Promise<ListeningWorkflow[]>>();
      const workflowsOf = (tenantId: number, event: string) => {
        const key = `${tenantId}:${event}`;
        let workflows = listening.get(key);
        if (!workflows) listening.set(key, (workflows = listeningWorkflows(tx, tenantId, event)));
        return workflows;
      };
      for (const row of rows) {
        const raw =
          typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data;
        const eventData: Record<string, unknown> = {
          EventId: Number(row.id),
          Event: row.event,
          OccurredAt: isoOf(row.occurred_at),
          TenantId: row.tenant_id,
          ...raw,
        };
        if (typeof eventData.AlertId === 'number')
          eventData.AlertDetailLink = `${publicUrl}/alerts/${eventData.AlertId}`;
        for (const target of await targetsOf(tx, row, workflowsOf)) {
          const [inserted] = await tx
            .insert(integrationDeliveries)
            .values({
              tenantId: row.tenant_id,
              outboxId: Number(row.id),
              workflowId: target.workflowId,
              workflowName: target.workflowName,
              sourceId: target.sourceId,
              sourceName: target.sourceName,
              event: row.event,
              action: target.action,
              idempotencyKey: target.key,
              data: mappedData(target.mapping, eventData),
              eventData,
              occurredAt: new Date(row.occurred_at),
            })
            .onConflictDoNothing()
            .returning({ id: integrationDeliveries.id });
          if (!inserted) continue;
          await queueAttempt(tx, jobs, inserted.id, { replay: false });
          created += 1;
        }
      }
      if (rows.length > 0)
        await tx.execute(sql`UPDATE integration_outbox SET dispatched_at = now()
          WHERE id = ANY(${sql.param(rows.map((row) => Number(row.id)))}::bigint[])`);
      return { rows: rows.length, created };
    });
    delivered += created;
    if (created > 0) jobs.wake(DELIVERY_QUEUE);
    if (rows < OUTBOX_BATCH) break;
  }
  await db.execute(sql`DELETE FROM integration_outbox
    WHERE dispatched_at < now() - make_interval(days => ${OUTBOX_KEEP_DAYS}::integer)`);
  return delivered;
}

/** A delivery `pending` this long has lost its job (pg-boss gave up on a node that kept dying): queued again. */
const STUCK_MINUTES = 30;

/** Queues a new attempt of each delivery pending for longer than STUCK_MINUTES (the minute sweep). */
export async function requeueStuck(db: Db, jobs: JobQueue): Promise<number> {
  const stuck = await db
    .select({ id: integrationDeliveries.id })
    .from(integrationDeliveries)
    .where(
      and(
        eq(integrationDeliveries.status, 'pending'),
        sql`${integrationDeliveries.updatedAt} < now() - make_interval(mins => ${STUCK_MINUTES}::integer)`,
      ),
    )
    .limit(OUTBOX_BATCH);
  if (stuck.length === 0) return 0;
  await db.transaction(async (tx) => {
    for (const { id } of stuck) await queueAttempt(tx, jobs, id, { replay: false });
  });
  jobs.wake(DELIVERY_QUEUE);
  return stuck.length;
}

/** Whether an outbox row waits for the fan-out (the nodes' poll asks this before queuing a fan-out job). */
export async function outboxHasWork(db: Db): Promise<boolean> {
  const rows = await rowsOf<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM integration_outbox WHERE dispatched_at IS NULL LIMIT 1`,
  );
  return rows.length > 0;
}

type DeliveryDeps = {
  db: Db;
  jobs: JobQueue;
  box: SecretBox;
  mailer: Mailer;
  settings: IntegrationSettings;
  logger: FastifyBaseLogger;
};

const d = integrationDeliveries;

/**
 * One attempt of a delivery: claims it (its token must be the job's), sends, logs the attempt, and then marks it
 * succeeded, queues the next retry (failed), or gives up (dead: after the last attempt, after a replay's one
 * attempt, or when the source is gone).
 */
export async function deliver(deps: DeliveryDeps, job: DeliveryJob): Promise<void> {
  const { db, jobs, box, settings } = deps;
  const [delivery] = await db
    .update(d)
    .set({ attempt: sql`${d.attempt} + 1`, status: 'pending', nextAttemptAt: null, updatedAt: new Date() })
    .where(and(eq(d.id, job.deliveryId), eq(d.jobToken, job.token)))
    .returning();
  if (!delivery) return;
  const [source] = delivery.sourceId
    ? await db
        .select()
        .from(integrationSources)
        .where(
          and(
            eq(integrationSources.tenantId, delivery.tenantId),
            eq(integrationSources.id, delivery.sourceId),
          ),
        )
    : [];
  const payload: IntegrationWebhookPayload = {
    IdempotencyKey: delivery.idempotencyKey,
    DeliveryId: delivery.id,
    WorkflowId: delivery.workflowId ?? 0,
    WorkflowName: delivery.workflowName,
    Event: delivery.event as IntegrationEvent,
    EventId: Number(delivery.outboxId),
    OccurredAt: isoOf(delivery.occurredAt),
    Data: delivery.data as Record<string, unknown>,
    EventData: delivery.eventData as Record<string, unknown>,
  };
  const result = source
    ? await sendAttempt(
        deps,
        {
          kind: source.kind as IntegrationSourceKind,
          url: source.url ?? openSecret(box, source.urlSealed),
          secret: openSecret(box, source.secretSealed),
          channel: source.channel,
          email: source.email,
        },
        delivery.action as IntegrationAction,
        payload,
      )
    : {
        ok: false,
        requestBody: JSON.stringify(payload),
        responseStatus: null,
        responseBody: null,
        error: 'The integration source was deleted',
        durationMs: 0,
      };
  const last = !source || delivery.replayQueued || delivery.attempt >= settings.maxAttempts;
  const status = result.ok ? 'succeeded' : last ? 'dead' : 'failed';
  await db.transaction(async (tx) => {
    await tx.insert(integrationDeliveryAttempts).values({
      deliveryId: delivery.id,
      tenantId: delivery.tenantId,
      attempt: delivery.attempt,
      isReplay: delivery.replayQueued,
      requestBody: result.requestBody,
      responseStatus: result.responseStatus,
      responseBody: result.responseBody,
      error: result.error,
      durationMs: result.durationMs,
      succeeded: result.ok,
    });
    const [still] = await tx
      .update(d)
      .set({
        status,
        requestBody: result.requestBody,
        responseStatus: result.responseStatus,
        responseBody: result.responseBody,
        error: result.error,
        durationMs: result.durationMs,
        jobToken: null,
        replayQueued: false,
        updatedAt: new Date(),
      })
      .where(and(eq(d.id, delivery.id), eq(d.jobToken, job.token)))
      .returning({ id: d.id });
    if (still && status === 'failed')
      await queueAttempt(tx, jobs, delivery.id, {
        replay: false,
        delayMs: retryDelayMs(settings, delivery.attempt),
      });
  });
  if (status === 'failed') {
    // Another node's worker picks the retry up at its next poll; this node's looks as soon as it is due.
    const delay = retryDelayMs(settings, delivery.attempt);
    setTimeout(() => {
      try {
        jobs.wake(DELIVERY_QUEUE);
      } catch {
        // The queue has stopped meanwhile: the retry waits for a node's poll.
      }
    }, delay + 5).unref();
  }
}
