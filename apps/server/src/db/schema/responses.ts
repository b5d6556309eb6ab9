import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { employees, locations, products, transactionChannels, transactionTypes } from './catalog.js';
import { tenants } from './identity.js';
import { questions, surveyFlows, surveys } from './surveys.js';

export const customData = {
  customData1: text('custom_data1'),
  customData2: text('custom_data2'),
  customData3: text('custom_data3'),
  customData4: text('custom_data4'),
  customData5: text('custom_data5'),
  customData6: text('custom_data6'),
  customData7: text('custom_data7'),
  customData8: text('custom_data8'),
  customData9: text('custom_data9'),
  customData10: text('custom_data10'),
};

/** A customer invited after a transaction, with the transaction's facts. */
export const invitees = pgTable(
  'invitees',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id),
    fullName: text('full_name'),
    email: text('email'),
    msisdn: text('msisdn'),
    homeTel: text('home_tel'),
    workTel: text('work_tel'),
    language: text('language'),
    locationId: integer('location_id').references(() => locations.id),
    transactionDate: timestamp('transaction_date', { withTimezone: true }).notNull(),
    transactionChannelId: integer('transaction_channel_id').references(() => transactionChannels.id),
    productId: integer('product_id').references(() => products.id),
    transactionTypeId: integer('transaction_type_id').references(() => transactionTypes.id),
    employeeId: integer('employee_id').references(() => employees.id),
    transactionDuration: integer('transaction_duration'),
    segmentIds: integer('segment_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    isTestUser: boolean('is_test_user').notNull().default(false),
    ...customData,
    /** The calling site's own id of the customer (the on-site call's InviteeId): the CallbackData placeholder. */
    callbackData: text('callback_data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invitees_tenant_survey_idx').on(t.tenantId, t.surveyId),
    // The one-invite-per-5-hours rule and opt-outs match a customer by email or MSISDN.
    index('invitees_tenant_email_idx').on(t.tenantId, t.email),
    index('invitees_tenant_msisdn_idx').on(t.tenantId, t.msisdn),
  ],
);

/** Interaction channels: 1 email, 2 SMS, 3 push, 8 IVR, 9 CATI, 11 touchpoint, 12 API. */
export const invitations = pgTable(
  'invitations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    inviteeId: bigint('invitee_id', { mode: 'number' })
      .notNull()
      .references(() => invitees.id, { onDelete: 'cascade' }),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id),
    channel: smallint('channel').notNull(),
    token: uuid('token').notNull().unique(),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The invitation's path: handed to the gateway, delivered, opened (the statistics' funnel). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    /** The rest of its path (issue 17): a session saved, completed, a send given up, the invitee unsubscribed. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    /** Send attempts so far (the first one and its retries). */
    attempts: smallint('attempts').notNull().default(0),
    /** Sent to a test user from the survey page: its answers stay out of the widgets. */
    isTest: boolean('is_test').notNull().default(false),
    remindersSent: smallint('reminders_sent').notNull().default(0),
    lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }),
    notFinishedRemindedAt: timestamp('not_finished_reminded_at', { withTimezone: true }),
    /** The wizard's test-invitation request this one was sent for (survey_test_invitations.id). */
    testInvitationId: integer('test_invitation_id'),
  },
  (t) => [
    index('invitations_invitee_idx').on(t.inviteeId),
    index('invitations_tenant_survey_idx').on(t.tenantId, t.surveyId),
    // The sender's and the reminders' scans: invitations still to send, and open ones by when they went out.
    index('invitations_unsent_idx')
      .on(t.id)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index('invitations_open_idx')
      .on(t.tenantId, t.sentAt)
      .where(sql`${t.completedAt} is null and ${t.optedOutAt} is null and ${t.failedAt} is null`),
    // The CATI agents' queue (docs/cati.md): open invitations on channel 9.
    index('invitations_cati_open_idx')
      .on(t.tenantId, t.surveyId)
      .where(
        sql`${t.channel} = 9 and ${t.completedAt} is null and ${t.optedOutAt} is null and ${t.failedAt} is null`,
      ),
  ],
);

