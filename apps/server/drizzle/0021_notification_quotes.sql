ALTER TABLE "notifications" ADD COLUMN "quote" varchar(200);--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "comment_id" integer;--> statement-breakpoint
CREATE INDEX "notifications_comment_idx" ON "notifications" USING btree ("comment_id") WHERE "notifications"."comment_id" IS NOT NULL;--> statement-breakpoint
-- Issue 26, decision 0044: the words of an item comment move out of the notification's text
-- into "quote", named by "comment_id", so deleting the comment can take them back out. Existing
-- notifications ("X commented on “Item”: words") are split at the first "”: " and learn the id
-- of a standing comment on the item whose words match (as notify.ts cut them: whitespace runs as
-- one space, 120 characters at most); words matching none belong to a comment that is gone.
CREATE FUNCTION pg_temp.quote_of(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN length(x) > 120 THEN left(x, 119) || '…' ELSE x END
  FROM btrim(regexp_replace(t, '\s+', ' ', 'g')) AS x
$$;
--> statement-breakpoint
UPDATE "notifications" SET
  "quote" = substr("text", position('”: ' IN "text") + 3),
  "text" = left("text", position('”: ' IN "text"))
WHERE "verb" = 'commented' AND "target_type" = 'estimate_item' AND position('”: ' IN "text") > 0;
--> statement-breakpoint
UPDATE "notifications" AS n SET "comment_id" = m.comment_id
FROM (
  SELECT n2."id", min(c."id") AS comment_id
  FROM "notifications" AS n2
  JOIN "estimate_item_comments" AS c ON c."item_id" = n2."target_id" AND c."deleted_at" IS NULL
    AND pg_temp.quote_of(c."content") = n2."quote"
  WHERE n2."verb" = 'commented' AND n2."target_type" = 'estimate_item'
  GROUP BY n2."id"
) AS m
WHERE n."id" = m."id";
--> statement-breakpoint
UPDATE "notifications" SET "quote" = NULL
WHERE "quote" IS NOT NULL AND "comment_id" IS NULL;
