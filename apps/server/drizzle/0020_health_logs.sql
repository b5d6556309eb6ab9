CREATE TABLE "server_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"logged_at" timestamp with time zone NOT NULL,
	"level" text NOT NULL,
	"request_id" text,
	"tenant_id" integer,
	"message" text NOT NULL,
	"context" jsonb
);
--> statement-breakpoint
CREATE INDEX "server_logs_logged_at_idx" ON "server_logs" USING btree ("logged_at");--> statement-breakpoint
CREATE INDEX "server_logs_tenant_logged_at_idx" ON "server_logs" USING btree ("tenant_id","logged_at");--> statement-breakpoint
CREATE INDEX "server_logs_request_id_idx" ON "server_logs" USING btree ("request_id");