/**
 * One respondent's pass through a survey. completion: 1 completed, 2 started but not completed.
 * status: 1 validated, 2 not validated. source: where the answers came from (survey, rest-api, import).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id),
    flowId: integer('flow_id').references(() => surveyFlows.id),
    inviteeId: bigint('invitee_id', { mode: 'number' })
      .notNull()
      .references(() => invitees.id, { onDelete: 'cascade' }),
    invitationId: bigint('invitation_id', { mode: 'number' }).references(() => invitations.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    completion: smallint('completion').notNull().default(1),
    status: smallint('status').notNull().default(1),
    source: text('source').notNull().default('survey'),
    /**
     * A respondent page's session without a stored way back to its invitee (a survey link's, an anonymised
     * survey's) is found again by the key its browser keeps: only the key's SHA-256 is stored.
     */
    resumeKeyHash: text('resume_key_hash'),
    /** The page (0-based) a respondent page's session resumes on. */
    resumePage: smallint('resume_page').notNull().default(0),
    /**
     * The survey link (touchpoint, QR code) the session came through, for its session count. No foreign key: the
     * schema files would import each other, and a link is never removed while its survey lives (deleting a link
     * switches it off, docs/survey-links.md).
     */
    surveyLinkId: integer('survey_link_id'),
  },
  (t) => [
    index('sessions_tenant_survey_answered_idx').on(t.tenantId, t.surveyId, t.answeredAt),
    index('sessions_invitee_idx').on(t.inviteeId),
    // The respondent page finds an invitation's session by it, and the invitations' analytics trigger re-logs the
    // sessions of every invitation a statement touches: without it each save scanned every session (~55 ms at 1M).
    index('sessions_invitation_idx')
      .on(t.invitationId)
      .where(sql`${t.invitationId} is not null`),
    uniqueIndex('sessions_resume_key_idx')
      .on(t.resumeKeyHash)
      .where(sql`${t.resumeKeyHash} is not null`),
    index('sessions_survey_link_idx')
      .on(t.surveyLinkId)
      .where(sql`${t.surveyLinkId} is not null`),
  ],
);

/** One answer: a choice value (and its score on the question's scale) or a text. */
export const answers = pgTable(
  'answers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id),
    choiceValue: integer('choice_value'),
    score: doublePrecision('score'),
    text: text('text'),
  },
  (t) => [index('answers_session_idx').on(t.sessionId), index('answers_question_idx').on(t.questionId)],
);

