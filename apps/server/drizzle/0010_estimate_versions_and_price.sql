CREATE TABLE "estimate_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"estimate_id" integer NOT NULL,
	"number" integer NOT NULL,
	"status" varchar(20) NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"snapshot" jsonb NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by_id" integer,
	"decided_at" timestamp with time zone,
	"decided_by_id" integer,
	"signature_name" varchar(150),
	"signature_ip" "inet",
	"signature_user_agent" text,
	"decision_note" text,
	CONSTRAINT "estimate_versions_status_valid" CHECK ("estimate_versions"."status" in ('sent', 'approved', 'changes_requested', 'superseded')),
	CONSTRAINT "estimate_versions_number_positive" CHECK ("estimate_versions"."number" > 0),
	CONSTRAINT "estimate_versions_message_length" CHECK (length("estimate_versions"."message") <= 5000),
	CONSTRAINT "estimate_versions_note_length" CHECK (length("estimate_versions"."decision_note") <= 5000)
);
--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "hourly_rate" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "currency" varchar(3) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "estimate_versions" ADD CONSTRAINT "estimate_versions_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_versions" ADD CONSTRAINT "estimate_versions_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_versions" ADD CONSTRAINT "estimate_versions_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_versions_estimate_number_key" ON "estimate_versions" USING btree ("estimate_id","number");--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_hourly_rate_positive" CHECK ("estimates"."hourly_rate" > 0);--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_rate_has_currency" CHECK ("estimates"."hourly_rate" is null or "estimates"."currency" <> '');