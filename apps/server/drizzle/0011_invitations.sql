-- Respondent pages and invitations (issue 17, docs/invitations.md): the rest of an invitation's path, opt-outs,
-- touchpoint survey links, invitation and message templates, and the resume key of anonymous sessions.
CREATE TABLE "message_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"name" text NOT NULL,
	"template_id" text,
	"channel" smallint NOT NULL,
	"language" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"payload" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "optouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"email" text,
	"msisdn" text,
	"channel" smallint,
	"reason" text,
	"source" text NOT NULL,
	"invitation_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"guid" uuid NOT NULL,
	"name" text NOT NULL,
	"transaction_channel_id" integer,
	"presentation_frequency" smallint DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_links_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "opted_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "reminders_sent" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "last_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "not_finished_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "resume_key_hash" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "resume_page" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optouts" ADD CONSTRAINT "optouts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "optouts" ADD CONSTRAINT "optouts_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_links" ADD CONSTRAINT "survey_links_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_links" ADD CONSTRAINT "survey_links_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_links" ADD CONSTRAINT "survey_links_transaction_channel_id_transaction_channels_id_fk" FOREIGN KEY ("transaction_channel_id") REFERENCES "public"."transaction_channels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_templates_name_key" ON "message_templates" USING btree ("tenant_id","kind",lower("name"));--> statement-breakpoint
CREATE INDEX "optouts_tenant_email_idx" ON "optouts" USING btree ("tenant_id","email");--> statement-breakpoint
CREATE INDEX "optouts_tenant_msisdn_idx" ON "optouts" USING btree ("tenant_id","msisdn");--> statement-breakpoint
CREATE INDEX "survey_links_survey_idx" ON "survey_links" USING btree ("survey_id");--> statement-breakpoint
CREATE INDEX "invitations_unsent_idx" ON "invitations" USING btree ("id") WHERE "invitations"."sent_at" is null and "invitations"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "invitations_open_idx" ON "invitations" USING btree ("tenant_id","sent_at") WHERE "invitations"."completed_at" is null and "invitations"."opted_out_at" is null and "invitations"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "invitees_tenant_email_idx" ON "invitees" USING btree ("tenant_id","email");--> statement-breakpoint
CREATE INDEX "invitees_tenant_msisdn_idx" ON "invitees" USING btree ("tenant_id","msisdn");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_resume_key_idx" ON "sessions" USING btree ("resume_key_hash") WHERE "sessions"."resume_key_hash" is not null;