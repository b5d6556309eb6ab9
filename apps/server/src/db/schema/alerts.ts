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
import { employees, products, transactionChannels } from './catalog.js';
import { roles, tenants, users } from './identity.js';
import { invitees, sessions } from './responses.js';
import { questions, surveys } from './surveys.js';

/** One condition of an alert rule as stored (contracts `alertRuleConditionSchema`, docs/alerts.md). */
export type StoredAlertCondition = {
  Kind: string;
  QuestionId: number | null;
  Operator: string;
  Value: unknown;
};

/** What an alert rule does when one of its alerts reaches a status (contracts `alertRuleActionSchema`). */
export type StoredAlertAction = { Status: number; Action: string; IntegrationId: number | null };

/**
 * An alert rule (docs/alerts.md): evaluated on every answered session of its surveys, products and channels
 * (tree nodes: a region covers its branches); `conditions` combined with `logic`. The owner gets each alert.
 */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    title: text('title').notNull(),
    surveyIds: integer('survey_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    productIds: integer('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    channelIds: integer('channel_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** 'and' or 'or'. */
    logic: text('logic').notNull().default('and'),
    conditions: jsonb('conditions').$type<StoredAlertCondition[]>().notNull().default([]),
    /** 'user' or 'role'; null with an ownerless rule (before issue 19). */
    ownerType: text('owner_type'),
    ownerId: integer('owner_id'),
    /** Hours from creation until an open alert is overdue (then escalated once to the owner's role). */
    dueHours: integer('due_hours').notNull().default(48),
    emailSubject: text('email_subject').notNull().default(''),
    emailBody: text('email_body').notNull().default(''),
    actions: jsonb('actions').$type<StoredAlertAction[]>().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alert_rules_title_key').on(t.tenantId, t.title),
    index('alert_rules_active_idx')
      .on(t.tenantId)
      .where(sql`${t.isActive}`),
  ],
);

/**
 * An alert raised on an answer. status: 0 None, 1 Send, 2 Acknowledged, 3 Open, 4 InProgress, 5 Pending,
 * 6 Completed, 7 Assign (transitions: docs/alerts.md). readStatus: 0 unread, 1 read. Owned by a user, a role, or
 * nobody. One alert per rule and session (`alerts_rule_session_key`): evaluation never raises one twice.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    ruleId: integer('rule_id').references(() => alertRules.id),
    inviteeId: bigint('invitee_id', { mode: 'number' }).references(() => invitees.id, {
      onDelete: 'cascade',
    }),
    sessionId: bigint('session_id', { mode: 'number' }).references(() => sessions.id, {
      onDelete: 'cascade',
    }),
    surveyId: integer('survey_id').references(() => surveys.id),
    /** The question whose answer raised the alert (AlertAnswer, AlertExperience), when a condition names one. */
    questionId: integer('question_id').references(() => questions.id),
    status: smallint('status').notNull().default(0),
    readStatus: smallint('read_status').notNull().default(0),
    assignedUserId: integer('assigned_user_id').references(() => users.id, { onDelete: 'set null' }),
    assignedRoleId: integer('assigned_role_id').references(() => roles.id, { onDelete: 'set null' }),
    score: smallint('score'),
    channelId: integer('channel_id').references(() => transactionChannels.id),
    employeeId: integer('employee_id').references(() => employees.id),
    productId: integer('product_id').references(() => products.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it becomes overdue (createdAt + the rule's due hours). */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** First change by a person (status, comment or assignment): time to first response. */
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    /** When it reached Completed. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When the overdue escalation to the owner's role went out (once). */
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    /** When the creation mail was queued; null: still to queue (the mail outbox, docs/alerts.md). */
    mailQueuedAt: timestamp('mail_queued_at', { withTimezone: true }),
  },
  (t) => [
    index('alerts_tenant_read_idx').on(t.tenantId, t.readStatus),
    index('alerts_assigned_user_idx').on(t.assignedUserId),
    index('alerts_assigned_role_idx').on(t.assignedRoleId),
    uniqueIndex('alerts_rule_session_key').on(t.ruleId, t.sessionId),
    index('alerts_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('alerts_mail_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.mailQueuedAt} is null`),
  ],
);

/** A comment on an alert's thread. */
export const alertComments = pgTable(
  'alert_comments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    alertId: bigint('alert_id', { mode: 'number' })
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alert_comments_alert_idx').on(t.alertId)],
);

/**
 * An alert's history, one row per event: kind 'created', 'status', 'assigned', 'read', 'unread', 'comment',
 * 'escalated', 'mailed'. userId null: the system did it.
 */
export const alertHistory = pgTable(
  'alert_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    alertId: bigint('alert_id', { mode: 'number' })
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status'),
    assignedUserId: integer('assigned_user_id'),
    assignedRoleId: integer('assigned_role_id'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('alert_history_alert_idx').on(t.alertId)],
);
