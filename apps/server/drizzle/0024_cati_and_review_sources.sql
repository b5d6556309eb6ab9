CREATE TABLE "cati_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"invitation_id" bigint NOT NULL,
	"survey_id" integer NOT NULL,
	"agent_user_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"outcome" smallint,
	"callback_at" timestamp with time zone,
	"refusal_reason" text,
	"note" text,
	"was_callback" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cati_campaigns" (
	"survey_id" integer PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"priority" smallint DEFAULT 5 NOT NULL,
	"daily_quota" integer DEFAULT 0 NOT NULL,
	"max_attempts" smallint DEFAULT 5 NOT NULL,
	"no_answer_retry_minutes" integer DEFAULT 120 NOT NULL,
	"busy_retry_minutes" integer DEFAULT 15 NOT NULL,
	"script_notes" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cati_queue" (
	"invitation_id" bigint PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_call_at" timestamp with time zone,
	"callback_at" timestamp with time zone,
	"callback_user_id" integer,
	"last_outcome" smallint,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "review_imports" (
	"review_source_id" integer NOT NULL,
	"external_key" text NOT NULL,
	"session_id" bigint,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"resource_name" text NOT NULL,
	"review_url" text,
	"place_id" text,
	"result_limit" integer NOT NULL,
	"frequency" smallint NOT NULL,
	"survey_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_status" text,
	"last_error" text,
	"imported_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cati_calls" ADD CONSTRAINT "cati_calls_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cati_calls" ADD CONSTRAINT "cati_calls_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cati_calls" ADD CONSTRAINT "cati_calls_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cati_calls" ADD CONSTRAINT "cati_calls_agent_user_id_users_id_fk" FOREIGN KEY ("agent_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cati_campaigns" ADD CONSTRAINT "cati_campaigns_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cati_campaigns" ADD CONSTRAINT "cati_campaigns_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cati_queue" ADD CONSTRAINT "cati_queue_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cati_queue" ADD CONSTRAINT "cati_queue_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cati_queue" ADD CONSTRAINT "cati_queue_callback_user_id_users_id_fk" FOREIGN KEY ("callback_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_imports" ADD CONSTRAINT "review_imports_review_source_id_review_sources_id_fk" FOREIGN KEY ("review_source_id") REFERENCES "public"."review_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_sources" ADD CONSTRAINT "review_sources_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_sources" ADD CONSTRAINT "review_sources_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cati_calls_open_key" ON "cati_calls" USING btree ("invitation_id") WHERE "cati_calls"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "cati_calls_tenant_agent_idx" ON "cati_calls" USING btree ("tenant_id","agent_user_id","started_at");--> statement-breakpoint
CREATE INDEX "cati_calls_tenant_started_idx" ON "cati_calls" USING btree ("tenant_id","started_at");--> statement-breakpoint
CREATE INDEX "cati_queue_tenant_open_idx" ON "cati_queue" USING btree ("tenant_id") WHERE "cati_queue"."closed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "review_imports_key" ON "review_imports" USING btree ("review_source_id","external_key");--> statement-breakpoint
CREATE UNIQUE INDEX "review_sources_url_key" ON "review_sources" USING btree ("tenant_id",lower("review_url")) WHERE "review_sources"."review_url" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "review_sources_place_key" ON "review_sources" USING btree ("tenant_id","place_id") WHERE "review_sources"."place_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "review_sources_name_key" ON "review_sources" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "invitations_cati_open_idx" ON "invitations" USING btree ("tenant_id","survey_id") WHERE "invitations"."channel" = 9 and "invitations"."completed_at" is null and "invitations"."opted_out_at" is null and "invitations"."failed_at" is null;