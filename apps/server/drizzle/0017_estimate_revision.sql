CREATE SEQUENCE "public"."estimate_revisions" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "revision" bigint DEFAULT nextval('estimate_revisions') NOT NULL;--> statement-breakpoint
-- Decision 0039: the estimate detail's JSON is kept per `estimates.revision`, so every change of
-- what the detail shows must give its estimate a new stamp, in the same transaction as the change:
-- the estimate itself, its sections, items and their comments (counted), the name and slug of its
-- project and client. Statement triggers with transition tables: a reorder of a thousand items
-- stamps its estimate once, not a thousand times.
CREATE FUNCTION "estimates_touch"("ids" integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "estimates" SET "revision" = nextval('estimate_revisions') WHERE "id" = ANY("ids")
$$;
--> statement-breakpoint
CREATE FUNCTION "estimates_stamp"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."revision" = OLD."revision" THEN
    NEW."revision" := nextval('estimate_revisions');
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "estimates_stamp" BEFORE UPDATE ON "estimates"
  FOR EACH ROW EXECUTE FUNCTION "estimates_stamp"();
--> statement-breakpoint
CREATE FUNCTION "estimate_sections_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "estimates_touch"(ARRAY(SELECT "estimate_id" FROM "new_rows"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "estimates_touch"(ARRAY(SELECT "estimate_id" FROM "old_rows"));
  ELSE
    PERFORM "estimates_touch"(ARRAY(
      SELECT "estimate_id" FROM "new_rows" UNION SELECT "estimate_id" FROM "old_rows"));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "estimate_items_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "estimates_touch"(ARRAY(SELECT s."estimate_id" FROM "estimate_sections" AS s
      WHERE s."id" IN (SELECT "section_id" FROM "new_rows")));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "estimates_touch"(ARRAY(SELECT s."estimate_id" FROM "estimate_sections" AS s
      WHERE s."id" IN (SELECT "section_id" FROM "old_rows")));
  ELSE
    PERFORM "estimates_touch"(ARRAY(SELECT s."estimate_id" FROM "estimate_sections" AS s
      WHERE s."id" IN (SELECT "section_id" FROM "new_rows" UNION SELECT "section_id" FROM "old_rows")));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "estimate_item_comments_touch"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "estimates_touch"(ARRAY(SELECT s."estimate_id" FROM "estimate_sections" AS s
      JOIN "estimate_items" AS i ON i."section_id" = s."id"
      WHERE i."id" IN (SELECT "item_id" FROM "new_rows")));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "estimates_touch"(ARRAY(SELECT s."estimate_id" FROM "estimate_sections" AS s
      JOIN "estimate_items" AS i ON i."section_id" = s."id"
      WHERE i."id" IN (SELECT "item_id" FROM "old_rows")));
  ELSE
    PERFORM "estimates_touch"(ARRAY(SELECT s."estimate_id" FROM "estimate_sections" AS s
      JOIN "estimate_items" AS i ON i."section_id" = s."id"
      WHERE i."id" IN (SELECT "item_id" FROM "new_rows" UNION SELECT "item_id" FROM "old_rows")));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "estimate_sections_inserted" AFTER INSERT ON "estimate_sections"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "estimate_sections_touch"();
--> statement-breakpoint
CREATE TRIGGER "estimate_sections_updated" AFTER UPDATE ON "estimate_sections"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "estimate_sections_touch"();
--> statement-breakpoint
CREATE TRIGGER "estimate_sections_deleted" AFTER DELETE ON "estimate_sections"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "estimate_sections_touch"();
--> statement-breakpoint
CREATE TRIGGER "estimate_items_inserted" AFTER INSERT ON "estimate_items"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "estimate_items_touch"();
--> statement-breakpoint
CREATE TRIGGER "estimate_items_updated" AFTER UPDATE ON "estimate_items"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "estimate_items_touch"();
--> statement-breakpoint
CREATE TRIGGER "estimate_items_deleted" AFTER DELETE ON "estimate_items"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "estimate_items_touch"();
--> statement-breakpoint
CREATE TRIGGER "estimate_item_comments_inserted" AFTER INSERT ON "estimate_item_comments"
  REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "estimate_item_comments_touch"();
--> statement-breakpoint
CREATE TRIGGER "estimate_item_comments_updated" AFTER UPDATE ON "estimate_item_comments"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "estimate_item_comments_touch"();
--> statement-breakpoint
CREATE TRIGGER "estimate_item_comments_deleted" AFTER DELETE ON "estimate_item_comments"
  REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "estimate_item_comments_touch"();
--> statement-breakpoint
CREATE FUNCTION "projects_touch_estimates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "estimates_touch"(ARRAY(SELECT e."id" FROM "estimates" AS e
    JOIN "new_rows" AS n ON n."id" = e."project_id" JOIN "old_rows" AS o ON o."id" = n."id"
    WHERE (n."name", n."slug", n."client_id") IS DISTINCT FROM (o."name", o."slug", o."client_id")));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "projects_touch_estimates" AFTER UPDATE ON "projects"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "projects_touch_estimates"();
--> statement-breakpoint
CREATE FUNCTION "clients_touch_estimates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "estimates_touch"(ARRAY(SELECT e."id" FROM "estimates" AS e
    JOIN "projects" AS p ON p."id" = e."project_id"
    JOIN "new_rows" AS n ON n."id" = p."client_id" JOIN "old_rows" AS o ON o."id" = n."id"
    WHERE (n."name", n."slug") IS DISTINCT FROM (o."name", o."slug")));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "clients_touch_estimates" AFTER UPDATE ON "clients"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "clients_touch_estimates"();
