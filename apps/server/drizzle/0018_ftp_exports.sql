ALTER TABLE "ftp_export_runs" ADD COLUMN "tenant_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "ftp_export_runs" ADD COLUMN "status" text DEFAULT 'running' NOT NULL;--> statement-breakpoint
ALTER TABLE "ftp_export_runs" ADD COLUMN "manual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ftp_exports" ADD COLUMN "created_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "ftp_exports" ADD COLUMN "next_run_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ftp_export_runs" ADD CONSTRAINT "ftp_export_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ftp_exports" ADD CONSTRAINT "ftp_exports_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ftp_exports_due_idx" ON "ftp_exports" USING btree ("next_run_at") WHERE "ftp_exports"."is_active";