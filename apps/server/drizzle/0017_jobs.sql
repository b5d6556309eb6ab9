CREATE TABLE "job_servers" (
	"id" text PRIMARY KEY NOT NULL,
	"host_name" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queues" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_servers_last_seen_idx" ON "job_servers" USING btree ("last_seen_at");