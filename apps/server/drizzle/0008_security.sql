CREATE TABLE "rest_data_idempotency_keys" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"client_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"log_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rest_data_idempotency_keys_tenant_id_user_id_client_id_key_pk" PRIMARY KEY("tenant_id","user_id","client_id","key")
);
--> statement-breakpoint
ALTER TABLE "data_validation_logs" ALTER COLUMN "request" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "data_validation_logs" ADD COLUMN "request_bytes" integer;--> statement-breakpoint
ALTER TABLE "rest_data_idempotency_keys" ADD CONSTRAINT "rest_data_idempotency_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rest_data_idempotency_keys" ADD CONSTRAINT "rest_data_idempotency_keys_log_id_data_validation_logs_id_fk" FOREIGN KEY ("log_id") REFERENCES "public"."data_validation_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rest_data_idempotency_keys_created_idx" ON "rest_data_idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "captcha_challenges_expires_idx" ON "captcha_challenges" USING btree ("expires_at");--> statement-breakpoint
-- Installations from before operator-only scopes: tenant roles lose alterna:manage (the takeover of issue 14).
UPDATE "roles" SET "scopes" = array_remove("scopes", 'alterna:manage') WHERE "tenant_id" IS NOT NULL AND 'alterna:manage' = ANY("scopes");