/** Topic models (and emotion models, whose topics are emotions) that label open-ended answers. */
export const topicModels = pgTable('topic_models', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  name: text('name').notNull(),
  language: text('language').notNull(),
  isEmotionModel: boolean('is_emotion_model').notNull().default(false),
  isIntentModel: boolean('is_intent_model').notNull().default(false),
  /** The dataset the model was built for (ai_datasets; no foreign key, the text-analytics schema comes later). */
  datasetId: integer('dataset_id'),
  /** 0 seed words and exact matches only, 1 blended with a classifier trained on topic annotations. */
  modelType: integer('model_type').notNull().default(0),
  /** The topic or emotion annotation work whose gold labels train the classifier (ai_annotation_works). */
  annotationWorkId: integer('annotation_work_id'),
  /** The trained classifier (JSON) when modelType 1 and annotations exist; null otherwise. */
  classifier: text('classifier'),
  classifierTrainedAt: timestamp('classifier_trained_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const topics = pgTable(
  'topics',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    modelId: integer('model_id')
      .notNull()
      .references(() => topicModels.id, { onDelete: 'cascade' }),
    /** A sub-topic's main topic; main topics have none. */
    parentId: integer('parent_id'),
    /** topic_notation: no '//' and no comma; unique in its model, case-insensitively (19002). */
    name: text('name').notNull(),
    /** The score (0..1) at which an answer is labelled with the topic. */
    threshold: doublePrecision('threshold').notNull().default(0.5),
    /** Seed words and exact matches are compared on stems (true) or on lower-cased words (false). */
    stemming: boolean('stemming').notNull().default(true),
    positiveSeedWords: text('positive_seed_words')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    negativeSeedWords: text('negative_seed_words')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    positiveExactMatches: text('positive_exact_matches')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    negativeExactMatches: text('negative_exact_matches')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [index('topics_model_idx').on(t.modelId)],
);

/**
 * Text analysis of an open-ended answer. sentimentScore: 4 positive, 2 neutral, 0 negative, -1 unclassified.
 */
export const textAnalyses = pgTable('text_analyses', {
  answerId: bigint('answer_id', { mode: 'number' })
    .primaryKey()
    .references(() => answers.id, { onDelete: 'cascade' }),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  sessionId: bigint('session_id', { mode: 'number' })
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  language: text('language').notNull(),
  translatedText: text('translated_text'),
  sentimentScore: smallint('sentiment_score').notNull().default(-1),
  analysedAt: timestamp('analysed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Topics (and emotions, through emotion models) found in an answer, each with its own sentiment. */
export const textTopics = pgTable(
  'text_topics',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    answerId: bigint('answer_id', { mode: 'number' })
      .notNull()
      .references(() => answers.id, { onDelete: 'cascade' }),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    modelId: integer('model_id')
      .notNull()
      .references(() => topicModels.id, { onDelete: 'cascade' }),
    sentimentScore: smallint('sentiment_score').notNull().default(-1),
    /** Emotion intensity 0..1 for emotion-model labels; null for topics. */
    intensity: doublePrecision('intensity'),
  },
  (t) => [primaryKey({ columns: [t.answerId, t.topicId] }), index('text_topics_session_idx').on(t.sessionId)],
);

/**
 * Every call of the REST data API: what was sent (the body's first 64 KB as text, and its whole size) and what
 * was answered, with every record error (kept 2 months).
 */
export const dataValidationLogs = pgTable(
  'data_validation_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: integer('user_id'),
    surveyId: integer('survey_id'),
    request: text('request').notNull(),
    /** The whole body's size in bytes; `request` holds at most its first 64 KB. Null on older entries. */
    requestBytes: integer('request_bytes'),
    result: jsonb('result').notNull(),
    /** true when every record was accepted. */
    isSuccessful: boolean('is_successful').notNull(),
    acceptedCount: integer('accepted_count').notNull(),
    rejectedCount: integer('rejected_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('data_validation_logs_tenant_created_idx').on(t.tenantId, t.createdAt)],
);

/**
 * The `Idempotency-Key`s of REST data calls, kept 24 hours per user and client: a retried call with the same key
 * and body is answered from its log entry. The key is claimed in the transaction that stores the records, so a
 * call either stored its records and its key or neither; the primary key makes concurrent duplicates wait.
 */
export const restDataIdempotencyKeys = pgTable(
  'rest_data_idempotency_keys',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    clientId: text('client_id').notNull(),
    key: text('key').notNull(),
    /** SHA-256 (hex) of the request body as received. */
    requestHash: text('request_hash').notNull(),
    /** The call's log entry, whose result is the answer; set in the same transaction. */
    logId: bigint('log_id', { mode: 'number' }).references(() => dataValidationLogs.id, {
      onDelete: 'cascade',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.clientId, t.key] }),
    index('rest_data_idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * The change sequence the analytics replica follows: one row per changed session (op I, U or D), written by
 * statement-level triggers on the response tables. The sync loop reads past its last seq.
 */
export const analyticsChanges = pgTable('analytics_changes', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  sessionId: bigint('session_id', { mode: 'number' }).notNull(),
  op: text('op').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
