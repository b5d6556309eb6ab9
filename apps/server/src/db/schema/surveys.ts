import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
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
import { experiences, journeyStages } from './catalog.js';
import { tenants, users } from './identity.js';

/** Bytes kept in the database (a choice's uploaded image). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Survey types: 1 the product's own, 4 external source, 7 hidden from filters. The wizard's steps are saved as
 * they go: `wizardStep` is the last step saved (1 general info … 6 activate); a survey below 6 is a draft.
 * `audience` and `channelSettings` hold the audience and channel steps (contracts `surveyAudienceSchema`,
 * `surveyChannelSettingsSchema`); quotas are rows of `survey_quotas`.
 */
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
    /** Who it is sent to: 1 after a transaction, 2 periodic relationship, 3 a chosen list. */
    targetType: smallint('target_type').notNull().default(1),
    executionTitle: text('execution_title'),
    redirectUrl: text('redirect_url'),
    redirectSeconds: smallint('redirect_seconds'),
    openingMessage: text('opening_message'),
    closingMessage: text('closing_message'),
    /** Minutes a respondent page may be cached. */
    cacheTime: integer('cache_time'),
    wizardStep: smallint('wizard_step').notNull().default(6),
    audience: jsonb('audience')
      .notNull()
      .default(sql`'{"Conditions":[]}'::jsonb`),
    /** Interaction channels: 1 email, 2 SMS, 3 push, 8 IVR, 9 CATI, 11 touchpoint, 12 API. */
    channels: smallint('channels')
      .array()
      .notNull()
      .default(sql`'{}'`),
    primaryChannel: smallint('primary_channel'),
    channelSettings: jsonb('channel_settings')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Prioritisation: at most this many invitations per interval of `intervalMinutes`. */
    maxInvitationsPerInterval: integer('max_invitations_per_interval'),
    intervalMinutes: integer('interval_minutes'),
    /** The survey communication frequency rule: a customer is invited to this survey at most once in so many days. */
    communicationFrequencyDays: integer('communication_frequency_days'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('surveys_tenant_idx').on(t.tenantId),
    uniqueIndex('surveys_integration_code_key')
      .on(t.tenantId, t.integrationCode)
      .where(sql`${t.integrationCode} is not null`),
  ],
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
 *
 * The question library is the tenant's questions. A question with no survey is a library question not yet placed;
 * a placed one belongs to one survey's flow (`surveyId`, `flowId`, `position`). Placing a question another survey
 * already uses places a copy (docs/surveys.md). A matrix group's sub-questions have `parentId` = the group and
 * share the group's choices.
 */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    surveyId: integer('survey_id').references(() => surveys.id, { onDelete: 'cascade' }),
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
    /** OETX: Text, Number, Email, Phone, Date (contracts FORMAT_TYPES). */
    formatType: text('format_type'),
    multiline: boolean('multiline').notNull().default(false),
    allowComment: boolean('allow_comment').notNull().default(false),
    /** How choices are shown: 0 Standard, 1 Dropdown, 2 Range Slider, 3 Rating Star, 4 Image. */
    choiceType: smallint('choice_type').notNull().default(0),
    /** The survey's measurement-metric question of its experience's measurement type (one per type per flow). */
    isMeasurement: boolean('is_measurement').notNull().default(false),
    /** A page break after this question in its flow. */
    pageBreakAfter: boolean('page_break_after').notNull().default(false),
    /** Show only when an earlier answer matches: `{ QuestionId, Values }` (contracts displayLogicSchema). */
    displayLogic: jsonb('display_logic'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    isDeleted: boolean('is_deleted').notNull().default(false),
  },
  (t) => [
    index('questions_survey_idx').on(t.surveyId),
    index('questions_tenant_idx').on(t.tenantId),
    index('questions_parent_idx').on(t.parentId),
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
    /** An Image choice's uploaded picture (PNG, JPEG, GIF or WebP, at most 512 KB). */
    image: bytea('image'),
    imageMime: text('image_mime'),
  },
  (t) => [uniqueIndex('question_choices_value_key').on(t.questionId, t.value)],
);

/** Quota limit types: 1 complete, 2 answer, 3 response, 4 question. Presentation: 1 until interaction, 2 once per visitor, 3 once per visit. */
export const surveyQuotas = pgTable(
  'survey_quotas',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    limitType: smallint('limit_type').notNull(),
    limit: integer('limit').notNull(),
    /** The question a question quota counts answers of. */
    questionId: integer('question_id').references(() => questions.id),
    /** Conditions on the filter registry's rows, like the audience (contracts quotaSchema). */
    conditions: jsonb('conditions')
      .notNull()
      .default(sql`'[]'::jsonb`),
    refreshCron: text('refresh_cron'),
    presentationFrequency: smallint('presentation_frequency').notNull().default(1),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('survey_quotas_survey_idx').on(t.surveyId)],
);

/** A test invitation asked for from the wizard: stored here, sent by the invitations module (issue 17). */
export const surveyTestInvitations = pgTable(
  'survey_test_invitations',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    testUserIds: integer('test_user_ids').array().notNull(),
    channel: smallint('channel').notNull(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('survey_test_invitations_survey_idx').on(t.surveyId)],
);
