CREATE TABLE "studio" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"name" varchar(100) NOT NULL,
	"accent_color" varchar(7) NOT NULL,
	"website" varchar(2048) DEFAULT '' NOT NULL,
	"email_footer" varchar(500) DEFAULT '' NOT NULL,
	"legal_name" varchar(200) DEFAULT '' NOT NULL,
	"address" varchar(500) DEFAULT '' NOT NULL,
	"tax_id" varchar(50) DEFAULT '' NOT NULL,
	"estimate_validity_days" integer DEFAULT 30 NOT NULL,
	"logo" varchar(255),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_single_row" CHECK ("studio"."id"),
	CONSTRAINT "studio_name_not_blank" CHECK (btrim("studio"."name") <> ''),
	CONSTRAINT "studio_accent_color_hex" CHECK ("studio"."accent_color" ~ '^#[0-9a-f]{6}$'),
	CONSTRAINT "studio_estimate_validity_days_range" CHECK ("studio"."estimate_validity_days" BETWEEN 1 AND 365)
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "from_name" varchar(100);
--> statement-breakpoint
-- Decision 0045: every instance keeps the studio in memory for the sign-in page, the app's HTML
-- and emails; a change anywhere (an edit, an UPDATE by hand) tells them all to read it again.
CREATE FUNCTION "studio_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('studio', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "studio_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "studio"
  FOR EACH STATEMENT EXECUTE FUNCTION "studio_changed"();
--> statement-breakpoint
CREATE TRIGGER "studio_storage_removal" AFTER DELETE ON "studio"
  FOR EACH ROW EXECUTE FUNCTION "storage_removals_queue"('logo');
