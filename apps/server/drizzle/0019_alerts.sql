CREATE TABLE "alert_comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"alert_id" bigint NOT NULL,
	"user_id" integer,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"alert_id" bigint NOT NULL,
	"user_id" integer,
	"kind" text NOT NULL,
	"from_status" smallint,
	"to_status" smallint,
	"assigned_user_id" integer,
	"assigned_role_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "survey_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "channel_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "logic" text DEFAULT 'and' NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "conditions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "owner_type" text;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "due_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "email_subject" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "email_body" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "actions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "created_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "survey_id" integer;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "question_id" integer;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "mail_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transaction_channels" ADD COLUMN "manager_user_id" integer;--> statement-breakpoint
ALTER TABLE "alert_comments" ADD CONSTRAINT "alert_comments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_comments" ADD CONSTRAINT "alert_comments_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_comments" ADD CONSTRAINT "alert_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_history" ADD CONSTRAINT "alert_history_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_history" ADD CONSTRAINT "alert_history_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_history" ADD CONSTRAINT "alert_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_comments_alert_idx" ON "alert_comments" USING btree ("alert_id");--> statement-breakpoint
CREATE INDEX "alert_history_alert_idx" ON "alert_history" USING btree ("alert_id");--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_channels" ADD CONSTRAINT "transaction_channels_manager_user_id_users_id_fk" FOREIGN KEY ("manager_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_rules_active_idx" ON "alert_rules" USING btree ("tenant_id") WHERE "alert_rules"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "alerts_rule_session_key" ON "alerts" USING btree ("rule_id","session_id");--> statement-breakpoint
CREATE INDEX "alerts_tenant_created_idx" ON "alerts" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "alerts_mail_pending_idx" ON "alerts" USING btree ("created_at") WHERE "alerts"."mail_queued_at" is null;--> statement-breakpoint
UPDATE "alerts" SET "mail_queued_at" = "created_at";
