-- Issue 26, decision 0044: a deleted comment's words leave the activity. The entries of a
-- comment's delete and of its Undo name the comment and no longer quote it.
UPDATE "activity" SET "data" = "data" - 'comment'
WHERE "verb" IN ('deleted', 'restored') AND "data" ->> 'part' = 'comment';
--> statement-breakpoint
-- The entry of a comment's writing learns which comment it quotes, where a comment with those
-- words still stands on the same lead or estimate (the excerpt as `excerpt()` in
-- modules/activity/record.ts makes it: whitespace runs as one space, 80 characters at most).
CREATE FUNCTION pg_temp.comment_excerpt(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN length(x) > 80 THEN left(x, 79) || '…' ELSE x END
  FROM btrim(regexp_replace(t, '\s+', ' ', 'g')) AS x
$$;
--> statement-breakpoint
UPDATE "activity" AS a SET "data" = a."data" || jsonb_build_object('comment_id', m.comment_id)
FROM (
  SELECT e."id", min(c."id") AS comment_id
  FROM "activity" AS e
  JOIN "lead_comments" AS c ON c."lead_id" = e."target_id" AND c."deleted_at" IS NULL
    AND pg_temp.comment_excerpt(c."message") = e."data" ->> 'comment'
  WHERE e."verb" = 'commented' AND e."target_type" = 'lead'
  GROUP BY e."id"
) AS m
WHERE a."id" = m."id";
--> statement-breakpoint
UPDATE "activity" AS a SET "data" = a."data" || jsonb_build_object('comment_id', m.comment_id)
FROM (
  SELECT e."id", min(c."id") AS comment_id
  FROM "activity" AS e
  JOIN "estimate_sections" AS s ON s."estimate_id" = e."target_id"
  JOIN "estimate_items" AS i ON i."section_id" = s."id"
  JOIN "estimate_item_comments" AS c ON c."item_id" = i."id" AND c."deleted_at" IS NULL
    AND pg_temp.comment_excerpt(c."content") = e."data" ->> 'comment'
  WHERE e."verb" = 'commented' AND e."target_type" = 'estimate'
  GROUP BY e."id"
) AS m
WHERE a."id" = m."id";
--> statement-breakpoint
-- What is left quotes a comment that is gone (deleted, or its lead or item with it).
UPDATE "activity" SET "data" = "data" - 'comment'
WHERE "verb" = 'commented' AND "data" ? 'comment' AND NOT "data" ? 'comment_id';
