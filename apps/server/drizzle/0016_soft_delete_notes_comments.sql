ALTER TABLE "activity" DROP CONSTRAINT "activity_verb_known";--> statement-breakpoint
DROP INDEX "estimate_item_comments_item_idx";--> statement-breakpoint
ALTER TABLE "project_notes" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_comments" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estimate_item_comments" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "project_notes_deleted_idx" ON "project_notes" USING btree ("deleted_at") WHERE "project_notes"."deleted_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "lead_comments_deleted_idx" ON "lead_comments" USING btree ("deleted_at") WHERE "lead_comments"."deleted_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "estimate_item_comments_deleted_idx" ON "estimate_item_comments" USING btree ("deleted_at") WHERE "estimate_item_comments"."deleted_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "estimate_item_comments_item_idx" ON "estimate_item_comments" USING btree ("item_id","created_at","id","deleted_at");--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_verb_known" CHECK ("activity"."verb" IN ('created', 'updated', 'deleted', 'restored', 'status_changed', 'moved', 'merged', 'converted', 'imported', 'commented', 'saved', 'signed_in', 'impersonated', 'sent', 'decided', 'completed', 'signed_off'));