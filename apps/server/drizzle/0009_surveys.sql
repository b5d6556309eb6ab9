CREATE TABLE "survey_quotas" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"name" text NOT NULL,
	"limit_type" smallint NOT NULL,
	"limit" integer NOT NULL,
	"question_id" integer,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"refresh_cron" text,
	"presentation_frequency" smallint DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_test_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"test_user_ids" integer[] NOT NULL,
	"channel" smallint NOT NULL,
	"requested_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "questions" ALTER COLUMN "survey_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "question_choices" ADD COLUMN "image" "bytea";--> statement-breakpoint
ALTER TABLE "question_choices" ADD COLUMN "image_mime" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "format_type" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "multiline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "allow_comment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "choice_type" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "is_measurement" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "page_break_after" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "display_logic" jsonb;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "target_type" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "execution_title" text;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "redirect_url" text;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "redirect_seconds" smallint;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "opening_message" text;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "closing_message" text;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "cache_time" integer;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "wizard_step" smallint DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "audience" jsonb DEFAULT '{"Conditions":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "channels" smallint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "primary_channel" smallint;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "channel_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "max_invitations_per_interval" integer;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "interval_minutes" integer;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "survey_quotas" ADD CONSTRAINT "survey_quotas_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_quotas" ADD CONSTRAINT "survey_quotas_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_quotas" ADD CONSTRAINT "survey_quotas_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_test_invitations" ADD CONSTRAINT "survey_test_invitations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_test_invitations" ADD CONSTRAINT "survey_test_invitations_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_test_invitations" ADD CONSTRAINT "survey_test_invitations_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_quotas_survey_idx" ON "survey_quotas" USING btree ("survey_id");--> statement-breakpoint
CREATE INDEX "survey_test_invitations_survey_idx" ON "survey_test_invitations" USING btree ("survey_id");--> statement-breakpoint
CREATE INDEX "questions_tenant_idx" ON "questions" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "questions_parent_idx" ON "questions" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "surveys_integration_code_key" ON "surveys" USING btree ("tenant_id","integration_code") WHERE "surveys"."integration_code" is not null;--> statement-breakpoint
CREATE INDEX "invitations_tenant_survey_idx" ON "invitations" USING btree ("tenant_id","survey_id");