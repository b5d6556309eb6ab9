import {
  bigint,
  bigserial,
  index,
  integer,
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

export const alertRules = pgTable(
  'alert_rules',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('alert_rules_title_key').on(t.tenantId, t.title)],
);

/**
 * An alert raised on an answer. status: 0 None, 1 Send, 2 Acknowledged, 3 Open, 4 InProgress, 5 Pending,
 * 6 Completed, 7 Assign. readStatus: 0 unread, 1 read. Owned by a user, a role, or nobody.
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
    status: smallint('status').notNull().default(0),
    readStatus: smallint('read_status').notNull().default(0),
    assignedUserId: integer('assigned_user_id').references(() => users.id, { onDelete: 'set null' }),
    assignedRoleId: integer('assigned_role_id').references(() => roles.id, { onDelete: 'set null' }),
    score: smallint('score'),
    channelId: integer('channel_id').references(() => transactionChannels.id),
    employeeId: integer('employee_id').references(() => employees.id),
    productId: integer('product_id').references(() => products.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('alerts_tenant_read_idx').on(t.tenantId, t.readStatus),
    index('alerts_assigned_user_idx').on(t.assignedUserId),
    index('alerts_assigned_role_idx').on(t.assignedRoleId),
  ],
);
