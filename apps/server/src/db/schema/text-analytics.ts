import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenants, users } from './identity.js';
import { answers, sessions } from './responses.js';

/*
 * The text-analytics module's data (issue 21, docs/text-analytics-data.md): datasets of open-ended answers built by
 * a job, and the annotators who label them.
 */

/**
 * A dataset: the open-ended answers of some surveys (and, optionally, only some of their open-ended questions, a
 * date range of the sessions' answered time and some session sources) in one language. status: Processing while the
 * build job runs, Ready once its instances are copied, Failed when the build failed.
 */
export const aiDatasets = pgTable(
  'ai_datasets',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    language: text('language').notNull(),
    surveyIds: integer('survey_ids').array().notNull(),
    /** Empty: every open-ended question of the surveys. */
    questionIds: integer('question_ids').array().notNull(),
    dateFrom: timestamp('date_from', { withTimezone: true }),
    dateTo: timestamp('date_to', { withTimezone: true }),
    /** The sessions' `source` values taken (survey, rest-api, import); empty: every source. */
    sources: text('sources').array().notNull(),
    status: text('status').notNull().default('Processing'),
    instanceCount: integer('instance_count').notNull().default(0),
    /** Bumped by every build request; a build job whose generation is no longer current leaves the dataset alone. */
    generation: integer('generation').notNull().default(1),
    buildError: text('build_error'),
    builtAt: timestamp('built_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ai_datasets_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

/** One answer a dataset holds, copied when the dataset was built. */
export const aiDatasetInstances = pgTable(
  'ai_dataset_instances',
  {
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => aiDatasets.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    answerId: bigint('answer_id', { mode: 'number' })
      .notNull()
      .references(() => answers.id, { onDelete: 'cascade' }),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    language: text('language').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.datasetId, t.answerId] }),
    index('ai_dataset_instances_answer_idx').on(t.answerId),
  ],
);

/** Someone who labels answers; `userId` links (and locks) the annotator to a user of the tenant. */
export const aiAnnotators = pgTable(
  'ai_annotators',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    isActive: boolean('is_active').notNull().default(true),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ai_annotators_tenant_email_key').on(t.tenantId, sql`lower(${t.email})`),
    uniqueIndex('ai_annotators_user_key')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
  ],
);
