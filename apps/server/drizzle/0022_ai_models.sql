CREATE TABLE "ai_annotation_task_annotators" (
	"task_id" integer NOT NULL,
	"annotator_id" integer NOT NULL,
	CONSTRAINT "ai_annotation_task_annotators_task_id_annotator_id_pk" PRIMARY KEY("task_id","annotator_id")
);
--> statement-breakpoint
CREATE TABLE "ai_annotation_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"work_id" integer NOT NULL,
	"name" text NOT NULL,
	"target_count" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_annotation_work_instances" (
	"work_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"answer_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"text" text NOT NULL,
	"language" text NOT NULL,
	"gold_labels" text[],
	"gold_at" timestamp with time zone,
	CONSTRAINT "ai_annotation_work_instances_work_id_answer_id_pk" PRIMARY KEY("work_id","answer_id")
);
--> statement-breakpoint
CREATE TABLE "ai_annotation_works" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"annotation_type" integer NOT NULL,
	"dataset_id" integer NOT NULL,
	"topic_model_id" integer,
	"target_count" integer NOT NULL,
	"agreement_level" integer NOT NULL,
	"status" text DEFAULT 'Processing' NOT NULL,
	"instance_count" integer DEFAULT 0 NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"build_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_annotations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"work_id" integer NOT NULL,
	"task_id" integer,
	"annotator_id" integer,
	"answer_id" bigint NOT NULL,
	"labels" text[] NOT NULL,
	"source" text DEFAULT 'annotator' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_experiment_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"run_id" bigint NOT NULL,
	"model_kind" text NOT NULL,
	"model_id" integer NOT NULL,
	"version" integer,
	"report" jsonb,
	"accepted" boolean NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_job_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'Running' NOT NULL,
	"message" text,
	"processed_count" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ai_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"level" text NOT NULL,
	"source" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_model_labels" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"topic_name" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_scheduled_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"job_type" text NOT NULL,
	"sentiment_model_id" integer,
	"topic_model_id" integer,
	"annotation_work_id" integer,
	"dataset_id" integer,
	"is_emotion_model" boolean DEFAULT false NOT NULL,
	"is_from_scratch" boolean DEFAULT false NOT NULL,
	"is_recurrent" boolean DEFAULT true NOT NULL,
	"cron_text" text,
	"status" text DEFAULT 'Active' NOT NULL,
	"scored_through_answer_id" bigint DEFAULT 0 NOT NULL,
	"last_run_at" timestamp with time zone,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_scoring_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"run_id" bigint NOT NULL,
	"model_kind" text NOT NULL,
	"model_id" integer NOT NULL,
	"scored_count" integer NOT NULL,
	"from_answer_id" bigint NOT NULL,
	"to_answer_id" bigint NOT NULL,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_sentiment_model_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"version" integer NOT NULL,
	"model" text NOT NULL,
	"report" jsonb NOT NULL,
	"label_count" integer NOT NULL,
	"accepted" boolean NOT NULL,
	"rejected_reason" text,
	"training_ms" integer NOT NULL,
	"trained_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_sentiment_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"base_model_id" integer,
	"annotation_work_id" integer,
	"golden_annotation_work_id" integer,
	"positive_f1_increase" double precision DEFAULT 0 NOT NULL,
	"neutral_f1_increase" double precision DEFAULT 0 NOT NULL,
	"negative_f1_increase" double precision DEFAULT 0 NOT NULL,
	"min_labels" integer DEFAULT 20 NOT NULL,
	"learning_rate" double precision DEFAULT 0.5 NOT NULL,
	"epoch_size" integer DEFAULT 30 NOT NULL,
	"train_all" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"current_version_id" integer,
	"training_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_system_configurations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_topic_model_group_members" (
	"group_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	CONSTRAINT "ai_topic_model_group_members_group_id_model_id_pk" PRIMARY KEY("group_id","model_id")
);
--> statement-breakpoint
CREATE TABLE "ai_topic_model_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_emotion" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "topic_models" ADD COLUMN "dataset_id" integer;--> statement-breakpoint
ALTER TABLE "topic_models" ADD COLUMN "model_type" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "topic_models" ADD COLUMN "annotation_work_id" integer;--> statement-breakpoint
ALTER TABLE "topic_models" ADD COLUMN "classifier" text;--> statement-breakpoint
ALTER TABLE "topic_models" ADD COLUMN "classifier_trained_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "topic_models" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "topic_models" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "threshold" double precision DEFAULT 0.5 NOT NULL;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "stemming" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "positive_seed_words" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "negative_seed_words" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "positive_exact_matches" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "negative_exact_matches" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_annotation_task_annotators" ADD CONSTRAINT "ai_annotation_task_annotators_task_id_ai_annotation_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."ai_annotation_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_annotation_task_annotators" ADD CONSTRAINT "ai_annotation_task_annotators_annotator_id_ai_annotators_id_fk" FOREIGN KEY ("annotator_id") REFERENCES "public"."ai_annotators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_annotation_tasks" ADD CONSTRAINT "ai_annotation_tasks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_annotation_tasks" ADD CONSTRAINT "ai_annotation_tasks_work_id_ai_annotation_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."ai_annotation_works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_annotation_work_instances" ADD CONSTRAINT "ai_annotation_work_instances_work_id_ai_annotation_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."ai_annotation_works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_annotation_work_instances" ADD CONSTRAINT "ai_annotation_work_instances_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_annotation_work_instances" ADD CONSTRAINT "ai_annotation_work_instances_answer_id_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_annotation_works" ADD CONSTRAINT "ai_annotation_works_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_annotation_works" ADD CONSTRAINT "ai_annotation_works_dataset_id_ai_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."ai_datasets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_annotation_works" ADD CONSTRAINT "ai_annotation_works_topic_model_id_topic_models_id_fk" FOREIGN KEY ("topic_model_id") REFERENCES "public"."topic_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_annotations" ADD CONSTRAINT "ai_annotations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_annotations" ADD CONSTRAINT "ai_annotations_work_id_ai_annotation_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."ai_annotation_works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_annotations" ADD CONSTRAINT "ai_annotations_task_id_ai_annotation_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."ai_annotation_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_annotations" ADD CONSTRAINT "ai_annotations_annotator_id_ai_annotators_id_fk" FOREIGN KEY ("annotator_id") REFERENCES "public"."ai_annotators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_annotations" ADD CONSTRAINT "ai_annotations_answer_id_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_experiment_logs" ADD CONSTRAINT "ai_experiment_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_experiment_logs" ADD CONSTRAINT "ai_experiment_logs_run_id_ai_job_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."ai_job_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_job_runs" ADD CONSTRAINT "ai_job_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_job_runs" ADD CONSTRAINT "ai_job_runs_job_id_ai_scheduled_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."ai_scheduled_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_logs" ADD CONSTRAINT "ai_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_model_labels" ADD CONSTRAINT "ai_model_labels_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_model_labels" ADD CONSTRAINT "ai_model_labels_model_id_topic_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."topic_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_scheduled_jobs" ADD CONSTRAINT "ai_scheduled_jobs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_scheduled_jobs" ADD CONSTRAINT "ai_scheduled_jobs_sentiment_model_id_ai_sentiment_models_id_fk" FOREIGN KEY ("sentiment_model_id") REFERENCES "public"."ai_sentiment_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_scheduled_jobs" ADD CONSTRAINT "ai_scheduled_jobs_topic_model_id_topic_models_id_fk" FOREIGN KEY ("topic_model_id") REFERENCES "public"."topic_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_scheduled_jobs" ADD CONSTRAINT "ai_scheduled_jobs_annotation_work_id_ai_annotation_works_id_fk" FOREIGN KEY ("annotation_work_id") REFERENCES "public"."ai_annotation_works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_scheduled_jobs" ADD CONSTRAINT "ai_scheduled_jobs_dataset_id_ai_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."ai_datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_scoring_logs" ADD CONSTRAINT "ai_scoring_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_scoring_logs" ADD CONSTRAINT "ai_scoring_logs_run_id_ai_job_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."ai_job_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_sentiment_model_versions" ADD CONSTRAINT "ai_sentiment_model_versions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_sentiment_model_versions" ADD CONSTRAINT "ai_sentiment_model_versions_model_id_ai_sentiment_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."ai_sentiment_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_sentiment_models" ADD CONSTRAINT "ai_sentiment_models_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_sentiment_models" ADD CONSTRAINT "ai_sentiment_models_annotation_work_id_ai_annotation_works_id_fk" FOREIGN KEY ("annotation_work_id") REFERENCES "public"."ai_annotation_works"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_sentiment_models" ADD CONSTRAINT "ai_sentiment_models_golden_annotation_work_id_ai_annotation_works_id_fk" FOREIGN KEY ("golden_annotation_work_id") REFERENCES "public"."ai_annotation_works"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_system_configurations" ADD CONSTRAINT "ai_system_configurations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_topic_model_group_members" ADD CONSTRAINT "ai_topic_model_group_members_group_id_ai_topic_model_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."ai_topic_model_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_topic_model_group_members" ADD CONSTRAINT "ai_topic_model_group_members_model_id_topic_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."topic_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_topic_model_groups" ADD CONSTRAINT "ai_topic_model_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_annotation_work_instances_position_key" ON "ai_annotation_work_instances" USING btree ("work_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_annotation_works_tenant_name_key" ON "ai_annotation_works" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "ai_annotations_work_answer_annotator_key" ON "ai_annotations" USING btree ("work_id","answer_id","annotator_id") WHERE "ai_annotations"."annotator_id" is not null;--> statement-breakpoint
CREATE INDEX "ai_annotations_work_idx" ON "ai_annotations" USING btree ("work_id","answer_id");--> statement-breakpoint
CREATE INDEX "ai_job_runs_job_idx" ON "ai_job_runs" USING btree ("job_id","started_at");--> statement-breakpoint
CREATE INDEX "ai_logs_tenant_created_idx" ON "ai_logs" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_model_labels_model_topic_key" ON "ai_model_labels" USING btree ("model_id",lower("topic_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "ai_sentiment_model_versions_key" ON "ai_sentiment_model_versions" USING btree ("model_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_sentiment_models_tenant_name_key" ON "ai_sentiment_models" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "ai_system_configurations_key" ON "ai_system_configurations" USING btree ("tenant_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_topic_model_groups_tenant_name_key" ON "ai_topic_model_groups" USING btree ("tenant_id",lower("name"));