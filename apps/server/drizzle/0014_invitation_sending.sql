-- Sending invitations (issue 17, docs/invitations.md): one row per message (invitation, reminders) with its claim,
-- handover and outcome, and the test-invitation request an invitation was sent for.
CREATE TABLE "invitation_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"invitation_id" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"seq" smallint DEFAULT 0 NOT NULL,
	"channel" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"attempt_started_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"failure_reason" text,
	"provider_message_id" text
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "test_invitation_id" integer;--> statement-breakpoint
ALTER TABLE "invitation_messages" ADD CONSTRAINT "invitation_messages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_messages" ADD CONSTRAINT "invitation_messages_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitation_messages_key" ON "invitation_messages" USING btree ("invitation_id","kind","seq");--> statement-breakpoint
CREATE INDEX "invitation_messages_pending_idx" ON "invitation_messages" USING btree ("created_at") WHERE "invitation_messages"."delivered_at" is null and "invitation_messages"."failed_at" is null;