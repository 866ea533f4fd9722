-- Decision 0024: the lead list's cached counts are valid for one version of the leads. Every
-- statement that writes leads bumps the version and drops the cached counts, in its own
-- transaction, so a count is never read for leads it was not counted on.
INSERT INTO "lead_list_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "leads_list_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "lead_list_version" SET "version" = "version" + 1 WHERE "id" = 1;
  DELETE FROM "lead_list_counts";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "leads_list_changed" AFTER INSERT OR UPDATE OR DELETE ON "leads"
  FOR EACH STATEMENT EXECUTE FUNCTION "leads_list_changed"();
--> statement-breakpoint
CREATE TRIGGER "leads_list_truncated" AFTER TRUNCATE ON "leads"
  FOR EACH STATEMENT EXECUTE FUNCTION "leads_list_changed"();
