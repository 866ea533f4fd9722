-- Issue 25: a version may be approved until its validity ends (the studio's validity days after
-- it was sent). Versions sent before this had none: they get the studio's days (30 unless set)
-- from sending, and one still waiting at least those days from today, so that no client finds a
-- version she was about to sign expired by a deploy.
ALTER TABLE "estimate_versions" ADD COLUMN "valid_until" timestamp with time zone;--> statement-breakpoint
UPDATE "estimate_versions" AS v SET "valid_until" = CASE
    WHEN v."status" = 'sent' THEN greatest(v."sent_at", now()) + make_interval(days => d.days)
    ELSE v."sent_at" + make_interval(days => d.days)
  END
FROM (SELECT coalesce((SELECT "estimate_validity_days" FROM "studio"), 30) AS days) AS d;--> statement-breakpoint
ALTER TABLE "estimate_versions" ALTER COLUMN "valid_until" SET NOT NULL;
