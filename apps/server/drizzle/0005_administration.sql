CREATE TABLE "service_configurations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer,
	"section" text NOT NULL,
	"json_config" text DEFAULT '{}' NOT NULL,
	"is_credential" boolean DEFAULT false NOT NULL,
	"service_type" text DEFAULT '' NOT NULL,
	"sub_service_type" text DEFAULT '' NOT NULL,
	"config_type" text DEFAULT '*' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_rules" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"invitation_limit" integer DEFAULT 0 NOT NULL,
	"contact_frequency_days" integer DEFAULT 0 NOT NULL,
	"cati_optout_frequencies" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_configurations" ADD CONSTRAINT "service_configurations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_rules" ADD CONSTRAINT "system_rules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "service_configurations_key" ON "service_configurations" USING btree ("tenant_id","section","config_type");