CREATE TABLE "client_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"slug" varchar(255) NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_slug_format" CHECK ("clients"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND "clients"."slug" <> 'all'),
	CONSTRAINT "clients_name_not_blank" CHECK (btrim("clients"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "milestones" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "milestones_order_not_negative" CHECK ("milestones"."order" >= 0),
	CONSTRAINT "milestones_name_not_blank" CHECK (btrim("milestones"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "phases" (
	"id" serial PRIMARY KEY NOT NULL,
	"phase_name" varchar(100) NOT NULL,
	CONSTRAINT "phases_phase_name_not_blank" CHECK (btrim("phases"."phase_name") <> '')
);
--> statement-breakpoint
CREATE TABLE "project_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"content" text NOT NULL,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_notes_status_known" CHECK ("project_notes"."status" IN ('open', 'on_hold', 'complete', 'abandoned')),
	CONSTRAINT "project_notes_content_not_blank" CHECK (btrim("project_notes"."content") <> '')
);
--> statement-breakpoint
CREATE TABLE "project_phases" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"phase_id" integer NOT NULL,
	"completed" date
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"slug" varchar(255) NOT NULL,
	"vision" text DEFAULT '' NOT NULL,
	"statement_of_work" text DEFAULT '' NOT NULL,
	"target_date" date,
	"status" varchar(20) DEFAULT 'not_started' NOT NULL,
	"phase" varchar(255) DEFAULT '' NOT NULL,
	"percentage_complete" integer DEFAULT 0 NOT NULL,
	"slack_url" varchar(2048),
	"drive_folder_url" varchar(2048),
	"harvest_url" varchar(2048),
	"staging_url" varchar(2048),
	"production_url" varchar(2048),
	"figma_url" varchar(2048),
	"zeplin_url" varchar(2048),
	"frontend_repo_url" varchar(2048),
	"backend_repo_url" varchar(2048),
	"flutter_repo_url" varchar(2048),
	"android_repo_url" varchar(2048),
	"ios_repo_url" varchar(2048),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_slug_format" CHECK ("projects"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND "projects"."slug" <> 'all'),
	CONSTRAINT "projects_name_not_blank" CHECK (btrim("projects"."name") <> ''),
	CONSTRAINT "projects_status_known" CHECK ("projects"."status" IN ('not_started', 'in_progress', 'on_hold', 'complete', 'cancelled')),
	CONSTRAINT "projects_percentage_range" CHECK ("projects"."percentage_complete" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "client_users" ADD CONSTRAINT "client_users_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_users" ADD CONSTRAINT "client_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestones" ADD CONSTRAINT "milestones_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_notes" ADD CONSTRAINT "project_notes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_phases" ADD CONSTRAINT "project_phases_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_phases" ADD CONSTRAINT "project_phases_phase_id_phases_id_fk" FOREIGN KEY ("phase_id") REFERENCES "public"."phases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_users_client_user_key" ON "client_users" USING btree ("client_id","user_id");--> statement-breakpoint
CREATE INDEX "client_users_user_idx" ON "client_users" USING btree ("user_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_slug_key" ON "clients" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "clients_name_idx" ON "clients" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "milestones_project_order_key" ON "milestones" USING btree ("project_id","order");--> statement-breakpoint
CREATE UNIQUE INDEX "phases_phase_name_key" ON "phases" USING btree (lower("phase_name"));--> statement-breakpoint
CREATE INDEX "project_notes_project_idx" ON "project_notes" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "project_phases_project_phase_key" ON "project_phases" USING btree ("project_id","phase_id");--> statement-breakpoint
CREATE INDEX "project_phases_phase_idx" ON "project_phases" USING btree ("phase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_slug_key" ON "projects" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "projects_client_idx" ON "projects" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "projects_name_idx" ON "projects" USING btree (lower("name"),"id");