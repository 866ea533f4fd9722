-- Issue 28: a replaced or removed profile picture or studio logo goes through the delayed removal
-- queue (decision 0041) like a deleted row's file, instead of being deleted by the request at
-- once: a backup taken as documented (database first, files second) then still holds every file
-- its dump names, and a restore serves them all.
CREATE FUNCTION "storage_removals_queue_replaced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "before" text := to_jsonb(OLD) ->> TG_ARGV[0];
  "after" text := to_jsonb(NEW) ->> TG_ARGV[0];
BEGIN
  IF "before" IS NOT NULL AND "before" <> '' AND "before" IS DISTINCT FROM "after" THEN
    INSERT INTO "storage_removals" ("key") VALUES ("before") ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_image_replaced" AFTER UPDATE OF "image" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "storage_removals_queue_replaced"('image');
--> statement-breakpoint
CREATE TRIGGER "studio_logo_replaced" AFTER UPDATE OF "logo" ON "studio"
  FOR EACH ROW EXECUTE FUNCTION "storage_removals_queue_replaced"('logo');
