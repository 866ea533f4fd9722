CREATE TABLE "activity" (
	"id" serial PRIMARY KEY NOT NULL,
	"verb" varchar(40) NOT NULL,
	"actor_id" integer,
	"impersonator_id" integer,
	"target_type" varchar(40) NOT NULL,
	"target_id" integer NOT NULL,
	"target_label" varchar(255) NOT NULL,
	"project_id" integer,
	"client_id" integer,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_verb_known" CHECK ("activity"."verb" IN ('created', 'updated', 'deleted', 'status_changed', 'moved', 'merged', 'converted', 'imported', 'commented', 'saved', 'signed_in', 'impersonated', 'sent', 'decided', 'completed', 'signed_off')),
	CONSTRAINT "activity_target_type_known" CHECK ("activity"."target_type" IN ('client', 'client_user', 'project', 'phase', 'note', 'milestone', 'estimate', 'lead', 'canvas', 'test_plan', 'test_run', 'user'))
);
--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_created_idx" ON "activity" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_project_idx" ON "activity" USING btree ("project_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_client_idx" ON "activity" USING btree ("client_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_target_idx" ON "activity" USING btree ("target_type","target_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_actor_idx" ON "activity" USING btree ("actor_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);