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
  uuid,
} from 'drizzle-orm/pg-core';
import { transactionChannels } from './catalog.js';
import { tenants } from './identity.js';
import { invitations } from './responses.js';
import { surveys } from './surveys.js';

/*
 * Respondent pages and invitations (issue 17, docs/invitations.md): opt-outs, touchpoint survey links and the
 * reusable invitation and message templates.
 */

/**
 * A customer who asked for no more surveys: matched on email or MSISDN (either may be null). `channel` null
 * means every channel. Issue 18's opt-out screens list and edit these rows.
 */
export const optouts = pgTable(
  'optouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    email: text('email'),
    msisdn: text('msisdn'),
    channel: smallint('channel'),
    reason: text('reason'),
    /** The opt-out holds until this instant unless `isForever`; past it the customer may be invited again. */
    untilDate: timestamp('until_date', { withTimezone: true }),
    isForever: boolean('is_forever').notNull().default(true),
    /** 'unsubscribe-link', 'manual', 'cati', 'import'. */
    source: text('source').notNull(),
    invitationId: bigint('invitation_id', { mode: 'number' }).references(() => invitations.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('optouts_tenant_email_idx').on(t.tenantId, t.email),
    index('optouts_tenant_msisdn_idx').on(t.tenantId, t.msisdn),
  ],
);

/** A touchpoint link (and QR code) of a survey: each visit is an anonymous session on its transaction channel. */
export const surveyLinks = pgTable(
  'survey_links',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    guid: uuid('guid').notNull().unique(),
    name: text('name').notNull(),
    transactionChannelId: integer('transaction_channel_id').references(() => transactionChannels.id),
    /** 1 until interaction, 2 once per visitor, 3 once per visit. */
    presentationFrequency: smallint('presentation_frequency').notNull().default(1),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A deleted link is kept switched off (is_active false), so its printed QR code still opens a "closed" page and
     * its sessions keep their link; the console no longer lists it.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('survey_links_survey_idx').on(t.surveyId)],
);

/** Invitation templates (kind 1) and message templates (kind 2): Name, TemplateId, Subject, Body, Payload. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    kind: smallint('kind').notNull(),
    name: text('name').notNull(),
    templateId: text('template_id'),
    channel: smallint('channel').notNull(),
    language: text('language').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    payload: text('payload'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('message_templates_name_key').on(t.tenantId, t.kind, sql`lower(${t.name})`)],
);

/**
 * One message of an invitation (docs/invitations.md): the invitation itself (kind 1), a not-started reminder
 * (kind 2, `seq` 1…remindersMax) or the not-finished reminder (kind 3). The sender claims a row
 * (`attemptStartedAt`), hands the message over (`sentAt`), and records the outcome (`deliveredAt` or
 * `failedAt`); a row with an outcome is never sent again, whatever job runs it.
 */
export const invitationMessages = pgTable(
  'invitation_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    invitationId: bigint('invitation_id', { mode: 'number' })
      .notNull()
      .references(() => invitations.id, { onDelete: 'cascade' }),
    /** 1 invitation, 2 not-started reminder, 3 not-finished reminder. */
    kind: smallint('kind').notNull(),
    seq: smallint('seq').notNull().default(0),
    channel: smallint('channel').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: smallint('attempts').notNull().default(0),
    /** The running attempt's claim; one older than the sender's lease belongs to a node that died. */
    attemptStartedAt: timestamp('attempt_started_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
    /** The e-mail Message-ID, or the gateway's answer id when it gives one. */
    providerMessageId: text('provider_message_id'),
  },
  (t) => [
    uniqueIndex('invitation_messages_key').on(t.invitationId, t.kind, t.seq),
    index('invitation_messages_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.deliveredAt} is null and ${t.failedAt} is null`),
  ],
);
