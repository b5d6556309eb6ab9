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
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenants, users } from './identity.js';
import { answers, sessions, topicModels } from './responses.js';

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

/*
 * Annotation (issue 21 item 2): an annotation work takes the instances of a dataset, annotators label them in
 * tasks, and an instance gets a gold label once `agreementLevel` annotators agree (or an uploaded file gives it).
 */

/** annotationType 0 sentiment, 1 topic, 2 emotion; agreementLevel 1–4; status Processing, Ready, Failed. */
export const aiAnnotationWorks = pgTable(
  'ai_annotation_works',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    annotationType: integer('annotation_type').notNull(),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => aiDatasets.id),
    /** The topic (type 1) or emotion (type 2) model whose topics are the labels; null for sentiment. */
    topicModelId: integer('topic_model_id').references(() => topicModels.id),
    targetCount: integer('target_count').notNull(),
    agreementLevel: integer('agreement_level').notNull(),
    status: text('status').notNull().default('Processing'),
    instanceCount: integer('instance_count').notNull().default(0),
    generation: integer('generation').notNull().default(1),
    buildError: text('build_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ai_annotation_works_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

/** An instance of the work: a copy of a dataset instance, shown to annotators in `position` order. */
export const aiAnnotationWorkInstances = pgTable(
  'ai_annotation_work_instances',
  {
    workId: integer('work_id')
      .notNull()
      .references(() => aiAnnotationWorks.id, { onDelete: 'cascade' }),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    answerId: bigint('answer_id', { mode: 'number' })
      .notNull()
      .references(() => answers.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    language: text('language').notNull(),
    /** The agreed labels (sentiment: one of positive, neutral, negative; topic/emotion: topic names); null until agreed. */
    goldLabels: text('gold_labels').array(),
    goldAt: timestamp('gold_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.workId, t.answerId] }),
    uniqueIndex('ai_annotation_work_instances_position_key').on(t.workId, t.position),
  ],
);

export const aiAnnotationTasks = pgTable('ai_annotation_tasks', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  workId: integer('work_id')
    .notNull()
    .references(() => aiAnnotationWorks.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  targetCount: integer('target_count').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const aiAnnotationTaskAnnotators = pgTable(
  'ai_annotation_task_annotators',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => aiAnnotationTasks.id, { onDelete: 'cascade' }),
    annotatorId: integer('annotator_id')
      .notNull()
      .references(() => aiAnnotators.id),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.annotatorId] })],
);

/** One annotator's labels for one instance (annotatorId null: a row of an uploaded labelled file). */
export const aiAnnotations = pgTable(
  'ai_annotations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    workId: integer('work_id')
      .notNull()
      .references(() => aiAnnotationWorks.id, { onDelete: 'cascade' }),
    taskId: integer('task_id').references(() => aiAnnotationTasks.id, { onDelete: 'set null' }),
    annotatorId: integer('annotator_id').references(() => aiAnnotators.id),
    answerId: bigint('answer_id', { mode: 'number' })
      .notNull()
      .references(() => answers.id, { onDelete: 'cascade' }),
    labels: text('labels').array().notNull(),
    source: text('source').notNull().default('annotator'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ai_annotations_work_answer_annotator_key')
      .on(t.workId, t.answerId, t.annotatorId)
      .where(sql`${t.annotatorId} is not null`),
    index('ai_annotations_work_idx').on(t.workId, t.answerId),
  ],
);

/*
 * Sentiment models (issue 21 item 3): trained as a job on a work's gold labels, each training a new version.
 * status: New (never trained), Training, Ready (a version is current), Failed.
 */
