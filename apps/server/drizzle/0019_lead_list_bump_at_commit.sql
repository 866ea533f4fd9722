CREATE TABLE "lead_list_writes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_list_writes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1)
);
--> statement-breakpoint
-- Decision 0042: the version of the leads (0014) moves as a writing transaction commits, not at
-- its first statement, so a long one (an import of a CRM file) no longer holds the version row,
-- and with it every other lead write (the website form, a drag on the board), for its whole
-- length. A writing statement marks its transaction once (a transaction-local setting, undone
-- with a rolled-back savepoint together with the mark's row); the mark's deferred trigger bumps
-- the version, empties the kept counts and removes the mark, at commit. The changes and the new
-- version still become visible together, so a count is never read for leads it was not counted on.
CREATE OR REPLACE FUNCTION "leads_list_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('portal.lead_list_changed', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('portal.lead_list_changed', 'on', true);
    INSERT INTO "lead_list_writes" DEFAULT VALUES;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "lead_list_writes_commit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "lead_list_version" SET "version" = "version" + 1 WHERE "id" = 1;
  DELETE FROM "lead_list_counts";
  DELETE FROM "lead_list_writes" WHERE "id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "lead_list_writes_commit" AFTER INSERT ON "lead_list_writes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "lead_list_writes_commit"();
