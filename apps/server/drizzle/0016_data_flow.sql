-- The invitee data flow (issue 18, docs/data-flow.md): import sources, logs and staged records, custom data names,
-- FTP exports of answers, opt-outs with an end date and the survey communication frequency rule.
CREATE TABLE "custom_data_mappings" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"names" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ftp_export_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ftp_export_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"row_count" integer,
	"remote_path" text,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "ftp_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"user_ids" integer[] DEFAULT '{}' NOT NULL,
	"email_subject" text,
	"email_body" text,
	"ftp_url" text NOT NULL,
	"ftp_username" text NOT NULL,
	"ftp_password_sealed" text NOT NULL,
	"ftp_folder_path" text DEFAULT '/' NOT NULL,
	"create_unique_folder" boolean DEFAULT true NOT NULL,
	"survey_ids" integer[] DEFAULT '{}' NOT NULL,
	"filter" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"file_format" text DEFAULT 'csv' NOT NULL,
	"cron_expression" text DEFAULT '* * * * *' NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"last_upload_date" timestamp with time zone,
	"exported_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_data_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"import_data_source_id" integer,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"file_content" "bytea",
	"mapping" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"requires_approval" boolean DEFAULT false NOT NULL,
	"total_count" integer,
	"processed_count" integer DEFAULT 0 NOT NULL,
	"accepted_count" integer DEFAULT 0 NOT NULL,
	"eliminated_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"invited_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_by_user_id" integer,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_data_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"type_field" text NOT NULL,
	"survey_id" integer,
	"mapping" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requires_approval" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staged_invitees" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"survey_id" integer NOT NULL,
	"import_data_log_id" bigint,
	"row_number" integer,
	"full_name" text,
	"email" text,
	"msisdn" text,
	"home_tel" text,
	"work_tel" text,
	"language" text,
	"location_id" integer,
	"transaction_date" timestamp with time zone,
	"transaction_channel_id" integer,
	"product_id" integer,
	"transaction_type_id" integer,
	"employee_id" integer,
	"transaction_duration" integer,
	"segment_ids" integer[] DEFAULT '{}' NOT NULL,
	"invitee_channel_id" smallint,
	"custom_config_name" text,
	"is_test_user" boolean DEFAULT false NOT NULL,
	"details" text,
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
	"status" smallint DEFAULT 0 NOT NULL,
	"elimination_reason" smallint,
	"error_detail" text,
	"invitee_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "communication_frequency_days" integer;--> statement-breakpoint
ALTER TABLE "optouts" ADD COLUMN "until_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "optouts" ADD COLUMN "is_forever" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "optouts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_data_mappings" ADD CONSTRAINT "custom_data_mappings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ftp_export_runs" ADD CONSTRAINT "ftp_export_runs_ftp_export_id_ftp_exports_id_fk" FOREIGN KEY ("ftp_export_id") REFERENCES "public"."ftp_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ftp_exports" ADD CONSTRAINT "ftp_exports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_data_logs" ADD CONSTRAINT "import_data_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_data_logs" ADD CONSTRAINT "import_data_logs_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_data_logs" ADD CONSTRAINT "import_data_logs_import_data_source_id_import_data_sources_id_fk" FOREIGN KEY ("import_data_source_id") REFERENCES "public"."import_data_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_data_logs" ADD CONSTRAINT "import_data_logs_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_data_logs" ADD CONSTRAINT "import_data_logs_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_data_sources" ADD CONSTRAINT "import_data_sources_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_data_sources" ADD CONSTRAINT "import_data_sources_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staged_invitees" ADD CONSTRAINT "staged_invitees_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staged_invitees" ADD CONSTRAINT "staged_invitees_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staged_invitees" ADD CONSTRAINT "staged_invitees_import_data_log_id_import_data_logs_id_fk" FOREIGN KEY ("import_data_log_id") REFERENCES "public"."import_data_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staged_invitees" ADD CONSTRAINT "staged_invitees_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staged_invitees" ADD CONSTRAINT "staged_invitees_transaction_channel_id_transaction_channels_id_fk" FOREIGN KEY ("transaction_channel_id") REFERENCES "public"."transaction_channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staged_invitees" ADD CONSTRAINT "staged_invitees_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staged_invitees" ADD CONSTRAINT "staged_invitees_transaction_type_id_transaction_types_id_fk" FOREIGN KEY ("transaction_type_id") REFERENCES "public"."transaction_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staged_invitees" ADD CONSTRAINT "staged_invitees_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staged_invitees" ADD CONSTRAINT "staged_invitees_invitee_id_invitees_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."invitees"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ftp_export_runs_export_idx" ON "ftp_export_runs" USING btree ("ftp_export_id","started_at");--> statement-breakpoint
CREATE INDEX "ftp_exports_tenant_idx" ON "ftp_exports" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "import_data_logs_tenant_created_idx" ON "import_data_logs" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "import_data_logs_source_idx" ON "import_data_logs" USING btree ("import_data_source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "import_data_sources_type_field_key" ON "import_data_sources" USING btree ("tenant_id",lower("type_field"));--> statement-breakpoint
CREATE INDEX "staged_invitees_tenant_created_idx" ON "staged_invitees" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "staged_invitees_log_idx" ON "staged_invitees" USING btree ("import_data_log_id","status");--> statement-breakpoint
CREATE INDEX "staged_invitees_tenant_email_idx" ON "staged_invitees" USING btree ("tenant_id","email");--> statement-breakpoint
CREATE INDEX "staged_invitees_tenant_msisdn_idx" ON "staged_invitees" USING btree ("tenant_id","msisdn");