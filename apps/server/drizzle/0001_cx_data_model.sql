CREATE TABLE "employees" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"full_name" text NOT NULL,
	"email" text,
	"code" text NOT NULL,
	"channel_id" integer
);
--> statement-breakpoint
CREATE TABLE "experience_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiences" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"name" text NOT NULL,
	"group_id" integer,
	"measurement_type" smallint NOT NULL,
	"is_preserved" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journey_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"level" smallint NOT NULL,
	"path" integer[] NOT NULL,
	"map_code" text
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"level" smallint NOT NULL,
	"path" integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "segment_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"level" smallint NOT NULL,
	"path" integer[] NOT NULL,
	"location_id" integer
);
--> statement-breakpoint
CREATE TABLE "transaction_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weighted_experience_group_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"experience_id" integer NOT NULL,
	"weight" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weighted_experience_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_choices" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"label" text NOT NULL,
	"value" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"flow_id" integer,
	"parent_id" integer,
	"text" text NOT NULL,
	"type" text NOT NULL,
	"experience_id" integer,
	"scale" smallint,
	"integration_code" text,
	"position" integer DEFAULT 0 NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"title" text NOT NULL,
	"type" smallint DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"journey_stage_id" integer,
	"language" text DEFAULT 'tr' NOT NULL,
	"integration_code" text,
	"source_name" text,
	"anonymised_answers" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"session_id" bigint NOT NULL,
	"op" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "answers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"session_id" bigint NOT NULL,
	"question_id" integer NOT NULL,
	"choice_value" integer,
	"score" double precision,
	"text" text
);
--> statement-breakpoint
CREATE TABLE "data_validation_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer,
	"survey_id" integer,
	"request" jsonb NOT NULL,
	"result" jsonb NOT NULL,
	"is_successful" boolean NOT NULL,
	"accepted_count" integer NOT NULL,
	"rejected_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"invitee_id" bigint NOT NULL,
	"survey_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"token" uuid NOT NULL,
	"invited_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "invitations_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "invitees" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"full_name" text,
	"email" text,
	"msisdn" text,
	"home_tel" text,
	"work_tel" text,
	"language" text,
	"location_id" integer,
	"transaction_date" timestamp with time zone NOT NULL,
	"transaction_channel_id" integer,
	"product_id" integer,
	"transaction_type_id" integer,
	"employee_id" integer,
	"transaction_duration" integer,
	"segment_ids" integer[] DEFAULT '{}' NOT NULL,
	"is_test_user" boolean DEFAULT false NOT NULL,
	"custom_data1" text,
	"custom_data2" text,
	"custom_data3" text,
	"custom_data4" text,
	"custom_data5" text,
	"custom_data6" text,
	"custom_data7" text,
	"custom_data8" text,
	"custom_data9" text,
	"custom_data10" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"flow_id" integer,
	"invitee_id" bigint NOT NULL,
	"invitation_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"completion" smallint DEFAULT 1 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"source" text DEFAULT 'survey' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_analyses" (
	"answer_id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"session_id" bigint NOT NULL,
	"language" text NOT NULL,
	"translated_text" text,
	"sentiment_score" smallint DEFAULT -1 NOT NULL,
	"analysed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_topics" (
	"tenant_id" integer NOT NULL,
	"answer_id" bigint NOT NULL,
	"session_id" bigint NOT NULL,
	"topic_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"sentiment_score" smallint DEFAULT -1 NOT NULL,
	"intensity" double precision,
	CONSTRAINT "text_topics_answer_id_topic_id_pk" PRIMARY KEY("answer_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "topic_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"is_emotion_model" boolean DEFAULT false NOT NULL,
	"is_intent_model" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"model_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_channel_id_transaction_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."transaction_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experience_groups" ADD CONSTRAINT "experience_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiences" ADD CONSTRAINT "experiences_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiences" ADD CONSTRAINT "experiences_group_id_experience_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."experience_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journey_stages" ADD CONSTRAINT "journey_stages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_groups" ADD CONSTRAINT "segment_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segments" ADD CONSTRAINT "segments_group_id_segment_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."segment_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_channels" ADD CONSTRAINT "transaction_channels_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_channels" ADD CONSTRAINT "transaction_channels_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_types" ADD CONSTRAINT "transaction_types_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weighted_experience_group_items" ADD CONSTRAINT "weighted_experience_group_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weighted_experience_group_items" ADD CONSTRAINT "weighted_experience_group_items_group_id_weighted_experience_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."weighted_experience_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weighted_experience_group_items" ADD CONSTRAINT "weighted_experience_group_items_experience_id_experiences_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."experiences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weighted_experience_groups" ADD CONSTRAINT "weighted_experience_groups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_choices" ADD CONSTRAINT "question_choices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_choices" ADD CONSTRAINT "question_choices_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_flow_id_survey_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."survey_flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_experience_id_experiences_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."experiences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_flows" ADD CONSTRAINT "survey_flows_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_flows" ADD CONSTRAINT "survey_flows_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_journey_stage_id_journey_stages_id_fk" FOREIGN KEY ("journey_stage_id") REFERENCES "public"."journey_stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_validation_logs" ADD CONSTRAINT "data_validation_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invitee_id_invitees_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."invitees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitees" ADD CONSTRAINT "invitees_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitees" ADD CONSTRAINT "invitees_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitees" ADD CONSTRAINT "invitees_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitees" ADD CONSTRAINT "invitees_transaction_channel_id_transaction_channels_id_fk" FOREIGN KEY ("transaction_channel_id") REFERENCES "public"."transaction_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitees" ADD CONSTRAINT "invitees_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitees" ADD CONSTRAINT "invitees_transaction_type_id_transaction_types_id_fk" FOREIGN KEY ("transaction_type_id") REFERENCES "public"."transaction_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitees" ADD CONSTRAINT "invitees_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_flow_id_survey_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."survey_flows"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_invitee_id_invitees_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."invitees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_analyses" ADD CONSTRAINT "text_analyses_answer_id_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_analyses" ADD CONSTRAINT "text_analyses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_analyses" ADD CONSTRAINT "text_analyses_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_topics" ADD CONSTRAINT "text_topics_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_topics" ADD CONSTRAINT "text_topics_answer_id_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_topics" ADD CONSTRAINT "text_topics_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_topics" ADD CONSTRAINT "text_topics_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_topics" ADD CONSTRAINT "text_topics_model_id_topic_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."topic_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_models" ADD CONSTRAINT "topic_models_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_model_id_topic_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."topic_models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employees_code_key" ON "employees" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "employees_channel_idx" ON "employees" USING btree ("channel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "experiences_tenant_name_key" ON "experiences" USING btree (coalesce("tenant_id", 0),"name");--> statement-breakpoint
CREATE UNIQUE INDEX "journey_stages_key" ON "journey_stages" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_code_key" ON "locations" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "locations_parent_idx" ON "locations" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_code_key" ON "products" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "products_parent_idx" ON "products" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "segment_groups_code_key" ON "segment_groups" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "segments_code_key" ON "segments" USING btree ("tenant_id","group_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_channels_code_key" ON "transaction_channels" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "transaction_channels_parent_idx" ON "transaction_channels" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_types_code_key" ON "transaction_types" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "weighted_items_group_idx" ON "weighted_experience_group_items" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "weighted_experience_groups_key" ON "weighted_experience_groups" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "question_choices_value_key" ON "question_choices" USING btree ("question_id","value");--> statement-breakpoint
CREATE INDEX "questions_survey_idx" ON "questions" USING btree ("survey_id");--> statement-breakpoint
CREATE UNIQUE INDEX "questions_integration_code_key" ON "questions" USING btree ("tenant_id","integration_code") WHERE "questions"."integration_code" is not null;--> statement-breakpoint
CREATE INDEX "survey_flows_survey_idx" ON "survey_flows" USING btree ("survey_id");--> statement-breakpoint
CREATE INDEX "surveys_tenant_idx" ON "surveys" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "answers_session_idx" ON "answers" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "answers_question_idx" ON "answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "data_validation_logs_tenant_created_idx" ON "data_validation_logs" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "invitations_invitee_idx" ON "invitations" USING btree ("invitee_id");--> statement-breakpoint
CREATE INDEX "invitees_tenant_survey_idx" ON "invitees" USING btree ("tenant_id","survey_id");--> statement-breakpoint
CREATE INDEX "sessions_tenant_survey_answered_idx" ON "sessions" USING btree ("tenant_id","survey_id","answered_at");--> statement-breakpoint
CREATE INDEX "sessions_invitee_idx" ON "sessions" USING btree ("invitee_id");--> statement-breakpoint
CREATE INDEX "text_topics_session_idx" ON "text_topics" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "topics_model_idx" ON "topics" USING btree ("model_id");