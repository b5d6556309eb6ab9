-- Survey links (issue 17, docs/survey-links.md): the link a session came through, for the console's session count;
-- a deleted link stays switched off so its printed QR code still opens a "closed" page.
ALTER TABLE "sessions" ADD COLUMN "survey_link_id" integer;--> statement-breakpoint
ALTER TABLE "survey_links" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sessions_survey_link_idx" ON "sessions" USING btree ("survey_link_id") WHERE "sessions"."survey_link_id" is not null;