CREATE TABLE "storage_removals" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Decision 0041: a row that names a stored file queues the file's removal as it goes, however it
-- goes (its own delete or a parent's cascade). The sweep removes queued files after the commit;
-- a rolled-back delete queues nothing. A user's replaced image is removed by the request itself.
CREATE FUNCTION "storage_removals_queue"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "stored" text := to_jsonb(OLD) ->> TG_ARGV[0];
BEGIN
  IF "stored" IS NOT NULL AND "stored" <> '' THEN
    INSERT INTO "storage_removals" ("key") VALUES ("stored") ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "test_run_attachments_storage_removal" AFTER DELETE ON "test_run_attachments"
  FOR EACH ROW EXECUTE FUNCTION "storage_removals_queue"('storage_key');
--> statement-breakpoint
CREATE TRIGGER "users_storage_removal" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "storage_removals_queue"('image');
