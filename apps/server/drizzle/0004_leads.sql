CREATE TABLE "lead_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"message" text NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_comments_message_not_blank" CHECK (btrim("lead_comments"."message") <> ''),
	CONSTRAINT "lead_comments_message_length" CHECK (length("lead_comments"."message") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" varchar(150) NOT NULL,
	"last_name" varchar(150) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(50) DEFAULT '' NOT NULL,
	"company" varchar(255) DEFAULT '' NOT NULL,
	"title" varchar(255) DEFAULT '' NOT NULL,
	"status" varchar(32) DEFAULT 'new' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_status_known" CHECK ("leads"."status" IN ('new', 'contacted', 'no-response', 'negotiation', 'closed', 'won', 'spam')),
	CONSTRAINT "leads_metadata_object" CHECK (jsonb_typeof("leads"."metadata") = 'object'),
	CONSTRAINT "leads_notes_length" CHECK (length("leads"."notes") <= 10000),
	CONSTRAINT "leads_message_length" CHECK (length("leads"."message") <= 5000)
);
--> statement-breakpoint
ALTER TABLE "lead_comments" ADD CONSTRAINT "lead_comments_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_comments" ADD CONSTRAINT "lead_comments_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_comments_lead_idx" ON "lead_comments" USING btree ("lead_id","created_at","id");--> statement-breakpoint
CREATE INDEX "lead_comments_created_by_idx" ON "lead_comments" USING btree ("created_by_id");--> statement-breakpoint
CREATE INDEX "leads_search_trgm" ON "leads" USING gin ((lower("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || "company" || ' ' || "phone")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_status_created_idx" ON "leads" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);