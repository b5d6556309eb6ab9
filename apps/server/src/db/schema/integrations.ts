import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenants } from './identity.js';

/*
 * Integrations (issue 22, docs/integrations.md): sources, workflows, the event outbox and the delivery log.
 */

/**
 * A connection to an external system. `kind` is 'webhook', 'slack', 'zapier', 'zendesk' or 'teams' (contracts
 * INTEGRATION_SOURCE_KINDS); `configuration_type` the spec's number (null for the generic webhook). Secrets are
 * sealed with AES-256-GCM (core/secret-box.ts, key `deriveKey('integration-secret')`) and never answered.
 */
export const integrationSources = pgTable(
  'integration_sources',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    behaviourType: text('behaviour_type').notNull().default('action'),
    kind: text('kind').notNull(),
    configurationType: smallint('configuration_type'),
    /** The generic webhook's URL in plain. */
    url: text('url'),
    /** A Zapier or Teams URL, sealed (the URL is the credential). */
    urlSealed: text('url_sealed'),
    /** The webhook's (or Zapier's) signing secret or Slack's bot token, sealed. */
    secretSealed: text('secret_sealed'),
    channel: text('channel'),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('integration_sources_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

/** An event → action rule; `mapping` is `[{ ActionField, EventField, Constant }]`. */
export const integrationWorkflows = pgTable(
  'integration_workflows',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    sourceId: integer('source_id')
      .notNull()
      .references(() => integrationSources.id),
    name: text('name').notNull(),
    order: integer('order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    event: text('event').notNull(),
    action: text('action').notNull(),
    mapping: jsonb('mapping')
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('integration_workflows_name_key').on(t.tenantId, sql`lower(${t.name})`),
    index('integration_workflows_event_idx').on(t.tenantId, t.event),
    index('integration_workflows_source_idx').on(t.sourceId),
  ],
);

/**
 * The events the core emits, written in the transaction of the change; the `integration-outbox` worker fans each
 * one out to deliveries and stamps `dispatched_at`. `workflow_id` set: the event is for that workflow only (an
 * alert rule's "integration" action calls its source through a one-off delivery instead; see docs).
 */
export const integrationOutbox = pgTable(
  'integration_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    event: text('event').notNull(),
    data: jsonb('data')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Set by an alert rule's "integration" action: deliver to this source only, with the event's fields. */
    sourceId: integer('source_id').references(() => integrationSources.id, { onDelete: 'set null' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [
    index('integration_outbox_pending_idx')
      .on(t.id)
      .where(sql`${t.dispatchedAt} is null`),
  ],
);

/**
 * One sending of one event to one workflow (or, for an alert rule action, to one source). The names are copied so
 * the log reads the same after a workflow or source is deleted.
 */
export const integrationDeliveries = pgTable(
  'integration_deliveries',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    outboxId: bigint('outbox_id', { mode: 'number' }).notNull(),
    workflowId: integer('workflow_id').references(() => integrationWorkflows.id, { onDelete: 'set null' }),
    workflowName: text('workflow_name').notNull(),
    sourceId: integer('source_id').references(() => integrationSources.id, { onDelete: 'set null' }),
    sourceName: text('source_name').notNull(),
    event: text('event').notNull(),
    action: text('action').notNull(),
    /** 'pending', 'succeeded', 'failed' or 'dead'. */
    status: text('status').notNull().default('pending'),
    attempt: integer('attempt').notNull().default(0),
    /** The key every attempt carries: `<outbox id>-<workflow id or "s"+source id>` (unique). */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The mapped fields (`Data` of the payload), fixed at fan-out so a replay sends the same. */
    data: jsonb('data')
      .notNull()
      .default(sql`'{}'::jsonb`),
    eventData: jsonb('event_data')
      .notNull()
      .default(sql`'{}'::jsonb`),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    requestBody: text('request_body').notNull().default(''),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    error: text('error'),
    durationMs: integer('duration_ms'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /**
     * The token of the one queued job allowed to send the next attempt (null: none queued). Queuing a retry or a
     * replay sets a new one, so a job that a replay superseded sends nothing.
     */
    jobToken: text('job_token'),
    /** Whether the queued attempt is a replay (one attempt, no automatic retries after it). */
    replayQueued: boolean('replay_queued').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('integration_deliveries_key').on(t.idempotencyKey),
    index('integration_deliveries_tenant_idx').on(t.tenantId, t.createdAt),
    index('integration_deliveries_status_idx').on(t.tenantId, t.status),
  ],
);

/** Every attempt of a delivery, as sent and answered. */
export const integrationDeliveryAttempts = pgTable(
  'integration_delivery_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => integrationDeliveries.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    attempt: integer('attempt').notNull(),
    isReplay: boolean('is_replay').notNull().default(false),
    requestBody: text('request_body').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    succeeded: boolean('succeeded').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('integration_delivery_attempts_delivery_idx').on(t.deliveryId, t.id)],
);
