import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenants, users } from './identity.js';
import { invitations } from './responses.js';
import { surveys } from './surveys.js';

/*
 * CATI (issue 22 items 7–8, docs/cati.md): the call centre's campaigns, the queue state of each CATI invitation
 * (channel 9) and one row per call an agent makes.
 */

/**
 * A survey's CATI campaign settings; a CATI survey without a row runs on the defaults (contracts CATI_DEFAULTS).
 * `priority` orders surveys in the agents' queue (higher first); `daily_quota` stops offering the survey's invitees
 * once that many calls completed today (0: no cap).
 */
export const catiCampaigns = pgTable('cati_campaigns', {
  surveyId: integer('survey_id')
    .primaryKey()
    .references(() => surveys.id, { onDelete: 'cascade' }),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  priority: smallint('priority').notNull().default(5),
  dailyQuota: integer('daily_quota').notNull().default(0),
  maxAttempts: smallint('max_attempts').notNull().default(5),
  noAnswerRetryMinutes: integer('no_answer_retry_minutes').notNull().default(120),
  busyRetryMinutes: integer('busy_retry_minutes').notNull().default(15),
  scriptNotes: text('script_notes'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Where a CATI invitation stands in the queue (a row is made at its first call): the calls so far, when it may be
 * called again (a retry after no answer or busy, or a callback the customer asked for, possibly for one agent),
 * and `closed_at` once it left the queue (completed, refused, wrong number, attempts used up).
 */
export const catiQueue = pgTable(
  'cati_queue',
  {
    invitationId: bigint('invitation_id', { mode: 'number' })
      .primaryKey()
      .references(() => invitations.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    attempts: smallint('attempts').notNull().default(0),
    /** Not offered before this instant (a retry's wait); null: at once. */
    nextCallAt: timestamp('next_call_at', { withTimezone: true }),
    /** A callback the customer asked for: offered first once due. */
    callbackAt: timestamp('callback_at', { withTimezone: true }),
    /** The agent the callback was promised by (offered to them first; to anyone 15 minutes after it is due). */
    callbackUserId: integer('callback_user_id').references(() => users.id, { onDelete: 'set null' }),
    lastOutcome: smallint('last_outcome'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    index('cati_queue_tenant_open_idx')
      .on(t.tenantId)
      .where(sql`${t.closedAt} is null`),
  ],
);

/**
 * One call: taken by an agent (the open call is the agent's claim on the invitation: at most one per invitation),
 * ended with an outcome (contracts CatiOutcome: 1 completed, 2 callback, 3 no answer, 4 busy, 5 wrong number,
 * 6 refused). `was_callback` marks a call that served a due callback (the statistics' "callbacks kept").
 */
export const catiCalls = pgTable(
  'cati_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    invitationId: bigint('invitation_id', { mode: 'number' })
      .notNull()
      .references(() => invitations.id, { onDelete: 'cascade' }),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id),
    agentUserId: integer('agent_user_id')
      .notNull()
      .references(() => users.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    outcome: smallint('outcome'),
    callbackAt: timestamp('callback_at', { withTimezone: true }),
    refusalReason: text('refusal_reason'),
    note: text('note'),
    wasCallback: boolean('was_callback').notNull().default(false),
  },
  (t) => [
    // Two agents never hold the same invitee: one open call per invitation, whatever races the claim.
    uniqueIndex('cati_calls_open_key')
      .on(t.invitationId)
      .where(sql`${t.endedAt} is null`),
    index('cati_calls_tenant_agent_idx').on(t.tenantId, t.agentUserId, t.startedAt),
    index('cati_calls_tenant_started_idx').on(t.tenantId, t.startedAt),
  ],
);

/**
 * A review source (issue 22 item 1; surveys spec §3, §5): reviews of a place on a review site (`resource_name`,
 * e.g. "Google"), fetched from `review_url` or by `place_id` — each unique per tenant — at most `result_limit` per
 * run, on `frequency` (contracts REVIEW_FREQUENCIES: 1 one-time, 2 daily, 3 twice a day, 4 three times a day),
 * imported as answers of the external survey `survey_id` (type 4) through the REST data path.
 */
export const reviewSources = pgTable(
  'review_sources',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    resourceName: text('resource_name').notNull(),
    reviewUrl: text('review_url'),
    placeId: text('place_id'),
    resultLimit: integer('result_limit').notNull(),
    frequency: smallint('frequency').notNull(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id),
    isActive: boolean('is_active').notNull().default(true),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    /** 'ok' or 'failed' of the last run, with the failure's text. */
    lastStatus: text('last_status'),
    lastError: text('last_error'),
    importedCount: integer('imported_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('review_sources_url_key')
      .on(t.tenantId, sql`lower(${t.reviewUrl})`)
      .where(sql`${t.reviewUrl} is not null`),
    uniqueIndex('review_sources_place_key')
      .on(t.tenantId, t.placeId)
      .where(sql`${t.placeId} is not null`),
    uniqueIndex('review_sources_name_key').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

/** A review already imported (its site's id, or a hash of author, time and text): never imported twice. */
export const reviewImports = pgTable(
  'review_imports',
  {
    reviewSourceId: integer('review_source_id')
      .notNull()
      .references(() => reviewSources.id, { onDelete: 'cascade' }),
    externalKey: text('external_key').notNull(),
    sessionId: bigint('session_id', { mode: 'number' }),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('review_imports_key').on(t.reviewSourceId, t.externalKey)],
);
