CREATE TABLE "test_run_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"result_id" integer NOT NULL,
	"storage_key" varchar(200) NOT NULL,
	"name" varchar(255) NOT NULL,
	"content_type" varchar(50) NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_run_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"order" integer NOT NULL,
	"flow_name" varchar(255) NOT NULL,
	"step_description" text NOT NULL,
	"step_type" varchar(10) NOT NULL,
	"result" varchar(10) DEFAULT 'untested' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_by_id" integer,
	"updated_at" timestamp with time zone,
	CONSTRAINT "test_run_results_result_known" CHECK ("test_run_results"."result" IN ('untested', 'passed', 'failed', 'blocked', 'skipped')),
	CONSTRAINT "test_run_results_step_type_known" CHECK ("test_run_results"."step_type" IN ('INTERACT', 'VERIFY'))
);
--> statement-breakpoint
CREATE TABLE "test_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"milestone_id" integer NOT NULL,
	"number" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"status" varchar(20) DEFAULT 'in_progress' NOT NULL,
	"started_by_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"signed_off_by_id" integer,
	"signed_off_at" timestamp with time zone,
	"signature_name" varchar(255) DEFAULT '' NOT NULL,
	"sign_off_note" text DEFAULT '' NOT NULL,
	"signature_ip" varchar(64),
	"signature_user_agent" text,
	CONSTRAINT "test_runs_status_known" CHECK ("test_runs"."status" IN ('in_progress', 'completed', 'signed_off'))
);
--> statement-breakpoint
ALTER TABLE "test_run_attachments" ADD CONSTRAINT "test_run_attachments_result_id_test_run_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."test_run_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_run_attachments" ADD CONSTRAINT "test_run_attachments_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_run_results" ADD CONSTRAINT "test_run_results_run_id_test_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."test_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_run_results" ADD CONSTRAINT "test_run_results_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_runs" ADD CONSTRAINT "test_runs_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_runs" ADD CONSTRAINT "test_runs_started_by_id_users_id_fk" FOREIGN KEY ("started_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_runs" ADD CONSTRAINT "test_runs_signed_off_by_id_users_id_fk" FOREIGN KEY ("signed_off_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_run_attachments_result_idx" ON "test_run_attachments" USING btree ("result_id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_run_results_run_order_key" ON "test_run_results" USING btree ("run_id","order");--> statement-breakpoint
CREATE UNIQUE INDEX "test_runs_milestone_number_key" ON "test_runs" USING btree ("milestone_id","number");--> statement-breakpoint
CREATE INDEX "test_runs_milestone_started_idx" ON "test_runs" USING btree ("milestone_id","started_at");