export const aiSentimentModels = pgTable(
  'ai_sentiment_models',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    language: text('language').notNull(),
    /** Another of the tenant's sentiment models whose current version a new version must beat. */
    baseModelId: integer('base_model_id'),
    annotationWorkId: integer('annotation_work_id').references(() => aiAnnotationWorks.id),
    goldenAnnotationWorkId: integer('golden_annotation_work_id').references(() => aiAnnotationWorks.id),
    positiveF1Increase: doublePrecision('positive_f1_increase').notNull().default(0),
    neutralF1Increase: doublePrecision('neutral_f1_increase').notNull().default(0),
    negativeF1Increase: doublePrecision('negative_f1_increase').notNull().default(0),
    minLabels: integer('min_labels').notNull().default(20),
    learningRate: doublePrecision('learning_rate').notNull().default(0.5),
    epochSize: integer('epoch_size').notNull().default(30),
    trainAll: boolean('train_all').notNull().default(false),
    status: text('status').notNull().default('New'),
    currentVersionId: integer('current_version_id'),
    trainingError: text('training_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ai_sentiment_models_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

/** A trained version: the model's JSON, its golden-set report, and whether it was accepted as current. */
export const aiSentimentModelVersions = pgTable(
  'ai_sentiment_model_versions',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    modelId: integer('model_id')
      .notNull()
      .references(() => aiSentimentModels.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    model: text('model').notNull(),
    /** classificationReport of text-models/metrics.ts on the golden set (or the held-out part). */
    report: jsonb('report').notNull(),
    labelCount: integer('label_count').notNull(),
    accepted: boolean('accepted').notNull(),
    rejectedReason: text('rejected_reason'),
    trainingMs: integer('training_ms').notNull(),
    trainedAt: timestamp('trained_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ai_sentiment_model_versions_key').on(t.modelId, t.version)],
);

/** A set of topic models, all emotion models or none (surveys spec §5). */
export const aiTopicModelGroups = pgTable(
  'ai_topic_model_groups',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    isEmotion: boolean('is_emotion').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ai_topic_model_groups_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`)],
);

export const aiTopicModelGroupMembers = pgTable(
  'ai_topic_model_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => aiTopicModelGroups.id, { onDelete: 'cascade' }),
    modelId: integer('model_id')
      .notNull()
      .references(() => topicModels.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.modelId] })],
);

/** Model label management: a display name for a topic name of a model (19001–19004). */
export const aiModelLabels = pgTable(
  'ai_model_labels',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    modelId: integer('model_id')
      .notNull()
      .references(() => topicModels.id, { onDelete: 'cascade' }),
    topicName: text('topic_name').notNull(),
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ai_model_labels_model_topic_key').on(t.modelId, sql`lower(${t.topicName})`)],
);

/*
 * Scheduled jobs (issue 21 item 5): jobType training, scoring or dataset; run on pg-boss at the cron's times.
 * status Active, Paused, Completed (a one-time job that ran).
 */
export const aiScheduledJobs = pgTable('ai_scheduled_jobs', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  name: text('name').notNull(),
  jobType: text('job_type').notNull(),
  sentimentModelId: integer('sentiment_model_id').references(() => aiSentimentModels.id, {
    onDelete: 'cascade',
  }),
  topicModelId: integer('topic_model_id').references(() => topicModels.id, { onDelete: 'cascade' }),
  annotationWorkId: integer('annotation_work_id').references(() => aiAnnotationWorks.id, {
    onDelete: 'cascade',
  }),
  datasetId: integer('dataset_id').references(() => aiDatasets.id, { onDelete: 'cascade' }),
  isEmotionModel: boolean('is_emotion_model').notNull().default(false),
  isFromScratch: boolean('is_from_scratch').notNull().default(false),
  isRecurrent: boolean('is_recurrent').notNull().default(true),
  cronText: text('cron_text'),
  status: text('status').notNull().default('Active'),
  /** Incremental scoring: the highest answer id scored so far. */
  scoredThroughAnswerId: bigint('scored_through_answer_id', { mode: 'number' }).notNull().default(0),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One run of a scheduled job (the job's logs). status Running, Succeeded, Failed. */
export const aiJobRuns = pgTable(
  'ai_job_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    jobId: integer('job_id')
      .notNull()
      .references(() => aiScheduledJobs.id, { onDelete: 'cascade' }),
    trigger: text('trigger').notNull(),
    status: text('status').notNull().default('Running'),
    message: text('message'),
    processedCount: integer('processed_count').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('ai_job_runs_job_idx').on(t.jobId, t.startedAt)],
);

/** A scoring run's batches: which model scored how many answers in how long. */
export const aiScoringLogs = pgTable('ai_scoring_logs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  runId: bigint('run_id', { mode: 'number' })
    .notNull()
    .references(() => aiJobRuns.id, { onDelete: 'cascade' }),
  modelKind: text('model_kind').notNull(),
  modelId: integer('model_id').notNull(),
  scoredCount: integer('scored_count').notNull(),
  fromAnswerId: bigint('from_answer_id', { mode: 'number' }).notNull(),
  toAnswerId: bigint('to_answer_id', { mode: 'number' }).notNull(),
  durationMs: integer('duration_ms').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A training run's experiments: the version trained, its report and whether it was accepted. */
export const aiExperimentLogs = pgTable('ai_experiment_logs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  runId: bigint('run_id', { mode: 'number' })
    .notNull()
    .references(() => aiJobRuns.id, { onDelete: 'cascade' }),
  modelKind: text('model_kind').notNull(),
  modelId: integer('model_id').notNull(),
  version: integer('version'),
  report: jsonb('report'),
  accepted: boolean('accepted').notNull(),
  message: text('message'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The module's own log (ai-logs): what the training, scoring and dataset work did and what failed. */
export const aiLogs = pgTable(
  'ai_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    level: text('level').notNull(),
    source: text('source').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_logs_tenant_created_idx').on(t.tenantId, t.createdAt)],
);

/** AI system configurations: the tenant's settings of the module, one value per key. */
export const aiSystemConfigurations = pgTable(
  'ai_system_configurations',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ai_system_configurations_key').on(t.tenantId, t.key)],
);
