CREATE TABLE "ai_annotators" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_dataset_instances" (
	"dataset_id" integer NOT NULL,
	"tenant_id" integer NOT NULL,
	"answer_id" bigint NOT NULL,
	"session_id" bigint NOT NULL,
	"text" text NOT NULL,
	"language" text NOT NULL,
	CONSTRAINT "ai_dataset_instances_dataset_id_answer_id_pk" PRIMARY KEY("dataset_id","answer_id")
);
--> statement-breakpoint
CREATE TABLE "ai_datasets" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"survey_ids" integer[] NOT NULL,
	"question_ids" integer[] NOT NULL,
	"date_from" timestamp with time zone,
	"date_to" timestamp with time zone,
	"sources" text[] NOT NULL,
	"status" text DEFAULT 'Processing' NOT NULL,
	"instance_count" integer DEFAULT 0 NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"build_error" text,
	"built_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_annotators" ADD CONSTRAINT "ai_annotators_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_annotators" ADD CONSTRAINT "ai_annotators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_dataset_instances" ADD CONSTRAINT "ai_dataset_instances_dataset_id_ai_datasets_id_fk" FOREIGN KEY ("dataset_id") REFERENCES "public"."ai_datasets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_dataset_instances" ADD CONSTRAINT "ai_dataset_instances_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_dataset_instances" ADD CONSTRAINT "ai_dataset_instances_answer_id_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_dataset_instances" ADD CONSTRAINT "ai_dataset_instances_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_datasets" ADD CONSTRAINT "ai_datasets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_annotators_tenant_email_key" ON "ai_annotators" USING btree ("tenant_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "ai_annotators_user_key" ON "ai_annotators" USING btree ("user_id") WHERE "ai_annotators"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "ai_dataset_instances_answer_idx" ON "ai_dataset_instances" USING btree ("answer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_datasets_tenant_name_key" ON "ai_datasets" USING btree ("tenant_id",lower("name"));