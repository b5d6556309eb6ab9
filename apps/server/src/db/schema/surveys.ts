import { sql } from 'drizzle-orm';
import {
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
import { experiences, journeyStages } from './catalog.js';
import { tenants } from './identity.js';

/** Survey types: 1 the product's own, 4 external source, 7 hidden from filters. */
export const surveys = pgTable(
  'surveys',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    title: text('title').notNull(),
    type: smallint('type').notNull().default(1),
    isActive: boolean('is_active').notNull().default(true),
    journeyStageId: integer('journey_stage_id').references(() => journeyStages.id),
    language: text('language').notNull().default('tr'),
    integrationCode: text('integration_code'),
    sourceName: text('source_name'),
    anonymisedAnswers: boolean('anonymised_answers').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('surveys_tenant_idx').on(t.tenantId)],
);

export const surveyFlows = pgTable(
  'survey_flows',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('survey_flows_survey_idx').on(t.surveyId)],
);

/**
 * Question types: MCMS multiple choice multi select, MCSS multiple choice single select, OETX open-ended text,
 * MXMD / MXRO / MXSS / MXGD matrix groups (a type starting with MX is a matrix group).
 */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    flowId: integer('flow_id').references(() => surveyFlows.id, { onDelete: 'cascade' }),
    /** The matrix group a sub-question belongs to. */
    parentId: integer('parent_id'),
    text: text('text').notNull(),
    type: text('type').notNull(),
    experienceId: integer('experience_id').references(() => experiences.id),
    /** 11 for a 0-10 scale, 5 for 1-5; null for questions without a score. */
    scale: smallint('scale'),
    integrationCode: text('integration_code'),
    position: integer('position').notNull().default(0),
    required: boolean('required').notNull().default(false),
    isDeleted: boolean('is_deleted').notNull().default(false),
  },
  (t) => [
    index('questions_survey_idx').on(t.surveyId),
    uniqueIndex('questions_integration_code_key')
      .on(t.tenantId, t.integrationCode)
      .where(sql`${t.integrationCode} is not null`),
  ],
);

export const questionChoices = pgTable(
  'question_choices',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    value: integer('value').notNull(),
    position: integer('position').notNull().default(0),
    isDeleted: boolean('is_deleted').notNull().default(false),
  },
  (t) => [uniqueIndex('question_choices_value_key').on(t.questionId, t.value)],
);
